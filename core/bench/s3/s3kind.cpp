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

const QStringList kMixOps {QStringLiteral("get"), QStringLiteral("put"), QStringLiteral("delete"),
    QStringLiteral("head"), QStringLiteral("list")};

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
    return QStringLiteral("Each step keeps the given number of signed (SigV4) requests in flight over keep-alive "
                          "connections for its runtime, over a working set of objects in a bucket of the run's own "
                          "(removed afterwards). GET, HEAD, DELETE, LIST and mixed steps first write the objects no "
                          "earlier step wrote (not measured). Latency runs from sending the request to the last byte; "
                          "time to first byte is reported for GETs.");
}

QList<Preset> S3Kind::presets() const
{
    const QList<qint64> sweep {64 * kKiB, kMiB, 32 * kMiB, 256 * kMiB, kGiB};
    QList<PlanStep> sweepSteps;
    for (qint64 s : sweep)
        sweepSteps << stepsAt({QStringLiteral("put"), QStringLiteral("get")}, s, 15);
    return {Preset {QStringLiteral("quick"), QStringLiteral("S3 quick"),
                QStringLiteral("64 KiB PUT then GET, 16 requests in flight, 10 s each. ") + methodNote(),
                stepsAt({QStringLiteral("put"), QStringLiteral("get")}, 64 * kKiB, 10)},
        Preset {QStringLiteral("size-sweep"), QStringLiteral("S3 object size sweep"),
            QStringLiteral("PUT then GET at 64 KiB, 1 MiB, 32 MiB, 256 MiB and 1 GiB, 15 s each. The working "
                           "set is about 1 GiB per size (1024 objects up to 1 MiB, 32 at 32 MiB, 4 at 256 MiB, "
                           "2 at 1 GiB) and requests in flight are at most the object count (16, 4 at 256 MiB, "
                           "2 at 1 GiB), so a small cluster copes. ")
                + methodNote(),
            sweepSteps},
        Preset {QStringLiteral("mixed"), QStringLiteral("S3 mixed"),
            QStringLiteral("70 % GET, 20 % PUT, 10 % DELETE of 1 MiB objects, 16 in flight, 30 s. ") + methodNote(),
            stepsAt({QStringLiteral("mixed")}, kMiB, 30)},
        Preset {QStringLiteral("small-objects"), QStringLiteral("S3 small objects"),
            QStringLiteral("4 KiB PUT, GET, HEAD and DELETE over 4096 objects, 16 in flight, 10 s each "
                           "(DELETE ends when all are gone). A gateway on RGW's beast frontend without its "
                           "tcp_nodelay=1 option holds small responses about 40 ms (Nagle's algorithm meets "
                           "delayed ACKs): latencies near 40 ms come from that setting. ")
                + methodNote(),
            stepsAt({QStringLiteral("put"), QStringLiteral("get"), QStringLiteral("head"), QStringLiteral("delete")},
                4 * kKiB, 10, 4096)}};
}

Error S3Kind::validateTarget(const QJsonObject &t)
{
    const QUrl url(t.value(QStringLiteral("endpoint")).toString(), QUrl::StrictMode);
    if (!url.isValid() || (url.scheme() != u"http" && url.scheme() != u"https") || url.host().isEmpty())
        return bad(QStringLiteral("endpoint \"%1\" is not an http:// or https:// URL")
                       .arg(t.value(QStringLiteral("endpoint")).toString().left(120)),
            QStringLiteral("endpoint"));
    if (!url.userInfo().isEmpty())
        return bad(QStringLiteral("the endpoint must not carry credentials"), QStringLiteral("endpoint"));
    if (t.value(QStringLiteral("region")).toString(QStringLiteral("us-east-1")).trimmed().isEmpty())
        return bad(QStringLiteral("region is empty (RGW accepts any name, e.g. us-east-1)"), QStringLiteral("region"));
    static const QRegularExpression keyRe(QStringLiteral(R"(^[^\s:]{1,128}$)"));
    if (!keyRe.match(t.value(QStringLiteral("accessKey")).toString()).hasMatch())
        return bad(QStringLiteral("access key is missing or not valid"), QStringLiteral("accessKey"));
    if (Error e = S3SecretRef::check(t.value(QStringLiteral("secretRef")).toString(QStringLiteral("keychain"))))
        return e;
    if (t.contains(QStringLiteral("secretKey")) || t.contains(QStringLiteral("secret")))
        return bad(QStringLiteral("a plan must not hold the secret key: use secretRef"), QStringLiteral("secretRef"));
    const int conns = t.value(QStringLiteral("connections")).toInt(16);
    if (conns < 1 || conns > 1024)
        return bad(QStringLiteral("connections must be 1..1024"), QStringLiteral("connections"));
    const QString onError = t.value(QStringLiteral("onError")).toString(QStringLiteral("continue"));
    if (onError != u"continue" && onError != u"stop")
        return bad(
            QStringLiteral("onError must be continue or stop, not \"%1\"").arg(onError), QStringLiteral("onError"));
    const double threshold = t.value(QStringLiteral("multipartThreshold")).toDouble(64.0 * kMiB);
    if (threshold < 0)
        return bad(QStringLiteral("multipartThreshold must be ≥ 0 bytes"), QStringLiteral("multipartThreshold"));
    const double part = t.value(QStringLiteral("partSize")).toDouble(16.0 * kMiB);
    if (part < 5.0 * kMiB || part > 5.0 * kGiB)
        return bad(QStringLiteral("partSize must be 5 MiB..5 GiB"), QStringLiteral("partSize"));
    const QString ca = t.value(QStringLiteral("caFile")).toString();
    if (!ca.isEmpty() && url.scheme() != u"https")
        return bad(QStringLiteral("caFile is given but the endpoint is not https://"), QStringLiteral("caFile"));
    if (t.value(QStringLiteral("skipTlsVerify")).toBool() && url.scheme() != u"https")
        return bad(
            QStringLiteral("skipTlsVerify is set but the endpoint is not https://"), QStringLiteral("skipTlsVerify"));
    return {};
}

Error S3Kind::validateStep(const QJsonObject &t, const PlanStep &step)
{
    const QJsonObject &p = step.params;
    auto fail = [&](const QString &m) { return bad(QStringLiteral("step %1: %2").arg(step.id, m), step.id); };
    const QString op = p.value(QStringLiteral("op")).toString();
    if (!ops().contains(op))
        return fail(QStringLiteral("op \"%1\" is not valid (%2)").arg(op, ops().join(QStringLiteral(", "))));
    const double size = p.value(QStringLiteral("objectSize")).toDouble(-1);
    if (size < 1 || size > 5.0 * kGiB || size != std::floor(size))
        return fail(QStringLiteral("objectSize must be 1 byte..5 GiB"));
    const int objects = p.value(QStringLiteral("objects")).toInt(0);
    if (objects < 1 || objects > 1000000)
        return fail(QStringLiteral("objects must be 1..1000000"));
    const int conc = p.value(QStringLiteral("concurrency")).toInt(0);
    if (conc < 1 || conc > 1024)
        return fail(QStringLiteral("concurrency must be 1..1024"));
    if (conc > objects)
        return fail(
            QStringLiteral("concurrency %1 is more than the %2 objects of the working set (each request in flight "
                           "has an object of its own): raise objects or lower concurrency")
                .arg(conc)
                .arg(objects));
    const int runtime = p.value(QStringLiteral("runtime")).toInt(0);
    if (runtime < 1 || runtime > 86400)
        return fail(QStringLiteral("runtime must be 1..86400 s"));
    const double range = p.value(QStringLiteral("rangeSize")).toDouble(0);
    if (range < 0 || range > size)
        return fail(QStringLiteral("rangeSize must be 0..objectSize"));
    if (op == u"mixed") {
        const QJsonObject mix = p.value(QStringLiteral("mix")).toObject();
        int sum = 0;
        for (auto it = mix.constBegin(); it != mix.constEnd(); ++it) {
            if (!kMixOps.contains(it.key()))
                return fail(QStringLiteral("mix op \"%1\" is not valid (%2)")
                                .arg(it.key(), kMixOps.join(QStringLiteral(", "))));
            const int v = it.value().toInt(-1);
            if (v < 0 || v > 100)
                return fail(QStringLiteral("mix %1 must be 0..100 %").arg(it.key()));
            sum += v;
        }
        if (sum != 100)
            return fail(QStringLiteral("mix percentages add up to %1, not 100").arg(sum));
    }
    const double threshold = t.value(QStringLiteral("multipartThreshold")).toDouble(64.0 * kMiB);
    const double part = t.value(QStringLiteral("partSize")).toDouble(16.0 * kMiB);
    if (threshold > 0 && size >= threshold && part > 0 && std::ceil(size / part) > 10000)
        return fail(QStringLiteral("more than 10000 multipart parts: raise partSize"));
    return {};
}

Error S3Kind::validate(const Plan &plan) const
{
    if (plan.kind != kindId())
        return bad(QStringLiteral("plan kind is %1, not s3").arg(plan.kind));
    const QString engine = plan.target.value(QStringLiteral("engine")).toString(QStringLiteral("native"));
    if (engine != u"native" && engine != u"curl")
        return bad(
            QStringLiteral("engine must be native or curl, not \"%1\"").arg(engine.left(40)), QStringLiteral("engine"));
    const bool curl = engine == u"curl";
    if (!curl && (plan.nodes.size() != 1 || !plan.nodes.first().isLocal()))
        return bad(QStringLiteral("the native S3 engine runs in the app itself: its one node is this machine (local); "
                                  "for other client nodes choose the curl engine"));
    if (plan.nodes.isEmpty())
        return bad(QStringLiteral("no client node"));
    if (Error e = validateTarget(plan.target); e || (curl && (e = validateCurlTarget(plan.target))))
        return e;
    if (plan.steps.isEmpty())
        return bad(QStringLiteral("the plan has no step"));
    for (const PlanStep &s : plan.steps) {
        if (Error e = validateStep(plan.target, s))
            return e;
        const QString op = s.params.value(QStringLiteral("op")).toString();
        if (curl && op != u"put" && op != u"get")
            return bad(QStringLiteral("step %1: the curl engine runs PUT and GET steps (%2 needs the native engine)")
                           .arg(s.id, op.toUpper()),
                s.id);
        if (curl && s.params.value(QStringLiteral("rangeSize")).toDouble(0) > 0)
            return bad(QStringLiteral("step %1: ranged GETs need the native engine").arg(s.id), s.id);
        if (curl && s.params.value(QStringLiteral("concurrency")).toInt() > 300)
            return bad(QStringLiteral("step %1: curl keeps at most 300 requests in flight").arg(s.id), s.id);
    }
    return scaling::checkClients(plan, kindId());
}

Error S3Kind::validateCurlTarget(const QJsonObject &t)
{
    const QUrl url(t.value(QStringLiteral("endpoint")).toString(), QUrl::StrictMode);
    // curl reads [ ] and { } in URLs as its globs: the keys use them, the host must not
    if (url.host().contains(QLatin1Char(':')))
        return bad(QStringLiteral("the curl engine needs a host name or an IPv4 address, not an IPv6 literal"),
            QStringLiteral("endpoint"));
    static const QRegularExpression safe(QStringLiteral(R"(^[A-Za-z0-9._~:/%-]*$)"));
    if (!safe.match(t.value(QStringLiteral("endpoint")).toString()).hasMatch() || url.hasQuery())
        return bad(
            QStringLiteral("the endpoint has characters the curl engine does not pass on"), QStringLiteral("endpoint"));
    static const QRegularExpression region(QStringLiteral(R"(^[A-Za-z0-9_-]{1,64}$)"));
    if (!region.match(t.value(QStringLiteral("region")).toString(QStringLiteral("us-east-1"))).hasMatch())
        return bad(QStringLiteral("the region may only hold letters, digits, _ and -"), QStringLiteral("region"));
    if (t.value(QStringLiteral("virtualHost")).toBool(false))
        return bad(QStringLiteral("the curl engine uses path-style URLs: turn virtual-host style off"),
            QStringLiteral("virtualHost"));
    if (!t.value(QStringLiteral("caFile")).toString().isEmpty())
        return bad(QStringLiteral("caFile is a path on this machine: the curl engine uses each node's own CA store"),
            QStringLiteral("caFile"));
    return {};
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
        for (const QString &m : kMixOps)
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

} // namespace cm
