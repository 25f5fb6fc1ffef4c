// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The disk table's journal latency: a write-ahead log on the device waits for sync=1
// (O_SYNC writes) or for fsync=1 (a flush after each write), depending on the software.
// The figure that speaks for the device is the worse of the two, per node and repetition.
#include "store/sessionstore.h"

#include <QList>
#include <QString>

namespace cm {

struct JournalLatency {
    QString node;
    int iteration = 0;
    double p50Ns = 0, p99Ns = 0; // the worse of the two steps, each figure on its own
    QString p50From, p99From; // "sync" or "fsync"
};

// Pairs of completed "journal-write-sync" / "journal-write-fsync" steps with write latency.
QList<JournalLatency> journalLatencies(const QList<StepRecord> &steps);
// "Journal write latency, the worse of sync=1 and fsync=1: p50 1.2 ms (fsync), p99 …"
// (English, for exports); one line per node and repetition.
QStringList journalLatencyLines(const QList<StepRecord> &steps);

} // namespace cm
