// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/poollayout.h"

#include "model/paramreader.h"

#include <QRegularExpression>

namespace cm {

namespace {

const QStringList kFailureDomains {QStringLiteral("osd"), QStringLiteral("host"), QStringLiteral("chassis"),
    QStringLiteral("rack"), QStringLiteral("row"), QStringLiteral("room"), QStringLiteral("datacenter")};

// Ceph's own default: a replicated pool of size N writes with N - N/2 copies up.
int defaultMinSize(int size)
{
    return qMax(1, size - size / 2);
}

} // namespace

QString PoolLayout::describe() const
{
    if (!isErasure())
        return QStringLiteral("replicated %1/%2").arg(size).arg(minSize);
    QString s = QStringLiteral("EC %1+%2 (%3, failure domain %4").arg(k).arg(m).arg(plugin, failureDomain);
    if (!deviceClass.isEmpty())
        s += QStringLiteral(", class ") + deviceClass;
    return s + QLatin1Char(')');
}

PoolLayout PoolLayout::read(const QJsonObject &object, const QString &where, const QString &kind, Error *error)
{
    PoolLayout l;
    ParamReader r(object, where, kind);
    r.allowOnly({QStringLiteral("type"), QStringLiteral("size"), QStringLiteral("minSize"), QStringLiteral("k"),
        QStringLiteral("m"), QStringLiteral("plugin"), QStringLiteral("failureDomain"), QStringLiteral("deviceClass"),
        QStringLiteral("pgNum")});
    const QString type = r.choice(QStringLiteral("type"), QStringLiteral("replicated"),
        {QStringLiteral("replicated"), QStringLiteral("erasure")});
    l.type = type == QLatin1String("erasure") ? Type::Erasure : Type::Replicated;
    l.size = r.integer(QStringLiteral("size"), 3, 1, 10);
    l.minSize = r.integer(QStringLiteral("minSize"), defaultMinSize(l.size), 1, 10);
    if (r.ok() && l.minSize > l.size)
        r.fail(QStringLiteral("minSize %1 is larger than size %2").arg(l.minSize).arg(l.size));
    l.k = r.integer(QStringLiteral("k"), 2, 2, 20);
    l.m = r.integer(QStringLiteral("m"), 1, 1, 10);
    l.plugin = r.choice(QStringLiteral("plugin"), l.plugin, {QStringLiteral("jerasure"), QStringLiteral("isa")});
    l.failureDomain = r.choice(QStringLiteral("failureDomain"), l.failureDomain, kFailureDomains);
    l.deviceClass = r.cephName(QStringLiteral("deviceClass"), {});
    l.pgNum = r.integer(QStringLiteral("pgNum"), 0, 0, 32768);
    if (r.ok() && l.pgNum != 0 && (l.pgNum & (l.pgNum - 1)) != 0)
        r.fail(QStringLiteral("pgNum %1 is not a power of two").arg(l.pgNum));
    *error = r.error();
    return l;
}

QJsonObject PoolLayout::toJson() const
{
    QJsonObject o;
    if (isErasure()) {
        o = {{QStringLiteral("type"), QStringLiteral("erasure")}, {QStringLiteral("k"), k}, {QStringLiteral("m"), m},
            {QStringLiteral("plugin"), plugin}, {QStringLiteral("failureDomain"), failureDomain}};
    } else {
        o = {{QStringLiteral("type"), QStringLiteral("replicated")}, {QStringLiteral("size"), size},
            {QStringLiteral("minSize"), minSize}};
        if (failureDomain != QLatin1String("host"))
            o.insert(QStringLiteral("failureDomain"), failureDomain);
    }
    if (!deviceClass.isEmpty())
        o.insert(QStringLiteral("deviceClass"), deviceClass);
    if (pgNum > 0)
        o.insert(QStringLiteral("pgNum"), pgNum);
    return o;
}

bool PoolLayout::readTargetField(const QJsonObject &target, const QString &kind, PoolLayout *out, Error *error)
{
    const QJsonValue v = target.value(QStringLiteral("temporaryPool"));
    if (v.isUndefined() || v.isNull())
        return false;
    if (!v.isObject()) {
        *error = Error(Error::Code::InvalidInput,
            QStringLiteral("target: temporaryPool must be an object, like {\"type\": \"erasure\", \"k\": 4, "
                           "\"m\": 2}"),
            kind);
        return false;
    }
    *out = read(v.toObject(), QStringLiteral("target: temporaryPool"), kind, error);
    return !*error;
}

PoolLayout PoolLayout::fromText(const QString &text, Error *error)
{
    static const QRegularExpression replicated(QStringLiteral("^replicated:(\\d{1,2})(?:/(\\d{1,2}))?(?::(\\w+))?$"));
    static const QRegularExpression erasure(QStringLiteral("^ec:(\\d{1,2})\\+(\\d{1,2})(?::(\\w+))?$"));
    QJsonObject o;
    if (const auto mr = replicated.match(text); mr.hasMatch()) {
        o = {{QStringLiteral("type"), QStringLiteral("replicated")}, {QStringLiteral("size"), mr.captured(1).toInt()}};
        if (!mr.captured(2).isEmpty())
            o.insert(QStringLiteral("minSize"), mr.captured(2).toInt());
        if (!mr.captured(3).isEmpty())
            o.insert(QStringLiteral("failureDomain"), mr.captured(3));
    } else if (const auto me = erasure.match(text); me.hasMatch()) {
        o = {{QStringLiteral("type"), QStringLiteral("erasure")}, {QStringLiteral("k"), me.captured(1).toInt()},
            {QStringLiteral("m"), me.captured(2).toInt()}};
        if (!me.captured(3).isEmpty())
            o.insert(QStringLiteral("failureDomain"), me.captured(3));
    } else {
        *error = Error(Error::Code::InvalidInput,
            QStringLiteral("temporary pool \"%1\" is not valid: write replicated:SIZE[/MIN_SIZE][:DOMAIN] or "
                           "ec:K+M[:DOMAIN], for example replicated:3/2 or ec:4+2:osd")
                .arg(text));
        return {};
    }
    return read(o, QStringLiteral("temporary pool"), QString(), error);
}

} // namespace cm
