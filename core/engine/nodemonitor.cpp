// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/nodemonitor.h"

#include "engine/nodeworker.h"
#include "parse/nodestatsdecoder.h"

#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcMonitor, "clustermark.core.monitor", QtInfoMsg)

namespace cm {

NodeMonitor::NodeMonitor(
    NodeSpec node, Credentials credentials, Clock now, Sink sink, IdentitySink identity, const CancelToken &run)
    : m_node(std::move(node))
    , m_credentials(std::move(credentials))
    , m_now(std::move(now))
    , m_sink(std::move(sink))
    , m_identity(std::move(identity))
    , m_stop(run.child())
{ }

NodeMonitor::~NodeMonitor()
{
    m_stop.cancel();
    if (m_thread.joinable())
        m_thread.join();
}

void NodeMonitor::start()
{
    m_thread = std::thread([this] { loop(); });
}

QStringList NodeMonitor::loopCommand(int seconds)
{
    // Fixed script; the only input is the bound in seconds ("$1").
    static const QString script
        = QStringLiteral("end=$(( $(date +%s) + $1 )); "
                         "echo @@ident; cat /proc/sys/kernel/hostname; ip -j addr show 2>/dev/null; echo; " // once
                         "echo @@qdisc; tc -j qdisc show 2>/dev/null; echo; " // once: a shaper caps a link
                         "while [ \"$(date +%s)\" -lt \"$end\" ]; do "
                         "echo @@stat; grep '^cpu' /proc/stat; echo @@diskstats; cat /proc/diskstats; "
                         "echo @@netdev; cat /proc/net/dev; "
                         "echo @@meminfo; { read -r a; read -r b; read -r c; } < /proc/meminfo; "
                         "printf '%s\\n%s\\n%s\\n' \"$a\" \"$b\" \"$c\"; "
                         "echo @@netspeed; for d in /sys/class/net/*; do "
                         "{ read -r s < \"$d/speed\"; } 2>/dev/null && echo \"${d##*/} $s\"; done; "
                         "echo @@end; "
                         "sleep 1; done");
    return {QStringLiteral("sh"), QStringLiteral("-c"), script, QStringLiteral("sh"), QString::number(seconds)};
}

void NodeMonitor::loop()
{
    std::unique_ptr<Transport> t = createNodeTransport(m_node, m_credentials);
    if (const Error e = t->connect()) {
        qCWarning(lcMonitor) << m_node.displayName() << "monitor not started:" << e.toString();
        return;
    }
    NodeStatsDecoder decoder(m_node.displayName());
    Command c;
    c.argv = loopCommand(6 * 3600);
    c.maxRuntimeSec = 6 * 3600 + 60;
    OutputCallbacks cb;
    cb.onStdout = [&](const QByteArray &chunk) {
        const SampleList s = decoder.feed(chunk, m_now());
        if (!s.isEmpty())
            m_sink(s);
        if (const auto identity = decoder.takeIdentity(); identity && m_identity)
            m_identity(*identity);
    };
    cb.onStderr = [](const QByteArray &) {};
    t->run(c, cb, m_stop);
}

} // namespace cm
