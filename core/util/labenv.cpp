// SPDX-License-Identifier: GPL-3.0-or-later
#include "util/labenv.h"

#include <QDir>
#include <QFile>

namespace cm {

QMap<QString, QString> readLabEnv(const QString &dir)
{
    QMap<QString, QString> v;
    QFile f(QDir(dir).filePath(QStringLiteral("lab.env")));
    if (!f.open(QIODevice::ReadOnly))
        return v;
    for (const QByteArray &line : f.readAll().split('\n')) {
        const qsizetype eq = line.indexOf('=');
        if (eq > 0)
            v.insert(QString::fromUtf8(line.left(eq)), QString::fromUtf8(line.mid(eq + 1)));
    }
    return v;
}

} // namespace cm
