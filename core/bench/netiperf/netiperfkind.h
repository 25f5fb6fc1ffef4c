// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Network benchmark between node pairs with iperf3 or iperf 2 (docs/ARCHITECTURE.md §2 "Network").
// One plan step is one pair: it runs on the client node, which starts the server on
// the server node through StepContext::startOnNode, so a mesh is a list of steps.
//
// PlanStep.params: {"client":"node1", "server":"node2",
//                   "direction":"forward|reverse|bidir", "streams":4, "duration":10,
//                   "tool":"auto|iperf3|iperf2", "serverAddress":"10.0.0.2" (optional:
//                   the address the client dials; default the server node's host),
//                   "port":5201 (optional: the server's first port to try; when it is in
//                   use, and by default, random ports in 20000-32000)}
// Client and server are node display names of Plan.nodes.
#include "bench/runnerkind.h"

#include <QMap>

namespace cm {

class NetIperfKind : public RunnerKind {
public:
    static QString kindId() { return QStringLiteral("net-iperf"); }

    QString id() const override { return kindId(); }
    QString displayName() const override
    {
        return kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "Network (iperf3 / iperf 2)"));
    }
    QStringList aliases() const override { return {QStringLiteral("net")}; }
    const char *description() const override;
    QString importedTool() const override { return QStringLiteral("iperf"); }
    // The command line (netiperfcli.cpp).
    QList<CliOption> cliOptions() const override;
    QString cliSummary() const override;
    Plan planFromCli(const CliArgs &args, QStringList *notes, Error *error) const override;
    QList<MetricSpec> metrics() const override;
    // "pair" (first two nodes), "star" (first node to each other) and "mesh" (every
    // ordered pair). Their steps name the placeholder nodes A, B, C; makePlan() builds
    // the real steps for real nodes.
    QList<Preset> presets() const override;
    QList<PreflightCheck> preflight(const Plan &plan) const override; // the iperf tools its steps use
    Error validate(const Plan &plan) const override;
    bool isDestructive(const Plan &) const override { return false; }
    QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const override;
    double estimatedSeconds(const Plan &plan, int stepIndex) const override;
    std::unique_ptr<StepRunner> createStepRunner(const Plan &plan, int stepIndex) const override;
    QStringList stepNodes(const Plan &plan, int stepIndex) const override;
    bool startsTogether(const Plan &plan, int stepIndex) const override; // pairs at once
    NodeUse nodeUse(const Plan &plan, const QString &node) const override; // the peers' addresses

    struct Options {
        QString mode = QStringLiteral("pair"); // pair, star, mesh
        QString direction = QStringLiteral("forward"); // forward, reverse, bidir
        int streams = 4;
        int duration = 10;
        QString tool = QStringLiteral("auto"); // auto, iperf3, iperf2
        QString serverAddress; // pair mode only
        // star: false = the first node is the client of every pair (it sends to each
        // other node); true = it runs the server and every other node connects to it.
        bool centreIsServer = false;
        // mesh, or star with centreIsServer: every pair at the same time, in one step
        // (netconcurrent.h), instead of one pair after another.
        bool atOnce = false;
        // What a client dials to reach a node (its storage network address, say), by
        // node name; a node not listed: its host.
        QMap<QString, QString> addresses;

        // Plan.target of a net-iperf plan (the wizard reads it back to edit a plan).
        QJsonObject toJson() const;
        static Options fromJson(const QJsonObject &o);
    };
    static QList<PlanStep> pairSteps(const QList<NodeSpec> &nodes, const Options &o, Error *error);
    static Plan makePlan(const QList<NodeSpec> &nodes, const Options &o, Error *error);

    // Argument lists (argv[0] is the tool). tool: "iperf3" or "iperf2".
    static QStringList serverArgs(const QString &tool, int port, int duration);
    static QStringList clientArgs(const QString &tool, const QString &address, int port, const PlanStep &step);
    static const NodeSpec *findNode(const Plan &plan, const QString &name);
    // The address the client dials: serverAddress, else the server node's host.
    static QString serverAddress(const Plan &plan, const PlanStep &step);
};

} // namespace cm
