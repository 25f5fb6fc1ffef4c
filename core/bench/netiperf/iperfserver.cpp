// SPDX-License-Identifier: GPL-3.0-or-later
// The iperf server of one net-iperf step on its server node, from its start to its stop.
#include "bench/netiperf/iperfserver.h"

#include "bench/netiperf/netiperfkind.h"
#include "bench/netiperf/netiperfrunner.h"

#include <QLoggingCategory>
#include <QRandomGenerator>

#include <chrono>
#include <condition_variable>
#include <mutex>

Q_DECLARE_LOGGING_CATEGORY(lcNetIperf)

namespace cm {

namespace {

constexpr int PortLow = 20000, PortHigh = 32000;
constexpr int PortAttempts = 6;
constexpr int ServerReadyMs = 15000;
constexpr int ServerStopWaitMs = 8000;

} // namespace

// The server's life, shared between the client's thread and the server node's worker.
struct IperfServerState {
    std::mutex mutex;
    std::condition_variable cv;
    bool ready = false;
    bool finished = false;
    int port = 0;
    Error error;
    Error lost; // the connection to the server node broke while the server ran
    QList<int> portsInUse;
    QByteArray output;
    QList<NetDevStat> netdevAfter;
};

namespace {

void serverJob(
    Transport &t, std::shared_ptr<IperfServerState> st, QString tool, int duration, int firstPort, CancelToken stop)
{
    Error err;
    QByteArray all;
    for (int attempt = 0; attempt < PortAttempts && !stop.isCancelled(); ++attempt) {
        const int port = attempt == 0 && firstPort > 0
            ? firstPort
            : PortLow + int(QRandomGenerator::global()->bounded(PortHigh - PortLow));
        Command c;
        c.argv = NetIperfRunner::watched(NetIperfKind::serverArgs(tool, port, duration));
        c.maxRuntimeSec = duration + 60;
        QByteArray out;
        bool ready = false;
        OutputCallbacks cb;
        cb.onStdout = [&](const QByteArray &chunk) {
            out += chunk;
            if (!ready && out.contains("Server listening")) {
                ready = true;
                std::lock_guard lock(st->mutex);
                st->ready = true;
                st->port = port;
                st->cv.notify_all();
            }
        };
        cb.onStderr = [&](const QByteArray &chunk) { out += chunk; };
        const ExecResult r = t.run(c, cb, stop);
        all += NetIperfRunner::withoutHeartbeats(out);
        if (ready) {
            err = {};
            if (r.error && r.error.code == Error::Code::Unreachable) {
                std::lock_guard lock(st->mutex);
                st->lost = r.error;
            }
            break;
        }
        if (r.error && r.error.code != Error::Code::Cancelled) {
            err = r.error;
            break;
        }
        if (out.contains("Address already in use") || out.contains("bind failed")) {
            qCInfo(lcNetIperf) << t.node().displayName() << "port" << port << "in use; trying another";
            {
                std::lock_guard lock(st->mutex);
                st->portsInUse.append(port);
            }
            err = Error(
                Error::Code::CommandFailed, QStringLiteral("no free port for the server"), t.node().displayName());
            continue;
        }
        err = r.error ? r.error
                      : Error(Error::Code::CommandFailed,
                          QStringLiteral("the %1 server on %2 did not start: %3")
                              .arg(tool, t.node().displayName(), NetIperfRunner::outputTail(out)),
                          t.node().displayName());
        break;
    }
    // Traffic counters after the test, while the connection is still there.
    QList<NetDevStat> after;
    if (t.isConnected()) {
        Error readErr;
        const QByteArray dev = t.readFile(QStringLiteral("/proc/net/dev"), &readErr);
        if (!readErr)
            after = parseNetDev(dev);
    }
    std::lock_guard lock(st->mutex);
    st->finished = true;
    st->output = all;
    st->netdevAfter = after;
    if (!st->ready)
        st->error = err;
    st->cv.notify_all();
}

} // namespace

IperfServer::IperfServer(StepContext &ctx, QString node, QString tool, int duration, int firstPort)
    : m_ctx(ctx)
    , m_node(std::move(node))
    , m_tool(std::move(tool))
    , m_duration(duration)
    , m_firstPort(firstPort)
    , m_state(std::make_shared<IperfServerState>())
{ }

IperfServer::~IperfServer()
{
    stop();
}

bool IperfServer::start(Error *error)
{
    m_done = m_ctx.startOnNode(
        m_node,
        [st = m_state, tool = m_tool, duration = m_duration, serverStop = m_stop, firstPort = m_firstPort](
            Transport &t) { serverJob(t, st, tool, duration, firstPort, serverStop); },
        error);
    if (!m_done.valid())
        return false;
    m_cancelWatch = std::thread([this] {
        while (!m_stepDone.load()) {
            if (m_ctx.cancel.isCancelled()) {
                m_stop.cancel();
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    });
    return true;
}

Error IperfServer::waitListening(const QString &target, const std::function<void(const QString &)> &log, int *port)
{
    IperfServerState &st = *m_state;
    std::unique_lock lock(st.mutex);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ServerReadyMs);
    while (!st.ready && !st.finished && !m_ctx.cancel.isCancelled() && std::chrono::steady_clock::now() < deadline)
        st.cv.wait_for(lock, std::chrono::milliseconds(100));
    *port = st.ready ? st.port : 0;
    for (int used : std::as_const(st.portsInUse))
        log(QStringLiteral("port %1 is in use on %2; tried another").arg(used).arg(m_node));
    if (st.ready)
        return {};
    return st.finished && st.error ? st.error
        : m_ctx.cancel.isCancelled()
        ? Error(Error::Code::Cancelled, QStringLiteral("cancelled"), target)
        : Error(Error::Code::Timeout, QStringLiteral("the %1 server on %2 did not start listening").arg(m_tool, m_node),
            m_node);
}

void IperfServer::stop()
{
    if (!m_cancelWatch.joinable())
        return;
    m_stepDone = true;
    m_stop.cancel();
    m_cancelWatch.join();
    if (m_done.wait_for(std::chrono::milliseconds(ServerStopWaitMs)) != std::future_status::ready)
        qCWarning(lcNetIperf) << m_node << "server job did not end in time";
}

IperfServer::Result IperfServer::result() const
{
    std::lock_guard lock(m_state->mutex);
    return Result {m_state->output, m_state->netdevAfter, m_state->lost};
}

} // namespace cm
