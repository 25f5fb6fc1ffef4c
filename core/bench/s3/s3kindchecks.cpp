// SPDX-License-Identifier: GPL-3.0-or-later
// The S3 kind's checks of a plan: its target, each step, and what the curl engine on
// client nodes can run (s3kind.h).
#include "bench/s3/s3kind.h"

#include "bench/scaling.h"
#include "s3/s3secretref.h"

#include <QJsonObject>
#include <QRegularExpression>
#include <QUrl>

#include <cmath>

namespace cm {

namespace {

Error bad(const QString &m, const QString &ctx = QStringLiteral("s3"))
{
    return Error(Error::Code::InvalidInput, m, ctx);
}

} // namespace

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
    const QString encryption = t.value(QStringLiteral("encryption")).toString(QStringLiteral("none"));
    if (encryption != u"none" && encryption != u"sse-s3" && encryption != u"sse-c")
        return bad(QStringLiteral("encryption must be none, sse-s3 or sse-c, not \"%1\"").arg(encryption.left(40)),
            QStringLiteral("encryption"));
    if (encryption != u"none" && t.value(QStringLiteral("engine")).toString() == u"curl")
        return bad(QStringLiteral("server-side encryption runs on the native engine (curl sends no SSE headers)"),
            QStringLiteral("encryption"));
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
            if (!S3Kind::mixOps().contains(it.key()))
                return fail(QStringLiteral("mix op \"%1\" is not valid (%2)")
                                .arg(it.key(), S3Kind::mixOps().join(QStringLiteral(", "))));
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

} // namespace cm
