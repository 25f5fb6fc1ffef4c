// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A scaling series (docs/ARCHITECTURE.md §6): every step of a plan once with the first 1,
// 2, …, N of its client nodes, so the cluster total can be drawn against the number of
// clients. A step of the series carries "clients": k in its params; the default
// RunnerKind::stepNodes posts it to the plan's first k nodes.
#include "bench/runnerkind.h"

namespace cm::scaling {

inline const QString kClientsKey = QStringLiteral("clients");

// Rewrites plan->steps: each step once per count, id "<id>-c<k>", title "<title> ·
// k clients". Counts: increasing, each from 1 to the number of nodes. Refused for a
// kind whose steps do not add up over clients (RunnerKind::sumsClients).
Error expand(const RunnerKind &kind, const QList<int> &counts, Plan *plan);
// "1,2,4" → {1, 2, 4}; an error names the bad part.
QList<int> parseCounts(const QString &text, QString *error);

// The step's client count; 0 when it runs on every node of the plan.
int stepClients(const PlanStep &step);
// The first stepClients(step) nodes' display names; empty: every node.
QStringList stepNodes(const Plan &plan, const PlanStep &step);
// For a kind's validate(): "clients" is a whole number from 1 to the plan's nodes.
Error checkClients(const Plan &plan, const QString &kindId);

} // namespace cm::scaling
