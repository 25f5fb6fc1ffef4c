// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommon.h"

#include "store/sessionstore.h"

#include <cstdio>

namespace cm::cli {

void printJson(const QJsonDocument &doc)
{
    const QByteArray b = doc.toJson(QJsonDocument::Indented);
    fwrite(b.constData(), 1, size_t(b.size()), stdout);
    fflush(stdout);
}

void printErr(const QString &line)
{
    const QByteArray b = line.toUtf8() + '\n';
    fwrite(b.constData(), 1, size_t(b.size()), stderr);
    fflush(stderr);
}

QString storePath()
{
    return SessionStore::defaultPath();
}

bool openStore(SessionStore &store)
{
    if (const Error e = store.open()) {
        printErr(e.toString());
        return false;
    }
    store.markInterruptedRuns();
    return true;
}

QStringList takeOption(QStringList &args, const QString &name)
{
    QStringList values;
    const QString eq = name + QLatin1Char('=');
    for (int i = 0; i < args.size();) {
        if (args.at(i) == name && i + 1 < args.size()) {
            values << args.at(i + 1);
            args.remove(i, 2);
        } else if (args.at(i).startsWith(eq)) {
            values << args.at(i).mid(eq.size());
            args.remove(i);
        } else {
            ++i;
        }
    }
    return values;
}

bool takeFlag(QStringList &args, const QString &name)
{
    return args.removeAll(name) > 0;
}

} // namespace cm::cli
