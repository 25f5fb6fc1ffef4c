// SPDX-License-Identifier: GPL-3.0-or-later
// The native librbd engine vs fio's rbd engine on the same lab cluster (1 OSD), same
// parameters, alternating runs (ABBA: fio first in even rounds, native first in odd
// ones), each on a fresh image: 4k QD32 randwrite and 4M QD16 write with librbd's cache
// as fio leaves it (fio's start-up invalidation flushes, which ends the cache's
// writethrough-until-flush phase), and 4k with the cache off on both sides. One
// uncounted run of each side warms the lab first; before each run the OSD's RocksDB is
// compacted, so no run pays for the previous one's deletes (CLUSTERMARK_BENCH_SETTLE=none
// skips that). CLUSTERMARK_BENCH_WORKER=1 also runs the engine's second way of
// reissuing ops. Target: the median of the native/fio pair
// ratios >= 1.0. Prints every run; exits 1 below the target.
#include "ceph/radosclient.h"
#include "ceph/rbdengine.h"
#include "cephlabfixture.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QThread>

#include <algorithm>
#include <sys/resource.h>
#include <cstdio>

using namespace cm;

namespace {

const QString kPool = QStringLiteral("rbd");

double median(QList<double> v)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    const qsizetype m = v.size() / 2;
    return v.size() % 2 ? v.at(m) : (v.at(m - 1) + v.at(m)) / 2;
}

struct Figures {
    double iops = 0;
    double bw = 0; // bytes/s
    // Client CPU, % of one core. Native: the whole process from the end of the first
    // interval to the image's removal. fio: its job thread only (usr_cpu + sys_cpu), so
    // librbd's own threads are not in fio's figure.
    double cpu = 0;
    double cpuPerOpUs = 0; // the client's whole CPU (all threads, set-up included) per op
};

double cpuSeconds(int who = RUSAGE_SELF)
{
    rusage u {};
    getrusage(who, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

struct Config {
    const char *name;
    RbdWorkload::Mode mode;
    quint64 bs;
    int qd;
    const char *fioRw;
    const char *fioBs;
    RbdWorkload::Cache cache;
};

bool settleByCompaction = true;

// Compacts the OSD's RocksDB (the previous run's image removal left tombstones) and
// lets it go quiet, so each run starts from a similar OSD state.
void settle(const cmtest::CephLabFixture &lab)
{
    if (!settleByCompaction)
        return;
    QElapsedTimer t;
    t.start();
    if (lab.client(QStringLiteral("ceph"), {QStringLiteral("tell"), QStringLiteral("osd.0"), QStringLiteral("compact")})
        != 0)
        fprintf(stderr, "ceph tell osd.0 compact failed\n");
    if (qEnvironmentVariableIsSet("CLUSTERMARK_BENCH_VERBOSE"))
        printf("  compaction took %lld ms\n", static_cast<long long>(t.elapsed()));
    QThread::msleep(500);
}

Figures runNative(RadosClient &client, const Config &c, int runtime, RbdWorkload::Issue issue)
{
    RbdWorkload w;
    w.mode = c.mode;
    w.blockSize = c.bs;
    w.queueDepth = c.qd;
    w.runtimeSec = runtime;
    w.imageSize = 1ull << 30;
    w.issue = issue;
    w.cache = c.cache;
    RbdEngine engine(client);
    const double cpuStart = cpuSeconds();
    double cpu = 0;
    QStringList perSecond;
    const auto sink = [&](const SampleList &samples) {
        for (const Sample &s : samples)
            if (s.metric == QLatin1String("write.iops"))
                perSecond << QString::number(s.value, 'f', 0);
        if (cpu == 0)
            cpu = cpuSeconds(); // from the end of the first interval: no image set-up
    };
    if (const Error e = engine.run(kPool, w, {}, sink)) {
        fprintf(stderr, "native run failed: %s\n", qPrintable(e.toString()));
        return {};
    }
    const QJsonObject d = engine.summary().value(QStringLiteral("write")).toObject();
    const double secs = d.value(QStringLiteral("runtime_ms")).toDouble() / 1000.0 - 1.0;
    if (qEnvironmentVariableIsSet("CLUSTERMARK_BENCH_VERBOSE"))
        printf("  native per-interval IOPS: %s\n", qPrintable(perSecond.join(QLatin1Char(' '))));
    const double ops
        = d.value(QStringLiteral("iops")).toDouble() * d.value(QStringLiteral("runtime_ms")).toDouble() / 1000.0;
    return {d.value(QStringLiteral("iops")).toDouble(), d.value(QStringLiteral("bw")).toDouble(),
        secs > 0 ? 100.0 * (cpuSeconds() - cpu) / secs : 0, ops > 0 ? 1e6 * (cpuSeconds() - cpuStart) / ops : 0};
}

Figures runFio(const cmtest::CephLabFixture &lab, const Config &c, int runtime)
{
    const QString image = QStringLiteral("%1fio-%2")
                              .arg(QLatin1String(RbdEngine::kImagePrefix))
                              .arg(QRandomGenerator::global()->generate(), 8, 16, QLatin1Char('0'));
    if (lab.client(QStringLiteral("rbd"),
            {QStringLiteral("create"), QStringLiteral("--size"), QStringLiteral("1G"),
                kPool + QLatin1Char('/') + image})
        != 0) {
        fprintf(stderr, "rbd create failed\n");
        return {};
    }
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("CEPH_CONF"), lab.confPath()); // fio's rbd engine has no conf option
    QString cephArgs = QStringLiteral("--keyring ") + lab.keyringPath();
    if (c.cache == RbdWorkload::Cache::Off)
        cephArgs += QStringLiteral(" --rbd_cache=false");
    env.insert(QStringLiteral("CEPH_ARGS"), cephArgs);
    p.setProcessEnvironment(env);
    const double childCpuStart = cpuSeconds(RUSAGE_CHILDREN);
    p.start(QStringLiteral("fio"),
        {QStringLiteral("--name=bench"), QStringLiteral("--ioengine=rbd"), QStringLiteral("--clientname=admin"),
            QStringLiteral("--pool=") + kPool, QStringLiteral("--rbdname=") + image,
            QStringLiteral("--rw=") + QLatin1String(c.fioRw), QStringLiteral("--bs=") + QLatin1String(c.fioBs),
            QStringLiteral("--iodepth=%1").arg(c.qd), QStringLiteral("--time_based"),
            QStringLiteral("--runtime=%1").arg(runtime), QStringLiteral("--output-format=json")});
    p.waitForFinished(runtime * 1000 + 60000);
    const double fioCpu = cpuSeconds(RUSAGE_CHILDREN) - childCpuStart; // all of fio's threads
    const QByteArray out = p.readAllStandardOutput();
    lab.client(QStringLiteral("rbd"),
        {QStringLiteral("rm"), QStringLiteral("--no-progress"), kPool + QLatin1Char('/') + image});
    const QJsonObject job = QJsonDocument::fromJson(out.mid(out.indexOf('{')))
                                .object()
                                .value(QStringLiteral("jobs"))
                                .toArray()
                                .first()
                                .toObject();
    const QJsonObject w = job.value(QStringLiteral("write")).toObject();
    if (w.isEmpty())
        fprintf(stderr, "fio failed: %s\n", p.readAllStandardError().constData());
    const double ops = w.value(QStringLiteral("total_ios")).toDouble();
    return {w.value(QStringLiteral("iops")).toDouble(), w.value(QStringLiteral("bw_bytes")).toDouble(),
        job.value(QStringLiteral("usr_cpu")).toDouble() + job.value(QStringLiteral("sys_cpu")).toDouble(),
        ops > 0 ? 1e6 * fioCpu / ops : 0};
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int rounds = qEnvironmentVariableIsSet("CLUSTERMARK_BENCH_ROUNDS")
        ? qEnvironmentVariableIntValue("CLUSTERMARK_BENCH_ROUNDS")
        : 3;
    const bool withWorker = qEnvironmentVariableIntValue("CLUSTERMARK_BENCH_WORKER") == 1;
    settleByCompaction = qEnvironmentVariable("CLUSTERMARK_BENCH_SETTLE") != QLatin1String("none");
    const int runtime = qEnvironmentVariableIsSet("CLUSTERMARK_BENCH_RUNTIME")
        ? qEnvironmentVariableIntValue("CLUSTERMARK_BENCH_RUNTIME")
        : 5;

    QString why;
    if (!cmtest::CephLabFixture::available(&why)) {
        fprintf(stderr, "bench_rbd_native_vs_fio: %s\n", qPrintable(why));
        return 1;
    }
    // Every run writes a fresh image and bluestore allocates fresh space until the block
    // file is full: a small OSD bounds the lab's disk use (the default 40 GiB filled it).
    qputenv("CEPH_LAB_OSD_GIB", "16");
    cmtest::CephLabFixture lab;
    if (!lab.start(1) || !lab.createPool(kPool, QStringLiteral("rbd"), 16)
        || lab.client(QStringLiteral("rbd"), {QStringLiteral("pool"), QStringLiteral("init"), kPool}) != 0) {
        fprintf(stderr, "bench_rbd_native_vs_fio: lab: %s\n", qPrintable(lab.whyNot()));
        return 1;
    }
    RadosClient client;
    CephConnectionSpec spec;
    spec.confPath = lab.confPath();
    spec.keyringPath = lab.keyringPath();
    if (const Error e = client.connect(spec)) {
        fprintf(stderr, "bench_rbd_native_vs_fio: %s\n", qPrintable(e.toString()));
        return 1;
    }

    const Config configs[] = {
        {"4k QD32 randwrite", RbdWorkload::Mode::RandWrite, 4096, 32, "randwrite", "4k", RbdWorkload::Cache::Writeback},
        {"4M QD16 write", RbdWorkload::Mode::Write, 4ull << 20, 16, "write", "4M", RbdWorkload::Cache::Writeback},
        {"4k QD32 randwrite, rbd_cache off", RbdWorkload::Mode::RandWrite, 4096, 32, "randwrite", "4k",
            RbdWorkload::Cache::Off},
    };
    bool ok = true;
    // CLUSTERMARK_BENCH_ONLY=N runs only the N-th configuration (0-based).
    const int only = qEnvironmentVariableIsSet("CLUSTERMARK_BENCH_ONLY")
        ? qEnvironmentVariableIntValue("CLUSTERMARK_BENCH_ONLY")
        : -1;
    for (const Config &c : configs) {
        if (only >= 0 && &c != &configs[only])
            continue;
        QList<double> ratios, ratiosWorker, nat, wrk, fio;
        // The first runs on a fresh lab are faster than any later one (an empty OSD):
        // one uncounted run of each side first, so round 1's first side gains nothing.
        settle(lab);
        const Figures warmFio = runFio(lab, c, runtime);
        settle(lab);
        const Figures warmNative = runNative(client, c, runtime, RbdWorkload::Issue::FromCompletion);
        printf("%s warm-up (not counted): fio %.0f IOPS, native %.0f IOPS\n", c.name, warmFio.iops, warmNative.iops);
        for (int i = 0; i < rounds; ++i) {
            // Alternate the order so neither side always runs on a fresher cluster.
            Figures f, n, w;
            if (i % 2 == 0) {
                settle(lab);
                f = runFio(lab, c, runtime);
            }
            settle(lab);
            n = runNative(client, c, runtime, RbdWorkload::Issue::FromCompletion);
            if (withWorker) {
                settle(lab);
                w = runNative(client, c, runtime, RbdWorkload::Issue::FromWorker);
            }
            if (i % 2 == 1) {
                settle(lab);
                f = runFio(lab, c, runtime);
            }
            fio << f.iops;
            nat << n.iops;
            wrk << w.iops;
            ratios << (f.iops > 0 ? n.iops / f.iops : 0);
            ratiosWorker << (f.iops > 0 ? w.iops / f.iops : 0);
            printf("%s round %d (%s first): fio %.0f IOPS %.1f MiB/s cpu %.0f%% %.0f us/op | native (reissue in "
                   "callback) %.0f IOPS"
                   " %.1f MiB/s cpu %.0f%% %.0f us/op (%.3f)",
                c.name, i + 1, i % 2 == 0 ? "fio" : "native", f.iops, f.bw / 1048576, f.cpu, f.cpuPerOpUs, n.iops,
                n.bw / 1048576, n.cpu, n.cpuPerOpUs, ratios.last());
            if (withWorker)
                printf(" | native (reissue on worker) %.0f IOPS %.1f MiB/s cpu %.0f%% %.0f us/op (%.3f)", w.iops,
                    w.bw / 1048576, w.cpu, w.cpuPerOpUs, ratiosWorker.last());
            printf("\n");
            fflush(stdout);
        }
        const double r = median(ratios);
        printf("%s, %d s x %d rounds: median fio %.0f IOPS, native %.0f IOPS; median pair ratio %.3f (target >= 1.0)",
            c.name, runtime, rounds, median(fio), median(nat), r);
        if (withWorker)
            printf("; reissue on worker: median %.0f IOPS, pair ratio %.3f", median(wrk), median(ratiosWorker));
        printf("\n");
        fflush(stdout);
        ok = ok && r >= 1.0;
    }
    client.shutdown();
    lab.stop();
    return ok ? 0 : 1;
}
