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

StepOutcome NetConcurrentRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    const NodePart part = partOf(step, ctx.nodeName);
    const QString tool = step.params.value(QStringLiteral("tool")).toString();
    const QString direction = step.params.value(QStringLiteral("direction")).toString(QStringLiteral("forward"));
    const int duration = step.params.value(QStringLiteral("duration")).toInt(10);
    out.target = ctx.nodeName + QStringLiteral(" (") + QString::number(part.clients.size()) + QStringLiteral(" out, ")
        + QString::number(part.served.size()) + QStringLiteral(" in)");
    out.command = commandPreview(m_plan, step, NodeSpec::parse(ctx.nodeName));

    const NetEndProbe probe = probeNetEnd(*ctx.transport, ctx.nodeName, ctx.cancel);
    if (probe.error) {
        out.error = probe.error;
        return out;
    }
    out.environment = QJsonObject {{ctx.nodeName, probe.toJson()}};
    if ((tool == QLatin1String("iperf3") ? probe.iperf3Version : probe.iperf2Version).isEmpty()) {
        out.error = Error(Error::Code::ToolMissing,
            QStringLiteral("%1 is not installed on %2 (package %3)")
                .arg(tool, ctx.nodeName,
                    tool == QLatin1String("iperf3") ? QStringLiteral("iperf3") : QStringLiteral("iperf")),
            ctx.nodeName);
        return out;
    }

    QStringList serverPids;
    if (!part.served.isEmpty()) {
        Command c;
        c.argv = serverCommand(tool, duration, ports(part.served));
        c.timeoutMs = 30000;
        const ExecResult r = ctx.transport->run(c, {}, ctx.cancel);
        serverPids = QString::fromUtf8(r.stdOut)
                         .section(QLatin1Char('\n'), 0, 0)
                         .split(QLatin1Char(' '), Qt::SkipEmptyParts)
                         .mid(1);
        if (r.error || r.exitCode != 0) {
            out.error = r.error
                ? r.error
                : Error(Error::Code::CommandFailed,
                    QStringLiteral("iperf servers on %1: %2").arg(ctx.nodeName, fiostep::tail(r.stdErr, 2)),
                    ctx.nodeName);
            return out;
        }
    }
    const qint64 at = ctx.waitForStart ? ctx.waitForStart() : 0;
    const double t0 = (ctx.now ? ctx.now() : 0) + (at > 0 ? (at - QDateTime::currentMSecsSinceEpoch()) / 1000.0 : 0);
    QList<QByteArray> outputs;
    if (at >= 0 && !part.clients.isEmpty()) {
        QList<QStringList> argvs;
        for (const Pair &p : part.clients)
            argvs << clientArgs(m_plan, step, p);
        Command c;
        c.argv = at > 0 ? fiostep::startingAt(at, clientCommand(argvs)) : clientCommand(argvs);
        c.maxRuntimeSec = duration + 30;
        const ExecResult r = ctx.transport->run(c, {}, ctx.cancel);
        out.rawOutput = r.stdOut + (r.stdErr.isEmpty() ? QByteArray() : "\n--- stderr ---\n" + r.stdErr);
        outputs = untag(r.stdOut, int(part.clients.size()));
        if (r.error)
            out.error = r.error;
    } else if (at < 0) {
        out.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled before the start"), out.target);
    }
    if (!serverPids.isEmpty()) { // the servers' tests, then only what this step started
        Command c;
        c.argv
            = QStringList {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kServersDone),
                  QStringLiteral("cm-servers-done"),
                  QString::number(ctx.cancel.isCancelled() ? 0 : duration + (tool == QLatin1String("iperf2") ? 3 : 15))}
            + serverPids;
        c.timeoutMs = (duration + 40) * 1000;
        ctx.transport->run(c, {}, CancelToken());
    }
    const QList<NetDevStat> after = parseNetDev(ctx.transport->readFile(QStringLiteral("/proc/net/dev")));

    // Figures of the pairs this node was the client of.
    QJsonArray pairList;
    double sum = 0;
    SampleList samples;
    QStringList failed;
    for (int k = 0; k < part.clients.size(); ++k) {
        const Pair &p = part.clients.at(k);
        const QString target = netconcurrent::pairTarget(p, direction);
        QJsonObject o {{QStringLiteral("client"), p.client}, {QStringLiteral("server"), p.server},
            {QStringLiteral("address"), netconcurrent::dialAddress(m_plan, p)}, {QStringLiteral("port"), p.port}};
        double bps = -1;
        if (tool == QLatin1String("iperf3")) {
            Error e;
            const Iperf3Result res = parseIperf3Json(outputs.value(k), &e);
            if (!e && !res.failed()) {
                bps = res.receivedBitsPerSecond();
                for (const Iperf3Interval &iv : res.intervals)
                    if (!iv.omitted)
                        samples << Sample {ctx.stepIndex, target, metric::NetBw, t0 + iv.end, iv.sum.bitsPerSecond / 8};
                if (res.sumSent.retransmits >= 0)
                    o.insert(QStringLiteral("retransmits"), res.sumSent.retransmits);
            } else {
                o.insert(QStringLiteral("error"), e ? e.message : res.error);
            }
        } else {
            Iperf2CsvReader reader(step.params.value(QStringLiteral("streams")).toInt(1));
            for (const Iperf2Interval &iv : reader.feed(outputs.value(k)) + reader.finish())
                samples << Sample {ctx.stepIndex, target, metric::NetBw, t0 + iv.end, iv.bitsPerSecond / 8};
            if (const auto total = reader.total())
                bps = total->bitsPerSecond;
            else
                o.insert(QStringLiteral("error"), fiostep::tail(outputs.value(k), 2));
        }
        if (bps >= 0) {
            o.insert(QStringLiteral("bitsPerSecond"), bps);
            sum += bps;
        } else {
            failed << target;
        }
        pairList.append(o);
    }
    if (ctx.emitSamples && !samples.isEmpty())
        ctx.emitSamples(samples);
    QJsonObject links;
    for (const NetDevStat &a : after) {
        const NetDevStat *b = findNetDev(probe.netdev, a.name);
        if (b && a.name != QLatin1String("lo") && a.txBytes >= b->txBytes && a.rxBytes >= b->rxBytes)
            links.insert(a.name,
                QJsonObject {{QStringLiteral("txBytes"), double(a.txBytes - b->txBytes)},
                    {QStringLiteral("rxBytes"), double(a.rxBytes - b->rxBytes)}});
    }
    QJsonArray served;
    for (const Pair &p : part.served)
        served.append(netconcurrent::pairTarget(p, direction));
    out.summary = QJsonObject {{QStringLiteral("tool"), tool}, {QStringLiteral("concurrent"), true},
        {QStringLiteral("direction"), direction},
        {QStringLiteral("streams"), step.params.value(QStringLiteral("streams"))},
        {QStringLiteral("duration"), duration}, {QStringLiteral("pairs"), pairList}, {QStringLiteral("served"), served},
        {QStringLiteral("links"), QJsonObject {{ctx.nodeName, links}}}};
    if (!part.clients.isEmpty()) {
        out.summary.insert(QStringLiteral("bitsPerSecond"), sum);
        out.summary.insert(QStringLiteral("bytesPerSecond"), sum / 8);
    }
    if (!out.error && !failed.isEmpty())
        out.error = Error(Error::Code::CommandFailed,
            QStringLiteral("no result for %1: %2")
                .arg(failed.join(QStringLiteral(", ")), fiostep::tail(out.rawOutput, 3)),
            out.target);
    return out;
}

} // namespace cm
