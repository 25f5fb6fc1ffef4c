// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Samples a node's CPU, disks and network interfaces once a second while a run is going (docs/ARCHITECTURE.md §2):
// one lightweight remote loop per node on its own connection and thread, not one
// command per sample. Emits cpu.busy / cpu.iowait / cpu.core.max and mem.used for the
// node, disk.<dev>.util / rbytes / wbytes / await for its whole disks, and
// net.<iface>.tx / rx / speed (and .shaped under a tbf shaper) for its interfaces (not
// lo): parse/nodestatsdecoder.h.
#include "model/nodeidentity.h"
#include "model/nodespec.h"
#include "model/sample.h"
#include "util/canceltoken.h"

#include <QByteArray>
#include <QHash>

#include <functional>
#include <thread>

namespace cm {

class NodeMonitor {
public:
    using Clock = std::function<double()>;
    using Sink = std::function<void(const SampleList &)>;
    using IdentitySink = std::function<void(const NodeIdentity &)>;

    // identity: called once, on the monitor's thread, with the node's host name and
    // addresses (may be null). A cancel of `run` stops the monitor at once, in parallel
    // with the steps' own stop.
    NodeMonitor(NodeSpec node, Credentials credentials, Clock now, Sink sink, IdentitySink identity = {},
        const CancelToken &run = CancelToken());
    ~NodeMonitor(); // stops the remote loop (process-group kill) and joins
    void start();
    // Starts the remote loop's kill without waiting: several monitors stop at once,
    // and the destructor then only joins.
    void requestStop() { m_stop.cancel(); }

    // The remote loop, exposed for tests and the command preview.
    static QStringList loopCommand(int seconds);

private:
    void loop();

    NodeSpec m_node;
    Credentials m_credentials;
    Clock m_now;
    Sink m_sink;
    IdentitySink m_identity;
    CancelToken m_stop;
    std::thread m_thread;
};

} // namespace cm
