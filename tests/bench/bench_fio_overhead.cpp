// SPDX-License-Identifier: GPL-3.0-or-later
// fio through the app over SSH to loopback vs the same fio command run directly,
// alternating, on 4k QD32 random reads of a tmpfs file. Target: IOPS ratio >= 0.97.
// Prints every run and the ratio of the medians; exits 1 below the target.
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "parse/fiostreamreader.h"
#include "sshdfixture.h"
#include "store/sessionstore.h"
#include "transport/sshtransport.h"

#include <QCoreApplication>
#include <QDir>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>

using namespace cm;

namespace {

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v.at(v.size() / 2);
}

Plan benchPlan(const NodeSpec &node, const QString &dir, int runtime)
{
    Plan p;
    p.kind = DiskFioKind::kindId();
    p.name = QStringLiteral("fio overhead 4k QD32 randread");
    p.nodes = {node};
    p.target = {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), dir},
        {QStringLiteral("size"), QStringLiteral("256M")}};
    p.steps = {PlanStep {QStringLiteral("rnd4k-q32"), QStringLiteral("RND4K Q32T1 Read"),
        {{QStringLiteral("rw"), QStringLiteral("randread")}, {QStringLiteral("bs"), QStringLiteral("4k")},
            {QStringLiteral("iodepth"), 32}, {QStringLiteral("numjobs"), 1}, {QStringLiteral("runtime"), runtime}}}};
    return p;
}

double runDirect(const Plan &plan)
{
    const DiskFioStepOptions o = DiskFioStepOptions::read(plan.steps.first(), nullptr);
    QStringList args = DiskFioKind::fioArgs(plan, o, plan.steps.first().id,
        plan.target.value(QStringLiteral("dir")).toString() + QStringLiteral("/clustermark-bench-direct.fio.dat"));
    const QString program = args.takeFirst();
    QProcess p;
    p.start(program, args);
    p.waitForFinished(-1);
    FioStreamReader reader;
    reader.feed(p.readAllStandardOutput());
    reader.finish();
    const auto s = reader.summary();
    return s ? s->dir(FioDir::Read).iops : 0;
}

double runThroughApp(const Plan &plan, const QString &storePath)
{
    RunEngine engine(storePath);
    RunId id = 0;
    QObject::connect(&engine, &RunEngine::runStarted, [&](RunId i, const Plan &, SampleBufferPtr b, double) {
        id = i;
        Q_UNUSED(b);
    });
    QSignalSpy finished(&engine, &RunEngine::runFinished);
    engine.start(plan);
    finished.wait(600000);
    SessionStore store(storePath);
    if (store.open() || id == 0)
        return 0;
    const auto steps = store.steps(id);
    if (steps.isEmpty() || steps.first().status != QLatin1String("completed")) {
        fprintf(stderr, "app run failed: %s\n", steps.isEmpty() ? "no step" : qPrintable(steps.first().error));
        return 0;
    }
    return steps.first().summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("iops")).toDouble();
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    registerBuiltinKinds();
    const int rounds = qEnvironmentVariableIsSet("CLUSTERMARK_BENCH_ROUNDS")
        ? qEnvironmentVariableIntValue("CLUSTERMARK_BENCH_ROUNDS")
        : 3;
    const int runtime = qEnvironmentVariableIsSet("CLUSTERMARK_BENCH_RUNTIME")
        ? qEnvironmentVariableIntValue("CLUSTERMARK_BENCH_RUNTIME")
        : 5;

    QTemporaryDir data;
    qputenv("CLUSTERMARK_DATA_DIR", data.path().toUtf8());
    cmtest::SshdFixture sshd;
    if (!sshd.start()) {
        fprintf(stderr, "bench_fio_overhead: cannot start sshd: %s\n", qPrintable(sshd.whyNot()));
        return 1;
    }
    // Trust the fixture's host key in the app's own known_hosts, as the add-node dialog does.
    {
        SshOptions o = sshd.options(true);
        o.knownHostsPath = defaultKnownHostsPath();
        SshTransport t(sshd.node(), {}, o);
        if (const Error e = t.connect()) {
            fprintf(stderr, "bench_fio_overhead: %s\n", qPrintable(e.toString()));
            return 1;
        }
    }
    QTemporaryDir shm(QStringLiteral("/dev/shm/clustermark-bench-XXXXXX"));
    const Plan direct = benchPlan(NodeSpec::parse(QStringLiteral("local")), shm.path(), runtime);
    const Plan viaSsh = benchPlan(sshd.node(), shm.path(), runtime);
    // Lay the file out once so that no run pays for it.
    runDirect(benchPlan(NodeSpec::parse(QStringLiteral("local")), shm.path(), 1));

    QList<double> d, a;
    for (int i = 0; i < rounds; ++i) {
        const double x = runDirect(direct);
        const double y = runThroughApp(viaSsh, data.filePath(QStringLiteral("bench.sqlite")));
        d << x;
        a << y;
        printf(
            "round %d: direct %.0f IOPS, through the app over SSH %.0f IOPS (%.3f)\n", i + 1, x, y, x > 0 ? y / x : 0);
        fflush(stdout);
    }
    // Alternating runs: the ratio of each pair, then the median of those ratios.
    QList<double> ratios;
    for (int i = 0; i < d.size(); ++i)
        ratios << (d.at(i) > 0 ? a.at(i) / d.at(i) : 0);
    const double ratio = median(ratios);
    printf("fio 4k QD32 randread on tmpfs, %d s x %d rounds: median direct %.0f IOPS, via app %.0f IOPS, "
           "median pair ratio %.3f (target >= 0.97)\n",
        runtime, rounds, median(d), median(a), ratio);
    QFile::remove(shm.filePath(QStringLiteral("clustermark-bench-direct.fio.dat")));
    return ratio >= 0.97 ? 0 : 1;
}
