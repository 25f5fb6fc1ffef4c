// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs one plan step on one node, on a worker thread, through that worker's own
// Transport. Streams samples into the context's sink as they are measured.
#include "model/error.h"
#include "model/leftover.h"
#include "model/sample.h"
#include "stats/livetotal.h"
#include "transport/transport.h"
#include "util/canceltoken.h"

#include <QJsonObject>

#include <functional>
#include <future>
#include <memory>

namespace cm {

// State a kind keeps across the steps of one run on one node (e.g. benchmark objects a
// write step leaves for the read steps). The engine finishes it on the node's worker
// after the last step — also after a cancel or a failed step — and what could not be
// removed is returned, so the run records it as left behind.
class RunState {
public:
    virtual ~RunState() = default;
    virtual QList<Leftover> finish(Transport &transport, const std::function<void(const QString &)> &log) = 0;
};

struct StepContext {
    Transport *transport = nullptr; // connected, owned by the worker thread
    CancelToken cancel;
    int stepIndex = 0;
    std::function<double()> now; // seconds since the run started (one time axis)
    QString nodeName;
    std::function<void(const SampleList &)> emitSamples; // thread-safe sink
    std::function<void(const QString &)> log; // one line of progress text
    std::shared_ptr<RunState> runState; // the kind's, or null
    // The start barrier of a step run on several clients at once (engine/startgate.h):
    // call it once, after the set-up and right before measuring. Returns when to start
    // (ms since the epoch), the same moment for every client, or -1 when cancelled.
    // Null when the step runs on one node.
    std::function<qint64()> waitForStart;
    // With waitForStart: each measured interval, for the step's live cluster total
    // (stats/livetotal.h). Null otherwise.
    std::function<void(const ClientInterval &)> emitInterval;
    // For kinds whose step runs on one node but drives others too (RunnerKind::stepNodes,
    // e.g. net-iperf: posted to the client, starts the server on the server node).
    // Runs `job` on that node's own worker thread with that node's Transport (a transport
    // belongs to one thread, so it is never handed out) and returns at once; the future
    // is ready when the job returned. An invalid future and *error when the node is not
    // in the plan or could not be connected.
    using NodeJob = std::function<void(Transport &)>;
    std::function<std::future<void>(const QString &node, NodeJob job, Error *error)> startOnNode;
};

struct StepOutcome {
    Error error;
    QString target; // what was measured ("node1:/srv/x.file")
    QJsonObject summary; // final figures (kind-specific)
    QJsonObject environment; // tool versions, write cache, kernel…
    QByteArray rawOutput; // the tool's own output, kept verbatim
    QString command; // the exact command that ran
    QList<Leftover> leftovers; // what the step made and could not remove
};

class StepRunner {
public:
    virtual ~StepRunner() = default;
    virtual StepOutcome run(StepContext &ctx) = 0;
};

} // namespace cm
