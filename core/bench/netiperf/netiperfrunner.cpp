// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/netiperf/netiperfrunner.h"

#include "bench/netiperf/iperfserver.h"
#include "bench/netiperf/netiperfkind.h"
#include "model/metric.h"
#include "parse/iperf2csvreader.h"
#include "parse/iperf3json.h"
#include "report/unitformat.h"
#include "stats/netfindings.h"
#include "transport/shellquote.h"

#include <QJsonArray>
#include <QLoggingCategory>
#include <QSet>

#include <optional>

Q_LOGGING_CATEGORY(lcNetIperf, "clustermark.core.netiperf", QtInfoMsg)

namespace cm {

namespace {

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

// iperf 2 CSV lines to one reader per direction. --full-duplex prints both directions
// with the same stream ids: what the client sent has the server's port as destination
// port, what it received as source port. Without bidir every line goes forward.
class Iperf2Split {
public:
    Iperf2Split(int streams, int port, bool bidir)
        : m_port(QByteArray::number(port))
        , m_bidir(bidir)
        , m_fwd(streams)
        , m_rev(streams)
    { }
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
void addTraffic(
    QList<NetLinkTraffic> &out, const QString &node, const QList<NetDevStat> &before, const QList<NetDevStat> &after)
{
    for (const NetDevStat &a : after) {
        const NetDevStat *b = findNetDev(before, a.name);
        if (!b || a.name == QLatin1String("lo") || a.txBytes < b->txBytes || a.rxBytes < b->rxBytes)
            continue;
        out.append({node, a.name, double(a.txBytes - b->txBytes), double(a.rxBytes - b->rxBytes)});
    }
}

// One run of the step: its parameters, both ends' probes and the outcome being built.
class NetIperfStep {
public:
    NetIperfStep(const Plan &plan, int stepIndex, StepContext &ctx);
    StepOutcome run();

private:
    void log(const QString &line) const;
    StepOutcome fail(Error e);
    Error probeEnds();
    Error pickTool();
    void emitLinkFacts() const;
    ExecResult runClient(int port);
    void emitIperf2(const QList<Iperf2Interval> &f, const QList<Iperf2Interval> &r) const;
    Error readIperf3(NetStepFacts &facts);
    Error readIperf2(NetStepFacts &facts, int port);
    void addLinkFindings(
        NetStepFacts &facts, const QList<NetDevStat> &clientAfter, const QList<NetDevStat> &serverAfter);

    const Plan &m_plan;
    const PlanStep &m_step;
    StepContext &m_ctx;
    QString m_client, m_server, m_direction, m_address;
    int m_streams = 1;
    int m_duration = 10;
    bool m_bidir = false;
    QString m_fwd, m_rev;
    QString m_mainTarget; // what the samples of the measured direction are named
    StepOutcome m_out;
    NetEndProbe m_clientProbe, m_serverProbe;
    QString m_tool;
    NetFinding m_why;
    double m_t0 = 0; // the client's start on the run's time axis
    std::optional<Iperf2Split> m_csv;
    QByteArray m_stdOut, m_stdErr;
};

} // namespace

NetIperfRunner::NetIperfRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

QStringList NetIperfRunner::watched(const QStringList &argv)
{
    return QStringList {
               QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kWatchScript), QStringLiteral("sh")}
    + argv;
}

QString NetIperfRunner::chooseTool(
    const QString &requested, const NetEndProbe &a, const NetEndProbe &b, NetFinding *why)
{
    auto say = [&](const char *source, QStringList args = {}) {
        if (why)
            *why = NetFinding {QStringLiteral("tool"), QStringLiteral("info"), source, std::move(args)};
    };
    if (requested == QLatin1String("iperf3") || requested == QLatin1String("iperf2")) {
        say(QT_TRANSLATE_NOOP("cm::NetFindings", "%1 as asked"), {requested});
        return requested;
    }
    const auto va = iperfVersionNumbers(a.iperf3Version), vb = iperfVersionNumbers(b.iperf3Version);
    auto older = [](std::pair<int, int> v) { return v.first == 3 && v.second < 16; };
    const int speed = qMax(a.maxSpeedMbps(), b.maxSpeedMbps());
    const bool have2 = !a.iperf2Version.isEmpty() && !b.iperf2Version.isEmpty();
    const bool have3 = !a.iperf3Version.isEmpty() && !b.iperf3Version.isEmpty();
    if ((older(va) || older(vb)) && speed > 25000 && have2) {
        say(QT_TRANSLATE_NOOP(
                "cm::NetFindings", "iperf 2: iperf3 %1 runs on one CPU core (before 3.16) and cannot fill a %2 link"),
            {older(va) ? a.iperf3Version : b.iperf3Version, formatBitRate(speed * 1e6)});
        return QStringLiteral("iperf2");
    }
    if (!have3 && have2) {
        say(QT_TRANSLATE_NOOP("cm::NetFindings", "iperf 2: iperf3 is not installed on both nodes"));
        return QStringLiteral("iperf2");
    }
    if (speed > 25000)
        say(QT_TRANSLATE_NOOP("cm::NetFindings", "iperf3 %1 (multi-threaded since 3.16)"), {a.iperf3Version});
    else if (speed > 0)
        say(QT_TRANSLATE_NOOP("cm::NetFindings", "iperf3 (links up to %1)"), {formatBitRate(speed * 1e6)});
    else
        say(QT_TRANSLATE_NOOP("cm::NetFindings", "iperf3 (the links' speed is not known)"));
    return QStringLiteral("iperf3");
}

QByteArray NetIperfRunner::withoutHeartbeats(const QByteArray &text)
{
    QByteArray out;
    for (const QByteArray &l : text.split('\n'))
        if (!l.isEmpty() && l != heartbeat())
            out += l + '\n';
    return out;
}

QString NetIperfRunner::outputTail(const QByteArray &text, int lines)
{
    QStringList l = QString::fromUtf8(withoutHeartbeats(text)).trimmed().split(QLatin1Char('\n'));
    if (l.size() > lines)
        l = l.mid(l.size() - lines);
    return l.join(QStringLiteral(" | "));
}

StepOutcome NetIperfRunner::run(StepContext &ctx)
{
    return NetIperfStep(m_plan, m_stepIndex, ctx).run();
}

namespace {

QString tail(const QByteArray &text)
{
    return NetIperfRunner::outputTail(text);
}

NetIperfStep::NetIperfStep(const Plan &plan, int stepIndex, StepContext &ctx)
    : m_plan(plan)
    , m_step(plan.steps.at(stepIndex))
    , m_ctx(ctx)
{
    const QJsonObject &p = m_step.params;
    m_client = p.value(QStringLiteral("client")).toString();
    m_server = p.value(QStringLiteral("server")).toString();
    m_direction = p.value(QStringLiteral("direction")).toString(QStringLiteral("forward"));
    m_streams = p.value(QStringLiteral("streams")).toInt(1);
    m_duration = p.value(QStringLiteral("duration")).toInt(10);
    m_address = NetIperfKind::serverAddress(m_plan, m_step);
    m_bidir = m_direction == QLatin1String("bidir");
    m_fwd = m_client + QStringLiteral("→") + m_server;
    m_rev = m_server + QStringLiteral("→") + m_client;
    m_mainTarget = m_direction == QLatin1String("reverse") ? m_rev : m_fwd;
    m_out.target = m_direction == QLatin1String("reverse") ? m_rev
        : m_bidir                                          ? m_client + QStringLiteral("↔") + m_server
                                                           : m_fwd;
}

void NetIperfStep::log(const QString &line) const
{
    if (m_ctx.log)
        m_ctx.log(QStringLiteral("%1: %2").arg(m_out.target, line));
}

StepOutcome NetIperfStep::fail(Error e)
{
    m_out.error = std::move(e);
    return m_out;
}

StepOutcome NetIperfStep::run()
{
    if (!m_ctx.startOnNode)
        return fail(
            Error(Error::Code::Internal, QStringLiteral("the engine cannot reach the server node"), m_out.target));
    if (Error e = probeEnds())
        return fail(e);
    if (Error e = pickTool())
        return fail(e);
    m_out.environment = QJsonObject {{m_client, m_clientProbe.toJson()}, {m_server, m_serverProbe.toJson()}};
    emitLinkFacts();

    IperfServer server(m_ctx, m_server, m_tool, m_duration, m_step.params.value(QStringLiteral("port")).toInt(0));
    Error postErr;
    if (!server.start(&postErr))
        return fail(postErr);
    int port = 0;
    if (Error e = server.waitListening(
            m_out.target, [this](const QString &line) { log(line); }, &port)) {
        server.stop();
        return fail(e);
    }
    log(QStringLiteral("%1 server listening on %2 port %3").arg(m_tool, m_server).arg(port));

    const ExecResult r = runClient(port);
    const QList<NetDevStat> clientAfter = r.error && r.error.code == Error::Code::Unreachable
        ? QList<NetDevStat> {}
        : parseNetDev(m_ctx.transport->readFile(QStringLiteral("/proc/net/dev")));
    server.stop();
    m_stdErr = NetIperfRunner::withoutHeartbeats(m_stdErr);
    m_out.rawOutput = m_stdOut + (m_stdErr.isEmpty() ? QByteArray() : "\n--- stderr ---\n" + m_stdErr);
    const IperfServer::Result served = server.result();
    if (!served.output.isEmpty())
        m_out.rawOutput += "\n--- server " + m_server.toUtf8() + " ---\n" + served.output;

    m_out.summary = QJsonObject {{QStringLiteral("tool"), m_tool}, {QStringLiteral("toolReason"), m_why.text()},
        {QStringLiteral("toolReasonFinding"), m_why.toJson()}, {QStringLiteral("client"), m_client},
        {QStringLiteral("server"), m_server}, {QStringLiteral("address"), m_address}, {QStringLiteral("port"), port},
        {QStringLiteral("direction"), m_direction}, {QStringLiteral("streams"), m_streams},
        {QStringLiteral("duration"), m_duration}};
    if (served.lost && !m_ctx.cancel.isCancelled())
        return fail(Error(Error::Code::Unreachable,
            QStringLiteral("lost the server node %1 during the test: %2").arg(m_server, served.lost.message),
            m_out.target));
    if (r.error)
        return fail(r.error.code == Error::Code::Unreachable || r.error.code == Error::Code::Cancelled
                ? r.error
                : Error(r.error.code, r.error.message, m_out.target, tail(m_stdErr)));

    NetStepFacts facts;
    facts.client = m_client;
    facts.server = m_server;
    facts.direction = m_direction;
    facts.streams = m_streams;
    if (Error e = m_tool == QLatin1String("iperf3") ? readIperf3(facts) : readIperf2(facts, port))
        return fail(e);
    m_out.summary.insert(QStringLiteral("bytesPerSecond"), facts.bitsPerSecond / 8);
    addLinkFindings(facts, clientAfter, served.netdevAfter);
    log(QStringLiteral("%1 Gbit/s").arg(facts.bitsPerSecond / 1e9, 0, 'f', 3));
    return m_out;
}

// Both ends at once.
Error NetIperfStep::probeEnds()
{
    Error postErr;
    std::future<void> probed = m_ctx.startOnNode(
        m_server,
        [this, server = m_server, cancel = m_ctx.cancel](
            Transport &t) { m_serverProbe = probeNetEnd(t, server, cancel); },
        &postErr);
    if (!probed.valid())
        return postErr;
    m_clientProbe = probeNetEnd(*m_ctx.transport, m_client, m_ctx.cancel);
    probed.wait();
    if (m_clientProbe.error)
        return m_clientProbe.error;
    if (m_serverProbe.error)
        return m_serverProbe.error;
    if (m_ctx.cancel.isCancelled())
        return Error(Error::Code::Cancelled, QStringLiteral("cancelled"), m_out.target);
    return {};
}

Error NetIperfStep::pickTool()
{
    m_tool = NetIperfRunner::chooseTool(m_step.params.value(QStringLiteral("tool")).toString(QStringLiteral("auto")),
        m_clientProbe, m_serverProbe, &m_why);
    log(QStringLiteral("tool: %1").arg(m_why.text()));
    for (const NetEndProbe *e : std::initializer_list<const NetEndProbe *> {&m_clientProbe, &m_serverProbe}) {
        const bool missing
            = m_tool == QLatin1String("iperf2") ? e->iperf2Version.isEmpty() : e->iperf3Version.isEmpty();
        if (missing)
            return Error(Error::Code::ToolMissing,
                QStringLiteral("%1 is not installed on %2")
                    .arg(m_tool == QLatin1String("iperf2") ? QStringLiteral("iperf") : m_tool, e->node),
                e->node);
    }
    return {};
}

// The links' nominal speeds and which interfaces are masters, for the live per-link chart.
void NetIperfStep::emitLinkFacts() const
{
    if (!m_ctx.emitSamples)
        return;
    SampleList facts;
    const double t = m_ctx.now ? m_ctx.now() : 0;
    for (const NetEndProbe *e : std::initializer_list<const NetEndProbe *> {&m_clientProbe, &m_serverProbe}) {
        QSet<QString> masters;
        for (const NicInfo &n : e->nics)
            if (!n.master.isEmpty())
                masters.insert(n.master);
        for (const NicInfo &n : e->nics) {
            if (n.name == QLatin1String("lo"))
                continue;
            if (n.speedMbps > 0)
                facts.append(Sample {-1, e->node, metric::netSpeed(n.name), t, n.speedMbps * 1e6 / 8});
            if (masters.contains(n.name))
                facts.append(Sample {-1, e->node, metric::netMaster(n.name), t, 1});
        }
    }
    if (!facts.isEmpty())
        m_ctx.emitSamples(facts);
}

// iperf 2 reports as it goes, so its samples go out live; iperf3's JSON comes at the end.
ExecResult NetIperfStep::runClient(int port)
{
    Command cmd;
    cmd.argv = NetIperfRunner::watched(NetIperfKind::clientArgs(m_tool, m_address, port, m_step));
    cmd.maxRuntimeSec = m_duration + 30;
    cmd.timeoutMs = (m_duration + 40) * 1000;
    m_out.command = QStringLiteral("[%1] %2\n[%3] %4")
                        .arg(m_server, shellJoin(NetIperfKind::serverArgs(m_tool, port, m_duration)), m_client,
                            shellJoin(NetIperfKind::clientArgs(m_tool, m_address, port, m_step)));
    log(NetIperfKind::clientArgs(m_tool, m_address, port, m_step).join(QLatin1Char(' ')));

    m_csv.emplace(m_streams, port, m_bidir);
    m_t0 = m_ctx.now ? m_ctx.now() : 0;
    OutputCallbacks cb;
    cb.onStdout = [this](const QByteArray &chunk) {
        m_stdOut += chunk;
        if (m_tool == QLatin1String("iperf2")) {
            QList<Iperf2Interval> f, r;
            m_csv->feed(chunk, f, r);
            emitIperf2(f, r);
        }
    };
    cb.onStderr = [this](const QByteArray &chunk) { m_stdErr += chunk; };
    return m_ctx.transport->run(cmd, cb, m_ctx.cancel);
}

void NetIperfStep::emitIperf2(const QList<Iperf2Interval> &f, const QList<Iperf2Interval> &r) const
{
    SampleList s;
    for (const Iperf2Interval &iv : f)
        s.append(Sample {m_ctx.stepIndex, m_mainTarget, metric::NetBw, m_t0 + iv.end, iv.bitsPerSecond / 8});
    for (const Iperf2Interval &iv : r)
        s.append(Sample {m_ctx.stepIndex, m_rev, metric::NetBw, m_t0 + iv.end, iv.bitsPerSecond / 8});
    if (!s.isEmpty() && m_ctx.emitSamples)
        m_ctx.emitSamples(s);
}

Error NetIperfStep::readIperf3(NetStepFacts &facts)
{
    Error parseErr;
    const Iperf3Result res = parseIperf3Json(m_stdOut, &parseErr);
    if (parseErr)
        return Error(Error::Code::ParseError, QStringLiteral("iperf3 printed no result: %1").arg(parseErr.message),
            m_out.target, tail(m_stdOut + m_stdErr));
    if (res.failed())
        return res.toolError(m_out.target);
    SampleList s;
    for (const Iperf3Interval &iv : res.intervals) {
        if (iv.omitted)
            continue;
        s.append(Sample {m_ctx.stepIndex, m_mainTarget, metric::NetBw, m_t0 + iv.end, iv.sum.bitsPerSecond / 8});
        if (iv.sum.retransmits >= 0)
            s.append(Sample {
                m_ctx.stepIndex, m_mainTarget, metric::NetRetransmits, m_t0 + iv.end, double(iv.sum.retransmits)});
        if (iv.sumReverse.present)
            s.append(Sample {m_ctx.stepIndex, m_rev, metric::NetBw, m_t0 + iv.end, iv.sumReverse.bitsPerSecond / 8});
    }
    if (!s.isEmpty() && m_ctx.emitSamples)
        m_ctx.emitSamples(s);
    facts.bitsPerSecond = res.receivedBitsPerSecond();
    m_out.summary.insert(QStringLiteral("bitsPerSecond"), facts.bitsPerSecond);
    if (res.bidir && res.sumReceivedReverse.present)
        m_out.summary.insert(QStringLiteral("reverseBitsPerSecond"), res.sumReceivedReverse.bitsPerSecond);
    if (res.sumSent.retransmits >= 0)
        m_out.summary.insert(QStringLiteral("retransmits"), res.sumSent.retransmits);
    m_out.summary.insert(QStringLiteral("toolVersion"), res.version);
    // iperf3's host is the client, remote the server.
    const bool clientReceives = m_direction == QLatin1String("reverse");
    const auto recvCpu = clientReceives ? res.cpuHostTotal : res.cpuRemoteTotal;
    const auto sendCpu = clientReceives ? res.cpuRemoteTotal : res.cpuHostTotal;
    facts.cpuReceiverPercent = recvCpu;
    facts.cpuSenderPercent = sendCpu;
    if (recvCpu)
        m_out.summary.insert(QStringLiteral("receiverCpuPercent"), *recvCpu);
    if (sendCpu)
        m_out.summary.insert(QStringLiteral("senderCpuPercent"), *sendCpu);
    return {};
}

Error NetIperfStep::readIperf2(NetStepFacts &facts, int port)
{
    QList<Iperf2Interval> f, rv;
    m_csv->finish(f, rv);
    emitIperf2(f, rv);
    const auto total = m_csv->forward().total();
    if (m_stdErr.contains("connect failed") || m_stdOut.contains("connect failed"))
        return Error(Error::Code::Unreachable,
            QStringLiteral("iperf could not connect to %1 port %2: %3").arg(m_address).arg(port).arg(tail(m_stdErr)),
            m_out.target, tail(m_stdErr));
    if (!total)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("iperf printed no result: %1").arg(tail(m_stdErr + m_stdOut)), m_out.target);
    facts.bitsPerSecond = total->bitsPerSecond;
    m_out.summary.insert(QStringLiteral("bitsPerSecond"), facts.bitsPerSecond);
    if (const auto back = m_csv->reverse().total(); m_bidir && back)
        m_out.summary.insert(QStringLiteral("reverseBitsPerSecond"), back->bitsPerSecond);
    m_out.summary.insert(QStringLiteral("toolVersion"), m_clientProbe.iperf2Version);
    return {};
}

// Per-link traffic of both ends during the test, the sender's shares and the findings.
void NetIperfStep::addLinkFindings(
    NetStepFacts &facts, const QList<NetDevStat> &clientAfter, const QList<NetDevStat> &serverAfter)
{
    facts.clientEnd = NetEndFacts {m_client, m_clientProbe.nics, m_clientProbe.bonds};
    facts.serverEnd = NetEndFacts {m_server, m_serverProbe.nics, m_serverProbe.bonds};
    addTraffic(facts.traffic, m_client, m_clientProbe.netdev, clientAfter);
    addTraffic(facts.traffic, m_server, m_serverProbe.netdev, serverAfter);
    QJsonObject links;
    for (const NetLinkTraffic &t : std::as_const(facts.traffic)) {
        QJsonObject node = links.value(t.node).toObject();
        node.insert(
            t.iface, QJsonObject {{QStringLiteral("txBytes"), t.txBytes}, {QStringLiteral("rxBytes"), t.rxBytes}});
        links.insert(t.node, node);
    }
    m_out.summary.insert(QStringLiteral("links"), links);
    QJsonObject shares;
    for (const auto &s : senderLinkShares(facts))
        shares.insert(s.first, s.second);
    m_out.summary.insert(QStringLiteral("senderLinkShares"), shares);
    QJsonArray findings;
    for (const NetFinding &f : netFindings(facts)) {
        findings.append(f.toJson());
        log(QStringLiteral("[%1] %2").arg(f.severity, f.text()));
    }
    m_out.summary.insert(QStringLiteral("findings"), findings);
}

} // namespace

} // namespace cm
