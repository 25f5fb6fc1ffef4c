// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/preflight.h"

#include "transport/transportfactory.h"

#include <future>

namespace cm::preflight {

namespace {

// Fixed script: CONF MONHOST. The mon addresses ("[v2:10.0.0.1:3300/0,v1:…]",
// "10.0.0.1,10.0.0.2:6789"), then a TCP connect to each until one answers (3 s each).
const char *kMonsScript = R"SH(conf=${1:-/etc/ceph/ceph.conf}; hosts=$2
if [ -z "$hosts" ]; then
  [ -r "$conf" ] || { echo "cannot read $conf"; exit 1; }
  hosts=$(sed -n 's/^[[:space:]]*mon[_ ]host[[:space:]]*=[[:space:]]*//p' "$conf" | head -n 1)
fi
[ -n "$hosts" ] || { echo "no mon_host in $conf"; exit 1; }
for a in $(printf '%s\n' "$hosts" | tr ',[] ' '\n\n\n\n' | sed 's/^v[12]://; s|/.*||'); do
  case $a in *:*) h=${a%:*}; p=${a##*:} ;; *) h=$a; p=3300 ;; esac
  [ -n "$h" ] || continue
  if timeout 3 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$h" "$p" 2>/dev/null; then echo "reached $h:$p"; exit 0; fi
done
echo "none of $hosts answered"
exit 1
)SH";

QString oneLine(const QByteArray &text)
{
    QString s = QString::fromUtf8(text).trimmed();
    s.replace(QLatin1Char('\n'), QStringLiteral(" | "));
    return s.left(300);
}

} // namespace

PreflightCheck tool(const QString &program, const QString &package)
{
    return {program,
        {QStringLiteral("sh"), QStringLiteral("-c"), QStringLiteral("command -v \"$1\""), QStringLiteral("sh"),
            program},
        QStringLiteral("install the package %1 on the node").arg(package)};
}

PreflightCheck fioEngine(const QString &engine)
{
    return {QStringLiteral("fio's %1 engine").arg(engine),
        {QStringLiteral("fio"), QStringLiteral("--enghelp=") + engine},
        QStringLiteral("install the package fio (Debian's fio has the rbd and rados engines)")};
}

PreflightCheck monsReachable(const QString &confPath, const QString &monHost)
{
    return {QStringLiteral("the Ceph mons"),
        {QStringLiteral("bash"), QStringLiteral("-c"), QString::fromLatin1(kMonsScript), QStringLiteral("cm-mons"),
            confPath, monHost},
        QStringLiteral("the node must reach a mon (ports 3300/6789) and read the cluster's ceph.conf")};
}

PreflightCheck gatewayReachable(const QString &endpoint, bool insecure)
{
    QStringList argv {QStringLiteral("curl"), QStringLiteral("-sS"), QStringLiteral("-o"), QStringLiteral("/dev/null"),
        QStringLiteral("--max-time"), QStringLiteral("5"), QStringLiteral("-w"), QStringLiteral("HTTP %{http_code}")};
    if (insecure)
        argv << QStringLiteral("-k");
    argv << endpoint;
    return {QStringLiteral("the S3 gateway"), argv,
        QStringLiteral("the node must reach %1 (routing, firewall, TLS certificate)").arg(endpoint)};
}

QList<PreflightResult> run(
    Transport &t, const QString &node, const QList<PreflightCheck> &checks, const CancelToken &cancel)
{
    QList<PreflightResult> out;
    for (const PreflightCheck &c : checks) {
        PreflightResult r {node, c.what, false, {}, {}};
        if (cancel.isCancelled()) {
            r.detail = QStringLiteral("cancelled");
        } else {
            Command cmd;
            cmd.argv = c.argv;
            cmd.timeoutMs = 30000;
            const ExecResult e = t.run(cmd, {}, cancel);
            r.ok = e.ok();
            const QByteArray text = e.stdOut.isEmpty() ? e.stdErr : e.stdOut;
            r.detail = e.error ? e.error.message : oneLine(r.ok ? text.left(text.indexOf('\n')) : text);
            if (!r.ok && e.error.code == Error::Code::ToolMissing)
                r.detail = QStringLiteral("missing");
        }
        if (!r.ok)
            r.fix = c.fix;
        out << r;
    }
    return out;
}

QList<PreflightResult> checkPlan(const Plan &plan, const QList<PreflightCheck> &checks, const CancelToken &cancel)
{
    std::vector<std::future<QList<PreflightResult>>> each;
    for (const NodeSpec &node : plan.nodes)
        each.push_back(std::async(std::launch::async, [node, &checks, cancel] {
            const std::unique_ptr<Transport> t = makeTransport(node);
            if (const Error e = t->connect())
                return QList<PreflightResult> {{node.displayName(), QStringLiteral("SSH connection"), false, e.message,
                    QStringLiteral("add and trust the node (clustermark-cli trust), check its address and key")}};
            return run(*t, node.displayName(), checks, cancel);
        }));
    QList<PreflightResult> out;
    for (auto &f : each)
        out += f.get();
    return out;
}

QStringList failures(const QList<PreflightResult> &results)
{
    QStringList out;
    for (const PreflightResult &r : results)
        if (!r.ok)
            out << QStringLiteral("%1: %2: %3 — %4")
                       .arg(r.node, r.what, r.detail.isEmpty() ? QStringLiteral("failed") : r.detail, r.fix);
    return out;
}

} // namespace cm::preflight
