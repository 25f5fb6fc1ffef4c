// SPDX-License-Identifier: GPL-3.0-or-later
// Parsers for the block-device tools the device safety probe runs (lsblk, blkid, od, mountinfo).
#include "parse/blockdeviceparsers.h"

#include <QRegularExpression>
#include <QStringList>

namespace cm {

namespace {

QString unescapeLsblk(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("\\\\x([0-9a-fA-F]{2})"));
    QString out = s;
    QRegularExpressionMatch m;
    qsizetype from = 0;
    while ((m = re.match(out, from)).hasMatch()) {
        out.replace(m.capturedStart(), m.capturedLength(), QChar(m.captured(1).toInt(nullptr, 16)));
        from = m.capturedStart() + 1;
    }
    return out;
}

QString unescapeOctal(const QString &s)
{
    static const QRegularExpression re(QStringLiteral("\\\\([0-7]{3})"));
    QString out = s;
    QRegularExpressionMatch m;
    qsizetype from = 0;
    while ((m = re.match(out, from)).hasMatch()) {
        out.replace(m.capturedStart(), m.capturedLength(), QChar(m.captured(1).toInt(nullptr, 8)));
        from = m.capturedStart() + 1;
    }
    return out;
}

} // namespace

QList<LsblkTreeEntry> parseLsblkTree(const QByteArray &body)
{
    QList<LsblkTreeEntry> out;
    for (const QByteArray &line : body.split('\n')) {
        const QStringList f = QString::fromUtf8(line).split(QLatin1Char(' '));
        if (f.size() < 5 || f.at(0).isEmpty() || !f.at(1).contains(QLatin1Char(':')))
            continue;
        LsblkTreeEntry t;
        t.kname = unescapeLsblk(f.at(0));
        t.majmin = f.at(1);
        t.type = f.at(2);
        t.readOnly = f.at(3) == QLatin1String("1");
        t.size = f.at(4).toULongLong();
        t.mountpoint = unescapeLsblk(f.mid(5).join(QLatin1Char(' ')));
        out.append(t);
    }
    return out;
}

QMap<QString, QString> parseBlkidExport(const QByteArray &body)
{
    QMap<QString, QString> kv;
    for (const QByteArray &line : body.split('\n')) {
        const int eq = line.indexOf('=');
        if (eq > 0)
            kv.insert(QString::fromUtf8(line.left(eq)), QString::fromUtf8(line.mid(eq + 1)).remove(QLatin1Char('\\')));
    }
    return kv;
}

QByteArray parseOdHex(const QByteArray &body)
{
    QByteArray bytes;
    for (const QByteArray &tok : body.simplified().split(' ')) {
        bool ok = false;
        const uint v = tok.toUInt(&ok, 16);
        if (!ok || tok.size() != 2)
            return bytes; // an error message, or the end
        bytes.append(char(v));
    }
    return bytes;
}

QList<MountinfoRow> parseMountinfo(const QByteArray &body)
{
    QList<MountinfoRow> out;
    for (const QByteArray &line : body.split('\n')) {
        const QList<QByteArray> f = line.split(' ');
        const qsizetype sep = f.indexOf(QByteArray("-"));
        if (f.size() < 5 || sep < 0 || sep + 2 >= f.size())
            continue;
        out.append({QString::fromUtf8(f.at(2)), unescapeOctal(QString::fromUtf8(f.at(4))),
            unescapeOctal(QString::fromUtf8(f.at(sep + 2)))});
    }
    return out;
}

} // namespace cm
