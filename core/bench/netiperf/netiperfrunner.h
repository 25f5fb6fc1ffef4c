// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs one net-iperf step (see netiperfkind.h) on its client node: probes both ends,
// picks the tool, starts the server on the server node (through
// StepContext::startOnNode) on a free port, runs the client, parses its output into
// samples and a summary with findings, and always stops the server afterwards — also
// after a cancel or a lost node. Both remote commands run under a watchdog that ends
// them within about a second when their SSH connection is gone.
#include "bench/netiperf/netendprobe.h"
#include "stats/netfindings.h"
#include "bench/steprunner.h"
#include "model/plan.h"

namespace cm {

class NetIperfRunner : public StepRunner {
public:
    NetIperfRunner(Plan plan, int stepIndex);
    StepOutcome run(StepContext &ctx) override;

    // tool "auto": iperf3, unless the iperf3 on an end is older than 3.16 (single
    // threaded) and a link is faster than 25 Gbit/s and iperf 2 runs on both ends.
    // *why: the reason (a finding with id "tool"), for the step log and the summary.
    static QString chooseTool(const QString &requested, const NetEndProbe &a, const NetEndProbe &b, NetFinding *why);
    // argv wrapped so that it ends when its connection is lost: a watchdog writes a
    // heartbeat line to stderr every second and kills the command when that fails.
    static QStringList watched(const QStringList &argv);
    static QByteArray heartbeat() { return QByteArrayLiteral("@@cm-alive"); }
    // Such a command's output without the heartbeat lines (and without empty lines).
    static QByteArray withoutHeartbeats(const QByteArray &text);
    // Its last lines, joined by " | ", for an error's detail.
    static QString outputTail(const QByteArray &text, int lines = 3);

private:
    Plan m_plan;
    int m_stepIndex = 0;
};

} // namespace cm
