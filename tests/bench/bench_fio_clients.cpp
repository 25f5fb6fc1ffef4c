// SPDX-License-Identifier: GPL-3.0-or-later
// Three fio clients at once: driven by the app (a disk plan on three namespace nodes over
// SSH, with its start barrier) vs the same three fio commands started by hand at the
// same moment (`ip netns exec`, each in its own session, each shell sleeping to one
// agreed moment), alternating. Figures: the cluster total (sum of the clients' IOPS) and
// the start spread (from fio's own reports, as the app computes it). Targets: total
// app/by hand >= 0.97 (median of the per-round ratios) and the app's spread <= 50 ms.
// Prints every round; exits 1 when a target is missed. Needs root (network namespaces).
//
// CLUSTERMARK_BENCH_ROUNDS (default 4), CLUSTERMARK_BENCH_RUNTIME (s, default 5).
#include "bench/diskfio/diskfiokind.h"
#include "bench/fiostep.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "netnsfixture.h"
#include "parse/fiosamplestream.h"
#include "stats/clustertotal.h"
#include "store/sessionstore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <memory>

using namespace cm;

namespace {

struct Figures {
    double iops = 0; // the cluster total
    double spreadMs = -1;
};

int envInt(const char *name, int def)
{
    return qEnvironmentVariableIsSet(name) ? qEnvironmentVariableIntValue(name) : def;
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    if (v.isEmpty())
        return 0;
    return v.size() % 2 ? v.at(v.size() / 2) : (v.at(v.size() / 2 - 1) + v.at(v.size() / 2)) / 2;
}

Figures fromTotal(const QJsonObject &total)
{
    return {total.value(QStringLiteral("read")).toObject().value(QStringLiteral("iops")).toDouble(),
        total.value(QStringLiteral("start_spread_ms")).toDouble(-1)};
}

Figures throughApp(const Plan &plan, const QString &storePath)
{
    RunEngine engine(storePath);
    RunId id = 0;
    QObject::connect(&engine, &RunEngine::runStarted, [&](RunId i, const Plan &, SampleBufferPtr, double) { id = i; });
    QSignalSpy finished(&engine, &RunEngine::runFinished);
    engine.start(plan);
    if (!finished.wait(300000))
        return {};
    SessionStore store(storePath);
    if (store.open() || id == 0)
        return {};
    const QList<StepRecord> steps = store.steps(id);
    if (steps.isEmpty() || steps.last().node != clusterTotalNode()
        || steps.last().status != QLatin1String("completed")) {
        fprintf(stderr, "app run failed: %s\n", steps.isEmpty() ? "no step" : qPrintable(steps.last().error));
        return {};
    }
    return fromTotal(steps.last().summary);
}

// By hand: each node's fio in its namespace and own session, all told to start at one
// moment 500 ms ahead; their final reports summed the way the app sums them.
Figures byHand(const cmtest::NetnsFixture &net, const Plan &plan, const QString &dir)
{
    const DiskFioStepOptions o = DiskFioStepOptions::read(plan.steps.first(), nullptr);
    const qint64 at = QDateTime::currentMSecsSinceEpoch() + 500;
    std::vector<std::unique_ptr<QProcess>> procs;
    for (int k = 1; k <= 3; ++k) {
        const QString file = QStringLiteral("%1/clustermark-bench-hand-%2.fio.dat").arg(dir).arg(k);
        const QStringList fio = DiskFioKind::fioArgs(plan, o, plan.steps.first().id, file);
        auto p = std::make_unique<QProcess>();
        p->start(QStringLiteral("setsid"),
            QStringList {
                QStringLiteral("-w"), QStringLiteral("ip"), QStringLiteral("netns"), QStringLiteral("exec"), net.ns(k)}
                + fiostep::startingAt(at, fio));
        procs.push_back(std::move(p));
    }
    QList<ClientStepResult> clients;
    for (size_t k = 0; k < procs.size(); ++k) {
        procs[k]->waitForFinished(120000);
        FioSampleStream stream(0, QString());
        stream.feed(procs[k]->readAllStandardOutput(), 0);
        stream.finish();
        clients << ClientStepResult {QStringLiteral("node%1").arg(k + 1), procs[k]->exitCode() == 0, stream.summary()};
    }
    for (int k = 1; k <= 3; ++k)
        QFile::remove(QStringLiteral("%1/clustermark-bench-hand-%2.fio.dat").arg(dir).arg(k));
    const ClusterTotal total = sumClients(clients);
    return fromTotal(total.toSummary());
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    registerBuiltinKinds();
    const int rounds = envInt("CLUSTERMARK_BENCH_ROUNDS", 4);
    const int runtime = envInt("CLUSTERMARK_BENCH_RUNTIME", 5);
    QString why;
    if (!cmtest::NetnsFixture::available(&why)) {
        fprintf(stderr, "bench_fio_clients: %s\n", qPrintable(why));
        return 1;
    }
    QTemporaryDir data, bench;
    qputenv("CLUSTERMARK_DATA_DIR", data.path().toUtf8());
    cmtest::NetnsFixture net;
    if (!net.up(3, QString())) {
        fprintf(stderr, "bench_fio_clients: %s\n", qPrintable(net.whyNot()));
        return 1;
    }
    if (const Error e = net.trustAll(data.filePath(QStringLiteral("known_hosts")))) {
        fprintf(stderr, "bench_fio_clients: %s\n", qPrintable(e.toString()));
        return 1;
    }
    Error e;
    Plan plan = DiskFioKind::makePlan(QStringLiteral("quick"), {net.node(1), net.node(2), net.node(3)},
        {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), bench.path()},
            {QStringLiteral("size"), QStringLiteral("64M")}},
        runtime, &e);
    if (e) {
        fprintf(stderr, "bench_fio_clients: %s\n", qPrintable(e.toString()));
        return 1;
    }
    plan.steps = plan.steps.mid(4, 1); // RND4K Q32T1 read: the CPU is the limit, so any cost of the app shows
    const QString store = data.filePath(QStringLiteral("bench.sqlite"));
    QList<double> ratios, spreads, handSpreads;
    for (int i = 0; i < rounds; ++i) {
        Figures a, h;
        if (i % 2 == 0) {
            a = throughApp(plan, store);
            h = byHand(net, plan, bench.path());
        } else {
            h = byHand(net, plan, bench.path());
            a = throughApp(plan, store);
        }
        ratios << (h.iops > 0 ? a.iops / h.iops : 0);
        spreads << a.spreadMs;
        handSpreads << h.spreadMs;
        printf("round %d (%s first): by hand %.0f IOPS (spread %.0f ms), through the app %.0f IOPS (spread %.0f ms), "
               "ratio %.3f\n",
            i + 1, i % 2 == 0 ? "app" : "by hand", h.iops, h.spreadMs, a.iops, a.spreadMs, ratios.last());
        fflush(stdout);
    }
    const double ratio = median(ratios), spread = median(spreads);
    printf("3 fio clients, RND4K Q32T1 read, %d s, %d rounds: median total ratio app/by hand %.3f (target >= 0.97), "
           "median start spread through the app %.0f ms (target <= 50), by hand %.0f ms\n",
        runtime, rounds, ratio, spread, median(handSpreads));
    net.down();
    return ratio >= 0.97 && spread >= 0 && spread <= 50 ? 0 : 1;
}
