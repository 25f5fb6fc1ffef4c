// SPDX-License-Identifier: GPL-3.0-or-later
// iperf3 through the app (a real net-iperf plan through the RunEngine, over SSH to
// namespace nodes) vs the same iperf3 server and client commands run directly with
// `ip netns exec` (each in its own session, as over SSH), alternating, between node1 and node2 of the netns fixture on its
// UNSHAPED links (no tbf: iperf3 and the CPU are the bottleneck, so any cost of the app
// shows). Target: Gbit/s ratio app/direct >= 0.97 (median of the per-round ratios).
// Prints every run; exits 1 below the target. Needs root (network namespaces).
//
// CLUSTERMARK_BENCH_ROUNDS (default 5), CLUSTERMARK_BENCH_RUNTIME (s, default 5),
// CLUSTERMARK_BENCH_STREAMS (-P, default 4).
#include "bench/netiperf/netiperfkind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "netnsfixture.h"
#include "parse/iperf3json.h"
#include "store/sessionstore.h"
#include "transport/sshtransport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cstdio>

using namespace cm;

namespace {

int envInt(const char *name, int def)
{
    return qEnvironmentVariableIsSet(name) ? qEnvironmentVariableIntValue(name) : def;
}

QByteArray loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray("?");
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    if (v.isEmpty())
        return 0;
    return v.size() % 2 ? v.at(v.size() / 2) : (v.at(v.size() / 2 - 1) + v.at(v.size() / 2)) / 2;
}

// The app: one pair step, iperf3, the plan's summary bitsPerSecond (what the receiver got).
double runThroughApp(const Plan &plan, const QString &storePath)
{
    RunEngine engine(storePath);
    RunId id = 0;
    QObject::connect(&engine, &RunEngine::runStarted, [&](RunId i, const Plan &, SampleBufferPtr, double) { id = i; });
    QSignalSpy finished(&engine, &RunEngine::runFinished);
    engine.start(plan);
    if (!finished.wait(300000))
        return 0;
    SessionStore store(storePath);
    if (store.open() || id == 0)
        return 0;
    const auto steps = store.steps(id);
    if (steps.isEmpty() || steps.first().status != QLatin1String("completed")) {
        fprintf(stderr, "app run failed: %s\n", steps.isEmpty() ? "no step" : qPrintable(steps.first().error));
        return 0;
    }
    return steps.first().summary.value(QStringLiteral("bitsPerSecond")).toDouble();
}

// argv inside node k's namespace, in a session of its own: as sshd gives each command
// of the app its own session, and a user's terminals do. With the kernel's autogroup
// scheduling a session is a CPU share: on a busy machine two commands in one session
// get less than two in two.
QStringList inNode(const cmtest::NetnsFixture &net, int k, const QStringList &argv)
{
    return QStringList {
               QStringLiteral("-w"), QStringLiteral("ip"), QStringLiteral("netns"), QStringLiteral("exec"), net.ns(k)}
    + argv;
}

// Directly: the same server and client argument lists as the app builds, in the nodes'
// namespaces, no SSH, no watchdog.
double runDirect(const cmtest::NetnsFixture &net, const PlanStep &step, const QString &address, int duration)
{
    const int port = 20000 + int(QRandomGenerator::global()->bounded(12000));
    QProcess server;
    server.setProcessChannelMode(QProcess::MergedChannels);
    server.start(
        QStringLiteral("setsid"), inNode(net, 2, NetIperfKind::serverArgs(QStringLiteral("iperf3"), port, duration)));
    QByteArray serverOut;
    QElapsedTimer t;
    t.start();
    while (!serverOut.contains("Server listening") && t.elapsed() < 10000 && server.state() != QProcess::NotRunning) {
        server.waitForReadyRead(100);
        serverOut += server.readAll();
    }
    if (!serverOut.contains("Server listening")) {
        fprintf(stderr, "direct iperf3 server did not start: %s\n", serverOut.constData());
        server.kill();
        server.waitForFinished();
        return 0;
    }
    QProcess client;
    client.start(QStringLiteral("setsid"),
        inNode(net, 1, NetIperfKind::clientArgs(QStringLiteral("iperf3"), address, port, step)));
    const bool finished = client.waitForFinished((duration + 30) * 1000);
    if (!finished)
        client.kill();
    client.waitForFinished();
    const QByteArray out = client.readAllStandardOutput(), err = client.readAllStandardError();
    const int rc = finished && client.exitStatus() == QProcess::NormalExit ? client.exitCode() : -1;
    if (!server.waitForFinished(5000)) {
        server.kill();
        server.waitForFinished();
    }
    Error e;
    const Iperf3Result r = parseIperf3Json(out, &e);
    if (rc != 0 || e || r.failed()) {
        fprintf(stderr, "direct iperf3 client failed (exit %d): %s %s\n", rc, qPrintable(e.message), err.constData());
        return 0;
    }
    return r.receivedBitsPerSecond();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    registerBuiltinKinds();
    const int rounds = envInt("CLUSTERMARK_BENCH_ROUNDS", 5);
    const int runtime = envInt("CLUSTERMARK_BENCH_RUNTIME", 5);
    const int streams = envInt("CLUSTERMARK_BENCH_STREAMS", 4);

    QString why;
    if (!cmtest::NetnsFixture::available(&why)) {
        fprintf(stderr, "bench_net_iperf: %s\n", qPrintable(why));
        return 1;
    }
    QTemporaryDir data;
    qputenv("CLUSTERMARK_DATA_DIR", data.path().toUtf8());
    cmtest::NetnsFixture net;
    if (!net.up(2, QString())) { // no --shape: unshaped veth links
        fprintf(stderr, "bench_net_iperf: %s\n", qPrintable(net.whyNot()));
        return 1;
    }
    // Trust the nodes' host keys in the app's own known_hosts, as `trust` does.
    if (const Error e = net.trustAll(data.filePath(QStringLiteral("known_hosts")))) {
        fprintf(stderr, "bench_net_iperf: %s\n", qPrintable(e.toString()));
        return 1;
    }
    NetIperfKind::Options o;
    o.streams = streams;
    o.duration = runtime;
    o.tool = QStringLiteral("iperf3");
    o.serverAddress = net.loAddr(2); // over the two links with the ECMP route
    Error e;
    const Plan plan = NetIperfKind::makePlan({net.node(1), net.node(2)}, o, &e);
    if (e) {
        fprintf(stderr, "bench_net_iperf: %s\n", qPrintable(e.toString()));
        return 1;
    }
    const QString store = data.filePath(QStringLiteral("bench.sqlite"));
    const PlanStep &step = plan.steps.first();

    printf("load average before: %s\n", loadAverage().constData());
    QList<double> d, a, ratios;
    for (int i = 0; i < rounds; ++i) {
        // Alternate which side goes first, so neither always runs on a warmer machine.
        double x = 0, y = 0;
        if (i % 2 == 0) {
            y = runThroughApp(plan, store);
            x = runDirect(net, step, o.serverAddress, runtime);
        } else {
            x = runDirect(net, step, o.serverAddress, runtime);
            y = runThroughApp(plan, store);
        }
        d << x;
        a << y;
        ratios << (x > 0 ? y / x : 0);
        printf("round %d (%s first): direct %.2f Gbit/s, through the app %.2f Gbit/s (%.3f)\n", i + 1,
            i % 2 == 0 ? "app" : "direct", x / 1e9, y / 1e9, ratios.last());
        fflush(stdout);
    }
    printf("load average after: %s\n", loadAverage().constData());
    const double ratio = median(ratios);
    printf("iperf3 -P %d -t %d node1->node2 over unshaped veth (ECMP), %d rounds: median direct %.2f Gbit/s, "
           "via app %.2f Gbit/s, median pair ratio %.3f (target >= 0.97)\n",
        streams, runtime, rounds, median(d) / 1e9, median(a) / 1e9, ratio);
    net.down();
    return ratio >= 0.97 ? 0 : 1;
}
