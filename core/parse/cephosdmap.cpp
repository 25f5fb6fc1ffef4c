// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/cephosdmap.h"

#include "model/nodeidentity.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace cm {

namespace {

Error object(const QByteArray &json, const QString &what, QJsonObject *o)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError)
        return Error(Error::Code::ParseError,
            QStringLiteral("%1: not JSON (%2 at offset %3)").arg(what, pe.errorString()).arg(pe.offset), what);
    if (!doc.isObject())
        return Error(Error::Code::ParseError, QStringLiteral("%1: expected a JSON object").arg(what), what);
    *o = doc.object();
    return {};
}

// An OSD id: a JSON integer in [-1, 2^31); nullopt otherwise.
std::optional<int> osdId(const QJsonValue &v)
{
    if (!v.isDouble())
        return std::nullopt;
    const double d = v.toDouble();
    if (!std::isfinite(d) || d != std::floor(d) || d < -1 || d > 2147483647.0)
        return std::nullopt;
    return int(d);
}

bool osdList(const QJsonValue &v, QList<int> *out)
{
    if (!v.isArray())
        return false;
    for (const QJsonValue &e : v.toArray()) {
        const auto id = osdId(e);
        if (!id)
            return false;
        out->append(*id);
    }
    return true;
}

// "1"/"0" (Ceph's metadata values are strings), or a JSON bool/number.
std::optional<bool> flag(const QJsonValue &v)
{
    if (v.isBool())
        return v.toBool();
    if (v.isDouble())
        return v.toDouble() != 0;
    const QString s = v.toString().trimmed().toLower();
    if (s == QLatin1String("1") || s == QLatin1String("true"))
        return true;
    if (s == QLatin1String("0") || s == QLatin1String("false"))
        return false;
    return std::nullopt;
}

// "[v2:10.0.0.2:6802/1234,v1:10.0.0.2:6803/1234]", "10.0.0.2:6801/1234" or
// "[v2:[fd00::2]:6802/1234,…]": the addresses in it.
QStringList messengerAddresses(const QString &text)
{
    static const QRegularExpression re(
        QStringLiteral(R"((?:^|[\[,:])(\d{1,3}(?:\.\d{1,3}){3}):|\[([0-9a-fA-F:.]+)\]:)"));
    QStringList out;
    for (auto it = re.globalMatch(text.left(1024)); it.hasNext() && out.size() < 16;) {
        const QRegularExpressionMatch m = it.next();
        const QString a = (m.captured(1).isEmpty() ? m.captured(2) : m.captured(1)).toLower();
        if (isRemoteAddress(a) && !out.contains(a))
            out << a;
    }
    return out;
}

} // namespace

Error parseCephObjectMap(const QByteArray &json, CephObjectMap *out)
{
    const QString what = QStringLiteral("osd map");
    QJsonObject o;
    if (Error e = object(json, what, &o))
        return e;
    CephObjectMap m;
    m.pool = o.value(QStringLiteral("pool")).toString();
    m.object = o.value(QStringLiteral("objname")).toString();
    m.pgid = o.value(QStringLiteral("pgid")).toString();
    m.poolId = osdId(o.value(QStringLiteral("pool_id"))).value_or(-1);
    const auto up = osdId(o.value(QStringLiteral("up_primary")));
    const auto acting = osdId(o.value(QStringLiteral("acting_primary")));
    if (!up && !acting)
        return Error(Error::Code::ParseError, QStringLiteral("osd map: no up_primary nor acting_primary"), what);
    m.upPrimary = up.value_or(-1);
    m.actingPrimary = acting.value_or(-1);
    if (o.contains(QStringLiteral("up")) && !osdList(o.value(QStringLiteral("up")), &m.up))
        return Error(Error::Code::ParseError, QStringLiteral("osd map: \"up\" is not a list of OSD ids"), what);
    if (o.contains(QStringLiteral("acting")) && !osdList(o.value(QStringLiteral("acting")), &m.acting))
        return Error(Error::Code::ParseError, QStringLiteral("osd map: \"acting\" is not a list of OSD ids"), what);
    *out = m;
    return {};
}

Error parseCephOsdMetadata(const QByteArray &json, CephOsdMetadata *out)
{
    QJsonObject o;
    if (Error e = object(json, QStringLiteral("osd metadata"), &o))
        return e;
    return cephOsdMetadataFromJson(o, out);
}

Error cephOsdMetadataFromJson(const QJsonObject &o, CephOsdMetadata *out)
{
    const QString what = QStringLiteral("osd metadata");
    const auto id = osdId(o.value(QStringLiteral("id")));
    if (!id || *id < 0)
        return Error(Error::Code::ParseError, QStringLiteral("osd metadata: no OSD id"), what);
    CephOsdMetadata m;
    m.id = *id;
    m.hostname = o.value(QStringLiteral("hostname")).toString();
    m.rotational = flag(o.value(QStringLiteral("rotational")));
    if (!m.rotational)
        m.rotational = flag(o.value(QStringLiteral("bluestore_bdev_rotational")));
    m.deviceType = o.value(QStringLiteral("bluestore_bdev_type")).toString();
    m.defaultDeviceClass = o.value(QStringLiteral("default_device_class")).toString();
    m.devices = o.value(QStringLiteral("devices")).toString();
    m.cephVersion = o.value(QStringLiteral("ceph_version_short")).toString();
    for (const QString &key : {QStringLiteral("front_addr"), QStringLiteral("back_addr")})
        for (const QString &a : messengerAddresses(o.value(key).toString()))
            if (!m.addresses.contains(a))
                m.addresses << a;
    *out = m;
    return {};
}

} // namespace cm
