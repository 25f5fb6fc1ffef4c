// SPDX-License-Identifier: GPL-3.0-or-later
// The iperf server of one net-iperf step on its server node, from its start to its stop.
#pragma once
// It runs on the server node's own worker (StepContext::startOnNode), on the port the
// step names or, while a port is in use, on random ones. A cancel of the run stops
// it at once, whatever the client is doing; stop() ends it after the test.
#include "bench/steprunner.h"
#include "parse/netdev.h"

#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <thread>

namespace cm {

struct IperfServerState;

class IperfServer {
public:
    IperfServer(StepContext &ctx, QString node, QString tool, int duration, int firstPort);
    ~IperfServer(); // stop(), if start() succeeded and stop() was not called
    IperfServer(const IperfServer &) = delete;
    IperfServer &operator=(const IperfServer &) = delete;

    // Posts the server job; false and *error when the server node cannot take it.
    bool start(Error *error);
    // Waits until the server listens and returns its port in *port; logs the ports it
    // found in use. target names the step in the error when it does not listen.
    Error waitListening(const QString &target, const std::function<void(const QString &)> &log, int *port);
    // Stops the server and waits (bounded) for its job to end.
    void stop();

    struct Result {
        QByteArray output; // without heartbeats
        QList<NetDevStat> netdevAfter; // the node's counters after the test
        Error lost; // the connection to the node broke while it ran
    };
    // After stop().
    Result result() const;

private:
    StepContext &m_ctx;
    QString m_node;
    QString m_tool;
    int m_duration = 0;
    int m_firstPort = 0;
    std::shared_ptr<IperfServerState> m_state;
    CancelToken m_stop;
    std::future<void> m_done;
    std::atomic<bool> m_stepDone {false};
    std::thread m_cancelWatch;
};

} // namespace cm
