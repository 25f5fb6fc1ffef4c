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
#include <QStringList>

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

// The translation context of the findings' texts (ui/ translates them).
inline constexpr char kNetFindingsContext[] = "cm::NetFindings";

struct NetFinding {
    QString id; // stable: "single-stream", "hash-policy", "slave-other-aggregator",
        // "mtu-mismatch", "speed-below-nominal", "receiver-cpu",
        // "aggregate-vs-slaves", "not-spread", "link-shares"
    QString severity; // "info", "warning", "problem"
    // The text as source (QT_TRANSLATE_NOOP in kNetFindingsContext) with %1… and its
    // arguments: the English text is fillPlaceholders(source, args).
    const char *source = "";
    QStringList args;
    QString text() const;
    QJsonObject toJson() const; // id, severity, text, and source + args for ui/
};

// source with %1…%9 replaced by args in one pass (an argument's own "%1" stays).
QString fillPlaceholders(const QString &source, const QStringList &args);

QList<NetFinding> netFindings(const NetStepFacts &facts);

// Share of the sender's transmitted bytes per link (lo and bond masters left out),
// largest first. Exposed for the runner's summary and tests.
QList<std::pair<QString, double>> senderLinkShares(const NetStepFacts &facts);

} // namespace cm
