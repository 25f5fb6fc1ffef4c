// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/s3/s3kind.h"

#include "bench/s3/s3curlrunner.h"
#include "bench/s3/s3runner.h"
#include "bench/scaling.h"
#include "bench/s3/s3runstate.h"
#include "s3/s3client.h"
#include "s3/s3secretref.h"

#include <QHash>
#include <QJsonArray>
#include <QRegularExpression>
#include <QUrl>

#include <cmath>

namespace cm {

namespace {

QString sizeTag(qint64 b)
{
    if (b % S3Kind::kGiB == 0)
        return QStringLiteral("%1g").arg(b / S3Kind::kGiB);
    if (b % S3Kind::kMiB == 0)
        return QStringLiteral("%1m").arg(b / S3Kind::kMiB);
    if (b % S3Kind::kKiB == 0)
        return QStringLiteral("%1k").arg(b / S3Kind::kKiB);
    return QString::number(b);
}

QString opTitle(const QString &op)
{
    return op == u"mixed" ? QStringLiteral("Mixed") : op.toUpper();
}

QJsonObject mixJson(const QMap<QString, int> &mix)
{
    QJsonObject o;
    for (auto it = mix.cbegin(); it != mix.cend(); ++it)
        o.insert(it.key(), it.value());
    return o;
}

QMap<QString, int> defaultMix()
{
    return {{QStringLiteral("get"), 70}, {QStringLiteral("put"), 20}, {QStringLiteral("delete"), 10}};
}

PlanStep s3Step(const QString &op, qint64 size, int objects, int concurrency, int runtime)
{
    PlanStep s;
    s.id = QStringLiteral("%1-%2").arg(op, sizeTag(size));
    s.title = QStringLiteral("%1 %2 ×%3").arg(opTitle(op), S3Kind::sizeText(size)).arg(concurrency);
    s.params = {{QStringLiteral("op"), op}, {QStringLiteral("objectSize"), double(size)},
        {QStringLiteral("objects"), objects}, {QStringLiteral("concurrency"), concurrency},
        {QStringLiteral("runtime"), runtime}};
    if (op == u"mixed")
        s.params.insert(QStringLiteral("mix"), mixJson(defaultMix()));
    return s;
}

// Steps of `ops` at `size` with the default working set and concurrency 16 (capped at it).
QList<PlanStep> stepsAt(const QStringList &ops, qint64 size, int runtime, int objects = 0)
{
    const int n = objects > 0 ? objects : S3Kind::defaultObjects(size);
    QList<PlanStep> out;
    for (const QString &op : ops)
        out << s3Step(op, size, n, qMin(16, n), runtime);
    return out;
}

Error bad(const QString &m, const QString &ctx = QStringLiteral("s3"))
{
    return Error(Error::Code::InvalidInput, m, ctx);
}

} // namespace

int S3Kind::defaultObjects(qint64 objectSize)
{
    if (objectSize <= 0)
        return kMaxObjects;
    return int(qBound(qint64(kMinObjects), kDefaultWorkingSet / objectSize, qint64(kMaxObjects)));
}

qint64 S3Kind::parseSize(const QString &text)
{
    static const QRegularExpression re(QStringLiteral(R"(^([0-9]{1,15})\s*([kKmMgGtT]?)(i?[bB]?)$)"));
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch())
        return -1;
    const QString unit = m.captured(2).toLower();
    const int shift = unit == u"k" ? 10 : unit == u"m" ? 20 : unit == u"g" ? 30 : unit == u"t" ? 40 : 0;
    const qint64 v = m.captured(1).toLongLong();
    if (v > (qint64(1) << (62 - shift)))
        return -1;
    return v << shift;
}

QString S3Kind::sizeText(qint64 b)
{
    if (b >= kGiB && b % kGiB == 0)
        return QStringLiteral("%1 GiB").arg(b / kGiB);
    if (b >= kMiB && b % kMiB == 0)
        return QStringLiteral("%1 MiB").arg(b / kMiB);
    if (b >= kKiB && b % kKiB == 0)
        return QStringLiteral("%1 KiB").arg(b / kKiB);
    return QStringLiteral("%1 B").arg(b);
}

QString S3Kind::methodNote()
{
    return kindText(QT_TRANSLATE_NOOP("cm::RunnerKind",
        "Each step keeps the given number of signed (SigV4) requests in flight over keep-alive "
        "connections for its runtime, over a working set of objects in a bucket of the run's own "
        "(removed afterwards). GET, HEAD, DELETE, LIST and mixed steps first write the objects no "
        "earlier step wrote (not measured). Latency runs from sending the request to the last byte; "
        "time to first byte is reported for GETs."));
}

QList<Preset> S3Kind::presets() const
{
    const QList<qint64> sweep {64 * kKiB, kMiB, 32 * kMiB, 256 * kMiB, kGiB};
    QList<PlanStep> sweepSteps;
    for (qint64 s : sweep)
        sweepSteps << stepsAt({QStringLiteral("put"), QStringLiteral("get")}, s, 15);
    QList<Preset> presets = {
        Preset {QStringLiteral("quick"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "S3 quick")),
            kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "64 KiB PUT then GET, 16 requests in flight, 10 s each.")),
            stepsAt({QStringLiteral("put"), QStringLiteral("get")}, 64 * kKiB, 10)},
        Preset {QStringLiteral("size-sweep"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "S3 object size sweep")),
            kindText(QT_TRANSLATE_NOOP("cm::RunnerKind",
                "PUT then GET at 64 KiB, 1 MiB, 32 MiB, 256 MiB and 1 GiB, 15 s each. The working "
                "set is about 1 GiB per size (1024 objects up to 1 MiB, 32 at 32 MiB, 4 at 256 MiB, "
                "2 at 1 GiB) and requests in flight are at most the object count (16, 4 at 256 MiB, "
                "2 at 1 GiB), so a small cluster copes.")),
            sweepSteps},
        Preset {QStringLiteral("mixed"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "S3 mixed")),
            kindText(QT_TRANSLATE_NOOP(
                "cm::RunnerKind", "70 % GET, 20 % PUT, 10 % DELETE of 1 MiB objects, 16 in flight, 30 s.")),
            stepsAt({QStringLiteral("mixed")}, kMiB, 30)},
        Preset {QStringLiteral("small-objects"), kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "S3 small objects")),
            kindText(QT_TRANSLATE_NOOP("cm::RunnerKind",
                "4 KiB PUT, GET, HEAD and DELETE over 4096 objects, 16 in flight, 10 s each "
                "(DELETE ends when all are gone). A gateway on RGW's beast frontend without its "
                "tcp_nodelay=1 option holds small responses about 40 ms (Nagle's algorithm meets "
                "delayed ACKs): latencies near 40 ms come from that setting.")),
            stepsAt({QStringLiteral("put"), QStringLiteral("get"), QStringLiteral("head"), QStringLiteral("delete")},
                4 * kKiB, 10, 4096)}};
    for (Preset &p : presets)
        p.note = methodNote();
    return presets;
}

QString S3Kind::describeStep(const Plan &plan, const PlanStep &step)
{
    const QJsonObject &p = step.params;
    const QString op = p.value(QStringLiteral("op")).toString();
    const qint64 size = qint64(p.value(QStringLiteral("objectSize")).toDouble());
    const int objects = p.value(QStringLiteral("objects")).toInt();
    QString s = QStringLiteral("[this machine] S3 %1 %2 objects, %3 in flight, %4 s, working set %5 × %2, endpoint %6")
                    .arg(op.toUpper(), sizeText(size))
                    .arg(p.value(QStringLiteral("concurrency")).toInt())
                    .arg(p.value(QStringLiteral("runtime")).toInt())
                    .arg(objects)
                    .arg(plan.target.value(QStringLiteral("endpoint")).toString());
    if (op == u"mixed") {
        QStringList parts;
        const QJsonObject mix = p.value(QStringLiteral("mix")).toObject();
        for (const QString &m : S3Kind::mixOps())
            if (mix.value(m).toInt() > 0)
                parts << QStringLiteral("%1 %2 %").arg(m.toUpper()).arg(mix.value(m).toInt());
        s += QStringLiteral(" (%1)").arg(parts.join(QStringLiteral(", ")));
    }
    const double range = p.value(QStringLiteral("rangeSize")).toDouble(0);
    if (range > 0 && (op == u"get" || op == u"mixed"))
        s += QStringLiteral(", ranged GETs of %1").arg(sizeText(qint64(range)));
    const double threshold = plan.target.value(QStringLiteral("multipartThreshold")).toDouble(64.0 * kMiB);
    if ((op == u"put" || op == u"mixed") && threshold > 0 && size >= threshold)
        s += QStringLiteral(", multipart in %1 parts")
                 .arg(sizeText(qint64(plan.target.value(QStringLiteral("partSize")).toDouble(16.0 * kMiB))));
    s += QStringLiteral(", bucket %1<random> (removed after the run)").arg(QLatin1String(S3Client::kBucketPrefix));
    return s;
}

CrossCheckPools S3Kind::crossCheckPools(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    // Objects' data lands in the gateway's data pool; a request is several RADOS ops.
    const QString op = plan.steps.at(stepIndex).params.value(QStringLiteral("op")).toString();
    return {{CrossCheckPools::rgwDataPools()}, false, op == QLatin1String("put") || op == QLatin1String("mixed")};
}

QString S3Kind::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    if (isCurl(plan))
        return S3CurlRunner::commandPreview(plan, stepIndex, node);
    return describeStep(plan, plan.steps.at(stepIndex));
}

double S3Kind::estimatedSeconds(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return 0;
    const QJsonObject &p = plan.steps.at(stepIndex).params;
    // Prefill at a guessed 200 MB/s or 500 objects/s, whichever is slower.
    const double objects = p.value(QStringLiteral("objects")).toInt();
    const double bytes = objects * p.value(QStringLiteral("objectSize")).toDouble();
    const bool prefill = p.value(QStringLiteral("op")).toString() != u"put";
    return p.value(QStringLiteral("runtime")).toInt() + (prefill ? qMax(bytes / 200e6, objects / 500.0) : 0) + 1;
}

std::unique_ptr<StepRunner> S3Kind::createStepRunner(const Plan &plan, int stepIndex) const
{
    if (isCurl(plan))
        return std::make_unique<S3CurlRunner>(plan, stepIndex);
    return std::make_unique<S3Runner>(plan, stepIndex);
}

std::shared_ptr<RunState> S3Kind::createRunState(const Plan &plan) const
{
    if (isCurl(plan))
        return std::make_shared<S3CurlRunState>(plan.target);
    return std::make_shared<S3RunState>(plan.target);
}

QJsonObject S3Kind::Options::target() const
{
    QJsonObject t {{QStringLiteral("endpoint"), endpoint}, {QStringLiteral("region"), region},
        {QStringLiteral("virtualHost"), virtualHost}, {QStringLiteral("caFile"), caFile},
        {QStringLiteral("skipTlsVerify"), skipTlsVerify}, {QStringLiteral("accessKey"), accessKey},
        {QStringLiteral("secretRef"), secretRef}, {QStringLiteral("connections"), connections},
        {QStringLiteral("onError"), onError}, {QStringLiteral("multipartThreshold"), double(multipartThreshold)},
        {QStringLiteral("partSize"), double(partSize)}};
    if (engine != QLatin1String("native")) // plans of the native engine stay as they were
        t.insert(QStringLiteral("engine"), engine);
    if (encryption != QLatin1String("none"))
        t.insert(QStringLiteral("encryption"), encryption);
    return t;
}

QJsonObject S3Kind::Options::toJson() const
{
    QJsonObject o = target();
    o.insert(QStringLiteral("preset"), preset);
    QJsonArray s;
    for (qint64 b : sizes)
        s.append(double(b));
    o.insert(QStringLiteral("sizes"), s);
    o.insert(QStringLiteral("op"), op);
    o.insert(QStringLiteral("concurrency"), concurrency);
    o.insert(QStringLiteral("runtime"), runtime);
    o.insert(QStringLiteral("objects"), objects);
    o.insert(QStringLiteral("mix"), mixJson(mix));
    o.insert(QStringLiteral("rangeSize"), double(rangeSize));
    return o;
}

S3Kind::Options S3Kind::Options::fromJson(const QJsonObject &o)
{
    Options d;
    d.engine = o.value(QStringLiteral("engine")).toString(d.engine);
    d.endpoint = o.value(QStringLiteral("endpoint")).toString();
    d.region = o.value(QStringLiteral("region")).toString(d.region);
    d.virtualHost = o.value(QStringLiteral("virtualHost")).toBool(false);
    d.caFile = o.value(QStringLiteral("caFile")).toString();
    d.skipTlsVerify = o.value(QStringLiteral("skipTlsVerify")).toBool(false);
    d.accessKey = o.value(QStringLiteral("accessKey")).toString();
    d.secretRef = o.value(QStringLiteral("secretRef")).toString(d.secretRef);
    d.connections = o.value(QStringLiteral("connections")).toInt(d.connections);
    d.onError = o.value(QStringLiteral("onError")).toString(d.onError);
    d.multipartThreshold = qint64(o.value(QStringLiteral("multipartThreshold")).toDouble(double(d.multipartThreshold)));
    d.partSize = qint64(o.value(QStringLiteral("partSize")).toDouble(double(d.partSize)));
    d.encryption = o.value(QStringLiteral("encryption")).toString(d.encryption);
    d.preset = o.value(QStringLiteral("preset")).toString(d.preset);
    for (const QJsonValue &v : o.value(QStringLiteral("sizes")).toArray())
        d.sizes << qint64(v.toDouble());
    d.op = o.value(QStringLiteral("op")).toString();
    d.concurrency = o.value(QStringLiteral("concurrency")).toInt(0);
    d.runtime = o.value(QStringLiteral("runtime")).toInt(0);
    d.objects = o.value(QStringLiteral("objects")).toInt(0);
    const QJsonObject mix = o.value(QStringLiteral("mix")).toObject();
    for (auto it = mix.constBegin(); it != mix.constEnd(); ++it)
        d.mix.insert(it.key(), it.value().toInt());
    d.rangeSize = qint64(o.value(QStringLiteral("rangeSize")).toDouble(0));
    return d;
}

void S3Kind::fitSteps(Plan *plan) const
{
    if (!isCurl(*plan))
        return;
    const QList<PlanStep> all = plan->steps;
    plan->steps.removeIf([](const PlanStep &s) { // curl runs PUT and GET
        const QString op = s.params.value(QStringLiteral("op")).toString();
        return op != u"put" && op != u"get";
    });
    if (plan->steps.isEmpty()) // keep one, so that validate() says why
        plan->steps = all.mid(0, 1);
}

bool S3Kind::isCurl(const Plan &plan)
{
    return plan.target.value(QStringLiteral("engine")).toString() == u"curl";
}

Plan S3Kind::makePlan(const Options &o, const QList<NodeSpec> &nodes, Error *error)
{
    Plan plan = makePlan(o, nullptr);
    if (plan.steps.isEmpty())
        return makePlan(o, error); // its error
    plan.nodes = nodes;
    S3Kind().fitSteps(&plan);
    const Error e = S3Kind().validate(plan);
    if (error)
        *error = e;
    return plan;
}

Plan S3Kind::makePlan(const Options &o, Error *error)
{
    auto fail = [&](const QString &m) {
        if (error)
            *error = bad(m);
        return Plan();
    };
    const S3Kind kind;
    Preset preset;
    QStringList known;
    for (const Preset &p : kind.presets()) {
        known << p.id;
        if (p.id == o.preset)
            preset = p;
    }
    if (preset.id.isEmpty())
        return fail(QStringLiteral("unknown preset \"%1\" (%2)").arg(o.preset, known.join(QStringLiteral(", "))));
    if (!o.op.isEmpty() && !ops().contains(o.op))
        return fail(QStringLiteral("op \"%1\" is not valid (%2)").arg(o.op, ops().join(QStringLiteral(", "))));
    for (qint64 s : o.sizes)
        if (s < 1 || s > 5 * kGiB)
            return fail(QStringLiteral("object size %1 is not 1 byte..5 GiB").arg(s));

    QList<PlanStep> steps = preset.steps;
    if (!o.sizes.isEmpty() || !o.op.isEmpty()) {
        // The preset's ops (in order, once each) or the one op, at each size.
        QStringList opList;
        QList<qint64> sizes;
        QHash<qint64, int> presetObjects; // a size the preset has keeps its working set
        for (const PlanStep &s : std::as_const(preset.steps)) {
            const QString op = s.params.value(QStringLiteral("op")).toString();
            if (!opList.contains(op))
                opList << op;
            const qint64 size = qint64(s.params.value(QStringLiteral("objectSize")).toDouble());
            if (!sizes.contains(size))
                sizes << size;
            presetObjects.insert(size, s.params.value(QStringLiteral("objects")).toInt());
        }
        if (!o.op.isEmpty())
            opList = QStringList {o.op};
        if (!o.sizes.isEmpty())
            sizes = o.sizes;
        const int runtime = preset.steps.first().params.value(QStringLiteral("runtime")).toInt();
        steps.clear();
        for (qint64 size : std::as_const(sizes))
            steps << stepsAt(opList, size, runtime, presetObjects.value(size, 0));
    }
    int maxConc = 0;
    for (PlanStep &s : steps) {
        if (o.objects > 0)
            s.params.insert(QStringLiteral("objects"), o.objects);
        const int objects = s.params.value(QStringLiteral("objects")).toInt();
        // an explicit concurrency is capped by a working set the plan chose (1 GiB
        // objects: 2), and refused by validate() when the objects were given too
        const int conc
            = o.concurrency > 0 ? (o.objects > 0 ? o.concurrency : qMin(o.concurrency, objects)) : qMin(16, objects);
        s.params.insert(QStringLiteral("concurrency"), conc);
        if (o.runtime > 0)
            s.params.insert(QStringLiteral("runtime"), o.runtime);
        if (s.params.value(QStringLiteral("op")).toString() == u"mixed" && !o.mix.isEmpty())
            s.params.insert(QStringLiteral("mix"), mixJson(o.mix));
        if (o.rangeSize > 0)
            s.params.insert(QStringLiteral("rangeSize"), double(o.rangeSize));
        s.title = QStringLiteral("%1 %2 ×%3")
                      .arg(opTitle(s.params.value(QStringLiteral("op")).toString()),
                          sizeText(qint64(s.params.value(QStringLiteral("objectSize")).toDouble())))
                      .arg(conc);
        maxConc = qMax(maxConc, conc);
    }
    Plan plan;
    plan.kind = kindId();
    plan.preset = preset.id;
    plan.name = preset.title;
    plan.nodes = {NodeSpec::parse(QStringLiteral("local"))};
    Options withConns = o;
    withConns.connections = qMax(o.connections, maxConc); // a request in flight per connection
    // The choices too (sizes, op, concurrency…), so "Run again" shows them in the wizard.
    plan.target = withConns.toJson();
    plan.target.remove(QStringLiteral("preset")); // plan.preset
    plan.steps = steps;
    const Error e = kind.validate(plan);
    if (error)
        *error = e;
    return plan;
}

QList<PreflightCheck> S3Kind::preflight(const Plan &plan) const
{
    if (!isCurl(plan))
        return {}; // the app's own client, on this machine
    return {preflight::tool(QStringLiteral("curl"), QStringLiteral("curl")),
        preflight::gatewayReachable(plan.target.value(QStringLiteral("endpoint")).toString(),
            plan.target.value(QStringLiteral("skipTlsVerify")).toBool(false))};
}

} // namespace cm
