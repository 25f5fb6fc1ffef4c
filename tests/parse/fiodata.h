// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Access to the recorded fio outputs of tests/data/fio (see its README.md).
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QStringList>

namespace cmtest {

inline QByteArray readData(const QString &rel)
{
    QFile f(testData(rel));
    if (!f.open(QIODevice::ReadOnly))
        return QByteArray();
    return f.readAll();
}

inline QStringList fioFiles(const QStringList &patterns)
{
    return QDir(testData(QStringLiteral("fio"))).entryList(patterns, QDir::Files, QDir::Name);
}

// Documents found the simple way: from a line "{" to the next line "}" (how fio
// prints them), as an independent reference for the splitter.
inline QList<QByteArray> docsByLines(const QByteArray &text)
{
    QList<QByteArray> out;
    QByteArray cur;
    bool in = false;
    for (const QByteArray &line : text.split('\n')) {
        if (!in && line == "{") {
            in = true;
            cur = "{";
            continue;
        }
        if (in) {
            cur += '\n' + line;
            if (line == "}") {
                out << cur;
                in = false;
            }
        }
    }
    return out;
}

} // namespace cmtest
