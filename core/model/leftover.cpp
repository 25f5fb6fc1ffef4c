// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/leftover.h"

#include <QJsonArray>

namespace cm {

namespace {

QString locationKey(Leftover::Kind k)
{
    switch (k) {
    case Leftover::Kind::NodeFile:
    case Leftover::Kind::NodeMount: return QStringLiteral("node");
    case Leftover::Kind::Bucket: return QStringLiteral("endpoint");
    case Leftover::Kind::FsFolder: return QStringLiteral("fs");
    default: return QStringLiteral("pool");
    }
}

} // namespace

bool Leftover::hasPrefix(const QString &name)
{
    return name.size() > prefix().size() && name.startsWith(prefix(), Qt::CaseSensitive);
}

QString Leftover::kindName(Kind k)
{
    switch (k) {
    case Kind::Pool: return QStringLiteral("pool");
    case Kind::Image: return QStringLiteral("image");
    case Kind::Object: return QStringLiteral("object");
    case Kind::NodeFile: return QStringLiteral("file");
    case Kind::Bucket: return QStringLiteral("bucket");
    case Kind::FsFolder: return QStringLiteral("folder");
    case Kind::NodeMount: return QStringLiteral("mount");
    }
    return QStringLiteral("unknown");
}

QString Leftover::describe() const
{
    switch (kind) {
    case Kind::Pool: return QStringLiteral("pool %1").arg(name);
    case Kind::Image: return QStringLiteral("image %1/%2").arg(location, name);
    case Kind::Object:
        return nspace.isEmpty() ? QStringLiteral("object %1/%2").arg(location, name)
                                : QStringLiteral("object %1/%2/%3").arg(location, nspace, name);
    case Kind::NodeFile: return QStringLiteral("file %1:%2").arg(location, name);
    case Kind::Bucket: return QStringLiteral("bucket %1 at %2").arg(name, location);
    case Kind::FsFolder:
        return QStringLiteral("CephFS folder %1%2")
            .arg(location.isEmpty() ? QString() : location + QLatin1Char(':'), name);
    case Kind::NodeMount: return QStringLiteral("mount %1:%2").arg(location, name);
    }
    return name;
}

QJsonObject Leftover::toJson() const
{
    QJsonObject o {{QStringLiteral("kind"), kindName(kind)}, {QStringLiteral("name"), name}};
    if (!location.isEmpty())
        o.insert(locationKey(kind), location);
    if (!nspace.isEmpty())
        o.insert(QStringLiteral("namespace"), nspace);
    if (bytes >= 0)
        o.insert(QStringLiteral("bytes"), double(bytes));
    if (objects >= 0)
        o.insert(QStringLiteral("objects"), double(objects));
    return o;
}

Leftover Leftover::fromJson(const QJsonObject &o, bool *ok)
{
    Leftover l;
    const QString k = o.value(QStringLiteral("kind")).toString();
    bool known = true;
    if (k == QLatin1String("pool"))
        l.kind = Kind::Pool;
    else if (k == QLatin1String("image"))
        l.kind = Kind::Image;
    else if (k == QLatin1String("object"))
        l.kind = Kind::Object;
    else if (k == QLatin1String("file"))
        l.kind = Kind::NodeFile;
    else if (k == QLatin1String("bucket"))
        l.kind = Kind::Bucket;
    else if (k == QLatin1String("folder"))
        l.kind = Kind::FsFolder;
    else if (k == QLatin1String("mount"))
        l.kind = Kind::NodeMount;
    else
        known = false;
    l.name = o.value(QStringLiteral("name")).toString();
    l.location = o.value(locationKey(l.kind)).toString();
    l.nspace = o.value(QStringLiteral("namespace")).toString();
    l.bytes = qint64(o.value(QStringLiteral("bytes")).toDouble(-1));
    l.objects = qint64(o.value(QStringLiteral("objects")).toDouble(-1));
    if (ok)
        *ok = known && !l.name.isEmpty();
    return l;
}

void CleanupReport::append(const CleanupReport &other)
{
    removed += other.removed;
    failed += other.failed;
}

QJsonObject CleanupReport::toJson() const
{
    QJsonArray r, f;
    for (const Leftover &l : removed)
        r.append(l.toJson());
    for (const LeftoverFailure &x : failed) {
        QJsonObject o = x.item.toJson();
        o.insert(QStringLiteral("error"), x.error.toString());
        f.append(o);
    }
    return {{QStringLiteral("removed"), r}, {QStringLiteral("failed"), f}};
}

CleanupReport CleanupReport::fromOutcomes(const QList<Leftover> &items, const QList<Error> &outcomes)
{
    CleanupReport report;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const Error e = outcomes.value(i);
        if (e)
            report.failed << LeftoverFailure {items.at(i), e};
        else
            report.removed << items.at(i);
    }
    return report;
}

QMap<int, QString> indexedScriptStatus(const QByteArray &output)
{
    QMap<int, QString> status;
    for (const QByteArray &line : output.split('\n')) {
        const QList<QByteArray> f = line.trimmed().split(' ');
        bool ok = false;
        const int index = f.value(0).toInt(&ok);
        if (f.size() == 2 && ok)
            status.insert(index, QString::fromLatin1(f.at(1)));
    }
    return status;
}

} // namespace cm
