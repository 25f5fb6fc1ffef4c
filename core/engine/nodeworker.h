// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One worker thread per node of a run. It owns that node's Transport (an SSH session
// belongs to one thread) for the whole run, so the node is connected once, and runs
// the jobs posted to it in order.
#include "model/error.h"
#include "model/nodespec.h"
#include "transport/transport.h"
#include "util/canceltoken.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

namespace cm {

class NodeWorker {
public:
    using Job = std::function<void(Transport &)>;

    NodeWorker(NodeSpec node, Credentials credentials, CancelToken cancel);
    ~NodeWorker(); // finishes the queued jobs, then joins
    NodeWorker(const NodeWorker &) = delete;
    NodeWorker &operator=(const NodeWorker &) = delete;

    void start();
    // Blocks the caller (the run thread, never the UI) until connect() returned, or
    // the run was cancelled (then Cancelled; the connect finishes in the background).
    Error waitConnected();
    void post(Job job);
    const NodeSpec &node() const { return m_node; }

private:
    void loop();

    NodeSpec m_node;
    Credentials m_credentials;
    CancelToken m_cancel;
    std::thread m_thread;
    std::mutex m_mutex;
    std::condition_variable m_cv;
    std::deque<Job> m_jobs;
    bool m_stopping = false;
    bool m_connectDone = false;
    Error m_connectError;
};

// The transport for a node: local, or SSH.
std::unique_ptr<Transport> createNodeTransport(const NodeSpec &node, const Credentials &credentials);

} // namespace cm
