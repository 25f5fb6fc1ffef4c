// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One node's part of a step of network pairs at once (netconcurrent.h). Every node a
// pair names runs this:
//   1. probes its own end (NICs, /proc/net/dev, iperf versions);
//   2. starts one iperf server per pair it serves, each on the pair's port, in the
//      background and bounded by `timeout` (duration + 30 s: nothing outlives a lost
//      app for long), and checks that they listen;
//   3. arrives at the run's start barrier: by then every node's servers listen;
//   4. runs all its clients at the common moment in one command, each client's lines
//      tagged "@@cm-K " so that one stream carries them all;
//   5. waits for its own servers to finish their test, stops what is left (only the
//      processes it started), and reads /proc/net/dev again.
// The node's outcome: its client pairs' figures ("pairs", "bitsPerSecond": their sum),
// the pairs it served, and its own links' traffic during the step ("links").
#include "bench/steprunner.h"
#include "model/plan.h"

namespace cm {

class NetConcurrentRunner : public StepRunner {
public:
    NetConcurrentRunner(Plan plan, int stepIndex);
    StepOutcome run(StepContext &ctx) override;

    static QString commandPreview(const Plan &plan, const PlanStep &step, const NodeSpec &node);
    // Starts the servers and prints "pids P1 P2…" once every port listens.
    static QStringList serverCommand(const QString &tool, int duration, const QList<int> &ports);
    // The clients at once, each line of client K prefixed "@@cm-K ", then "@@cm-K exit N".
    static QStringList clientCommand(const QList<QStringList> &clients);
    // The tagged stream back into each client's own output.
    static QList<QByteArray> untag(const QByteArray &output, int clients);

private:
    Plan m_plan;
    int m_stepIndex;
};

} // namespace cm
