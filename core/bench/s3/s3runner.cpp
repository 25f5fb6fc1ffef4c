// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/s3/s3runner.h"

#include "bench/s3/s3kind.h"
#include "bench/s3/s3runstate.h"
#include "s3/s3workload.h"

#include <QJsonArray>
#include <QUrl>

namespace cm {

namespace {

S3WorkloadSpec workloadSpec(const Plan &plan, const PlanStep &step)
{
    const QJsonObject &p = step.params;
    S3WorkloadSpec w;
    w.op = p.value(QStringLiteral("op")).toString();
    w.objectSize = qint64(p.value(QStringLiteral("objectSize")).toDouble());
    w.objects = p.value(QStringLiteral("objects")).toInt();
    w.concurrency = p.value(QStringLiteral("concurrency")).toInt();
    w.runtimeSec = p.value(QStringLiteral("runtime")).toInt();
    const QJsonObject mix = p.value(QStringLiteral("mix")).toObject();
    for (int i = 0; i < S3WorkloadSpec::OpCount; ++i)
        w.mix[size_t(i)] = mix.value(S3WorkloadSpec::opName(i)).toInt(0);
    w.rangeSize = qint64(p.value(QStringLiteral("rangeSize")).toDouble(0));
    w.multipartThreshold
        = qint64(plan.target.value(QStringLiteral("multipartThreshold")).toDouble(64.0 * S3Kind::kMiB));
    w.partSize = qint64(plan.target.value(QStringLiteral("partSize")).toDouble(16.0 * S3Kind::kMiB));
    w.stopOnError = plan.target.value(QStringLiteral("onError")).toString() == u"stop";
    return w;
}

// The endpoint as shown in results: scheme, host, port and path, never user info.
QString safeEndpoint(const QString &endpoint)
{
    QUrl u(endpoint);
    u.setUserInfo(QString());
    u.setQuery(QString());
    return u.toString();
}

} // namespace

S3Runner::S3Runner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

StepOutcome S3Runner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    out.command = S3Kind::describeStep(m_plan, step);
    out.target = ctx.nodeName + QStringLiteral(":s3");
    const QString endpoint = safeEndpoint(m_plan.target.value(QStringLiteral("endpoint")).toString());
    const bool tls = endpoint.startsWith(QLatin1String("https://"));
    const bool verified = tls && !m_plan.target.value(QStringLiteral("skipTlsVerify")).toBool(false);
    out.environment = {{QStringLiteral("s3_engine"), QStringLiteral("native")},
        {QStringLiteral("s3_http"), tls ? QStringLiteral("libcurl") : QStringLiteral("plain-http")},
        {QStringLiteral("endpoint"), endpoint},
        {QStringLiteral("region"), m_plan.target.value(QStringLiteral("region")).toString(QStringLiteral("us-east-1"))},
        {QStringLiteral("virtualHost"), m_plan.target.value(QStringLiteral("virtualHost")).toBool(false)},
        {QStringLiteral("tls"), tls}, {QStringLiteral("tlsVerified"), verified},
        {QStringLiteral("connections"), m_plan.target.value(QStringLiteral("connections")).toInt(16)},
        {QStringLiteral("encryption"), S3Client::encryptionName(S3RunState::encryption(m_plan.target))}};
    if (Error e = S3Kind::validateTarget(m_plan.target); e || (e = S3Kind::validateStep(m_plan.target, step))) {
        out.error = e;
        return out;
    }
    if (tls && !verified && ctx.log)
        ctx.log(QStringLiteral("%1: warning: TLS certificates are NOT verified (skipTlsVerify)").arg(ctx.nodeName));

    // The run's bucket and objects, or (no run state) a bucket of this step's own.
    auto *state = dynamic_cast<S3RunState *>(ctx.runState.get());
    std::unique_ptr<S3RunState> own;
    if (!state) {
        own = std::make_unique<S3RunState>(m_plan.target);
        state = own.get();
    }
    S3Client *client = nullptr;
    QString bucket;
    if (Error e = state->open(&client, &bucket)) {
        out.error = e;
        if (own)
            own->finish(ctx.log);
        return out;
    }
    out.target = ctx.nodeName + QStringLiteral(":s3://") + bucket;

    S3WorkloadSpec spec = workloadSpec(m_plan, step);
    spec.bucket = bucket;
    spec.step = ctx.stepIndex;
    spec.target = out.target;
    if (ctx.log)
        ctx.log(QStringLiteral("%1: %2").arg(ctx.nodeName, out.command));
    S3Workload load(*client, spec, state->objects());
    if (spec.op != u"put") {
        out.error = load.prefill(ctx.cancel);
        if (ctx.log && load.prefilled() > 0)
            ctx.log(QStringLiteral("%1: wrote %2 object(s) of %3 first (not measured)")
                        .arg(ctx.nodeName)
                        .arg(load.prefilled())
                        .arg(S3Kind::sizeText(spec.objectSize)));
    }
    if (!out.error && ctx.waitForStart && ctx.waitForStart() < 0) // the step's start gate
        out.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled before measuring"), out.target);
    if (!out.error) {
        load.setTimeOffset(ctx.now ? ctx.now() : 0);
        out.error = load.run(ctx.cancel, [&](const SampleList &s) {
            if (ctx.emitSamples && !s.isEmpty())
                ctx.emitSamples(s);
        });
    }
    out.summary = load.summary();
    out.summary.insert(QStringLiteral("tls"), tls);
    out.summary.insert(QStringLiteral("tlsVerified"), verified);
    if (load.stalledRequests() > 0) {
        const QString what
            = QStringLiteral("the gateway answered nothing for %1 s up to the end of the step: %2 request(s) "
                             "were still waiting and are counted as stalled")
                  .arg(load.longestStallSeconds(), 0, 'f', 1)
                  .arg(load.stalledRequests());
        QJsonArray warnings = out.summary.value(QStringLiteral("warnings")).toArray();
        warnings.append(what);
        out.summary.insert(QStringLiteral("warnings"), warnings);
        if (!out.error && spec.stopOnError)
            out.error = Error(Error::Code::Timeout, what, out.target);
        else if (ctx.log)
            ctx.log(QStringLiteral("%1: %2").arg(ctx.nodeName, what));
    }
    if (ctx.log && load.failedRequests() > 0 && !out.error)
        ctx.log(QStringLiteral("%1: %2 request(s) failed and were counted (onError continue)")
                    .arg(ctx.nodeName)
                    .arg(load.failedRequests()));
    if (own)
        own->finish(ctx.log);
    return out;
}

} // namespace cm
