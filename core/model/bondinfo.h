// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A Linux bond as /proc/net/bonding/<bond> describes it: mode, transmit hash policy,
// MII state, slaves and, in 802.3ad mode, the LACP aggregator state. Plain values;
// filled by parse/bondingparser.
#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace cm {

struct BondSlave {
    QString name;
    QString miiStatus; // "up", "down", "going down", "going back"
    int speedMbps = -1; // -1 = "Unknown" or not printed (old drivers)
    QString duplex; // "full", "half", "Unknown" or empty
    int linkFailureCount = 0;
    QString permanentHwAddr;
    int queueId = -1;
    int aggregatorId = -1; // 802.3ad only; -1 = "N/A" or absent
    QString actorChurnState; // "none", "churned", "monitoring" (802.3ad, 4.x+)
    QString partnerChurnState;
    int actorPortState = -1; // LACP port state bits of the PDU details (root only)
    int partnerPortState = -1;
    QString partnerSystemMac; // from "details partner lacp pdu"

    bool isUp() const { return miiStatus == QLatin1String("up"); }
    QJsonObject toJson() const;
    static BondSlave fromJson(const QJsonObject &o);
    friend bool operator==(const BondSlave &, const BondSlave &) = default;
};

struct BondAdInfo {
    bool present = false; // an "802.3ad info" section was printed
    QString lacpActive; // "on"/"off" (5.15+)
    QString lacpRate; // "slow"/"fast"
    int minLinks = -1;
    QString adSelect; // "stable", "bandwidth", "count", "actor_port_prio"
    int systemPriority = -1;
    QString systemMac;
    bool aggregatorReported = false; // aggregator lines printed (root only on 4.x+ kernels)
    bool hasActiveAggregator = false; // false: "bond X has no active aggregator" or not shown
    int activeAggregatorId = -1;
    int numberOfPorts = -1;
    int actorKey = -1;
    int partnerKey = -1;
    QString partnerMac; // 00:00:00:00:00:00 = no LACP partner answered

    QJsonObject toJson() const;
    static BondAdInfo fromJson(const QJsonObject &o);
    friend bool operator==(const BondAdInfo &, const BondAdInfo &) = default;
};

struct BondInfo {
    QString name; // "bond0" (from the file name, set by the caller)
    QString driverVersion; // "v6.1.0-13-amd64", "v3.7.1 (April 27, 2011)"
    QString mode; // short name: balance-rr, active-backup, balance-xor,
        // broadcast, 802.3ad, balance-tlb, balance-alb; empty if unknown
    QString modeDescription; // as printed: "IEEE 802.3ad Dynamic link aggregation"
    QString failOverMac; // active-backup "(fail_over_mac active)"
    QString transmitHashPolicy; // "layer3+4"; empty when the mode does not hash
    int transmitHashPolicyId = -1;
    QString primarySlave; // "None" kept as empty
    QString currentlyActiveSlave; // empty = None or not a primary-using mode
    QString miiStatus;
    int miiPollingMs = -1;
    int upDelayMs = -1;
    int downDelayMs = -1;
    int arpPollingMs = -1;
    QStringList arpTargets;
    QList<BondSlave> slaves;
    BondAdInfo ad;

    // Sum of the slaves' link speeds (up slaves with a known speed), in Mbit/s.
    qint64 sumSlaveSpeedMbps() const;
    // Slaves that can carry traffic: MII up and, in 802.3ad, in the active aggregator;
    // in active-backup only the currently active slave.
    QStringList carryingSlaves() const;
    // Findings a user should see: a slave down, a slave outside the active aggregator,
    // no LACP partner, mixed speeds, a hash policy that keeps one host pair on one link.
    QStringList problems() const;

    const BondSlave *findSlave(const QString &name) const;
    QJsonObject toJson() const;
    static BondInfo fromJson(const QJsonObject &o);
    friend bool operator==(const BondInfo &, const BondInfo &) = default;
};

} // namespace cm

Q_DECLARE_METATYPE(cm::BondInfo)
