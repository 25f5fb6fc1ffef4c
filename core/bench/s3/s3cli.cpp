// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli plan s3`: the S3 kind's command-line options and the plan they make.
#include "bench/s3/s3kind.h"
#include "s3/s3secretref.h"
#include "util/labenv.h"

#include <QJsonObject>

namespace cm {

const char *S3Kind::description() const
{
    return QT_TRANSLATE_NOOP(
        "cm::RunnerKind", "S3 objects: PUT, GET and more against an S3 endpoint or Ceph RGW, by object size");
}

QList<CliOption> S3Kind::cliOptions() const
{
    const Options d;
    auto option = [](const char *name, const char *value, const char *help, const QString &def = {}) {
        return CliOption {QLatin1String(name), QLatin1String(value), QLatin1String(help), def};
    };
    return {
        option("--lab", "DIR", "the local lab's gateway and user (the secret is read from its lab.env at run time)"),
        option("--endpoint", "URL", "the S3 endpoint, http:// or https://"),
        option("--engine", "native|curl",
            "the app's own S3 client on this machine, or curl on the --node clients (PUT and GET)", d.engine),
        CliOption {QStringLiteral("--node"), QStringLiteral("local|USER@HOST[:PORT]"),
            QStringLiteral("with --engine curl: a client node; repeat it to load the gateway from several clients at "
                           "once (each with its own bucket; the run adds their cluster total)"),
            QStringLiteral("local"), true},
        option("--access-key", "AK", "the access key"),
        option("--secret-ref", "keychain|env:VAR", "where the secret key is; it is never in the plan",
            QStringLiteral("keychain")),
        option("--preset", "quick|size-sweep|mixed|small-objects", "the test table", d.preset),
        option("--sizes", "64K,1M", "the preset's operations at each of these object sizes"),
        option("--op", "put|get|head|delete|list|mixed", "one step of this operation per size instead of the preset's"),
        option("--concurrency", "N", "requests in flight", QStringLiteral("16")),
        option("--runtime", "S", "seconds per step; the preset's when absent"),
        option("--objects", "N", "objects per step"),
        option("--mix", "get=70,put=20,delete=10", "the mixed steps' shares"),
        option("--range-size", "SIZE", "ranged GETs of this size"),
        option("--ca-file", "FILE", "the CA certificate of a TLS endpoint"),
        CliOption {QStringLiteral("--insecure"), {}, QStringLiteral("do not verify the TLS certificate")},
        CliOption {
            QStringLiteral("--virtual-host"), {}, QStringLiteral("bucket.host addressing instead of host/bucket")},
        option("--region", "R", "the SigV4 region", d.region),
        option("--connections", "N", "keep-alive connections of the run's pool", QString::number(d.connections)),
        option("--on-error", "continue|stop", "what a failed request does to the step", d.onError),
        option("--encryption", "none|sse-s3|sse-c",
            "server-side encryption of every object: the gateway's key, or a random key of the run's own (SSE-C "
            "over http needs rgw_crypt_require_ssl = false)",
            d.encryption),
        option("--multipart-threshold", "SIZE", "objects from this size are uploaded in parts", QStringLiteral("64M")),
        option("--part-size", "SIZE", "the size of each part", QStringLiteral("16M")),
    };
}

QString S3Kind::cliSummary() const
{
    return QStringLiteral("S3 PUT/GET/HEAD/DELETE/LIST or a mix with the app's own S3 client (SigV4, many requests in "
                          "flight over keep-alive connections) in a bucket of the run's own, removed afterwards.");
}

namespace {

// "get=70,put=20,delete=10"
bool parseMix(const QString &text, QMap<QString, int> *mix)
{
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QStringList kv = part.split(QLatin1Char('='));
        int v = 0;
        bool ok = false;
        if (kv.size() == 2)
            v = kv.at(1).trimmed().toInt(&ok);
        if (!ok || v < 0)
            return false;
        mix->insert(kv.at(0).trimmed().toLower(), v);
    }
    return !mix->isEmpty();
}

// The endpoint, user and secret reference: the lab's, or the ones given.
bool readTarget(const CliArgs &args, S3Kind::Options *o, QJsonObject *labCeph, QString *err)
{
    const QString lab = args.value(QStringLiteral("--lab"));
    const QString endpoint = args.value(QStringLiteral("--endpoint"));
    const QString accessKey = args.value(QStringLiteral("--access-key"));
    const QString secretRef = args.value(QStringLiteral("--secret-ref"));
    if (!lab.isEmpty()) {
        if (!endpoint.isEmpty() || !accessKey.isEmpty() || !secretRef.isEmpty())
            return *err = QStringLiteral("give either --lab or --endpoint/--access-key/--secret-ref"), false;
        const QMap<QString, QString> v = readLabEnv(lab);
        o->endpoint = v.value(QStringLiteral("RGW_ENDPOINT"));
        o->accessKey = v.value(QStringLiteral("S3_ACCESS_KEY"));
        if (o->endpoint.isEmpty() || o->accessKey.isEmpty())
            return *err = QStringLiteral("%1 holds no started lab (no lab.env with RGW_ENDPOINT and S3_ACCESS_KEY)")
                              .arg(lab),
                   false;
        o->secretRef = QStringLiteral("lab:") + lab;
        *labCeph = {{QStringLiteral("conf"), v.value(QStringLiteral("CEPH_CONF"))},
            {QStringLiteral("keyring"), v.value(QStringLiteral("KEYRING"))},
            {QStringLiteral("client"), QStringLiteral("client.admin")}};
        return true;
    }
    if (endpoint.isEmpty() || accessKey.isEmpty())
        return *err = QStringLiteral("give --lab DIR, or --endpoint URL and --access-key AK (the secret stays in the "
                                     "keychain or an environment variable: --secret-ref keychain|env:VAR)"),
               false;
    o->endpoint = endpoint;
    o->accessKey = accessKey;
    o->secretRef = secretRef.isEmpty() ? QStringLiteral("keychain") : secretRef;
    if (o->secretRef.startsWith(QLatin1String("lab:")))
        return *err = QStringLiteral("use --lab DIR for the lab's secret"), false;
    if (Error e = S3SecretRef::check(o->secretRef))
        return *err = e.message, false;
    return true;
}

// Counts, sizes and the mix of the steps.
bool readSteps(const CliArgs &args, S3Kind::Options *o, QString *err)
{
    o->preset = args.value(QStringLiteral("--preset"), o->preset);
    o->op = args.value(QStringLiteral("--op"));
    for (const QString &s : args.value(QStringLiteral("--sizes")).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qint64 b = S3Kind::parseSize(s);
        if (b <= 0)
            return *err = QStringLiteral("--sizes: \"%1\" is not a size like 64K, 1M or 1G").arg(s), false;
        o->sizes << b;
    }
    if (!args.positive(QStringLiteral("--concurrency"), o->concurrency, &o->concurrency, err)
        || !args.positive(QStringLiteral("--runtime"), o->runtime, &o->runtime, err)
        || !args.positive(QStringLiteral("--objects"), o->objects, &o->objects, err)
        || !args.positive(QStringLiteral("--connections"), o->connections, &o->connections, err))
        return false;
    const QString mix = args.value(QStringLiteral("--mix"));
    if (!mix.isEmpty() && !parseMix(mix, &o->mix))
        return *err = QStringLiteral("--mix needs OP=PERCENT pairs like get=70,put=20,delete=10, got \"%1\"").arg(mix),
               false;
    if (!o->mix.isEmpty() && o->op.isEmpty() && o->preset != u"mixed")
        o->op = QStringLiteral("mixed");
    const std::pair<const char *, qint64 *> sizes[] = {{"--range-size", &o->rangeSize},
        {"--multipart-threshold", &o->multipartThreshold}, {"--part-size", &o->partSize}};
    for (const auto &[name, into] : sizes) {
        const QString text = args.value(QLatin1String(name));
        if (text.isEmpty())
            continue;
        *into = S3Kind::parseSize(text);
        if (*into < 0)
            return *err = QStringLiteral("%1 needs a size like 64M, got \"%2\"").arg(QLatin1String(name), text), false;
    }
    return true;
}

} // namespace

Plan S3Kind::planFromCli(const CliArgs &args, QStringList *notes, Error *error) const
{
    Options o;
    o.caFile = args.value(QStringLiteral("--ca-file"));
    o.skipTlsVerify = args.flag(QStringLiteral("--insecure"));
    o.virtualHost = args.flag(QStringLiteral("--virtual-host"));
    o.region = args.value(QStringLiteral("--region"), o.region);
    o.onError = args.value(QStringLiteral("--on-error"), o.onError);
    o.encryption = args.value(QStringLiteral("--encryption"), o.encryption);
    o.engine = args.value(QStringLiteral("--engine"), o.engine);
    QList<NodeSpec> nodes;
    for (const QString &n : args.values(QStringLiteral("--node"))) {
        QString why;
        const NodeSpec spec = NodeSpec::parse(n, &why);
        if (spec.host.isEmpty()) {
            *error = Error(Error::Code::InvalidInput, why);
            return {};
        }
        nodes << spec;
    }
    if (nodes.isEmpty())
        nodes << NodeSpec::parse(QStringLiteral("local"));
    else if (o.engine != u"curl") {
        *error = Error(Error::Code::InvalidInput,
            QStringLiteral("--node needs --engine curl (the native engine runs on this machine)"));
        return {};
    }
    QJsonObject labCeph; // the lab's cluster: its health is polled during the run
    QString err;
    if (!readTarget(args, &o, &labCeph, &err) || !readSteps(args, &o, &err)) {
        *error = Error(Error::Code::InvalidInput, err);
        return {};
    }
    Plan plan = makePlan(o, nodes, error);
    if (*error)
        return plan;
    if (!labCeph.value(QStringLiteral("conf")).toString().isEmpty())
        plan.ceph = labCeph;
    *notes << commandPreview(plan, 0, plan.nodes.first());
    if (!isCurl(plan))
        *notes << methodNote();
    return plan;
}

} // namespace cm

namespace cm {

// Requests that move no object data, time to first byte of GETs, failed requests.
QList<MetricSpec> S3Kind::metrics() const
{
    using metric::Unit;
    const QString r = QStringLiteral("read");
    QList<MetricSpec> out {
        {metric::ReadTtfbP50, Unit::Nanoseconds, MetricChart::Latency,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "read TTFB p50"), MetricLine::DashDot, r},
        {metric::ReadTtfbP99, Unit::Nanoseconds, MetricChart::None,
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "read TTFB p99"), MetricLine::DashDot, r},
        {metric::S3Errors, Unit::Other, MetricChart::None, QT_TRANSLATE_NOOP("cm::MetricCatalog", "failed requests")},
    };
    out += operationMetrics(metric::s3OpPrefix(QStringLiteral("head")),
        QT_TRANSLATE_NOOP("cm::MetricCatalog", "HEAD ops/s"), QT_TRANSLATE_NOOP("cm::MetricCatalog", "HEAD p50"),
        QT_TRANSLATE_NOOP("cm::MetricCatalog", "HEAD p99"));
    out += operationMetrics(metric::s3OpPrefix(QStringLiteral("delete")),
        QT_TRANSLATE_NOOP("cm::MetricCatalog", "DELETE ops/s"), QT_TRANSLATE_NOOP("cm::MetricCatalog", "DELETE p50"),
        QT_TRANSLATE_NOOP("cm::MetricCatalog", "DELETE p99"), MetricLine::DashDot);
    out += operationMetrics(metric::s3OpPrefix(QStringLiteral("list")),
        QT_TRANSLATE_NOOP("cm::MetricCatalog", "LIST ops/s"), QT_TRANSLATE_NOOP("cm::MetricCatalog", "LIST p50"),
        QT_TRANSLATE_NOOP("cm::MetricCatalog", "LIST p99"), MetricLine::DashDotDot);
    return out;
}

QList<OperationSpec> S3Kind::operations() const
{
    return {{QStringLiteral("ops"), QStringLiteral("head"), metric::s3OpPrefix(QStringLiteral("head")),
                QT_TRANSLATE_NOOP("cm::MetricCatalog", "S3 HEAD")},
        {QStringLiteral("ops"), QStringLiteral("delete"), metric::s3OpPrefix(QStringLiteral("delete")),
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "S3 DELETE")},
        {QStringLiteral("ops"), QStringLiteral("list"), metric::s3OpPrefix(QStringLiteral("list")),
            QT_TRANSLATE_NOOP("cm::MetricCatalog", "S3 LIST")}};
}

} // namespace cm
