// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/netiperf/netconcurrentrunner.h"

#include "bench/fiostep.h"
#include "bench/netiperf/netconcurrent.h"
#include "bench/netiperf/netendprobe.h"
#include "bench/netiperf/netiperfkind.h"
#include "model/metric.h"
#include "parse/iperf2csvreader.h"
#include "parse/iperf3json.h"
#include "transport/shellquote.h"

#include <QDateTime>
#include <QJsonArray>

namespace cm {

namespace {

using netconcurrent::Pair;

// Fixed script: TOOL DURATION PORT…; each server bounded by timeout, in its own session
// so that it outlives this command; the pids once every port listens.
const char *kServers = R"SH(tool=$1; d=$2; shift 2
pids=
for p in "$@"; do
  if [ "$tool" = iperf2 ]; then setsid timeout "$d" iperf -s -p "$p" >/dev/null 2>&1 </dev/null &
  else setsid timeout "$d" iperf3 -s -1 -p "$p" >/dev/null 2>&1 </dev/null &
  fi
  pids="$pids $!"
done
echo "pids$pids"
i=0
while [ $i -lt 100 ]; do
  up=0
  for p in "$@"; do ss -Hltn "sport = :$p" 2>/dev/null | grep -q . && up=$((up + 1)); done
  [ $up -eq $# ] && exit 0
  for k in $pids; do kill -0 "$k" 2>/dev/null || { echo "an iperf server ended at once: is one of the ports $* in use?" >&2; kill $pids 2>/dev/null; exit 3; }; done
  sleep 0.1
  i=$((i + 1))
done
echo "the iperf servers did not listen on $* within 10 s" >&2
kill $pids 2>/dev/null
exit 4
)SH";

// Fixed script: SECONDS PID…; waits (bounded) for the servers to end, then stops the
// ones left, only if each is still the `timeout` this step started.
const char *kServersDone = R"SH(d=$1; shift
end=$(( $(date +%s) + d ))
while [ "$(date +%s)" -lt $end ]; do
  alive=0
  for k in "$@"; do kill -0 "$k" 2>/dev/null && alive=1; done
  [ $alive = 0 ] && exit 0
  sleep 0.2
done
for k in "$@"; do
  tr '\0' ' ' < "/proc/$k/cmdline" 2>/dev/null | grep -q '^timeout .* -s ' && kill -TERM "$k" 2>/dev/null
done
exit 0
)SH";

struct NodePart {
    QList<Pair> clients; // pairs this node is the client of
    QList<Pair> served; // pairs this node is the server of
};

NodePart partOf(const PlanStep &step, const QString &node)
{
    NodePart part;
    for (const Pair &p : netconcurrent::pairs(step)) {
        if (p.client == node)
            part.clients << p;
        if (p.server == node)
            part.served << p;
    }
    return part;
}

QStringList clientArgs(const Plan &plan, const PlanStep &step, const Pair &p)
{
    return NetIperfKind::clientArgs(
        step.params.value(QStringLiteral("tool")).toString(), netconcurrent::dialAddress(plan, p), p.port, step);
}

QList<int> ports(const QList<Pair> &pairs)
{
    QList<int> out;
    for (const Pair &p : pairs)
        out << p.port;
    return out;
}

} // namespace

NetConcurrentRunner::NetConcurrentRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

QStringList NetConcurrentRunner::serverCommand(const QString &tool, int duration, const QList<int> &ports)
{
    QStringList a {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kServers),
        QStringLiteral("cm-servers"), tool, QString::number(duration + 30)};
    for (int p : ports)
        a << QString::number(p);
    return a;
}

QStringList NetConcurrentRunner::clientCommand(const QList<QStringList> &clients)
{
    QString script;
    for (int k = 0; k < clients.size(); ++k)
        script += QStringLiteral("{ %1 2>&1; echo \"exit $?\"; } | sed -u 's/^/@@cm-%2 /' &\n")
                      .arg(shellJoin(clients.at(k)))
                      .arg(k);
    script += QStringLiteral("wait\n");
    return {QStringLiteral("sh"), QStringLiteral("-c"), script};
}

QList<QByteArray> NetConcurrentRunner::untag(const QByteArray &output, int clients)
{
    QList<QByteArray> out(clients);
    for (const QByteArray &line : output.split('\n')) {
        if (!line.startsWith("@@cm-"))
            continue;
        const qsizetype space = line.indexOf(' ');
        bool ok = false;
        const int k = line.mid(5, space < 0 ? -1 : space - 5).toInt(&ok);
        if (ok && k >= 0 && k < clients && space > 0)
            out[k] += line.mid(space + 1) + '\n';
    }
    return out;
}

QString NetConcurrentRunner::commandPreview(const Plan &plan, const PlanStep &step, const NodeSpec &node)
{
    const NodePart part = partOf(step, node.displayName());
    const QString tool = step.params.value(QStringLiteral("tool")).toString();
    QStringList lines;
    for (const Pair &p : part.served)
        lines << QStringLiteral("[%1] %2 (background, until its test ends)")
                     .arg(node.displayName(),
                         shellJoin(QStringList {QStringLiteral("timeout"),
                                       QString::number(step.params.value(QStringLiteral("duration")).toInt() + 30)}
                             + NetIperfKind::serverArgs(
                                 tool, p.port, step.params.value(QStringLiteral("duration")).toInt())));
    for (const Pair &p : part.clients)
        lines << QStringLiteral("[%1] %2 (at the common start)")
                     .arg(node.displayName(), shellJoin(clientArgs(plan, step, p)));
    return lines.join(QLatin1Char('\n'));
}

namespace {

// One node's part of the step, from its probe to its summary.
class NodePartRun {
public:
    NodePartRun(const Plan &plan, const PlanStep &step, StepContext &ctx)
        : m_plan(plan)
        , m_step(step)
        , m_ctx(ctx)
        , m_part(partOf(step, ctx.nodeName))
        , m_tool(step.params.value(QStringLiteral("tool")).toString())
        , m_direction(step.params.value(QStringLiteral("direction")).toString(QStringLiteral("forward")))
        , m_duration(step.params.value(QStringLiteral("duration")).toInt(10))
    { }

    StepOutcome run()
    {
        m_out.target = QStringLiteral("%1 (%2 out, %3 in)")
                           .arg(m_ctx.nodeName)
                           .arg(m_part.clients.size())
                           .arg(m_part.served.size());
        m_out.command = NetConcurrentRunner::commandPreview(m_plan, m_step, NodeSpec::parse(m_ctx.nodeName));
        if ((m_out.error = probe()) || (m_out.error = startServers()))
            return m_out;
        const qint64 at = m_ctx.waitForStart ? m_ctx.waitForStart() : 0;
        m_t0 = (m_ctx.now ? m_ctx.now() : 0) + (at > 0 ? (at - QDateTime::currentMSecsSinceEpoch()) / 1000.0 : 0);
        if (at < 0)
            m_out.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled before the start"), m_out.target);
        else if (!m_part.clients.isEmpty())
            runClients(at);
        finishServers();
        summarize(parseNetDev(m_ctx.transport->readFile(QStringLiteral("/proc/net/dev"))));
        return m_out;
    }

private:
    Error probe()
    {
        m_probe = probeNetEnd(*m_ctx.transport, m_ctx.nodeName, m_ctx.cancel);
        if (m_probe.error)
            return m_probe.error;
        m_out.environment = QJsonObject {{m_ctx.nodeName, m_probe.toJson()}};
        const bool three = m_tool == QLatin1String("iperf3");
        if ((three ? m_probe.iperf3Version : m_probe.iperf2Version).isEmpty())
            return Error(Error::Code::ToolMissing,
                QStringLiteral("%1 is not installed on %2 (package %3)")
                    .arg(m_tool, m_ctx.nodeName, three ? QStringLiteral("iperf3") : QStringLiteral("iperf")),
                m_ctx.nodeName);
        return {};
    }

    Error startServers()
    {
        if (m_part.served.isEmpty())
            return {};
        Command c;
        c.argv = NetConcurrentRunner::serverCommand(m_tool, m_duration, ports(m_part.served));
        c.timeoutMs = 30000;
        const ExecResult r = m_ctx.transport->run(c, {}, m_ctx.cancel);
        m_serverPids = QString::fromUtf8(r.stdOut)
                           .section(QLatin1Char('\n'), 0, 0)
                           .split(QLatin1Char(' '), Qt::SkipEmptyParts)
                           .mid(1);
        if (r.error)
            return r.error;
        if (r.exitCode != 0)
            return Error(Error::Code::CommandFailed,
                QStringLiteral("iperf servers on %1: %2").arg(m_ctx.nodeName, fiostep::tail(r.stdErr, 2)),
                m_ctx.nodeName);
        return {};
    }

    void runClients(qint64 at)
    {
        QList<QStringList> argvs;
        for (const Pair &p : m_part.clients)
            argvs << clientArgs(m_plan, m_step, p);
        Command c;
        c.argv = at > 0 ? fiostep::startingAt(at, NetConcurrentRunner::clientCommand(argvs))
                        : NetConcurrentRunner::clientCommand(argvs);
        c.maxRuntimeSec = m_duration + 30;
        const ExecResult r = m_ctx.transport->run(c, {}, m_ctx.cancel);
        m_out.rawOutput = r.stdOut + (r.stdErr.isEmpty() ? QByteArray() : "\n--- stderr ---\n" + r.stdErr);
        m_outputs = NetConcurrentRunner::untag(r.stdOut, int(m_part.clients.size()));
        if (r.error)
            m_out.error = r.error;
    }

    // The servers' own tests first (bounded), then only the processes this step started.
    void finishServers()
    {
        if (m_serverPids.isEmpty())
            return;
        const int wait = m_ctx.cancel.isCancelled() ? 0 : m_duration + (m_tool == QLatin1String("iperf2") ? 3 : 15);
        Command c;
        c.argv = QStringList {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kServersDone),
                     QStringLiteral("cm-servers-done"), QString::number(wait)}
            + m_serverPids;
        c.timeoutMs = (m_duration + 40) * 1000;
        m_ctx.transport->run(c, {}, CancelToken());
    }

    // One client pair's figure (bits/s, -1 without a result) and its samples.
    double readPair(const Pair &p, const QByteArray &output, QJsonObject &o, SampleList &samples) const
    {
        const QString target = netconcurrent::pairTarget(p, m_direction);
        if (m_tool == QLatin1String("iperf3")) {
            Error e;
            const Iperf3Result res = parseIperf3Json(output, &e);
            if (e || res.failed()) {
                o.insert(QStringLiteral("error"), e ? e.message : res.error);
                return -1;
            }
            for (const Iperf3Interval &iv : res.intervals)
                if (!iv.omitted)
                    samples << Sample {m_ctx.stepIndex, target, metric::NetBw, m_t0 + iv.end, iv.sum.bitsPerSecond / 8};
            if (res.sumSent.retransmits >= 0)
                o.insert(QStringLiteral("retransmits"), res.sumSent.retransmits);
            return res.receivedBitsPerSecond();
        }
        Iperf2CsvReader reader(m_step.params.value(QStringLiteral("streams")).toInt(1));
        for (const Iperf2Interval &iv : reader.feed(output) + reader.finish())
            samples << Sample {m_ctx.stepIndex, target, metric::NetBw, m_t0 + iv.end, iv.bitsPerSecond / 8};
        if (const auto total = reader.total())
            return total->bitsPerSecond;
        o.insert(QStringLiteral("error"), fiostep::tail(output, 2));
        return -1;
    }

    void summarize(const QList<NetDevStat> &after)
    {
        QJsonArray pairList;
        double sum = 0;
        SampleList samples;
        QStringList failed;
        for (int k = 0; k < m_part.clients.size(); ++k) {
            const Pair &p = m_part.clients.at(k);
            QJsonObject o {{QStringLiteral("client"), p.client}, {QStringLiteral("server"), p.server},
                {QStringLiteral("address"), netconcurrent::dialAddress(m_plan, p)}, {QStringLiteral("port"), p.port}};
            const double bps = readPair(p, m_outputs.value(k), o, samples);
            if (bps >= 0) {
                o.insert(QStringLiteral("bitsPerSecond"), bps);
                sum += bps;
            } else {
                failed << netconcurrent::pairTarget(p, m_direction);
            }
            pairList.append(o);
        }
        if (m_ctx.emitSamples && !samples.isEmpty())
            m_ctx.emitSamples(samples);
        QJsonObject links;
        for (const NetDevStat &a : after) {
            const NetDevStat *b = findNetDev(m_probe.netdev, a.name);
            if (b && a.name != QLatin1String("lo") && a.txBytes >= b->txBytes && a.rxBytes >= b->rxBytes)
                links.insert(a.name,
                    QJsonObject {{QStringLiteral("txBytes"), double(a.txBytes - b->txBytes)},
                        {QStringLiteral("rxBytes"), double(a.rxBytes - b->rxBytes)}});
        }
        QJsonArray served;
        for (const Pair &p : m_part.served)
            served.append(netconcurrent::pairTarget(p, m_direction));
        m_out.summary = QJsonObject {{QStringLiteral("tool"), m_tool}, {QStringLiteral("concurrent"), true},
            {QStringLiteral("direction"), m_direction},
            {QStringLiteral("streams"), m_step.params.value(QStringLiteral("streams"))},
            {QStringLiteral("duration"), m_duration}, {QStringLiteral("pairs"), pairList},
            {QStringLiteral("served"), served}, {QStringLiteral("links"), QJsonObject {{m_ctx.nodeName, links}}}};
        if (!m_part.clients.isEmpty()) {
            m_out.summary.insert(QStringLiteral("bitsPerSecond"), sum);
            m_out.summary.insert(QStringLiteral("bytesPerSecond"), sum / 8);
        }
        if (!m_out.error && !failed.isEmpty())
            m_out.error = Error(Error::Code::CommandFailed,
                QStringLiteral("no result for %1: %2")
                    .arg(failed.join(QStringLiteral(", ")), fiostep::tail(m_out.rawOutput, 3)),
                m_out.target);
    }

    const Plan &m_plan;
    const PlanStep &m_step;
    StepContext &m_ctx;
    const NodePart m_part;
    const QString m_tool, m_direction;
    const int m_duration;
    StepOutcome m_out;
    NetEndProbe m_probe;
    QStringList m_serverPids;
    QList<QByteArray> m_outputs;
    double m_t0 = 0;
};

} // namespace

StepOutcome NetConcurrentRunner::run(StepContext &ctx)
{
    return NodePartRun(m_plan, m_plan.steps.at(m_stepIndex), ctx).run();
}

} // namespace cm
