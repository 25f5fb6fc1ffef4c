// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Network pairs at once (NetIperfKind, Options::atOnce): one plan step holds every pair
// and runs on every node they name, started together by the run's start barrier:
//   mesh: every ordered pair of the nodes at the same time;
//   star with centreIsServer: every other node into the first, one server port each.
//
// PlanStep.params: {"pairs":[{"client":"node1","server":"node2","port":5201,
//                             "address":"10.0.0.2" (optional: what the client dials)}],
//                   "direction", "streams", "duration", "tool":"iperf3"|"iperf2"}
// Each pair has its own port (5201 + its index): a server node runs one iperf server
// per pair it serves.
#include "bench/netiperf/netiperfkind.h"

namespace cm::netconcurrent {

struct Pair {
    QString client;
    QString server;
    int port = 0;
    QString address; // dialled by the client; empty: the server node's host
};

bool isConcurrent(const PlanStep &step);
QList<Pair> pairs(const PlanStep &step);
// The one step of a plan in atOnce mode (nodes in plan order; addresses by server name).
PlanStep makeStep(const QList<NodeSpec> &nodes, const NetIperfKind::Options &o, Error *error);
// For NetIperfKind::validate(): names, ports, addresses, tool.
Error validateStep(const Plan &plan, const PlanStep &step);
// Every node a pair names, clients and servers, in plan order.
QStringList stepNodes(const Plan &plan, const PlanStep &step);
// The address the pair's client dials.
QString dialAddress(const Plan &plan, const Pair &pair);
// "node1→node2" (reverse: "node2→node1", the way the measured data flows).
QString pairTarget(const Pair &pair, const QString &direction);

} // namespace cm::netconcurrent
