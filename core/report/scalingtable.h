// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The scaling series of a run (bench/scaling.h) as figures and as a forum table: per
// test, the cluster total against the number of clients (one client: its own step;
// more: the step's "(total)" record), with the share of each client and the efficiency
// per client against the single client (the vendor report's 4/8/12-node view). Pure.
#include "store/sessionstore.h"

#include <QList>
#include <QString>

namespace cm {

struct ScalingPoint {
    int clients = 0;
    double bw = 0; // bytes/s, read and write together
    double iops = 0;
    double p99Ns = 0; // of the merged histograms; 0 when not known
};

struct ScalingSeries {
    QString testId; // the step's id without its "-cK"
    QString title; // its title without " · K clients"
    bool byteRate = true; // headline: MB/s (blocks or objects of 64 KiB and more), else IOPS
    QList<ScalingPoint> points; // increasing client counts, completed steps only

    double headline(const ScalingPoint &p) const { return byteRate ? p.bw : p.iops; }
    // headline per client over the single client's headline; 0 without a 1-client point.
    double efficiency(const ScalingPoint &p) const;
};

// The first iteration of each (test, clients) pair.
QList<ScalingSeries> scalingSeries(const QList<StepRecord> &steps);
// "| Test | Clients | Total MB/s | Total IOPS | p99 | Per client | Efficiency |" or "".
QString scalingMarkdown(const QList<StepRecord> &steps);

} // namespace cm
