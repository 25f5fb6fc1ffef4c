// SPDX-License-Identifier: GPL-3.0-or-later
// What the node monitor's sampler costs the node: one NodeMonitor (the real class, over
// SSH to node1 of the netns fixture) runs its remote loop; over a window of
// CLUSTERMARK_BENCH_MONITOR_SECONDS (default 60) the CPU time of that loop's shell and
// all the children it ran and reaped (utime + stime + cutime + cstime of
// /proc/<pid>/stat) is taken as a share of one core. Target: < 1 %.
// Also printed, for the record: the sshd session process that carries the loop's
// output (its own CPU only), and this process (the app side: the monitor's thread and
// decoder, and an idle event loop).
// Needs root (network namespaces).
#include "engine/nodemonitor.h"
#include "netnsfixture.h"
#include "transport/sshtransport.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QThread>

#include <atomic>
#include <cstdio>

#include <sys/resource.h>
#include <unistd.h>

using namespace cm;

namespace {

struct ProcTimes {
    qint64 ppid = 0;
    qint64 self = 0; // utime + stime, clock ticks
    qint64 children = 0; // cutime + cstime: reaped children
    bool ok = false;
};

ProcTimes procTimes(qint64 pid)
{
    ProcTimes t;
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return t;
    const QByteArray st = f.readAll();
    const QList<QByteArray> rest = st.mid(st.lastIndexOf(')') + 2).split(' '); // rest[0] is field 3
    if (rest.size() < 15)
        return t;
    t.ppid = rest.at(1).toLongLong();
    t.self = rest.at(11).toLongLong() + rest.at(12).toLongLong();
    t.children = rest.at(13).toLongLong() + rest.at(14).toLongLong();
    t.ok = true;
    return t;
}

// "net:[inode]" (readlink(2): QFileInfo would make the relative target absolute).
QString netnsOf(qint64 pid)
{
    char buf[64] = {};
    const QByteArray path = QStringLiteral("/proc/%1/ns/net").arg(pid).toLatin1();
    const ssize_t n = readlink(path.constData(), buf, sizeof buf - 1);
    return n > 0 ? QString::fromLatin1(buf, int(n)) : QString();
}

// The monitor's remote shell loop inside the namespace `ns` (its cmdline holds the
// loop's fixed markers).
qint64 findLoop(const QString &ns)
{
    for (const QString &d : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool isPid = false;
        const qint64 pid = d.toLongLong(&isPid);
        if (!isPid)
            continue;
        QFile f(QStringLiteral("/proc/%1/cmdline").arg(pid));
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray cmd = f.readAll();
        if (!cmd.startsWith("sh"))
            continue;
        if (cmd.contains("@@netdev") && cmd.contains("@@diskstats") && netnsOf(pid) == ns)
            return pid;
    }
    return 0;
}

double cpuSeconds()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int seconds = qEnvironmentVariableIsSet("CLUSTERMARK_BENCH_MONITOR_SECONDS")
        ? qEnvironmentVariableIntValue("CLUSTERMARK_BENCH_MONITOR_SECONDS")
        : 60;
    QString why;
    if (!cmtest::NetnsFixture::available(&why)) {
        fprintf(stderr, "bench_node_monitor: %s\n", qPrintable(why));
        return 1;
    }
    QTemporaryDir data;
    qputenv("CLUSTERMARK_DATA_DIR", data.path().toUtf8());
    cmtest::NetnsFixture net;
    if (!net.up(2, QString())) {
        fprintf(stderr, "bench_node_monitor: %s\n", qPrintable(net.whyNot()));
        return 1;
    }
    {
        SshOptions o = net.options();
        o.knownHostsPath = data.filePath(QStringLiteral("known_hosts"));
        SshTransport t(net.node(1), {}, o);
        if (const Error e = t.connect()) {
            fprintf(stderr, "bench_node_monitor: %s\n", qPrintable(e.toString()));
            return 1;
        }
    }
    const QString ns = netnsOf(net.sshdPid(1));
    if (ns.isEmpty() || ns == netnsOf(getpid())) {
        fprintf(stderr, "bench_node_monitor: cannot tell node1's network namespace\n");
        return 1;
    }
    std::atomic<int> batches {0};
    QElapsedTimer clock;
    clock.start();
    auto monitor = std::make_unique<NodeMonitor>(
        net.node(1), Credentials {}, [clock] { return clock.nsecsElapsed() / 1e9; },
        [&](const SampleList &) { ++batches; });
    monitor->start();
    qint64 loop = 0;
    for (int i = 0; i < 100 && !loop; ++i) {
        QThread::msleep(100);
        loop = findLoop(ns);
    }
    if (!loop) {
        fprintf(stderr, "bench_node_monitor: the monitor's remote loop did not appear in node1\n");
        return 1;
    }
    QThread::sleep(2); // past the connection set-up
    const long hz = sysconf(_SC_CLK_TCK);
    // The sshd session process that carries the loop's output: the first "sshd:"
    // ancestor (between them: the `timeout` that bounds the loop).
    auto cmdlineOf = [](qint64 pid) {
        QFile f(QStringLiteral("/proc/%1/cmdline").arg(pid));
        QByteArray c = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        return c.replace('\0', ' ').trimmed();
    };
    qint64 session = procTimes(loop).ppid;
    for (int i = 0; i < 5 && session > 1 && !cmdlineOf(session).startsWith("sshd:"); ++i)
        session = procTimes(session).ppid;
    const QByteArray sessionName = cmdlineOf(session);
    const ProcTimes l0 = procTimes(loop);
    const ProcTimes s0 = procTimes(session);
    const double app0 = cpuSeconds();
    const int b0 = batches;
    QElapsedTimer window;
    window.start();
    QThread::sleep(seconds);
    const ProcTimes l1 = procTimes(loop);
    const ProcTimes s1 = procTimes(session);
    const double app1 = cpuSeconds();
    const double wall = window.nsecsElapsed() / 1e9;
    const int b1 = batches;
    monitor.reset();
    if (!l0.ok || !l1.ok || !s0.ok || !s1.ok) {
        fprintf(stderr, "bench_node_monitor: the loop or its sshd ended during the window\n");
        return 1;
    }
    QFile load(QStringLiteral("/proc/loadavg"));
    const QByteArray loadavg = load.open(QIODevice::ReadOnly) ? load.readAll().trimmed() : QByteArray("?");
    const double loopPct = 100.0 * double((l1.self + l1.children) - (l0.self + l0.children)) / hz / wall;
    const double sshdPct = 100.0 * double(s1.self - s0.self) / hz / wall;
    const double appPct = 100.0 * (app1 - app0) / wall;
    printf("node monitor over %.1f s (%d sample batches): remote loop (sh + children) %.3f %% of one core "
           "(target < 1 %%); its sshd session (%s) %.3f %%; app side (this process) %.3f %%\n",
        wall, b1 - b0, loopPct, sessionName.constData(), sshdPct, appPct);
    printf("load average at the end: %s\n", loadavg.constData());
    net.down();
    return (b1 - b0) >= seconds / 2 && loopPct < 1.0 ? 0 : 1;
}
