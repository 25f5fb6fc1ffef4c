// SPDX-License-Identifier: GPL-3.0-or-later
// Ceph kinds from three client nodes at once. The nodes are network namespaces with
// their own sshd; the Ceph lab listens on the host end of their bridge, so every node
// reaches it as a client would. Real fio (its rados and rbd engines) on every node, one
// start, a cluster total equal to the sum of the clients and within 2 % of what the
// OSDs took in, every object and image removed, and a client lost mid-run.
#include "bench/cephfs/cephfskind.h"
#include "bench/rados/radosfiorunner.h"
#include "bench/rados/radoskind.h"
#include "bench/rbd/rbdkind.h"
#include "bench/registry.h"
#include "bench/s3/s3kind.h"
#include "ceph/radosclient.h"
#include "ceph/radosobjectengine.h"
#include "cephlabfixture.h"
#include "clirun.h"
#include "enginerun.h"
#include "model/metric.h"
#include "netnsfixture.h"
#include "stats/clustertotal.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonArray>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using namespace cm;

namespace {

struct Result {
    RunId id = 0;
    QStringList finished, failed;
    int liveTotals = 0; // live total intervals that counted every client
    QList<StepRecord> steps;
};

double ioBytes(const StepRecord &s, const char *dir)
{
    return s.summary.value(QLatin1String(dir)).toObject().value(QStringLiteral("io_bytes")).toDouble();
}

} // namespace

class TestCephClients : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    cmtest::NetnsFixture m_net;
    cmtest::CephLabFixture m_lab;

    QList<NodeSpec> nodes() const { return {m_net.node(1), m_net.node(2), m_net.node(3)}; }

    QJsonObject cephTarget(const QString &pool) const
    {
        return {{QStringLiteral("pool"), pool}, {QStringLiteral("conf"), m_lab.confPath()},
            {QStringLiteral("keyring"), m_lab.keyringPath()}};
    }

    // curl on the three nodes against the lab's gateway, 48 objects, 4 in flight.
    S3Kind::Options s3Options(int runtime) const
    {
        S3Kind::Options o;
        o.engine = QStringLiteral("curl");
        o.endpoint = m_lab.rgwEndpoint();
        o.accessKey = m_lab.s3AccessKey();
        o.secretRef = QStringLiteral("lab:") + m_lab.dir();
        o.objects = 48;
        o.concurrency = 4;
        o.runtime = runtime;
        return o;
    }

    // Runs a plan of one write step: the total equals the clients' sum, and the OSDs took
    // in what the clients wrote (plus `extraBytes` written before measuring) within 2 %.
    Result runAgainstOsds(const Plan &p, int stepRecords, double extraBytes = 0)
    {
        const double before = m_lab.osdWriteBytes();
        const Result r = run(p);
        const double after = m_lab.osdWriteBytes();
        [&] {
            QVERIFY2(r.failed.isEmpty(), qPrintable(r.failed.join(QLatin1Char('\n'))));
            QCOMPARE(r.steps.size(), stepRecords);
            checkTotal(r.steps, 0, "write");
            double written = extraBytes;
            for (const StepRecord &s : r.steps)
                written += s.index == 0 && s.node == clusterTotalNode() ? ioBytes(s, "write") : 0;
            qInfo("clients wrote %.0f bytes, the OSDs took in %.0f", written, after - before);
            QVERIFY(before >= 0);
            QVERIFY2(std::abs((after - before) / written - 1) <= 0.02,
                qPrintable(QStringLiteral("clients %1, OSDs %2").arg(written).arg(after - before)));
            QVERIFY(r.liveTotals >= 2);
        }();
        return r;
    }

    Plan radosPlan(int runtime, const QStringList &ids)
    {
        QJsonObject t = cephTarget(QStringLiteral("bench"));
        t.insert(QStringLiteral("engine"), QStringLiteral("fio"));
        t.insert(QStringLiteral("objectSize"), QStringLiteral("1M"));
        t.insert(QStringLiteral("objects"), 48);
        Error e;
        Plan p = RadosKind::makePlan(QStringLiteral("standard"), nodes(), t, runtime, &e);
        [&] { QVERIFY2(!e, qPrintable(e.toString())); }();
        p.steps.removeIf([&](const PlanStep &s) { return !ids.contains(s.id); });
        return p;
    }

    // Runs the plan; onTotal(k) is called with each live total interval's index.
    Result run(Plan p, const std::function<void(int)> &onTotal = {})
    {
        // The app reaches the cluster too (as when Ceph is connected): the run watches it
        // and checks each step against the pool's own count.
        if (p.ceph.isEmpty())
            p.ceph = {{QStringLiteral("conf"), m_lab.confPath()}, {QStringLiteral("keyring"), m_lab.keyringPath()}};
        Result r;
        int totals = 0;
        const cmtest::EngineRun e
            = cmtest::runThroughEngine(p, m_data.filePath(QStringLiteral("db.sqlite")), [&](const SampleList &samples) {
                  for (const Sample &s : samples)
                      if (s.target == clusterTotalNode() && s.metric == metric::TotalClients) {
                          r.liveTotals += s.value == 3 ? 1 : 0;
                          if (onTotal)
                              onTotal(totals++);
                      }
              });
        r.id = e.id;
        r.finished = e.finished;
        r.failed = e.failed;
        SessionStore store(m_data.filePath(QStringLiteral("db.sqlite")));
        if (!store.open())
            r.steps = store.steps(r.id);
        return r;
    }

    QStringList list(const QString &program, const QStringList &args)
    {
        QByteArray out;
        m_lab.client(program, args, &out);
        return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    }
    QStringList fioObjects()
    {
        return list(QStringLiteral("rados"), {QStringLiteral("-p"), QStringLiteral("bench"), QStringLiteral("ls")})
            .filter(QRegularExpression(QStringLiteral("^") + QLatin1String(RadosFioRunner::kObjectPrefix)));
    }

    // The step's total: its own record, the sum of its clients' bytes, and the run's own
    // cross-check of it against the pool's counters within maxPercent.
    static void checkTotal(const QList<StepRecord> &steps, int step, const char *dir, double maxPercent = 2.0)
    {
        double sum = 0;
        const StepRecord *total = nullptr;
        for (const StepRecord &s : steps)
            if (s.index == step && s.node == clusterTotalNode())
                total = &s;
            else if (s.index == step)
                sum += ioBytes(s, dir);
        QVERIFY2(total, "no total record");
        QVERIFY(sum > 0);
        QCOMPARE(ioBytes(*total, dir), sum);
        const QString off = cmtest::crossCheckFails(total->summary, maxPercent);
        QVERIFY2(off.isEmpty(), qPrintable(off));
    }

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::NetnsFixture::available(&why), why);
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_net.up(3, QString()), qPrintable(m_net.whyNot()));
        m_lab.setAddress(m_net.hostAddr()); // the nodes reach it there
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        QVERIFY(m_lab.createPool(QStringLiteral("bench")));
        QVERIFY(m_lab.createPool(QStringLiteral("rbd"), QStringLiteral("rbd")));
        qputenv("CLUSTERMARK_DATA_DIR", m_data.path().toUtf8());
        const Error trusted = m_net.trustAll(m_data.filePath(QStringLiteral("known_hosts")));
        QVERIFY2(!trusted, qPrintable(trusted.toString()));
    }

    // fio's rados engine on three nodes: whole-object writes, then reads of what each
    // client wrote first; the OSDs took in what the clients say they wrote.
    void radosFromThreeClients()
    {
        const Plan p = radosPlan(3, {QStringLiteral("write-object-qd16"), QStringLiteral("read-object-qd16")});
        QVERIFY(!RadosKind().validate(p));
        // The read step wrote each client's 16 objects of 1 MiB first.
        const Result r = runAgainstOsds(p, 2 * 4, 48.0 * 1048576); // three clients and the total, per step
        if (QTest::currentTestFailed())
            return;
        checkTotal(r.steps, 1, "read");
        QSet<QString> targets;
        for (const StepRecord &s : r.steps)
            targets << s.target;
        QCOMPARE(targets.size(), 4); // each client's own objects (the same in both steps), and the total
        QVERIFY2(fioObjects().isEmpty(), qPrintable(fioObjects().join(QLatin1Char(' '))));
    }

    // fio's rbd engine on three nodes, an image each, librbd's cache off.
    void rbdFromThreeClients()
    {
        QJsonObject t = cephTarget(QStringLiteral("rbd"));
        t.insert(QStringLiteral("imageSize"), QStringLiteral("64M"));
        t.insert(QStringLiteral("cache"), QStringLiteral("off")); // what the OSDs get is what fio counts
        Error e;
        Plan p = RbdKind::makePlan(QStringLiteral("standard"), nodes(), t, 3, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        p.steps = p.steps.mid(0, 1); // 4M QD16 write
        runAgainstOsds(p, 4);
        if (QTest::currentTestFailed())
            return;
        const QStringList images = list(QStringLiteral("rbd"), {QStringLiteral("ls"), QStringLiteral("rbd")});
        QVERIFY2(images.isEmpty(), qPrintable(images.join(QLatin1Char(' '))));
    }

    // fio on three ceph-fuse mounts (one per node, each in its namespace), a folder each.
    void cephfsFromThreeClients()
    {
        CephFsKind::Options o;
        o.engine = QStringLiteral("fio");
        o.conf = m_lab.confPath();
        o.keyring = m_lab.keyringPath();
        o.fsName = m_lab.cephfsName();
        o.mount = QStringLiteral("ceph-fuse");
        o.mountConsent = true;
        o.threads = 1;
        o.fileSize = QStringLiteral("64M");
        o.runtime = 3;
        Error e;
        Plan p = CephFsKind::makePlan(nodes(), o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        p.steps = p.steps.mid(0, 1); // 4M sequential write
        // fio lays its files out before the start with fallocate, which writes no data on
        // CephFS; the MDS's journal adds a little of its own.
        runAgainstOsds(p, 4);
        if (QTest::currentTestFailed())
            return;
        for (int k = 1; k <= 3; ++k) { // no mount left on any node
            const QByteArray mounts = m_net.readFile(k, QStringLiteral("/proc/mounts"));
            QVERIFY2(!mounts.contains("ceph-fuse"), mounts.constData());
        }
    }

    // curl on three nodes: PUT then GET of 64 KiB objects, a bucket each; the gateway's
    // own byte counters agree with what the clients counted.
    void s3FromThreeClients()
    {
        S3Kind::Options o = s3Options(3);
        o.preset = QStringLiteral("quick"); // 64 KiB PUT, GET (and more the curl engine leaves out)
        Error e;
        const Plan p = S3Kind::makePlan(o, nodes(), &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(p.steps.size(), 2);
        QVERIFY(!p.target.contains(QStringLiteral("secret")));
        const double putBefore = m_lab.rgwCounter(QStringLiteral("put_b"));
        const double getBefore = m_lab.rgwCounter(QStringLiteral("get_b"));
        const Result r = run(p);
        const double put = m_lab.rgwCounter(QStringLiteral("put_b")) - putBefore;
        const double get = m_lab.rgwCounter(QStringLiteral("get_b")) - getBefore;
        QVERIFY2(r.failed.isEmpty(), qPrintable(r.failed.join(QLatin1Char('\n'))));
        QCOMPARE(r.steps.size(), 2 * 4);
        double written = 0, read = 0;
        for (const StepRecord &s : r.steps)
            if (s.node == clusterTotalNode()) {
                written += ioBytes(s, "write");
                read += ioBytes(s, "read");
            }
        qInfo("clients PUT %.0f and GET %.0f bytes; the gateway counted %.0f and %.0f", written, read, put, get);
        // PUTs: the pool also holds the requests curl's timeout cut off, which the gateway
        // counts (put - written, checked below) and the clients do not: within 2 % beyond
        // those, which weigh more the shorter the step and the slower the machine.
        const double cutOffPercent = written > 0 ? 100.0 * std::max(0.0, put - written) / written : 0;
        qInfo("requests cut off at the end: %.2f %% of the PUT bytes", cutOffPercent);
        checkTotal(r.steps, 0, "write", 2.0 + cutOffPercent);
        // GETs: the gateway's data pool counted 1.8–2.4 % more than the bodies on the lab.
        checkTotal(r.steps, 1, "read", CrossCheck::kFlagPercent);
        QVERIFY(putBefore >= 0 && getBefore >= 0);
        // The gateway also counts requests curl's timeout cut off (at most 4 per client).
        QVERIFY2(put >= written && put - written <= 3 * 4 * 65536.0, qPrintable(QString::number(put - written)));
        QVERIFY2(get >= read && get - read <= 3 * 4 * 65536.0, qPrintable(QString::number(get - read)));
        QVERIFY(r.liveTotals >= 2);
        QByteArray out;
        m_lab.client(QStringLiteral("radosgw-admin"), {QStringLiteral("bucket"), QStringLiteral("list")}, &out);
        QVERIFY2(!out.contains("clustermark-bench-"), out.constData());
    }

    // A cancel while curl runs on three nodes: the run ends within seconds, no curl is
    // left on any node, and every node's bucket is gone.
    void s3CancelLeavesNothing()
    {
        S3Kind::Options o = s3Options(30);
        o.op = QStringLiteral("put");
        Error e;
        const Plan p = S3Kind::makePlan(o, nodes(), &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        const QStringList curl {QStringLiteral("curl")};
        // The load's curls run under `timeout` (the step's runtime); the set-up (buckets,
        // objects) and the clean-up run curls of their own, which are not the load.
        const auto underTimeout = [&] {
            QStringList out;
            for (const QString &c : m_net.processes(curl)) {
                const QString pid = c.section(QLatin1Char('('), 1).chopped(1);
                QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
                if (!stat.open(QIODevice::ReadOnly))
                    continue;
                const QByteArray st = stat.readAll();
                const QByteArray ppid = st.mid(st.lastIndexOf(')') + 2).split(' ').value(1);
                QFile comm(QStringLiteral("/proc/%1/comm").arg(QString::fromLatin1(ppid)));
                if (comm.open(QIODevice::ReadOnly) && comm.readAll().trimmed() == "timeout")
                    out << c;
            }
            return out;
        };
        QStringList loadCurls;
        const cmtest::CancelTiming t = cmtest::cancelOnceRunning(
            p, m_data.filePath(QStringLiteral("db.sqlite")),
            [&] {
                loadCurls = underTimeout();
                return loadCurls.size() >= 3;
            },
            [&] {
                const QStringList now = m_net.processes(curl);
                return std::none_of(
                    loadCurls.cbegin(), loadCurls.cend(), [&](const QString &c) { return now.contains(c); });
            });
        qInfo("cancel to the load's %lld curls gone: %lld ms; to run finished (buckets removed): %lld ms",
            qint64(loadCurls.size()), t.stoppedMs, t.finishedMs);
        QVERIFY2(t.stoppedMs >= 0 && t.stoppedMs < 2000, qPrintable(QString::number(t.stoppedMs)));
        QVERIFY2(t.finishedMs >= 0 && t.finishedMs < 10000, qPrintable(QString::number(t.finishedMs)));
        QTRY_VERIFY_WITH_TIMEOUT(m_net.processes(curl).isEmpty(), 5000);
        QByteArray out;
        m_lab.client(QStringLiteral("radosgw-admin"), {QStringLiteral("bucket"), QStringLiteral("list")}, &out);
        QVERIFY2(!out.contains("clustermark-bench-"), out.constData());
    }

    // Before the run: every node can run fio's rados engine and reach the mons; a node
    // that cannot reach the gateway, or reads no ceph.conf, is named with the fix. The
    // CLI's `check` says the same as JSON.
    void preflightNamesWhatIsMissing()
    {
        const Plan rados = radosPlan(3, {QStringLiteral("write-object-qd16")});
        const QList<PreflightResult> ok = preflight::checkPlan(rados, RadosKind().preflight(rados), CancelToken());
        QCOMPARE(ok.size(), 3 * 3); // fio's rados engine, rados, the mons; on each node
        QVERIFY2(preflight::failures(ok).isEmpty(), qPrintable(preflight::failures(ok).join(QLatin1Char('\n'))));

        Plan noConf = rados;
        noConf.target.insert(QStringLiteral("conf"), QStringLiteral("/nonexistent/ceph.conf"));
        const QStringList confFailures
            = preflight::failures(preflight::checkPlan(noConf, RadosKind().preflight(noConf), CancelToken()));
        QCOMPARE(confFailures.size(), 3);
        QVERIFY2(confFailures.first().contains(QLatin1String("the Ceph mons"))
                && confFailures.first().contains(QLatin1String("cannot read /nonexistent/ceph.conf")),
            qPrintable(confFailures.first()));

        S3Kind::Options o = s3Options(3);
        o.endpoint = QStringLiteral("http://%1:9").arg(m_net.hostAddr()); // nothing listens there
        Error e;
        const Plan s3 = S3Kind::makePlan(o, nodes(), &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        const QStringList gw = preflight::failures(preflight::checkPlan(s3, S3Kind().preflight(s3), CancelToken()));
        QCOMPARE(gw.size(), 3);
        QVERIFY2(gw.first().contains(QLatin1String("the S3 gateway")) && gw.first().contains(QLatin1String(":9")),
            qPrintable(gw.first()));

        QTemporaryDir dir;
        QFile f(dir.filePath(QStringLiteral("plan.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(noConf.toJson()).toJson());
        f.close();
        const cmtest::CliResult cli = cmtest::runBinary(
            QStringLiteral("clustermark-cli"), {QStringLiteral("check"), f.fileName()}, m_data.path());
        QCOMPARE(cli.code, 1);
        QCOMPARE(cli.json().value(QStringLiteral("checks")).toArray().size(), 9);
        QVERIFY2(cli.err.contains("install") || cli.err.contains("ceph.conf"), cli.err.constData());
    }

    // node3 is lost two intervals in: the others finish, the total stops counting it,
    // and what it wrote is found and removed by the clean-up from this machine.
    // (Last: node3's sshd is gone afterwards.)
    void radosLostClient()
    {
        const Result r = run(radosPlan(6, {QStringLiteral("write-object-qd16")}), [this](int k) {
            if (k == 2)
                m_net.killSshd(3);
        });
        QCOMPARE(r.finished.size(), 2);
        QCOMPARE(r.failed.size(), 1);
        QVERIFY2(r.failed.first().startsWith(m_net.hostname(3)), qPrintable(r.failed.first()));
        QVERIFY(!r.steps.isEmpty());
        const StepRecord &total = r.steps.last();
        QCOMPARE(total.node, clusterTotalNode());
        QCOMPARE(total.summary.value(QStringLiteral("not_counted")).toArray().first().toString(), m_net.hostname(3));
        QVERIFY(!fioObjects().isEmpty()); // node3's: its node could not remove them
        RadosClient client;
        QVERIFY(!client.connect(CephConnectionSpec::fromJson(cephTarget(QStringLiteral("bench")))));
        quint64 removed = 0;
        QVERIFY(!RadosObjectEngine::removeLeftovers(client, QStringLiteral("bench"), &removed));
        QVERIFY(removed > 0);
        QVERIFY(fioObjects().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCephClients)
#include "test_cephclients.moc"
