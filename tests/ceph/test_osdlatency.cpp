// SPDX-License-Identifier: GPL-3.0-or-later
// The per-OSD latency kind against a real single-host cluster with 3 OSDs: object
// mapping checked against the `ceph osd map` CLI, runs in a temporary size-1 pool and
// in a named pool, op counts checked against each OSD's own op_w counter, the temporary
// pool gone afterwards (also after a cancel and after errors), the mons' refusals
// (size 1, pool delete) reported, and a killed OSD giving an error within the op timeout.
#include "bench/osdlatency/osdlatencykind.h"
#include "bench/rados/radoskind.h"
#include "bench/registry.h"
#include "ceph/benchpool.h"
#include "ceph/osdobjectmapper.h"
#include "ceph/radosclient.h"
#include "cephlabfixture.h"
#include "cpuquota.h"
#include "engine/runengine.h"
#include "model/metric.h"
#include "report/bottleneck.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <csignal>
#include <mutex>

using namespace cm;

namespace {

const QString kPool = QStringLiteral("osdlat");

struct RunResult {
    StepOutcome outcome;
    SampleList samples;
    qint64 ms = 0;
};

} // namespace

class TestOsdLatency : public QObject {
    Q_OBJECT
private:
    cmtest::CephLabFixture m_lab;
    RadosClient m_client;

    QJsonObject target(bool consent = true) const
    {
        return {{QStringLiteral("conf"), m_lab.confPath()}, {QStringLiteral("keyring"), m_lab.keyringPath()},
            {QStringLiteral("client"), QStringLiteral("admin")}, {QStringLiteral("poolConsent"), consent},
            {QStringLiteral("mode"), QStringLiteral("sequential")},
            {QStringLiteral("objectSize"), QStringLiteral("4M")}};
    }

    Plan plan(const QJsonObject &t, int runtime, Error *e = nullptr)
    {
        Error err;
        Plan p = OsdLatencyKind::makePlan(
            QStringLiteral("quick"), {NodeSpec::parse(QStringLiteral("local"))}, t, runtime, &err);
        if (e)
            *e = err;
        return p;
    }

    // Runs the plan's step on this thread; onSamples sees each batch (any thread).
    RunResult runPlan(
        const Plan &p, const CancelToken &cancel = {}, const std::function<void(const SampleList &)> &onSamples = {})
    {
        RunResult r;
        std::mutex mutex;
        QElapsedTimer clock;
        clock.start();
        StepContext ctx;
        ctx.cancel = cancel;
        ctx.nodeName = QStringLiteral("local");
        ctx.now = [clock] { return clock.nsecsElapsed() / 1e9; };
        ctx.emitSamples = [&](const SampleList &s) {
            {
                std::lock_guard lk(mutex);
                r.samples += s;
            }
            if (onSamples)
                onSamples(s);
        };
        ctx.log = [](const QString &line) { qInfo("%s", qPrintable(line)); };
        auto runner = OsdLatencyKind().createStepRunner(p, 0);
        r.outcome = runner->run(ctx);
        r.ms = clock.elapsed();
        return r;
    }

    QStringList benchPools()
    {
        QByteArray out;
        if (m_lab.client(
                QStringLiteral("ceph"), {QStringLiteral("osd"), QStringLiteral("pool"), QStringLiteral("ls")}, &out)
            != 0)
            return {QStringLiteral("<ceph osd pool ls failed>")};
        QStringList pools;
        for (const QString &p : QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts))
            if (p.startsWith(OsdLatencyKind::poolPrefix()))
                pools << p;
        return pools;
    }

    // Each OSD's count of client write ops (its own counter).
    QMap<int, double> opW()
    {
        QMap<int, double> m;
        for (int i = 0; i < m_lab.osds(); ++i) {
            QByteArray out;
            if (m_lab.client(QStringLiteral("ceph"),
                    {QStringLiteral("tell"), QStringLiteral("osd.%1").arg(i), QStringLiteral("perf"),
                        QStringLiteral("dump"), QStringLiteral("osd")},
                    &out)
                != 0)
                return {};
            m.insert(i,
                QJsonDocument::fromJson(out)
                    .object()
                    .value(QStringLiteral("osd"))
                    .toObject()
                    .value(QStringLiteral("op_w"))
                    .toDouble(-1));
        }
        return m;
    }

    int cephOsdMapPrimary(const QString &pool, const QString &object)
    {
        QByteArray out;
        if (m_lab.client(QStringLiteral("ceph"),
                {QStringLiteral("osd"), QStringLiteral("map"), pool, object, QStringLiteral("-f"),
                    QStringLiteral("json")},
                &out)
            != 0)
            return -2;
        return QJsonDocument::fromJson(out).object().value(QStringLiteral("acting_primary")).toInt(-3);
    }

    void setMonOption(const QString &name, bool value)
    {
        QVERIFY(m_lab.client(QStringLiteral("ceph"),
                    {QStringLiteral("tell"), QStringLiteral("mon.a"), QStringLiteral("config"), QStringLiteral("set"),
                        name, value ? QStringLiteral("true") : QStringLiteral("false")})
            == 0);
    }

    // Per-OSD figures, samples and the cluster's op counters agree.
    void checkRun(const RunResult &r, const QList<int> &ids, int runtime, const QMap<int, double> &before,
        const QMap<int, double> &after, int extraOpsPerOsd)
    {
        QVERIFY2(!r.outcome.error, qPrintable(r.outcome.error.toString()));
        const QJsonObject s = r.outcome.summary;
        const QJsonArray osds = s.value(QStringLiteral("osds")).toArray();
        QCOMPARE(osds.size(), ids.size());
        const int perOsd = s.value(QStringLiteral("objectsPerOsd")).toInt();
        QCOMPARE(perOsd, OsdLatencyKind::kDefaultObjectsPerOsd);
        QCOMPARE(s.value(QStringLiteral("objectSize")).toString(), QStringLiteral("4M"));
        for (qsizetype i = 0; i < osds.size(); ++i) {
            const QJsonObject o = osds.at(i).toObject();
            const int id = o.value(QStringLiteral("id")).toInt(-1);
            QCOMPARE(id, ids.at(i));
            const double ops = o.value(QStringLiteral("ops")).toDouble();
            QVERIFY2(ops > 0, qPrintable(QStringLiteral("osd.%1 ops %2").arg(id).arg(ops)));
            double histCount = 0;
            const QJsonObject hist = o.value(QStringLiteral("histogram")).toObject();
            for (auto it = hist.begin(); it != hist.end(); ++it)
                histCount += it.value().toDouble();
            QCOMPARE(histCount, ops);
            const double p50 = o.value(QStringLiteral("p50")).toDouble(),
                         p99 = o.value(QStringLiteral("p99")).toDouble();
            const double p999 = o.value(QStringLiteral("p999")).toDouble(),
                         mx = o.value(QStringLiteral("max")).toDouble();
            QVERIFY(p50 > 0 && p50 <= p99 && p99 <= p999 && p999 <= mx);
            QVERIFY(o.value(QStringLiteral("mean")).toDouble() > 0);
            const double iops = o.value(QStringLiteral("iops")).toDouble();
            QVERIFY2(std::abs(iops - ops / runtime) <= 0.2 * ops / runtime,
                qPrintable(QStringLiteral("iops %1, ops %2 in %3 s").arg(iops).arg(ops).arg(runtime)));
            QCOMPARE(o.value(QStringLiteral("host")).toString(), QStringLiteral("lab"));
            QCOMPARE(o.value(QStringLiteral("deviceClass")).toString(), QStringLiteral("hdd"));
            QVERIFY(o.value(QStringLiteral("rotational")).isBool());
            QVERIFY(o.value(QStringLiteral("outlier")).isBool());
            QVERIFY(o.value(QStringLiteral("outlierReason")).isString());
            QVERIFY(!o.contains(QStringLiteral("error")));
            // Live samples: one set per second for that OSD.
            int n = 0;
            for (const Sample &x : r.samples)
                if (x.target == QStringLiteral("osd.%1").arg(id) && x.metric == metric::WriteIops) {
                    ++n;
                    QVERIFY(x.value > 0);
                }
            QVERIFY2(n >= runtime - 1 && n <= runtime + 1,
                qPrintable(QStringLiteral("osd.%1: %2 iops samples").arg(id).arg(n)));
            for (const QString &m : {metric::WriteLatP50, metric::WriteLatP99, metric::WriteLatMean}) {
                bool seen = false;
                for (const Sample &x : r.samples)
                    seen = seen || (x.target == QStringLiteral("osd.%1").arg(id) && x.metric == m && x.value > 0);
                QVERIFY2(seen, qPrintable(m));
            }
            // The OSD's own counter: the timed writes, one creating write per object,
            // plus extraOpsPerOsd (removals), and a little background (MDS, RGW).
            if (before.isEmpty() || after.isEmpty())
                QFAIL("ceph tell osd.N perf dump failed");
            const double delta = after.value(id) - before.value(id);
            const double expected = ops + perOsd + extraOpsPerOsd;
            qInfo("osd.%d: %.0f timed writes, p50 %.0f us, p99 %.0f us; op_w delta %.0f, expected %.0f", id, ops,
                p50 / 1e3, p99 / 1e3, delta, expected);
            QVERIFY2(delta >= expected && delta <= expected * 1.03 + 30,
                qPrintable(QStringLiteral("osd.%1: op_w delta %2, app %3").arg(id).arg(delta).arg(expected)));
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(3), qPrintable(m_lab.whyNot()));
        QVERIFY(m_lab.createPool(kPool, QStringLiteral("rados"), 32));
        CephConnectionSpec spec;
        spec.confPath = m_lab.confPath();
        spec.keyringPath = m_lab.keyringPath();
        const Error e = m_client.connect(spec);
        QVERIFY2(!e, qPrintable(e.toString()));
    }

    void mappingMatchesCephOsdMap()
    {
        OsdObjectMapper mapper(m_client, kPool);
        const Error e = mapper.map({0, 1, 2}, 3);
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(mapper.tries() >= 9);
        const auto objects = mapper.objects();
        QCOMPARE(objects.keys(), (QList<int> {0, 1, 2}));
        QSet<QString> all;
        for (auto it = objects.begin(); it != objects.end(); ++it) {
            QCOMPARE(it->size(), 3);
            for (const QString &o : *it) {
                QVERIFY(o.startsWith(QLatin1String(OsdObjectMapper::kPrefix)));
                all.insert(o);
            }
            // The cluster's own CLI agrees (two per OSD: each call costs ~0.5 s here).
            for (int k = 0; k < 2; ++k)
                QCOMPARE(cephOsdMapPrimary(kPool, it->at(k)), it.key());
        }
        QCOMPARE(all.size(), 9);
    }

    void mappingIsBounded()
    {
        // osd.7 does not exist: it never becomes primary; the search stops and says so.
        OsdObjectMapper mapper(m_client, kPool);
        QElapsedTimer t;
        t.start();
        const Error e = mapper.map({0, 7}, 1, {}, 40);
        QVERIFY(e);
        QCOMPARE(mapper.tries(), 40);
        QVERIFY2(e.message.contains(QLatin1String("osd.7 (0 of 1)")) && !e.message.contains(QLatin1String("osd.0")),
            qPrintable(e.message));
        QCOMPARE(mapper.objects().value(0).size(), 1);
        QVERIFY(t.elapsed() < 20000);
        // A pool that does not exist: the mon's own words.
        OsdObjectMapper missing(m_client, QStringLiteral("no-such-pool"));
        const Error m = missing.map({0}, 1);
        QVERIFY2(m && m.message.contains(QLatin1String("does not exist")), qPrintable(m.toString()));
    }

    void refusedWithoutConsent()
    {
        Error e;
        plan(target(false), 1, &e);
        QVERIFY(e);
        QVERIFY2(e.message.contains(QLatin1String("temporary pool of size 1"))
                && e.message.contains(QLatin1String("will be created for the benchmark and removed afterwards")),
            qPrintable(e.message));
        plan(target(true), 1, &e);
        QVERIFY2(!e, qPrintable(e.message));
        QJsonObject named = target(false);
        named.insert(QStringLiteral("pool"), kPool);
        plan(named, 1, &e);
        QVERIFY2(!e, qPrintable(e.message));
        // A plan file edited by hand: the runner refuses too, and creates nothing.
        Plan p = plan(target(true), 1);
        p.target.insert(QStringLiteral("poolConsent"), false);
        const RunResult r = runPlan(p);
        QVERIFY(r.outcome.error);
        QCOMPARE(r.outcome.error.code, Error::Code::InvalidInput);
        QVERIFY(benchPools().isEmpty());
        // Other bad input.
        QJsonObject bad = target();
        bad.insert(QStringLiteral("mode"), QStringLiteral("random"));
        plan(bad, 1, &e);
        QVERIFY(e.message.contains(QLatin1String("sequential or parallel")));
        bad = target();
        bad.insert(QStringLiteral("osds"), QJsonArray {0, 0});
        plan(bad, 1, &e);
        QVERIFY(e.message.contains(QLatin1String("twice")));
        bad = target();
        bad.insert(QStringLiteral("objectSize"), QStringLiteral("3k"));
        plan(bad, 1, &e);
        QVERIFY2(e.message.contains(QLatin1String("divide")), qPrintable(e.message));
    }

    void sequentialInTemporaryPool()
    {
        QJsonObject t = target();
        const int runtime = 2;
        const QMap<int, double> before = opW();
        const RunResult r = runPlan(plan(t, runtime));
        const QMap<int, double> after = opW();
        checkRun(r, {0, 1, 2}, runtime, before, after, 0);
        const QString pool = r.outcome.summary.value(QStringLiteral("pool")).toString();
        QVERIFY(pool.startsWith(OsdLatencyKind::poolPrefix()));
        QVERIFY(r.outcome.summary.value(QStringLiteral("tempPool")).toBool());
        QCOMPARE(r.outcome.summary.value(QStringLiteral("mode")).toString(), QStringLiteral("sequential"));
        QVERIFY2(benchPools().isEmpty(), qPrintable(benchPools().join(QLatin1Char(' '))));
        // One OSD after the other: osd.1's samples all come after osd.0's.
        double last0 = 0, first1 = 1e9;
        for (const Sample &s : r.samples) {
            if (s.target == QLatin1String("osd.0"))
                last0 = std::max(last0, s.t);
            if (s.target == QLatin1String("osd.1"))
                first1 = std::min(first1, s.t);
        }
        QVERIFY2(first1 > last0, qPrintable(QStringLiteral("%1 %2").arg(last0).arg(first1)));
        qInfo("sequential run of 3 OSDs x %d s took %lld ms", runtime, r.ms);
    }

    void parallelInNamedPool()
    {
        QJsonObject t = target(false);
        t.insert(QStringLiteral("pool"), kPool);
        t.insert(QStringLiteral("mode"), QStringLiteral("parallel"));
        t.insert(QStringLiteral("osds"), QJsonArray {2, 0});
        const int runtime = 3;
        const QMap<int, double> before = opW();
        const RunResult r = runPlan(plan(t, runtime));
        const QMap<int, double> after = opW();
        // Removing each object is one more write op on its OSD.
        checkRun(r, {0, 2}, runtime, before, after, OsdLatencyKind::kDefaultObjectsPerOsd);
        QVERIFY(!r.outcome.summary.value(QStringLiteral("tempPool")).toBool());
        QVERIFY2(r.ms < (runtime + 15) * 1000, qPrintable(QString::number(r.ms)));
        // Both at once: their sample times overlap.
        double first0 = 1e9, last0 = 0, first2 = 1e9;
        for (const Sample &s : r.samples) {
            if (s.target == QLatin1String("osd.0")) {
                first0 = std::min(first0, s.t);
                last0 = std::max(last0, s.t);
            }
            if (s.target == QLatin1String("osd.2"))
                first2 = std::min(first2, s.t);
        }
        QVERIFY2(first2 < last0 && first0 < last0,
            qPrintable(QStringLiteral("%1 %2 %3").arg(first0).arg(last0).arg(first2)));
        // Only the app's objects were written, and they are gone.
        QByteArray out;
        QCOMPARE(m_lab.client(QStringLiteral("rados"), {QStringLiteral("-p"), kPool, QStringLiteral("ls")}, &out), 0);
        QVERIFY2(!out.contains(OsdObjectMapper::kPrefix), out.constData());
        QCOMPARE(r.outcome.summary.value(QStringLiteral("pool")).toString(), kPool);
        QVERIFY(benchPools().isEmpty());
    }

    void cancelRemovesThePool()
    {
        CancelToken cancel;
        QElapsedTimer sinceCancel;
        std::atomic<int> seen {0};
        const RunResult r = runPlan(plan(target(), 30), cancel, [&](const SampleList &s) {
            for (const Sample &x : s)
                if (x.target == QLatin1String("osd.0") && x.metric == metric::WriteIops && ++seen == 2) {
                    sinceCancel.start();
                    cancel.cancel();
                }
        });
        QVERIFY(seen >= 2);
        const qint64 stopMs = sinceCancel.elapsed();
        qInfo("stopped %lld ms after the cancel (pool removal included)", stopMs);
        QCOMPARE(r.outcome.error.code, Error::Code::Cancelled);
        QVERIFY2(stopMs < 2000, qPrintable(QString::number(stopMs)));
        QVERIFY2(benchPools().isEmpty(), qPrintable(benchPools().join(QLatin1Char(' '))));
        // What ran is kept; the OSDs after the cancel never ran.
        const QJsonArray osds = r.outcome.summary.value(QStringLiteral("osds")).toArray();
        QCOMPARE(osds.size(), 3);
        QVERIFY(osds.at(0).toObject().value(QStringLiteral("ops")).toDouble() > 0);
        QCOMPARE(osds.at(2).toObject().value(QStringLiteral("ops")).toDouble(), 0.0);
    }

    void sizeOneRefused()
    {
        setMonOption(QStringLiteral("mon_allow_pool_size_one"), false);
        const RunResult r = runPlan(plan(target(), 1));
        setMonOption(QStringLiteral("mon_allow_pool_size_one"), true);
        QVERIFY(r.outcome.error);
        QVERIFY2(r.outcome.error.message.contains(QLatin1String(
                     "set mon_allow_pool_size_one = true (ceph config set global mon_allow_pool_size_one true)")),
            qPrintable(r.outcome.error.message));
        QVERIFY2(benchPools().isEmpty(), qPrintable(benchPools().join(QLatin1Char(' '))));
    }

    void deleteRefusedLeavesNamedPool()
    {
        setMonOption(QStringLiteral("mon_allow_pool_delete"), false);
        QJsonObject t = target();
        t.insert(QStringLiteral("osds"), QJsonArray {0});
        const RunResult r = runPlan(plan(t, 1));
        const QStringList left = benchPools();
        setMonOption(QStringLiteral("mon_allow_pool_delete"), true);
        for (const QString &p : left)
            m_lab.client(QStringLiteral("ceph"),
                {QStringLiteral("osd"), QStringLiteral("pool"), QStringLiteral("rm"), p, p,
                    QStringLiteral("--yes-i-really-really-mean-it")});
        QVERIFY(r.outcome.error);
        const QString pool = r.outcome.summary.value(QStringLiteral("pool")).toString();
        QCOMPARE(left, QStringList {pool});
        QVERIFY2(r.outcome.error.message.contains(QLatin1String("mon_allow_pool_delete"))
                && r.outcome.error.message.contains(QStringLiteral("left with its name %1").arg(pool)),
            qPrintable(r.outcome.error.message));
        // The measurement itself is kept.
        QVERIFY(r.outcome.summary.value(QStringLiteral("osds"))
                    .toArray()
                    .at(0)
                    .toObject()
                    .value(QStringLiteral("ops"))
                    .toDouble()
            > 0);
        QVERIFY(benchPools().isEmpty());
    }

    // A frozen OSD (SIGSTOP: connections stay open, writes just hang): a cancel still
    // ends the run within 2 s, the hanging write is cancelled, and the pool goes.
    void cancelWhileAWriteHangs()
    {
        QJsonObject t = target();
        t.insert(QStringLiteral("mode"), QStringLiteral("parallel"));
        t.insert(QStringLiteral("osds"), QJsonArray {0, 2});
        t.insert(QStringLiteral("opTimeout"), 20);
        QFile pidFile(m_lab.dir() + QStringLiteral("/run/osd.2.pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const qint64 pid = pidFile.readAll().trimmed().toLongLong();
        QVERIFY(cmtest::processAlive(pid));
        CancelToken cancel;
        QElapsedTimer sinceCancel;
        std::atomic<bool> frozen {false}, cancelled {false};
        std::atomic<int> osd0AfterFreeze {0};
        const RunResult r = runPlan(plan(t, 30), cancel, [&](const SampleList &s) {
            for (const Sample &x : s) {
                if (x.metric != metric::WriteIops)
                    continue;
                if (x.target == QLatin1String("osd.2") && !frozen.exchange(true))
                    ::kill(pid_t(pid), SIGSTOP);
                else if (x.target == QLatin1String("osd.0") && frozen && ++osd0AfterFreeze == 2
                    && !cancelled.exchange(true)) {
                    sinceCancel.start();
                    cancel.cancel();
                }
            }
        });
        const qint64 stopMs = sinceCancel.elapsed();
        ::kill(pid_t(pid), SIGCONT);
        QVERIFY(frozen && cancelled);
        qInfo("stopped %lld ms after the cancel with osd.2 frozen", stopMs);
        QCOMPARE(r.outcome.error.code, Error::Code::Cancelled);
        QVERIFY2(stopMs < 2000, qPrintable(QString::number(stopMs)));
        QVERIFY2(benchPools().isEmpty(), qPrintable(benchPools().join(QLatin1Char(' '))));
    }

    // One OSD slowed for real (its process held to 3 % of a core, so its commit
    // latency grows from a few ms to hundreds) during a RADOS 4k write run from this
    // machine: the finder names that OSD, and since Ceph's host for it is this
    // machine, it says so (OSD hosts matched to the app's nodes).
    void slowedOsdIsNamed()
    {
        registerBuiltinKinds();
        QFile pidFile(m_lab.dir() + QStringLiteral("/run/osd.2.pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const qint64 pid = pidFile.readAll().trimmed().toLongLong();
        QVERIFY(cmtest::processAlive(pid));
        Error e;
        Plan p = RadosKind::makePlan(QStringLiteral("standard"),
            {{QStringLiteral("pool"), kPool}, {QStringLiteral("conf"), m_lab.confPath()},
                {QStringLiteral("keyring"), m_lab.keyringPath()}, {QStringLiteral("objects"), 16}},
            8, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        p.steps = p.steps.mid(2, 1);
        QCOMPARE(p.steps.first().id, QStringLiteral("write-4k-qd16"));
        p.ceph = {{QStringLiteral("conf"), m_lab.confPath()}, {QStringLiteral("keyring"), m_lab.keyringPath()},
            {QStringLiteral("client"), QStringLiteral("client.admin")}}; // Ceph's own view during the run
        QTemporaryDir data;
        RunEngine engine(data.filePath(QStringLiteral("slow.sqlite")));
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        QSignalSpy done(&engine, &RunEngine::stepFinished);
        {
            const cmtest::CpuQuota slow(pid, 3);
            CM_REQUIRE_FIXTURE(slow.ok(), QStringLiteral("cannot limit a process's CPU (%1)").arg(slow.dir()));
            engine.start(p);
            QVERIFY(finished.wait(120000));
        }
        QCOMPARE(done.size(), 1);
        const auto limit = Bottleneck::fromJson(done.first().at(3).toJsonObject().value(QStringLiteral("bottleneck")));
        QVERIFY(limit);
        QStringList all;
        for (const BottleneckFinding &f : limit->findings)
            all << Bottleneck::text(f, false);
        qInfo("4k write QD16 with osd.2 at 3 %% of a core: %s", qPrintable(all.join(QStringLiteral("; "))));
        // The OSD is named, unless this machine's CPU was saturated (by the tests beside
        // this one): a busy client is named first, and the OSD is then the next finding.
        using K = BottleneckFinding::Kind;
        const BottleneckFinding &first = limit->named();
        QVERIFY2(first.kind == K::Osd || first.kind == K::ClientCpu || first.kind == K::ClientCore,
            qPrintable(limit->text(false)));
        const auto osd = std::find_if(limit->findings.cbegin(), limit->findings.cend(),
            [](const BottleneckFinding &f) { return f.kind == K::Osd; });
        QVERIFY(osd != limit->findings.cend());
        QCOMPARE(osd->node, QStringLiteral("osd.2"));
        QVERIFY2(osd->part.startsWith(QLatin1String("this machine (host ")), qPrintable(osd->part));
        SessionStore store(data.filePath(QStringLiteral("slow.sqlite")));
        QVERIFY(!store.open());
        const QJsonArray osds
            = store.runSummary(finished.first().at(0).value<RunId>()).value(QStringLiteral("ceph_osds")).toArray();
        QCOMPARE(osds.size(), 3);
        for (const QJsonValue &o : osds)
            QCOMPARE(o.toObject().value(QStringLiteral("node")).toString(), QStringLiteral("local"));
    }

    // Last: it leaves osd.1 dead.
    void killedOsdGivesAnErrorNotAHang()
    {
        const int timeout = 3, runtime = 4;
        QJsonObject t = target();
        t.insert(QStringLiteral("osds"), QJsonArray {1, 2}); // measured in this order
        t.insert(QStringLiteral("opTimeout"), timeout);
        QFile pidFile(m_lab.dir() + QStringLiteral("/run/osd.1.pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const qint64 pid = pidFile.readAll().trimmed().toLongLong();
        QVERIFY(cmtest::processAlive(pid));
        std::atomic<bool> killed {false};
        std::atomic<double> killedAt {0};
        const RunResult r = runPlan(plan(t, runtime), {}, [&](const SampleList &s) {
            for (const Sample &x : s)
                if (x.target == QLatin1String("osd.1") && !killed.exchange(true)) {
                    ::kill(pid_t(pid), SIGKILL);
                    killedAt = x.t;
                }
        });
        QVERIFY(killed);
        qInfo("%s", qPrintable(r.outcome.error.toString()));
        QCOMPARE(r.outcome.error.code, Error::Code::Timeout);
        QVERIFY2(r.outcome.error.message.startsWith(QLatin1String("osd.1: ")), qPrintable(r.outcome.error.message));
        const QJsonArray osds = r.outcome.summary.value(QStringLiteral("osds")).toArray();
        QCOMPARE(osds.size(), 2);
        const QJsonObject o1 = osds.at(0).toObject(), o2 = osds.at(1).toObject();
        QVERIFY2(o1.value(QStringLiteral("error")).toString().contains(QLatin1String("timed out")),
            qPrintable(o1.value(QStringLiteral("error")).toString()));
        QVERIFY(o1.value(QStringLiteral("ops")).toDouble() > 0); // before the kill
        // The next OSD started once osd.1's write had timed out: its first one-second
        // sample comes at most op timeout + 1 s (+ slack) after the kill.
        double first2 = -1;
        for (const Sample &x : r.samples)
            if (x.target == QLatin1String("osd.2") && (first2 < 0 || x.t < first2))
                first2 = x.t;
        qInfo(
            "osd.1 killed at %.2f s, osd.2's first sample at %.2f s, run took %lld ms", killedAt.load(), first2, r.ms);
        QVERIFY(first2 > killedAt);
        QVERIFY2(first2 - killedAt <= timeout + 1 + 2.5, qPrintable(QString::number(first2 - killedAt)));
        QVERIFY(!o2.contains(QStringLiteral("error")));
        QVERIFY(o2.value(QStringLiteral("ops")).toDouble() > 0);
        QVERIFY2(benchPools().isEmpty(), qPrintable(benchPools().join(QLatin1Char(' '))));
    }
};

QTEST_GUILESS_MAIN(TestOsdLatency)
#include "test_osdlatency.moc"
