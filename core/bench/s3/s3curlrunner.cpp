// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/s3/s3curlrunner.h"

#include "bench/fiostep.h"
#include "bench/s3/s3kind.h"
#include "bench/scaling.h"
#include "parse/curltransfer.h"
#include "s3/s3client.h"
#include "s3/s3opstats.h"
#include "s3/s3secretref.h"
#include "s3/s3workload.h"

#include <QDateTime>
#include <QRandomGenerator>
#include <QUrl>

namespace cm {

namespace {

constexpr int kRequestsPerSecondBound = 20000; // per client: how many URLs the config lists
constexpr int kMaxCycles = 20000;

QString endpointBase(const QJsonObject &target)
{
    QString e = target.value(QStringLiteral("endpoint")).toString();
    while (e.endsWith(QLatin1Char('/')))
        e.chop(1);
    return e;
}

// A value of a curl config file: in double quotes, \ and " escaped (validate() has
// refused control characters in everything that gets here).
QString quoted(const QString &v)
{
    QString q = v;
    q.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('"'), QStringLiteral("\\\""));
    return QLatin1Char('"') + q + QLatin1Char('"');
}

QString keyRange(qint64 size, int objects)
{
    return QStringLiteral("%1%2-[0-%3]").arg(QLatin1String(S3Kind::kKeyPrefix)).arg(size).arg(objects - 1);
}

struct Batch {
    QList<CurlTransfer> transfers;
    Error error;
    int failed = 0; // not 2xx (404 counts as done when `notFoundOk`)
};

// One curl run to its end (not measured): creating, filling, emptying.
Batch runBatch(Transport &t, const QJsonObject &target, const QByteArray &config, int parallel,
    const CancelToken &cancel, bool notFoundOk, const QString &what)
{
    Batch b;
    Command c;
    c.argv = S3CurlRunner::curlArgs(target, parallel);
    c.stdinData = config;
    c.timeoutMs = 3600 * 1000;
    const ExecResult r = t.run(c, {}, cancel);
    CurlTransferStream stream;
    b.transfers = stream.feed(r.stdOut) + stream.finish();
    for (const CurlTransfer &x : std::as_const(b.transfers))
        b.failed += x.ok() || (notFoundOk && x.status == 404) ? 0 : 1;
    if (r.error)
        b.error = r.error;
    else if (b.transfers.isEmpty() || b.failed > 0) {
        QString why = fiostep::tail(r.stdErr, 2);
        for (const CurlTransfer &x : std::as_const(b.transfers))
            if (!x.ok() && !(notFoundOk && x.status == 404)) {
                why = x.status ? QStringLiteral("HTTP %1").arg(x.status) : x.error;
                break;
            }
        b.error = Error(Error::Code::CommandFailed,
            QStringLiteral("%1: %2 of %3 request(s) failed: %4")
                .arg(what)
                .arg(b.transfers.isEmpty() ? 1 : b.failed)
                .arg(qMax<qsizetype>(1, b.transfers.size()))
                .arg(why),
            endpointBase(target));
    }
    return b;
}

} // namespace

// ---------------------------------------------------------------- the run's bucket

S3CurlRunState::S3CurlRunState(QJsonObject target)
    : m_target(std::move(target))
{ }

Error S3CurlRunState::open(const QString &nodeName, QString *bucket)
{
    if (m_bucket.isEmpty() && !m_openError) {
        m_openError = S3SecretRef::resolve(m_target.value(QStringLiteral("secretRef")).toString(),
            m_target.value(QStringLiteral("endpoint")).toString(),
            m_target.value(QStringLiteral("accessKey")).toString(), &m_secret);
        QString word; // bucket names: lower-case letters, digits and hyphens
        for (const QChar c : nodeName.toLower())
            word += (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || c.isDigit() ? c : QLatin1Char('-');
        m_bucket = S3Client::newBucketName(word.left(20));
    }
    *bucket = m_bucket;
    return m_openError;
}

QList<Leftover> S3CurlRunState::finish(Transport &transport, const std::function<void(const QString &)> &log)
{
    if (!m_created)
        return {};
    const QString base = endpointBase(m_target) + QLatin1Char('/') + m_bucket + QLatin1Char('/');
    Error e;
    int removed = 0;
    for (auto it = m_touched.cbegin(); it != m_touched.cend() && !e; ++it) {
        const Batch b = runBatch(transport, m_target,
            S3CurlRunner::config(
                m_target, m_secret, {base + keyRange(it.key(), it.value())}, QStringLiteral("DELETE"), {}),
            16, CancelToken(), true, QStringLiteral("deleting the objects"));
        e = b.error;
        removed += int(b.transfers.size()) - b.failed;
    }
    if (!e)
        e = runBatch(transport, m_target,
            S3CurlRunner::config(m_target, m_secret, {endpointBase(m_target) + QLatin1Char('/') + m_bucket},
                QStringLiteral("DELETE"), {}),
            1, CancelToken(), true, QStringLiteral("deleting the bucket"))
                .error;
    if (log)
        log(e ? QStringLiteral("S3 clean-up of bucket %1 failed: %2").arg(m_bucket, e.message)
              : QStringLiteral("S3 clean-up: removed %1 object(s) and bucket %2").arg(removed).arg(m_bucket));
    if (!e)
        return {};
    return {Leftover::make(Leftover::Kind::Bucket, endpointBase(m_target), m_bucket)};
}

// ---------------------------------------------------------------- the step

struct S3CurlRunner::Load {
    int op = S3WorkloadSpec::Put;
    qint64 size = 0;
    int objects = 1;
    int parallel = 1;
    int runtimeSec = 10;
    QString bucket;
    QString bodyFile; // on the node, PUT only
};

S3CurlRunner::S3CurlRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

// --foreground keeps timeout (and so curl) in the command's process group: without
// it timeout makes a group of its own, which a cancel's group kill does not reach.
QStringList S3CurlRunner::timedCurlArgs(const QJsonObject &target, int parallel, int runtimeSec)
{
    return QStringList {QStringLiteral("timeout"), QStringLiteral("--foreground"), QStringLiteral("-s"),
               QStringLiteral("INT"), QString::number(runtimeSec), QStringLiteral("stdbuf"), QStringLiteral("-oL")}
    + curlArgs(target, parallel);
}

QStringList S3CurlRunner::curlArgs(const QJsonObject &target, int parallel)
{
    QStringList a {QStringLiteral("curl"), QStringLiteral("-sS"), QStringLiteral("--no-progress-meter"),
        QStringLiteral("--parallel"), QStringLiteral("--parallel-immediate"), QStringLiteral("--parallel-max"),
        QString::number(parallel),
        // RGW signs the payload as UNSIGNED-PAYLOAD when the header is missing; curl
        // would sign the hash of an empty body instead
        QStringLiteral("-H"), QStringLiteral("x-amz-content-sha256: UNSIGNED-PAYLOAD")};
    if (target.value(QStringLiteral("skipTlsVerify")).toBool(false))
        a << QStringLiteral("-k");
    a << QStringLiteral("-K") << QStringLiteral("-");
    return a;
}

QByteArray S3CurlRunner::config(const QJsonObject &target, const QByteArray &secret, const QStringList &urls,
    const QString &method, const QString &bodyFile)
{
    QString c = QStringLiteral("user = %1\naws-sigv4 = %2\nwrite-out = \"%3\"\n")
                    .arg(quoted(target.value(QStringLiteral("accessKey")).toString() + QLatin1Char(':')
                             + QString::fromUtf8(secret)),
                        quoted(QStringLiteral("aws:amz:%1:s3")
                                   .arg(target.value(QStringLiteral("region")).toString(QStringLiteral("us-east-1")))),
                        QLatin1String(kCurlWriteOut));
    if (method != QLatin1String("GET") && (method != QLatin1String("PUT") || bodyFile.isEmpty()))
        c += QStringLiteral("request = %1\n").arg(quoted(method));
    for (const QString &u : urls) {
        if (!bodyFile.isEmpty())
            c += QStringLiteral("upload-file = %1\n").arg(quoted(bodyFile));
        c += QStringLiteral("output = \"/dev/null\"\nurl = %1\n").arg(quoted(u));
    }
    return c.toUtf8();
}

int S3CurlRunner::clientObjects(const Plan &plan, const PlanStep &step)
{
    int clients = scaling::stepClients(step);
    if (clients <= 0)
        clients = int(qMax<qsizetype>(1, plan.nodes.size()));
    const int objects = step.params.value(QStringLiteral("objects")).toInt(1);
    return qMax(1, (objects + clients - 1) / clients);
}

QString S3CurlRunner::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node)
{
    const PlanStep &step = plan.steps.at(stepIndex);
    const QJsonObject &p = step.params;
    const qint64 size = qint64(p.value(QStringLiteral("objectSize")).toDouble());
    const bool put = p.value(QStringLiteral("op")).toString() == u"put";
    Command c;
    c.argv = timedCurlArgs(
        plan.target, p.value(QStringLiteral("concurrency")).toInt(), p.value(QStringLiteral("runtime")).toInt());
    return QStringLiteral("[%1] %2 < config on stdin (credentials; %3 %4/%5<node>-<random>/%6 cycle after cycle%7)")
        .arg(node.isLocal() ? QStringLiteral("local") : node.toSpecString(), c.toShellString(),
            put ? QStringLiteral("PUT") : QStringLiteral("GET"), endpointBase(plan.target),
            QLatin1String(S3Client::kBucketPrefix), keyRange(size, clientObjects(plan, step)),
            put ? QStringLiteral(", body: a temporary file of %1 random bytes").arg(size) : QString());
}

Error S3CurlRunner::prepare(
    StepContext &ctx, S3CurlRunState &state, const QString &bucket, Load &load, StepOutcome &out)
{
    const QString base = endpointBase(m_plan.target) + QLatin1Char('/') + bucket;
    if (!state.bucketCreated()) {
        const Batch b = runBatch(*ctx.transport, m_plan.target,
            config(m_plan.target, state.secret(), {base}, QStringLiteral("PUT"), {}), 1, ctx.cancel, false,
            QStringLiteral("creating bucket %1").arg(bucket));
        if (b.error)
            return b.error;
        state.setBucketCreated();
    }
    const bool prefill = load.op == S3WorkloadSpec::Get && state.writtenObjects(load.size) < load.objects;
    if (load.op == S3WorkloadSpec::Put || prefill) {
        Command mk; // the body every PUT sends: random bytes, so no layer can compress it
        mk.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
            QStringLiteral("f=$(mktemp /tmp/clustermark-s3-XXXXXX) && head -c \"$1\" /dev/urandom > \"$f\" && echo "
                           "\"$f\""),
            QStringLiteral("cm-s3-body"), QString::number(load.size)};
        mk.timeoutMs = 600000;
        const ExecResult r = ctx.transport->run(mk, {}, ctx.cancel);
        load.bodyFile = QString::fromUtf8(r.stdOut).trimmed();
        if (r.error || r.exitCode != 0 || !load.bodyFile.startsWith(QLatin1String("/tmp/clustermark-s3-")))
            return r.error
                ? r.error
                : Error(Error::Code::CommandFailed,
                    QStringLiteral("cannot write the request body: %1").arg(fiostep::tail(r.stdErr, 2)), ctx.nodeName);
    }
    if (prefill) {
        if (ctx.log)
            ctx.log(QStringLiteral("%1: writing %2 object(s) before reading").arg(ctx.nodeName).arg(load.objects));
        const Batch b = runBatch(*ctx.transport, m_plan.target,
            config(m_plan.target, state.secret(), {base + QLatin1Char('/') + keyRange(load.size, load.objects)},
                QStringLiteral("PUT"), load.bodyFile),
            load.parallel, ctx.cancel, false, QStringLiteral("writing the objects to read"));
        if (b.error)
            return b.error;
        state.setWrittenObjects(load.size, load.objects);
        out.summary.insert(QStringLiteral("prefilled"), load.objects);
    }
    state.setTouchedObjects(load.size, load.objects); // what the clean-up deletes
    return {};
}

namespace {

// Per-second intervals of a curl step, counted by arrival on this machine, and the
// step's total: samples and the live total's intervals as each second closes.
class CurlIntervals {
public:
    CurlIntervals(StepContext &ctx, int op, qint64 startMs, IoSampleLabels labels)
        : m_ctx(ctx)
        , m_op(op)
        , m_startMs(startMs)
        , m_labels(std::move(labels))
    {
        m_used[size_t(op)] = true;
    }

    void add(const QList<CurlTransfer> &transfers)
    {
        const qint64 now = QDateTime::currentMSecsSinceEpoch();
        while ((now - m_startMs) / 1000 > m_closed)
            close(1.0);
        for (const CurlTransfer &t : transfers) {
            if (!t.ok()) {
                m_interval.addError(t.status ? QString::number(t.status) : QStringLiteral("transport"));
                continue;
            }
            m_interval.addOk(m_op, t.totalNs, t.firstByteNs);
            m_interval.addBytes(m_op, m_op == S3WorkloadSpec::Put ? t.bytesUp : t.bytesDown);
        }
    }
    // The second under way: an interval of its own when long enough, else into the total.
    void finish()
    {
        const double tail = (QDateTime::currentMSecsSinceEpoch() - m_startMs) / 1000.0 - m_closed;
        if (tail > 0.2)
            close(qMin(tail, 1.0));
        else
            m_total.merge(m_interval);
    }
    const S3OpStats &total() const { return m_total; }
    const std::array<bool, S3OpStats::kOps> &used() const { return m_used; }

private:
    void close(double secs)
    {
        m_total.merge(m_interval);
        if (m_ctx.emitSamples)
            m_ctx.emitSamples(m_interval.samples(secs, m_closed + secs, m_labels, m_used, &m_total));
        const IoDirStats &d = m_interval.opStats(m_op);
        if (m_ctx.emitInterval)
            m_ctx.emitInterval(ClientInterval {m_ctx.nodeName, m_op == S3WorkloadSpec::Get, m_ctx.now ? m_ctx.now() : 0,
                d.bytes / secs, d.ios / secs, d.ios, d.lat.mean(), d.lat.count(), d.lat.bins()});
        m_interval.clear();
        ++m_closed;
    }

    StepContext &m_ctx;
    int m_op;
    qint64 m_startMs;
    IoSampleLabels m_labels;
    std::array<bool, S3OpStats::kOps> m_used {};
    S3OpStats m_interval, m_total;
    int m_closed = 0;
};

} // namespace

Command S3CurlRunner::measureCommand(const QByteArray &secret, const Load &load, QString *shown) const
{
    const QString url = endpointBase(m_plan.target) + QLatin1Char('/') + load.bucket + QLatin1Char('/')
        + keyRange(load.size, load.objects);
    const int cycles = qBound(1, (load.runtimeSec * kRequestsPerSecondBound) / load.objects + 1, kMaxCycles);
    const bool put = load.op == S3WorkloadSpec::Put;
    Command cmd;
    cmd.argv = timedCurlArgs(m_plan.target, load.parallel, load.runtimeSec);
    cmd.stdinData = config(m_plan.target, secret, QStringList(cycles, url),
        put ? QStringLiteral("PUT") : QStringLiteral("GET"), put ? load.bodyFile : QString());
    cmd.maxRuntimeSec = load.runtimeSec + 120;
    *shown = cmd.toShellString()
        + QStringLiteral(" < config (credentials; %1 × %2 %3)").arg(cycles).arg(put ? "PUT" : "GET", url);
    return cmd;
}

Error S3CurlRunner::measure(StepContext &ctx, S3CurlRunState &state, const Load &load, StepOutcome &out)
{
    Command cmd = measureCommand(state.secret(), load, &out.command);
    qint64 startMs = QDateTime::currentMSecsSinceEpoch();
    double offset = ctx.now ? ctx.now() : 0;
    if (ctx.waitForStart) {
        const qint64 at = ctx.waitForStart();
        if (at < 0)
            return Error(Error::Code::Cancelled, QStringLiteral("cancelled before the start"), out.target);
        offset += (at - QDateTime::currentMSecsSinceEpoch()) / 1000.0;
        startMs = at;
        cmd.argv = fiostep::startingAt(at, cmd.argv);
    }
    CurlIntervals intervals(ctx, load.op, startMs, IoSampleLabels {ctx.stepIndex, out.target, offset});
    CurlTransferStream stream;
    OutputCallbacks cb;
    cb.onStdout = [&](const QByteArray &chunk) { intervals.add(stream.feed(chunk)); };
    const ExecResult r = ctx.transport->run(cmd, cb, ctx.cancel);
    intervals.add(stream.finish());
    intervals.finish();
    const S3OpStats &total = intervals.total();
    const qint64 runtimeMs = qMax<qint64>(
        1, qMin<qint64>(QDateTime::currentMSecsSinceEpoch() - startMs, qint64(load.runtimeSec) * 1000 + 1000));
    const QJsonObject figures = total.summary(runtimeMs, intervals.used());
    for (auto it = figures.constBegin(); it != figures.constEnd(); ++it)
        out.summary.insert(it.key(), it.value());
    out.summary.insert(QStringLiteral("failedRequests"), double(total.errorCount()));
    out.summary.insert(QStringLiteral("runtime_ms"), double(runtimeMs));
    if (load.op == S3WorkloadSpec::Put && total.requests(load.op) >= quint64(load.objects + load.parallel)
        && total.errorCount() == 0)
        state.setWrittenObjects(load.size, load.objects); // every key of the first cycle: no prefill for GETs
    if (stream.rejectedLines() > 0 && ctx.log)
        ctx.log(QStringLiteral("%1: %2 line(s) of curl's output were not its per-request lines, e.g. \"%3\"")
                    .arg(ctx.nodeName)
                    .arg(stream.rejectedLines())
                    .arg(QString::fromUtf8(stream.lastRejected())));
    out.rawOutput = r.stdErr.right(64 * 1024);
    if (r.error && r.error.code != Error::Code::Timeout)
        return r.error;
    return verdict(total, load, r, out.target);
}

Error S3CurlRunner::verdict(const S3OpStats &total, const Load &load, const ExecResult &r, const QString &target) const
{
    if (total.requests(load.op) == 0)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("no request succeeded (%1 failed): %2")
                .arg(total.errorCount())
                .arg(total.errors().isEmpty() ? fiostep::tail(r.stdErr, 2)
                                              : QStringLiteral("HTTP ") + total.errors().firstKey()),
            target);
    if (total.errorCount() > 0 && m_plan.target.value(QStringLiteral("onError")).toString() == u"stop")
        return Error(Error::Code::CommandFailed,
            QStringLiteral("%1 request(s) failed (onError stop)").arg(total.errorCount()), target);
    return {};
}

StepOutcome S3CurlRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    const QJsonObject &p = step.params;
    Load load;
    load.op = p.value(QStringLiteral("op")).toString() == u"get" ? S3WorkloadSpec::Get : S3WorkloadSpec::Put;
    load.size = qint64(p.value(QStringLiteral("objectSize")).toDouble());
    load.objects = clientObjects(m_plan, step);
    load.parallel = p.value(QStringLiteral("concurrency")).toInt(16);
    load.runtimeSec = p.value(QStringLiteral("runtime")).toInt(10);
    const QString endpoint = endpointBase(m_plan.target);
    out.target = ctx.nodeName + QStringLiteral(":s3");
    out.environment = {{QStringLiteral("s3_engine"), QStringLiteral("curl")}, {QStringLiteral("endpoint"), endpoint},
        {QStringLiteral("region"), m_plan.target.value(QStringLiteral("region")).toString(QStringLiteral("us-east-1"))},
        {QStringLiteral("tls"), endpoint.startsWith(QLatin1String("https://"))}};
    for (const auto &[key, value] :
        {std::pair {"op", p.value(QStringLiteral("op"))}, std::pair {"objectSize", QJsonValue(double(load.size))},
            std::pair {"concurrency", QJsonValue(load.parallel)}, std::pair {"objects", QJsonValue(load.objects)}})
        out.summary.insert(QLatin1String(key), value);

    auto *shared = dynamic_cast<S3CurlRunState *>(ctx.runState.get());
    S3CurlRunState own(m_plan.target); // without the run's state: this step's own bucket
    S3CurlRunState &state = shared ? *shared : own;
    Error e = state.open(ctx.nodeName, &load.bucket);
    out.target = ctx.nodeName + QStringLiteral(":s3://") + load.bucket;
    Command version;
    version.argv = {QStringLiteral("curl"), QStringLiteral("--version")};
    const ExecResult v = e ? ExecResult() : ctx.transport->run(version, {}, ctx.cancel);
    if (!e && (v.error || v.exitCode != 0))
        e = v.error ? v.error
                    : Error(Error::Code::ToolMissing, QStringLiteral("curl does not run on %1").arg(ctx.nodeName),
                        ctx.nodeName);
    out.environment.insert(QStringLiteral("curl_version"), QString::fromUtf8(v.stdOut).section(QLatin1Char(' '), 1, 1));
    if (!e)
        e = prepare(ctx, state, load.bucket, load, out);
    if (!e && !ctx.cancel.isCancelled())
        e = measure(ctx, state, load, out);
    if (!load.bodyFile.isEmpty()) {
        Command rm;
        rm.argv = {QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("--"), load.bodyFile};
        rm.timeoutMs = 15000;
        ctx.transport->run(rm, {}, CancelToken());
    }
    out.error = e;
    if (!shared)
        out.leftovers << own.finish(*ctx.transport, ctx.log);
    return out;
}

} // namespace cm
