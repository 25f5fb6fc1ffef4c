// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// /proc/net/dev: per-interface cumulative counters, and per-second rates between two
// snapshots. Pure: bytes in, values + warnings out.
#include "model/error.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

namespace cm {

struct NetDevStat {
    QString name;
    quint64 rxBytes = 0, rxPackets = 0, rxErrs = 0, rxDrop = 0, rxFifo = 0, rxFrame = 0, rxCompressed = 0,
            rxMulticast = 0;
    quint64 txBytes = 0, txPackets = 0, txErrs = 0, txDrop = 0, txFifo = 0, txColls = 0, txCarrier = 0,
            txCompressed = 0;
};

struct NetDevRate {
    QString name;
    double rxBytesPerSec = 0, txBytesPerSec = 0;
    double rxPacketsPerSec = 0, txPacketsPerSec = 0;
    double rxErrsPerSec = 0, txErrsPerSec = 0;
    double rxDropPerSec = 0, txDropPerSec = 0;
    bool wrapped = false; // a 32-bit counter wrapped in between (taken into account)
};

// The two header lines are checked; lines that cannot be read are skipped with a
// warning; err only when nothing parsed from non-empty input.
QList<NetDevStat> parseNetDev(const QByteArray &data, Error *err = nullptr, QStringList *warnings = nullptr);
const NetDevStat *findNetDev(const QList<NetDevStat> &stats, const QString &name);

// Rates for every interface present in both snapshots (by name), in `cur` order.
// A counter that went backwards is a 32-bit wrap when both values fit in 32 bits (some
// drivers, 32-bit kernels); otherwise the interface was reset or re-created and it is
// left out with a warning. Interfaces that disappeared or appeared are noted.
// Empty when intervalSec <= 0.
QList<NetDevRate> netDevRates(
    const QList<NetDevStat> &prev, const QList<NetDevStat> &cur, double intervalSec, QStringList *warnings = nullptr);

} // namespace cm
