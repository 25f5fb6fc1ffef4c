#include "bench/netiperf/netiperfrunner.h"

#include "bench/netiperf/netiperfkind.h"
#include "model/metric.h"
#include "parse/iperf2csvreader.h"
#include "parse/iperf3json.h"
#include "stats/netfindings.h"
#include "transport/shellquote.h"

#include <QJsonArray>
#include <QLoggingCategory>
#include <QRandomGenerator>
#include <QSet>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

Q_LOGGING_CATEGORY(lcNetIperf, "clustermark.core.netiperf", QtInfoMsg)

namespace cm {

namespace {

constexpr int PortLow = 20000, PortHigh = 32000;
constexpr int PortAttempts = 6;
constexpr int ServerReadyMs = 15000;
constexpr int ServerStopWaitMs = 8000;

// Fixed script; the command is "$@". A TERM (from `timeout`, which with --foreground
// signals only its child) is passed on to the command and the watchdog.
const char *kWatchScript = R"SH("$@" & c=$!
( trap '' PIPE; while sleep 1 </dev/null >/dev/null 2>&1; do echo @@cm-alive >&2 || { kill -TERM "$c" 2>/dev/null; exit 0; }; done ) &
w=$!
trap 'kill -TERM "$c" "$w" 2>/dev/null; exit 143' TERM INT HUP
wait "$c"; rc=$?
kill "$w" 2>/dev/null
exit "$rc"
)SH";

QByteArray withoutHeartbeats(const QByteArray &text)
{
    QByteArray out;
    for (const QByteArray &l : text.split('\n'))
        if (!l.isEmpty() && l != NetIperfRunner::heartbeat())
            out += l + '\n';
    return out;
}

QString tail(const QByteArray &text, int lines = 3)
{
    QStringList l = QString::fromUtf8(withoutHeartbeats(text)).trimmed().split(QLatin1Char('\n'));
    if (l.size() > lines)
        l = l.mid(l.size() - lines);
    return l.join(QStringLiteral(" | "));
}

// The server's life, shared between the client's thread and the server node's worker.
struct ServerState {
    std::mutex mutex;
    std::condition_variable cv;
    bool ready = false;
    bool finished = false;
    int port = 0;
    Error error;
    Error lost;   // the connection to the server node broke while the server ran
    QList<int> portsInUse;
    QByteArray output;
    QList<NetDevStat> netdevAfter;
};

void serverJob(Transport &t, std::shared_ptr<ServerState> st, QString tool, int duration, int firstPort, CancelToken stop)
{
    Error err;
    QByteArray all;
    for (int attempt = 0; attempt < PortAttempts && !stop.isCancelled(); ++attempt) {
        const int port = attempt == 0 && firstPort > 0 ? firstPort
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
        all += withoutHeartbeats(out);
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
            err = Error(Error::Code::CommandFailed, QStringLiteral("no free port for the server"), t.node().displayName());
            continue;
        }
        err = r.error ? r.error
                      : Error(Error::Code::CommandFailed,
                              QStringLiteral("the %1 server on %2 did not start: %3").arg(tool, t.node().displayName(), tail(out)),
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

// iperf 2 CSV lines to one reader per direction. --full-duplex prints both directions
// with the same stream ids: what the client sent has the server's port as destination
// port, what it received as source port. Without bidir every line goes forward.
class Iperf2Split {
public:
    Iperf2Split(int streams, int port, bool bidir) : m_port(QByteArray::number(port)), m_bidir(bidir), m_fwd(streams), m_rev(streams) {}
    void feed(const QByteArray &chunk, QList<Iperf2Interval> &fwd, QList<Iperf2Interval> &rev)
    {
        m_buf += chunk;
        for (;;) {
            const qsizetype nl = m_buf.indexOf('\n');
            if (nl < 0)
                break;
            const QByteArray line = m_buf.left(nl + 1);
            m_buf.remove(0, nl + 1);
            const QList<QByteArray> f = line.split(',');
            const bool received = m_bidir && f.size() > 4 && f.at(2) == m_port;
            (received ? rev : fwd) += (received ? m_rev : m_fwd).feed(line);
        }
    }
    void finish(QList<Iperf2Interval> &fwd, QList<Iperf2Interval> &rev)
    {
        if (!m_buf.isEmpty())
            feed("\n", fwd, rev);
        fwd += m_fwd.finish();
        rev += m_rev.finish();
    }
    const Iperf2CsvReader &forward() const { return m_fwd; }
    const Iperf2CsvReader &reverse() const { return m_rev; }

private:
    QByteArray m_buf;
    QByteArray m_port;
    bool m_bidir = false;
    Iperf2CsvReader m_fwd, m_rev;
};

// Bytes per interface between two snapshots of one node.
void addTraffic(QList<NetLinkTraffic> &out, const QString &node, const QList<NetDevStat> &before,
                const QList<NetDevStat> &after)
{
    for (const NetDevStat &a : after) {
        const NetDevStat *b = findNetDev(before, a.name);
        if (!b || a.name == QLatin1String("lo") || a.txBytes < b->txBytes || a.rxBytes < b->rxBytes)
            continue;
        out.append({node, a.name, double(a.txBytes - b->txBytes), double(a.rxBytes - b->rxBytes)});
    }
}

} // namespace

NetIperfRunner::NetIperfRunner(Plan plan, int stepIndex) : m_plan(std::move(plan)), m_stepIndex(stepIndex) {}

QStringList NetIperfRunner::watched(const QStringList &argv)
{
    return QStringList{QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kWatchScript), QStringLiteral("sh")}
        + argv;
}

QString NetIperfRunner::chooseTool(const QString &requested, const NetEndProbe &a, const NetEndProbe &b, QString *why)
{
    auto say = [&](const QString &w) {
        if (why)
            *why = w;
    };
    if (requested == QLatin1String("iperf3") || requested == QLatin1String("iperf2")) {
        say(QStringLiteral("%1 as asked").arg(requested));
        return requested;
    }
    const auto va = iperfVersionNumbers(a.iperf3Version), vb = iperfVersionNumbers(b.iperf3Version);
    auto older = [](std::pair<int, int> v) { return v.first == 3 && v.second < 16; };
    const int speed = qMax(a.maxSpeedMbps(), b.maxSpeedMbps());
    const bool have2 = !a.iperf2Version.isEmpty() && !b.iperf2Version.isEmpty();
    const bool have3 = !a.iperf3Version.isEmpty() && !b.iperf3Version.isEmpty();
    if ((older(va) || older(vb)) && speed > 25000 && have2) {
        say(QStringLiteral("iperf 2: iperf3 %1 runs on one CPU core (before 3.16) and cannot fill a %2 Gbit/s link")
                .arg(older(va) ? a.iperf3Version : b.iperf3Version)
                .arg(speed / 1000));
        return QStringLiteral("iperf2");
    }
    if (!have3 && have2) {
        say(QStringLiteral("iperf 2: iperf3 is not installed on both nodes"));
        return QStringLiteral("iperf2");
    }
    say(speed > 25000 ? QStringLiteral("iperf3 %1 (multi-threaded since 3.16)").arg(a.iperf3Version)
                      : QStringLiteral("iperf3 (links up to %1 Gbit/s)").arg(speed > 0 ? QString::number(speed / 1000.0) : QStringLiteral("?")));
    return QStringLiteral("iperf3");
}

StepOutcome NetIperfRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    const QJsonObject &p = step.params;
    const QString client = p.value(QStringLiteral("client")).toString();
    const QString server = p.value(QStringLiteral("server")).toString();
    const QString direction = p.value(QStringLiteral("direction")).toString(QStringLiteral("forward"));
    const int streams = p.value(QStringLiteral("streams")).toInt(1);
    const int duration = p.value(QStringLiteral("duration")).toInt(10);
    const QString address = NetIperfKind::serverAddress(m_plan, step);
    const QString fwd = client + QStringLiteral("→") + server;
    const QString rev = server + QStringLiteral("→") + client;
    out.target = direction == QLatin1String("reverse") ? rev : direction == QLatin1String("bidir") ? client + QStringLiteral("↔") + server : fwd;
    auto log = [&](const QString &line) {
        if (ctx.log)
            ctx.log(QStringLiteral("%1: %2").arg(out.target, line));
    };
    auto fail = [&](Error e) {
        out.error = std::move(e);
        return out;
    };
    if (!ctx.startOnNode)
        return fail(Error(Error::Code::Internal, QStringLiteral("the engine cannot reach the server node"), out.target));

    // Probe both ends at once.
    NetEndProbe serverProbe;
    Error postErr;
    std::future<void> probed = ctx.startOnNode(
        server, [&serverProbe, server, cancel = ctx.cancel](Transport &t) { serverProbe = probeNetEnd(t, server, cancel); },
        &postErr);
    if (!probed.valid())
        return fail(postErr);
    const NetEndProbe clientProbe = probeNetEnd(*ctx.transport, client, ctx.cancel);
    probed.wait();
    if (clientProbe.error)
        return fail(clientProbe.error);
    if (serverProbe.error)
        return fail(serverProbe.error);
    if (ctx.cancel.isCancelled())
        return fail(Error(Error::Code::Cancelled, QStringLiteral("cancelled"), out.target));

    QString why;
    const QString tool = chooseTool(p.value(QStringLiteral("tool")).toString(QStringLiteral("auto")), clientProbe, serverProbe, &why);
    log(QStringLiteral("tool: %1").arg(why));
    for (const NetEndProbe *e : std::initializer_list<const NetEndProbe *>{&clientProbe, &serverProbe}) {
        const bool missing = tool == QLatin1String("iperf2") ? e->iperf2Version.isEmpty() : e->iperf3Version.isEmpty();
        if (missing)
            return fail(Error(Error::Code::ToolMissing,
                              QStringLiteral("%1 is not installed on %2").arg(tool == QLatin1String("iperf2") ? QStringLiteral("iperf") : tool, e->node),
                              e->node));
    }
    out.environment = QJsonObject{{client, clientProbe.toJson()}, {server, serverProbe.toJson()}};
    // The links' nominal speeds and which interfaces are masters, for the live per-link chart.
    if (ctx.emitSamples) {
        SampleList facts;
        const double t = ctx.now ? ctx.now() : 0;
        for (const NetEndProbe *e : std::initializer_list<const NetEndProbe *>{&clientProbe, &serverProbe}) {
            QSet<QString> masters;
            for (const NicInfo &n : e->nics)
                if (!n.master.isEmpty())
                    masters.insert(n.master);
            for (const NicInfo &n : e->nics) {
                if (n.name == QLatin1String("lo"))
                    continue;
                if (n.speedMbps > 0)
                    facts.append(Sample{-1, e->node, metric::netSpeed(n.name), t, n.speedMbps * 1e6 / 8});
                if (masters.contains(n.name))
                    facts.append(Sample{-1, e->node, metric::netMaster(n.name), t, 1});
            }
        }
        if (!facts.isEmpty())
            ctx.emitSamples(facts);
    }

    // The server, on the server node's own worker.
    auto st = std::make_shared<ServerState>();
    CancelToken serverStop;
    std::future<void> serverDone = ctx.startOnNode(
        server,
        [st, tool, duration, serverStop, firstPort = p.value(QStringLiteral("port")).toInt(0)](Transport &t) {
            serverJob(t, st, tool, duration, firstPort, serverStop);
        },
        &postErr);
    if (!serverDone.valid())
        return fail(postErr);
    // A cancel of the run stops the server at once, whatever the client is doing.
    std::atomic<bool> stepDone{false};
    std::thread cancelWatch([&] {
        while (!stepDone.load()) {
            if (ctx.cancel.isCancelled()) {
                serverStop.cancel();
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    });
    auto stopServer = [&] {
        stepDone = true;
        serverStop.cancel();
        cancelWatch.join();
        if (serverDone.wait_for(std::chrono::milliseconds(ServerStopWaitMs)) != std::future_status::ready)
            qCWarning(lcNetIperf) << server << "server job did not end in time";
    };

    int port = 0;
    {
        std::unique_lock lock(st->mutex);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ServerReadyMs);
        while (!st->ready && !st->finished && !ctx.cancel.isCancelled() && std::chrono::steady_clock::now() < deadline)
            st->cv.wait_for(lock, std::chrono::milliseconds(100));
        port = st->ready ? st->port : 0;
        for (int used : std::as_const(st->portsInUse))
            log(QStringLiteral("port %1 is in use on %2; tried another").arg(used).arg(server));
        if (!st->ready) {
            Error e = st->finished && st->error ? st->error
                : ctx.cancel.isCancelled()      ? Error(Error::Code::Cancelled, QStringLiteral("cancelled"), out.target)
                                                : Error(Error::Code::Timeout, QStringLiteral("the %1 server on %2 did not start listening").arg(tool, server), server);
            lock.unlock();
            stopServer();
            return fail(e);
        }
    }
    log(QStringLiteral("%1 server listening on %2 port %3").arg(tool, server).arg(port));

    Command cmd;
    cmd.argv = watched(NetIperfKind::clientArgs(tool, address, port, step));
    cmd.maxRuntimeSec = duration + 30;
    cmd.timeoutMs = (duration + 40) * 1000;
    out.command = QStringLiteral("[%1] %2\n[%3] %4")
                      .arg(server, shellJoin(NetIperfKind::serverArgs(tool, port, duration)), client,
                           shellJoin(NetIperfKind::clientArgs(tool, address, port, step)));
    log(NetIperfKind::clientArgs(tool, address, port, step).join(QLatin1Char(' ')));

    QByteArray stdOut, stdErr;
    const bool bidir = direction == QLatin1String("bidir");
    Iperf2Split csv(streams, port, bidir);
    const QString mainTarget = direction == QLatin1String("reverse") ? rev : fwd;
    const double t0 = ctx.now ? ctx.now() : 0;
    auto iperf2Samples = [&](const QList<Iperf2Interval> &f, const QList<Iperf2Interval> &r) {
        SampleList s;
        for (const Iperf2Interval &iv : f)
            s.append(Sample{ctx.stepIndex, mainTarget, metric::NetBw, t0 + iv.end, iv.bitsPerSecond / 8});
        for (const Iperf2Interval &iv : r)
            s.append(Sample{ctx.stepIndex, rev, metric::NetBw, t0 + iv.end, iv.bitsPerSecond / 8});
        if (!s.isEmpty() && ctx.emitSamples)
            ctx.emitSamples(s);
    };
    OutputCallbacks cb;
    cb.onStdout = [&](const QByteArray &chunk) {
        stdOut += chunk;
        if (tool == QLatin1String("iperf2")) {
            QList<Iperf2Interval> f, r;
            csv.feed(chunk, f, r);
            iperf2Samples(f, r);
        }
    };
    cb.onStderr = [&](const QByteArray &chunk) { stdErr += chunk; };
    const ExecResult r = ctx.transport->run(cmd, cb, ctx.cancel);
    const QList<NetDevStat> clientAfter = r.error && r.error.code == Error::Code::Unreachable
        ? QList<NetDevStat>{}
        : parseNetDev(ctx.transport->readFile(QStringLiteral("/proc/net/dev")));
    stopServer();
    stdErr = withoutHeartbeats(stdErr);
    out.rawOutput = stdOut + (stdErr.isEmpty() ? QByteArray() : "\n--- stderr ---\n" + stdErr);
    QByteArray serverOutput;
    QList<NetDevStat> serverAfter;
    Error serverLost;
    {
        std::lock_guard lock(st->mutex);
        serverOutput = st->output;
        serverAfter = st->netdevAfter;
        serverLost = st->lost;
    }
    if (!serverOutput.isEmpty())
        out.rawOutput += "\n--- server " + server.toUtf8() + " ---\n" + serverOutput;

    out.summary = QJsonObject{{QStringLiteral("tool"), tool},         {QStringLiteral("toolReason"), why},
                              {QStringLiteral("client"), client},     {QStringLiteral("server"), server},
                              {QStringLiteral("address"), address},   {QStringLiteral("port"), port},
                              {QStringLiteral("direction"), direction}, {QStringLiteral("streams"), streams},
                              {QStringLiteral("duration"), duration}};
    if (serverLost && !ctx.cancel.isCancelled())
        return fail(Error(Error::Code::Unreachable, QStringLiteral("lost the server node %1 during the test: %2").arg(server, serverLost.message),
                          out.target));
    if (r.error)
        return fail(r.error.code == Error::Code::Unreachable || r.error.code == Error::Code::Cancelled
                        ? r.error
                        : Error(r.error.code, r.error.message, out.target, tail(stdErr)));

    NetStepFacts facts;
    facts.client = client;
    facts.server = server;
    facts.direction = direction;
    facts.streams = streams;
    if (tool == QLatin1String("iperf3")) {
        Error parseErr;
        const Iperf3Result res = parseIperf3Json(stdOut, &parseErr);
        if (parseErr)
            return fail(Error(Error::Code::ParseError, QStringLiteral("iperf3 printed no result: %1").arg(parseErr.message),
                              out.target, tail(stdOut + stdErr)));
        if (res.failed())
            return fail(res.toolError(out.target));
        SampleList s;
        for (const Iperf3Interval &iv : res.intervals) {
            if (iv.omitted)
                continue;
            s.append(Sample{ctx.stepIndex, mainTarget, metric::NetBw, t0 + iv.end, iv.sum.bitsPerSecond / 8});
            if (iv.sum.retransmits >= 0)
                s.append(Sample{ctx.stepIndex, mainTarget, metric::NetRetransmits, t0 + iv.end, double(iv.sum.retransmits)});
            if (iv.sumReverse.present)
                s.append(Sample{ctx.stepIndex, rev, metric::NetBw, t0 + iv.end, iv.sumReverse.bitsPerSecond / 8});
        }
        if (!s.isEmpty() && ctx.emitSamples)
            ctx.emitSamples(s);
        facts.bitsPerSecond = res.receivedBitsPerSecond();
        out.summary.insert(QStringLiteral("bitsPerSecond"), facts.bitsPerSecond);
        if (res.bidir && res.sumReceivedReverse.present)
            out.summary.insert(QStringLiteral("reverseBitsPerSecond"), res.sumReceivedReverse.bitsPerSecond);
        if (res.sumSent.retransmits >= 0)
            out.summary.insert(QStringLiteral("retransmits"), res.sumSent.retransmits);
        out.summary.insert(QStringLiteral("toolVersion"), res.version);
        // iperf3's host is the client, remote the server.
        const bool clientReceives = direction == QLatin1String("reverse");
        const auto recvCpu = clientReceives ? res.cpuHostTotal : res.cpuRemoteTotal;
        const auto sendCpu = clientReceives ? res.cpuRemoteTotal : res.cpuHostTotal;
        facts.cpuReceiverPercent = recvCpu;
        facts.cpuSenderPercent = sendCpu;
        if (recvCpu)
            out.summary.insert(QStringLiteral("receiverCpuPercent"), *recvCpu);
        if (sendCpu)
            out.summary.insert(QStringLiteral("senderCpuPercent"), *sendCpu);
    } else {
        QList<Iperf2Interval> f, rv;
        csv.finish(f, rv);
        iperf2Samples(f, rv);
        const auto total = csv.forward().total();
        if (stdErr.contains("connect failed") || stdOut.contains("connect failed"))
            return fail(Error(Error::Code::Unreachable, QStringLiteral("iperf could not connect to %1 port %2: %3").arg(address).arg(port).arg(tail(stdErr)),
                              out.target, tail(stdErr)));
        if (!total)
            return fail(Error(Error::Code::CommandFailed, QStringLiteral("iperf printed no result: %1").arg(tail(stdErr + stdOut)), out.target));
        facts.bitsPerSecond = total->bitsPerSecond;
        out.summary.insert(QStringLiteral("bitsPerSecond"), facts.bitsPerSecond);
        if (const auto back = csv.reverse().total(); bidir && back)
            out.summary.insert(QStringLiteral("reverseBitsPerSecond"), back->bitsPerSecond);
        out.summary.insert(QStringLiteral("toolVersion"), clientProbe.iperf2Version);
    }
    out.summary.insert(QStringLiteral("bytesPerSecond"), facts.bitsPerSecond / 8);

    facts.clientEnd = NetEndFacts{client, clientProbe.nics, clientProbe.bonds};
    facts.serverEnd = NetEndFacts{server, serverProbe.nics, serverProbe.bonds};
    addTraffic(facts.traffic, client, clientProbe.netdev, clientAfter);
    addTraffic(facts.traffic, server, serverProbe.netdev, serverAfter);
    QJsonObject links;
    for (const NetLinkTraffic &t : std::as_const(facts.traffic)) {
        QJsonObject node = links.value(t.node).toObject();
        node.insert(t.iface, QJsonObject{{QStringLiteral("txBytes"), t.txBytes}, {QStringLiteral("rxBytes"), t.rxBytes}});
        links.insert(t.node, node);
    }
    out.summary.insert(QStringLiteral("links"), links);
    QJsonObject shares;
    for (const auto &s : senderLinkShares(facts))
        shares.insert(s.first, s.second);
    out.summary.insert(QStringLiteral("senderLinkShares"), shares);
    QJsonArray findings;
    for (const NetFinding &f : netFindings(facts)) {
        findings.append(f.toJson());
        log(QStringLiteral("[%1] %2").arg(f.severity, f.text));
    }
    out.summary.insert(QStringLiteral("findings"), findings);
    log(QStringLiteral("%1 Gbit/s").arg(facts.bitsPerSecond / 1e9, 0, 'f', 3));
    return out;
}

} // namespace cm
