// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/journallatency.h"

#include "report/unitformat.h"

#include <QHash>

namespace cm {

namespace {

const QString kSync = QStringLiteral("journal-write-sync");
const QString kFsync = QStringLiteral("journal-write-fsync");

double writeLatency(const StepRecord &s, const char *key)
{
    return s.summary.value(QStringLiteral("write")).toObject().value(QLatin1String(key)).toDouble(-1);
}

} // namespace

QList<JournalLatency> journalLatencies(const QList<StepRecord> &steps)
{
    QHash<QString, const StepRecord *> sync, fsync; // node + iteration
    QStringList order;
    for (const StepRecord &s : steps) {
        if (s.status != QLatin1String("completed") || (s.testId != kSync && s.testId != kFsync))
            continue;
        const QString key = s.node + QChar(0x1f) + QString::number(s.iteration);
        (s.testId == kSync ? sync : fsync).insert(key, &s);
        if (!order.contains(key))
            order << key;
    }
    QList<JournalLatency> out;
    for (const QString &key : std::as_const(order)) {
        const StepRecord *a = sync.value(key), *b = fsync.value(key);
        if (!a || !b)
            continue;
        JournalLatency j;
        j.node = a->node;
        j.iteration = a->iteration;
        auto worse = [&](const char *field, double *value, QString *from) {
            const double x = writeLatency(*a, field), y = writeLatency(*b, field);
            *value = std::max(x, y);
            *from = x >= y ? QStringLiteral("sync") : QStringLiteral("fsync");
            return x > 0 && y > 0;
        };
        if (worse("lat_p50_ns", &j.p50Ns, &j.p50From) && worse("lat_p99_ns", &j.p99Ns, &j.p99From))
            out << j;
    }
    return out;
}

QStringList journalLatencyLines(const QList<StepRecord> &steps)
{
    const QList<JournalLatency> all = journalLatencies(steps);
    bool repeated = false;
    for (const JournalLatency &j : all)
        repeated = repeated || j.iteration > 0;
    QStringList out;
    for (const JournalLatency &j : all)
        out << QStringLiteral(
            "Journal write latency on %1%2, the worse of sync=1 and fsync=1: p50 %3 (%4), p99 %5 (%6)")
                   .arg(j.node, repeated ? QStringLiteral(" #%1").arg(j.iteration + 1) : QString(),
                       formatLatencyNs(j.p50Ns), j.p50From, formatLatencyNs(j.p99Ns), j.p99From);
    return out;
}

} // namespace cm
