// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/meminfo.h"

#include <QHash>
#include <QList>

namespace cm {

MemInfo parseMemInfo(const QByteArray &data, Error *err, QStringList *warnings)
{
    if (err)
        *err = Error();
    QHash<QByteArray, quint64> kb;
    int bad = 0;
    const QList<QByteArray> lines = data.split('\n');
    for (const QByteArray &raw : lines) {
        const qsizetype colon = raw.indexOf(':');
        if (colon <= 0) {
            if (!raw.trimmed().isEmpty())
                ++bad;
            continue;
        }
        const QList<QByteArray> f = raw.mid(colon + 1).simplified().split(' ');
        bool ok = false;
        const quint64 v = f.value(0).toULongLong(&ok);
        const QByteArray unit = f.value(1);
        if (!ok || !(unit.isEmpty() || unit == "kB")) {
            ++bad;
            continue;
        }
        kb.insert(raw.left(colon).trimmed(), v);
    }
    if (bad && warnings)
        *warnings << QStringLiteral("/proc/meminfo: %1 unreadable line(s) skipped").arg(bad);
    MemInfo m;
    const auto bytes = [](quint64 k) { return k > (quint64(-1) >> 10) ? quint64(-1) : k << 10; };
    if (!kb.contains("MemTotal")) {
        if (err)
            *err = Error(
                Error::Code::ParseError, QStringLiteral("/proc/meminfo: no MemTotal"), QStringLiteral("/proc/meminfo"));
        return m;
    }
    m.totalBytes = bytes(kb.value("MemTotal"));
    m.freeBytes = bytes(kb.value("MemFree"));
    if (kb.contains("MemAvailable")) {
        m.availableBytes = bytes(kb.value("MemAvailable"));
    } else {
        m.availableEstimated = true;
        m.availableBytes = bytes(kb.value("MemFree") + kb.value("Buffers") + kb.value("Cached"));
        if (warnings)
            *warnings << QStringLiteral("/proc/meminfo: no MemAvailable (kernel before 3.14); estimated");
    }
    return m;
}

} // namespace cm
