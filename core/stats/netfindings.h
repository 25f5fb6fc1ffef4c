// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Findings in plain words about one network step (docs/ARCHITECTURE.md §2 "Network"): from the
// measured figure, the traffic each interface carried during the step, the bonds and
// the interfaces' MTU and speed on both ends. Pure: values in, findings out.
#include "model/bondinfo.h"
#include "model/inventory.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace cm {

struct NetLinkTraffic {
    QString node;
    QString iface;
    double txBytes = 0; // during the step
    double rxBytes = 0;
};

struct NetEndFacts {
    QString node;
    QList<NicInfo> nics; // name, mtu, speedMbps, master
    QList<BondInfo> bonds;
};

struct NetStepFacts {
    QString client, server;
    QString direction = QStringLiteral("forward"); // forward, reverse, bidir
    int streams = 1;
    double bitsPerSecond = 0; // what the receiver got
    std::optional<double> cpuReceiverPercent;
    std::optional<double> cpuSenderPercent;
    NetEndFacts clientEnd, serverEnd;
    QList<NetLinkTraffic> traffic;
};

struct NetFinding {
    QString id; // stable: "single-stream", "hash-policy", "slave-other-aggregator",
        // "mtu-mismatch", "speed-below-nominal", "receiver-cpu",
        // "aggregate-vs-slaves", "not-spread", "link-shares"
    QString severity; // "info", "warning", "problem"
    QString text;
    QJsonObject toJson() const;
};

QList<NetFinding> netFindings(const NetStepFacts &facts);

// Share of the sender's transmitted bytes per link (lo and bond masters left out),
// largest first. Exposed for the runner's summary and tests.
QList<std::pair<QString, double>> senderLinkShares(const NetStepFacts &facts);

} // namespace cm
