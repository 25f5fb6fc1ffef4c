// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// /proc/diskstats: per-device cumulative counters (14 fields before Linux 4.18, 18
// with discards, 20 with flushes) and rates between two snapshots. Sectors are always
// 512 bytes here, whatever the device's block size. Pure.
#include "model/error.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace cm {

struct DiskStat {
    QString name;
    quint32 major = 0, minor = 0;
    quint64 reads = 0, readsMerged = 0, sectorsRead = 0, readMs = 0;
    quint64 writes = 0, writesMerged = 0, sectorsWritten = 0, writeMs = 0;
    quint64 inFlight = 0, ioTicksMs = 0, weightedMs = 0;
    quint64 discards = 0, sectorsDiscarded = 0; // 4.18+
    quint64 flushes = 0; // 5.5+
    int fields = 0; // numbers after the name
};

struct DiskRate {
    QString name;
    double readBytesPerSec = 0;
    double writeBytesPerSec = 0;
    double readIops = 0;
    double writeIops = 0;
    double utilPercent = 0; // time with I/O in flight, 0..100
    double awaitNs = -1; // average time of the I/Os completed in the interval; -1: none completed
};

// Lines that cannot be read are skipped with a warning; err only when nothing parsed
// from non-empty input.
QList<DiskStat> parseDiskStats(const QByteArray &data, Error *err = nullptr, QStringList *warnings = nullptr);

// nullopt when intervalSec <= 0, the names differ, or a counter went backwards.
std::optional<DiskRate> diskRate(const DiskStat &prev, const DiskStat &cur, double intervalSec);
// Every device present in both snapshots (by name), in `cur` order.
QList<DiskRate> diskRates(
    const QList<DiskStat> &prev, const QList<DiskStat> &cur, double intervalSec, QStringList *warnings = nullptr);

} // namespace cm
