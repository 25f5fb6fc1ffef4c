// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the network runner needs to know about one end of a pair, read in one remote
// round trip: iperf3 / iperf 2 versions, every interface's MTU, speed and master,
// /proc/net/dev and /proc/net/bonding/*.
#include "model/bondinfo.h"
#include "model/inventory.h"
#include "parse/netdev.h"
#include "transport/transport.h"

namespace cm {

struct NetEndProbe {
    QString node;
    QString iperf3Version; // "3.12"; empty when iperf3 does not run there
    QString iperf2Version; // "2.1.8"; empty when iperf 2 does not run there
    QList<NicInfo> nics; // name, mtu, speedMbps (-1 unknown), master
    QList<NetDevStat> netdev;
    QList<BondInfo> bonds;
    Error error; // the probe itself failed (node unreachable)

    int maxSpeedMbps() const;
    QJsonObject toJson() const;
};

NetEndProbe probeNetEnd(Transport &t, const QString &nodeName, const CancelToken &cancel);
// Parses the probe script's output (exposed for tests).
NetEndProbe parseNetEndProbe(const QByteArray &output, const QByteArray &nonce, const QString &nodeName);
// "iperf 3.12 (cJSON 1.7.15)" -> 3.12 as {3, 12}; {0, 0} when unknown.
std::pair<int, int> iperfVersionNumbers(const QString &version);

} // namespace cm
