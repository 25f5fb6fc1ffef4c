// SPDX-License-Identifier: GPL-3.0-or-later
#include "stats/osdoutliers.h"

#include <algorithm>

namespace cm {

namespace {

QString micros(double ns)
{
    return ns >= 1e6 ? QStringLiteral("%1 ms").arg(ns / 1e6, 0, 'f', 2)
                     : QStringLiteral("%1 µs").arg(ns / 1e3, 0, 'f', 0);
}

} // namespace

double OsdOutliers::median(QList<double> values)
{
    if (values.isEmpty())
        return 0;
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n % 2 ? values.at(n / 2) : (values.at(n / 2 - 1) + values.at(n / 2)) / 2;
}

QList<OsdOutlierVerdict> OsdOutliers::judge(const QList<OsdLatencyPoint> &points)
{
    QList<OsdOutlierVerdict> out;
    out.reserve(points.size());
    for (qsizetype i = 0; i < points.size(); ++i) {
        const OsdLatencyPoint &p = points.at(i);
        OsdOutlierVerdict v;
        v.id = p.id;
        const QString cls = p.deviceClass.isEmpty() ? QStringLiteral("(no class)") : p.deviceClass;
        if (p.ops == 0 || p.p50 <= 0) {
            v.reason = QStringLiteral("no measurement");
            out << v;
            continue;
        }
        QList<double> peers;
        for (qsizetype j = 0; j < points.size(); ++j) {
            const OsdLatencyPoint &q = points.at(j);
            if (j != i && q.deviceClass == p.deviceClass && q.ops > 0 && q.p50 > 0)
                peers << q.p50;
        }
        v.peers = int(peers.size());
        if (peers.size() < kMinPeers) {
            v.reason = QStringLiteral("too few peers: %1 other %2 OSD(s) measured, %3 needed")
                           .arg(peers.size())
                           .arg(cls)
                           .arg(kMinPeers);
            out << v;
            continue;
        }
        v.peerMedian = median(peers);
        if (p.p50 > kFactor * v.peerMedian) {
            v.outlier = true;
            v.reason = QStringLiteral("p50 %1 is %2× the median %3 of %4 other %5 OSDs")
                           .arg(micros(p.p50))
                           .arg(p.p50 / v.peerMedian, 0, 'f', 1)
                           .arg(micros(v.peerMedian))
                           .arg(peers.size())
                           .arg(cls);
        }
        out << v;
    }
    return out;
}

} // namespace cm
