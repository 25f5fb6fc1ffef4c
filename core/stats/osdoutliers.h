// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Which OSD is the slow one (docs/ARCHITECTURE.md §2 "Per-OSD latency"): an OSD is an outlier when
// its median write latency is above 2× the median of the p50s of the OTHER OSDs of the
// same device class. With fewer than 2 such peers it is never flagged (the reason says
// so). OSDs without a measurement (no ops) are neither judged nor anyone's peer. Pure.
#include <QList>
#include <QString>

namespace cm {

struct OsdLatencyPoint {
    int id = -1;
    QString deviceClass; // "hdd", "ssd", "nvme"; empty = its own (unnamed) class
    double p50 = 0; // ns
    quint64 ops = 0;
};

struct OsdOutlierVerdict {
    int id = -1;
    bool outlier = false;
    QString reason; // why flagged, or why it could not be judged; empty when normal
    double peerMedian = 0; // ns; 0 when too few peers
    int peers = 0;
};

class OsdOutliers {
public:
    static constexpr double kFactor = 2.0;
    static constexpr int kMinPeers = 2;

    // One verdict per point, in the same order.
    static QList<OsdOutlierVerdict> judge(const QList<OsdLatencyPoint> &points);
    static double median(QList<double> values); // 0 when empty
};

} // namespace cm
