// `plan s3`: the S3 / RGW object benchmark with the app's own S3 client.
#include "clicommon.h"

#include "bench/s3/s3kind.h"
#include "s3/s3secretref.h"

#include <QJsonObject>

namespace cm::cli {

namespace {

bool positiveInt(const QString &text, int *value)
{
    bool ok = false;
    *value = text.toInt(&ok);
    return ok && *value > 0;
}

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

} // namespace

// plan s3 [--lab DIR | --endpoint URL --access-key AK [--secret-ref keychain|env:VAR]]
//         [--preset quick|size-sweep|mixed|small-objects] [--sizes 64K,1M] [--op OP]
//         [--concurrency N] [--runtime S] [--objects N] [--mix get=70,put=20,delete=10]
//         [--range-size 64K] [--ca-file F] [--insecure] [--virtual-host] [--region R]
//         [--connections N] [--on-error continue|stop] [--multipart-threshold 64M] [--part-size 16M]
int cmdPlanS3(const QStringList &argsIn)
{
    QStringList args = argsIn;
    auto fail = [](const QString &m) {
        printErr(QStringLiteral("plan s3: %1").arg(m));
        return 2;
    };
    S3Kind::Options o;
    const QString lab = takeOption(args, QStringLiteral("--lab")).value(0);
    const QString endpoint = takeOption(args, QStringLiteral("--endpoint")).value(0);
    const QString accessKey = takeOption(args, QStringLiteral("--access-key")).value(0);
    const QString secretRef = takeOption(args, QStringLiteral("--secret-ref")).value(0);
    o.preset = takeOption(args, QStringLiteral("--preset")).value(0, o.preset);
    const QString sizes = takeOption(args, QStringLiteral("--sizes")).value(0);
    o.op = takeOption(args, QStringLiteral("--op")).value(0);
    const QString conc = takeOption(args, QStringLiteral("--concurrency")).value(0);
    const QString runtime = takeOption(args, QStringLiteral("--runtime")).value(0);
    const QString objects = takeOption(args, QStringLiteral("--objects")).value(0);
    const QString mix = takeOption(args, QStringLiteral("--mix")).value(0);
    const QString range = takeOption(args, QStringLiteral("--range-size")).value(0);
    o.caFile = takeOption(args, QStringLiteral("--ca-file")).value(0);
    o.skipTlsVerify = takeFlag(args, QStringLiteral("--insecure"));
    o.virtualHost = takeFlag(args, QStringLiteral("--virtual-host"));
    o.region = takeOption(args, QStringLiteral("--region")).value(0, o.region);
    const QString conns = takeOption(args, QStringLiteral("--connections")).value(0);
    o.onError = takeOption(args, QStringLiteral("--on-error")).value(0, o.onError);
    const QString threshold = takeOption(args, QStringLiteral("--multipart-threshold")).value(0);
    const QString part = takeOption(args, QStringLiteral("--part-size")).value(0);
    if (!args.isEmpty())
        return fail(QStringLiteral("unexpected argument \"%1\"").arg(args.first()));

    QJsonObject labCeph;   // the lab's cluster: its health is polled during the run
    if (!lab.isEmpty()) {   // the local lab: its gateway and user, secret read from its lab.env at run time
        if (!endpoint.isEmpty() || !accessKey.isEmpty() || !secretRef.isEmpty())
            return fail(QStringLiteral("give either --lab or --endpoint/--access-key/--secret-ref"));
        const QMap<QString, QString> v = labValues(lab);
        o.endpoint = v.value(QStringLiteral("RGW_ENDPOINT"));
        o.accessKey = v.value(QStringLiteral("S3_ACCESS_KEY"));
        if (o.endpoint.isEmpty() || o.accessKey.isEmpty())
            return fail(QStringLiteral("%1 holds no started lab (no lab.env with RGW_ENDPOINT and S3_ACCESS_KEY)").arg(lab));
        o.secretRef = QStringLiteral("lab:") + lab;
        labCeph = {{QStringLiteral("conf"), v.value(QStringLiteral("CEPH_CONF"))},
                   {QStringLiteral("keyring"), v.value(QStringLiteral("KEYRING"))},
                   {QStringLiteral("client"), QStringLiteral("client.admin")}};
    } else {
        if (endpoint.isEmpty() || accessKey.isEmpty())
            return fail(QStringLiteral("give --lab DIR, or --endpoint URL and --access-key AK (the secret stays in the "
                                       "keychain or an environment variable: --secret-ref keychain|env:VAR)"));
        o.endpoint = endpoint;
        o.accessKey = accessKey;
        o.secretRef = secretRef.isEmpty() ? QStringLiteral("keychain") : secretRef;
        if (o.secretRef.startsWith(QLatin1String("lab:")))
            return fail(QStringLiteral("use --lab DIR for the lab's secret"));
        if (Error e = S3SecretRef::check(o.secretRef))
            return fail(e.message);
    }
    for (const QString &s : sizes.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qint64 b = S3Kind::parseSize(s);
        if (b <= 0)
            return fail(QStringLiteral("--sizes: \"%1\" is not a size like 64K, 1M or 1G").arg(s));
        o.sizes << b;
    }
    if (!conc.isEmpty() && !positiveInt(conc, &o.concurrency))
        return fail(QStringLiteral("--concurrency needs a positive count, got \"%1\"").arg(conc));
    if (!runtime.isEmpty() && !positiveInt(runtime, &o.runtime))
        return fail(QStringLiteral("--runtime needs seconds, got \"%1\"").arg(runtime));
    if (!objects.isEmpty() && !positiveInt(objects, &o.objects))
        return fail(QStringLiteral("--objects needs a positive count, got \"%1\"").arg(objects));
    if (!conns.isEmpty() && !positiveInt(conns, &o.connections))
        return fail(QStringLiteral("--connections needs a positive count, got \"%1\"").arg(conns));
    if (!mix.isEmpty() && !parseMix(mix, &o.mix))
        return fail(QStringLiteral("--mix needs OP=PERCENT pairs like get=70,put=20,delete=10, got \"%1\"").arg(mix));
    if (!o.mix.isEmpty() && o.op.isEmpty() && o.preset != u"mixed")
        o.op = QStringLiteral("mixed");
    auto sizeOpt = [&](const QString &text, const QString &name, qint64 *into) {
        if (text.isEmpty())
            return true;
        *into = S3Kind::parseSize(text);
        if (*into >= 0)
            return true;
        printErr(QStringLiteral("plan s3: %1 needs a size like 64M, got \"%2\"").arg(name, text));
        return false;
    };
    if (!sizeOpt(range, QStringLiteral("--range-size"), &o.rangeSize)
        || !sizeOpt(threshold, QStringLiteral("--multipart-threshold"), &o.multipartThreshold)
        || !sizeOpt(part, QStringLiteral("--part-size"), &o.partSize))
        return 2;

    Error e;
    Plan plan = S3Kind::makePlan(o, &e);
    if (e)
        return fail(e.message);
    if (!labCeph.value(QStringLiteral("conf")).toString().isEmpty())
        plan.ceph = labCeph;
    printErr(S3Kind().commandPreview(plan, 0, plan.nodes.first()));
    printErr(S3Kind::methodNote());
    printPlan(plan);
    return 0;
}

} // namespace cm::cli
