// SPDX-License-Identifier: GPL-3.0-or-later
// The net-iperf runner for real, through the real engine: network-namespace nodes with
// their own sshd (scripts/fixtures/netns.sh; root), node1 and node2 joined by two
// 1 Gbit/s shaped links with an ECMP route (the bond stand-in). iperf3 -P 4 fills both
// links (~1.9 Gbit/s, per-link samples for both), one stream one link (~0.95 Gbit/s and
// the single-stream finding); iperf 2 too; an iperf3 "error" is a clear step error; no
// iperf process survives a run, a cancel or a node whose sshd died mid-run.
#include "bench/netiperf/netiperfkind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "model/metric.h"
#include "netnsfixture.h"
#include "report/bottleneck.h"
#include "testutil.h"
#include "transport/sshtransport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QTest>

#include <signal.h>

using namespace cm;

namespace {

struct RunResult {
    RunStatus status = RunStatus::Failed;
    QMap<QString, QJsonObject> summaries; // by step title
    QMap<QString, Error> errors; // by step title
    SampleList samples;
    QStringList log;
    qint64 cancelToFinishedMs = -1;
};

double maxOf(const SampleList &s, const QString &target, const QString &metric, int *count = nullptr)
{
    double m = 0;
    int n = 0;
    for (const Sample &x : s)
        if (x.target == target && x.metric == metric) {
            m = qMax(m, x.value);
            ++n;
        }
    if (count)
        *count = n;
    return m;
}

bool hasFinding(const QJsonObject &summary, const QString &id)
{
    for (const QJsonValue &f : summary.value(QStringLiteral("findings")).toArray())
        if (f.toObject().value(QStringLiteral("id")).toString() == id)
            return true;
    return false;
}

double share(const QJsonObject &summary, const QString &link)
{
    return summary.value(QStringLiteral("senderLinkShares")).toObject().value(link).toDouble();
}

// How long a step's iperf processes may take to exit once the run has ended: the
// node-side watchdog notices a closed channel within about a second, more on two busy
// cores. A process left behind lives until its `timeout`, far beyond this.
constexpr int kIperfExitMs = 5000;

} // namespace

class TestNetIperf : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    cmtest::NetnsFixture m_net;

    // iperf/iperf3 processes running inside any node of the fixture.
    QStringList iperfProcesses() const { return m_net.processes({QStringLiteral("iperf"), QStringLiteral("iperf3")}); }

    // Kills node k's sshd: the listener and every session process under it (the
    // commands those sessions started keep running, as after a crash of sshd).
    void killSshd(int k)
    {
        const qint64 root = m_net.sshdPid(k);
        QMap<qint64, QList<qint64>> children;
        for (const QString &d : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            bool ok = false;
            const qint64 pid = d.toLongLong(&ok);
            if (!ok)
                continue;
            QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
            if (!f.open(QIODevice::ReadOnly))
                continue;
            const QByteArray st = f.readAll();
            const QList<QByteArray> rest = st.mid(st.lastIndexOf(')') + 2).split(' ');
            if (rest.size() > 1)
                children[rest.at(1).toLongLong()].append(pid);
        }
        QList<qint64> sshds {root};
        for (int i = 0; i < sshds.size(); ++i)
            for (qint64 c : children.value(sshds.at(i))) {
                QFile comm(QStringLiteral("/proc/%1/comm").arg(c));
                if (comm.open(QIODevice::ReadOnly) && comm.readAll().trimmed() == "sshd")
                    sshds.append(c);
            }
        for (qint64 pid : sshds)
            ::kill(pid_t(pid), SIGKILL);
        qInfo("killed %lld sshd processes of node%d", qint64(sshds.size()), k);
    }

    Plan pairPlan(int streams, int duration, const QString &tool, const QString &direction = QStringLiteral("forward"))
    {
        NetIperfKind::Options o;
        o.streams = streams;
        o.duration = duration;
        o.tool = tool;
        o.direction = direction;
        o.serverAddress = m_net.loAddr(2); // over the two shaped links
        Error e;
        const Plan p = NetIperfKind::makePlan({m_net.node(1), m_net.node(2)}, o, &e);
        [&] { QVERIFY2(!e, qPrintable(e.toString())); }();
        return p;
    }

    // Runs a plan; onStep(i) is called on each step start (to cancel, to kill a node).
    RunResult run(const Plan &plan, const std::function<void(RunEngine &, RunId, int)> &onStep = {})
    {
        RunResult res;
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        RunId id = 0;
        SampleBufferPtr buffer;
        bool finished = false;
        QElapsedTimer sinceCancel;
        QStringList titles;
        for (const PlanStep &s : plan.steps)
            titles << s.title;
        connect(&engine, &RunEngine::runStarted, this, [&](RunId i, const Plan &, SampleBufferPtr b, double) {
            id = i;
            buffer = b;
        });
        connect(&engine, &RunEngine::stepStarted, this, [&](RunId, int i, int, const QString &) {
            if (onStep)
                onStep(engine, id, i);
        });
        connect(&engine, &RunEngine::stepFinished, this,
            [&](RunId, int i, const QString &, const QJsonObject &s) { res.summaries.insert(titles.value(i), s); });
        connect(&engine, &RunEngine::stepFailed, this,
            [&](RunId, int i, const QString &, const Error &e) { res.errors.insert(titles.value(i), e); });
        connect(&engine, &RunEngine::logAvailable, this, [&](RunId, const QString &l) { res.log << l; });
        connect(&engine, &RunEngine::runFinished, this, [&](RunId, RunStatus st, const Error &) {
            res.status = st;
            finished = true;
        });
        engine.start(plan);
        if (!QTest::qWaitFor([&] { return finished; }, 120000))
            qWarning("the run did not finish in 120 s");
        if (buffer)
            res.samples = buffer->take();
        for (const QString &l : std::as_const(res.log))
            qInfo("  %s", qPrintable(l));
        return res;
    }

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::NetnsFixture::available(&why), why);
        CM_REQUIRE_FIXTURE(!QStandardPaths::findExecutable(QStringLiteral("iperf")).isEmpty(),
            QStringLiteral("iperf 2 is not installed"));
        QVERIFY2(m_net.up(3, QStringLiteral("1gbit")), qPrintable(m_net.whyNot()));
        qputenv("CLUSTERMARK_DATA_DIR", m_data.path().toUtf8());
        // Trust the nodes' host keys in the app's known_hosts (what `trust` does).
        for (int k = 1; k <= 3; ++k) {
            SshOptions o = m_net.options();
            o.knownHostsPath = m_data.filePath(QStringLiteral("known_hosts"));
            SshTransport t(m_net.node(k), {}, o);
            const Error e = t.connect();
            QVERIFY2(!e, qPrintable(e.toString()));
        }
    }

    void pairFourStreamsFillsBothLinks()
    {
        // The layer 3+4 hash puts all four flows on one link about 1 time in 8 (as on a
        // real bond): then the run says so and the test runs again.
        RunResult r;
        QJsonObject s;
        for (int attempt = 0; attempt < 3; ++attempt) {
            r = run(pairPlan(4, 3, QStringLiteral("iperf3")));
            QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.isEmpty() ? QString() : r.errors.first().toString()));
            QCOMPARE(r.status, RunStatus::Completed);
            s = r.summaries.first();
            if (share(s, QStringLiteral("s1a")) > 0.1 && share(s, QStringLiteral("s1b")) > 0.1)
                break;
            qInfo("attempt %d: all flows hashed onto one link (s1a %.2f, s1b %.2f); running again", attempt + 1,
                share(s, QStringLiteral("s1a")), share(s, QStringLiteral("s1b")));
        }
        const double bps = s.value(QStringLiteral("bitsPerSecond")).toDouble();
        qInfo("iperf3 -P 4 node1→node2: %.3f Gbit/s; s1a %.1f%%, s1b %.1f%%; tool %s (%s)", bps / 1e9,
            100 * share(s, QStringLiteral("s1a")), 100 * share(s, QStringLiteral("s1b")),
            qPrintable(s.value(QStringLiteral("tool")).toString()),
            qPrintable(s.value(QStringLiteral("toolReason")).toString()));
        QCOMPARE(s.value(QStringLiteral("tool")).toString(), QStringLiteral("iperf3"));
        QVERIFY2(bps > 1.6e9 && bps < 2.05e9, qPrintable(QString::number(bps)));
        QVERIFY(share(s, QStringLiteral("s1a")) > 0.3 && share(s, QStringLiteral("s1b")) > 0.3);
        // live samples: the pair's bandwidth, and both links of node1 from the monitor
        int bwCount = 0;
        const double bwMax = maxOf(r.samples, QStringLiteral("node1→node2"), metric::NetBw, &bwCount);
        QVERIFY2(
            bwCount >= 2 && bwMax > 150e6, qPrintable(QStringLiteral("%1 samples, max %2").arg(bwCount).arg(bwMax)));
        const double a = maxOf(r.samples, QStringLiteral("node1"), metric::netTxBytes(QStringLiteral("s1a")));
        const double b = maxOf(r.samples, QStringLiteral("node1"), metric::netTxBytes(QStringLiteral("s1b")));
        const double rx = maxOf(r.samples, QStringLiteral("node2"), metric::netRxBytes(QStringLiteral("s2a")))
            + maxOf(r.samples, QStringLiteral("node2"), metric::netRxBytes(QStringLiteral("s2b")));
        qInfo("monitor peaks: node1 s1a %.0f MB/s, s1b %.0f MB/s; node2 rx %.0f MB/s", a / 1e6, b / 1e6, rx / 1e6);
        QVERIFY2(a > 60e6 && a < 160e6, qPrintable(QString::number(a)));
        QVERIFY2(b > 60e6 && b < 160e6, qPrintable(QString::number(b)));
        QVERIFY(rx > 150e6);
        // Stored in bytes/s like every rate, shown in bit/s as a link's rate is.
        QVERIFY(metric::unitOf(metric::netTxBytes(QStringLiteral("s1a"))) == metric::Unit::BitRate);
        QVERIFY(!hasFinding(s, QStringLiteral("single-stream")));
        QTRY_VERIFY_WITH_TIMEOUT(iperfProcesses().isEmpty(), kIperfExitMs);
    }

    void singleStreamUsesOneLink()
    {
        const RunResult r = run(pairPlan(1, 2, QStringLiteral("auto")));
        QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.isEmpty() ? QString() : r.errors.first().toString()));
        const QJsonObject s = r.summaries.first();
        const double bps = s.value(QStringLiteral("bitsPerSecond")).toDouble();
        const double top = qMax(share(s, QStringLiteral("s1a")), share(s, QStringLiteral("s1b")));
        qInfo("iperf3 -P 1: %.3f Gbit/s, busiest link %.1f%%", bps / 1e9, 100 * top);
        QVERIFY2(bps > 0.8e9 && bps < 1.02e9, qPrintable(QString::number(bps)));
        QVERIFY(top > 0.9);
        QVERIFY(hasFinding(s, QStringLiteral("single-stream")));
        QVERIFY(r.log.join(QLatin1Char('\n')).contains(QStringLiteral("single link")));
        QTRY_VERIFY_WITH_TIMEOUT(iperfProcesses().isEmpty(), kIperfExitMs);
    }

    void iperf2FourStreams()
    {
        RunResult r;
        QJsonObject s;
        for (int attempt = 0; attempt < 3; ++attempt) {
            r = run(pairPlan(4, 3, QStringLiteral("iperf2")));
            QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.isEmpty() ? QString() : r.errors.first().toString()));
            s = r.summaries.first();
            if (share(s, QStringLiteral("s1a")) > 0.1 && share(s, QStringLiteral("s1b")) > 0.1)
                break;
            qInfo("attempt %d: all flows hashed onto one link; running again", attempt + 1);
        }
        const double bps = s.value(QStringLiteral("bitsPerSecond")).toDouble();
        int n = 0;
        maxOf(r.samples, QStringLiteral("node1→node2"), metric::NetBw, &n);
        qInfo("iperf 2 -P 4: %.3f Gbit/s, %d interval samples", bps / 1e9, n);
        QCOMPARE(s.value(QStringLiteral("tool")).toString(), QStringLiteral("iperf2"));
        QVERIFY2(bps > 1.5e9 && bps < 2.1e9, qPrintable(QString::number(bps)));
        QVERIFY(n >= 2);
        QTRY_VERIFY_WITH_TIMEOUT(iperfProcesses().isEmpty(), kIperfExitMs);
    }

    void bidirMeasuresBothDirections()
    {
        const RunResult r = run(pairPlan(2, 2, QStringLiteral("iperf3"), QStringLiteral("bidir")));
        QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.isEmpty() ? QString() : r.errors.first().toString()));
        const QJsonObject s = r.summaries.first();
        const double fwd = s.value(QStringLiteral("bitsPerSecond")).toDouble();
        const double rev = s.value(QStringLiteral("reverseBitsPerSecond")).toDouble();
        int nf = 0, nr = 0;
        maxOf(r.samples, QStringLiteral("node1→node2"), metric::NetBw, &nf);
        maxOf(r.samples, QStringLiteral("node2→node1"), metric::NetBw, &nr);
        qInfo("iperf3 --bidir -P 2: %.3f Gbit/s forward, %.3f Gbit/s reverse; %d + %d samples", fwd / 1e9, rev / 1e9,
            nf, nr);
        // each direction has its own pair of shaped 1 Gbit/s links. What is checked is the
        // split: a direction missing (~0) or both summed into one (> 2 links) fails. The
        // floor is half a link, not one: beside another test on two cores, iperf's own
        // CPU has held a direction at 0.78 Gbit/s.
        QVERIFY2(fwd > 0.5e9 && fwd < 2.05e9, qPrintable(QString::number(fwd)));
        QVERIFY2(rev > 0.5e9 && rev < 2.05e9, qPrintable(QString::number(rev)));
        QVERIFY(nf >= 1 && nr >= 1);
        QTRY_VERIFY_WITH_TIMEOUT(iperfProcesses().isEmpty(), kIperfExitMs);
    }

    void iperf2BidirSplitsTheDirections()
    {
        const RunResult r = run(pairPlan(2, 2, QStringLiteral("iperf2"), QStringLiteral("bidir")));
        QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.isEmpty() ? QString() : r.errors.first().toString()));
        const QJsonObject s = r.summaries.first();
        const double fwd = s.value(QStringLiteral("bitsPerSecond")).toDouble();
        const double rev = s.value(QStringLiteral("reverseBitsPerSecond")).toDouble();
        int nf = 0, nr = 0;
        maxOf(r.samples, QStringLiteral("node1→node2"), metric::NetBw, &nf);
        maxOf(r.samples, QStringLiteral("node2→node1"), metric::NetBw, &nr);
        qInfo("iperf 2 --full-duplex -P 2: %.3f Gbit/s forward, %.3f Gbit/s reverse; %d + %d samples", fwd / 1e9,
            rev / 1e9, nf, nr);
        QVERIFY2(fwd > 0.5e9 && fwd < 2.05e9, qPrintable(QString::number(fwd))); // as for iperf3 above
        QVERIFY2(rev > 0.5e9 && rev < 2.05e9, qPrintable(QString::number(rev)));
        QVERIFY(nf >= 1 && nr >= 1);
        QTRY_VERIFY_WITH_TIMEOUT(iperfProcesses().isEmpty(), kIperfExitMs);
    }

    void busyPortIsRetried()
    {
        // Something already listens on the port the step asks for first.
        const int busy = 24000 + int(QCoreApplication::applicationPid() % 4000);
        QCOMPARE(m_net.exec(2,
                     {QStringLiteral("iperf3"), QStringLiteral("-s"), QStringLiteral("-D"), QStringLiteral("-p"),
                         QString::number(busy), QStringLiteral("-I"), m_data.filePath(QStringLiteral("busy.pid"))}),
            0);
        QTRY_VERIFY_WITH_TIMEOUT(m_net.exec(2,
                                     {QStringLiteral("sh"), QStringLiteral("-c"),
                                         QStringLiteral("ss -Hltn 'sport = :%1' | grep -q .").arg(busy)})
                == 0,
            5000);
        Plan p = pairPlan(1, 1, QStringLiteral("iperf3"));
        p.steps[0].params.insert(QStringLiteral("port"), busy);
        const RunResult r = run(p);
        QFile pidFile(m_data.filePath(QStringLiteral("busy.pid")));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        ::kill(pid_t(pidFile.readAll().trimmed().toLongLong()), SIGTERM);
        QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.isEmpty() ? QString() : r.errors.first().toString()));
        const int used = r.summaries.first().value(QStringLiteral("port")).toInt();
        qInfo("port %d busy; the server took %d", busy, used);
        QVERIFY(used != busy && used >= 20000 && used < 32000);
        QVERIFY(r.log.join(QLatin1Char('\n')).contains(QStringLiteral("port %1 is in use").arg(busy)));
        QTRY_VERIFY_WITH_TIMEOUT(iperfProcesses().isEmpty(), kIperfExitMs);
    }

    void iperf3ErrorIsAStepError()
    {
        // The client dials node3, where nothing listens on the server's port.
        Plan p = pairPlan(1, 2, QStringLiteral("iperf3"));
        p.steps[0].params.insert(QStringLiteral("serverAddress"), m_net.addr(3));
        const RunResult r = run(p);
        QCOMPARE(r.status, RunStatus::Failed);
        QCOMPARE(r.errors.size(), 1);
        const Error e = r.errors.first();
        qInfo("step error: %s", qPrintable(e.toString()));
        QVERIFY(e.message.contains(QStringLiteral("refused"), Qt::CaseInsensitive));
        QTRY_VERIFY_WITH_TIMEOUT(iperfProcesses().isEmpty(), kIperfExitMs);
    }

    void cancelMidRunLeavesNoIperf()
    {
        QElapsedTimer clock;
        bool cancelled = false;
        qint64 stoppedMs = -1;
        RunResult r;
        {
            RunEngine *eng = nullptr;
            RunId rid = 0;
            // Cancel once both iperf3 processes have run for a while; then note when
            // the last one is gone.
            QTimer timer;
            QElapsedTimer seen;
            connect(&timer, &QTimer::timeout, this, [&] {
                if (cancelled) {
                    if (stoppedMs < 0 && iperfProcesses().isEmpty())
                        stoppedMs = clock.elapsed();
                    return;
                }
                if (iperfProcesses().size() < 2)
                    return;
                if (!seen.isValid())
                    seen.start();
                if (seen.elapsed() < 1500)
                    return;
                clock.start();
                cancelled = true;
                eng->cancel(rid);
                timer.setInterval(20);
            });
            r = run(pairPlan(2, 30, QStringLiteral("iperf3")), [&](RunEngine &e, RunId id, int) {
                eng = &e;
                rid = id;
                timer.start(200);
            });
        }
        QVERIFY(cancelled);
        const qint64 finishedMs = clock.elapsed();
        if (stoppedMs < 0 && iperfProcesses().isEmpty())
            stoppedMs = finishedMs;
        qInfo("cancel to no iperf3: %lld ms; to run finished: %lld ms", stoppedMs, finishedMs);
        QCOMPARE(r.status, RunStatus::Cancelled);
        QVERIFY2(stoppedMs >= 0 && stoppedMs < 2000, qPrintable(QString::number(stoppedMs)));
        QVERIFY2(finishedMs < 4000, qPrintable(QString::number(finishedMs)));
        QTRY_VERIFY_WITH_TIMEOUT(iperfProcesses().isEmpty(), kIperfExitMs);
    }

    // One of node1's two links shaped below the other (tbf at 300 Mbit/s): the monitor
    // takes the shaper's rate as that link's speed, and the step names that NIC.
    void shapedLinkIsNamed()
    {
        const QStringList tbf {QStringLiteral("tc"), QStringLiteral("qdisc"), QStringLiteral("replace"),
            QStringLiteral("dev"), QStringLiteral("s1a"), QStringLiteral("root"), QStringLiteral("tbf"),
            QStringLiteral("rate"), QStringLiteral("300mbit"), QStringLiteral("burst"), QStringLiteral("256kb"),
            QStringLiteral("latency"), QStringLiteral("20ms")};
        QCOMPARE(m_net.exec(1, tbf), 0);
        RunResult r;
        std::optional<Bottleneck> limit;
        for (int attempt = 0; attempt < 3; ++attempt) { // as above: all flows may hash onto s1b
            r = run(pairPlan(4, 4, QStringLiteral("iperf3")));
            limit = Bottleneck::fromJson(r.summaries.first().value(QStringLiteral("bottleneck")));
            if (share(r.summaries.first(), QStringLiteral("s1a")) > 0.05)
                break;
        }
        QStringList restore = tbf;
        restore[8] = QStringLiteral("1gbit");
        QCOMPARE(m_net.exec(1, restore), 0);
        QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.isEmpty() ? QString() : r.errors.first().toString()));
        QVERIFY(limit);
        QStringList seen;
        bool named = false;
        for (const BottleneckFinding &f : limit->findings) {
            seen << Bottleneck::text(f, false);
            named = named
                || (f.kind == BottleneckFinding::Kind::Nic && f.part == QLatin1String("s1a")
                    && f.node == m_net.node(1).displayName() && f.limit == 300e6 / 8);
        }
        qInfo("findings: %s; s1a share %.2f; tx peaks s1a %.0f, s1b %.0f B/s",
            qPrintable(seen.join(QStringLiteral("; "))), share(r.summaries.first(), QStringLiteral("s1a")),
            maxOf(r.samples, m_net.node(1).displayName(), metric::netTxBytes(QStringLiteral("s1a"))),
            maxOf(r.samples, m_net.node(1).displayName(), metric::netTxBytes(QStringLiteral("s1b"))));
        QVERIFY2(named, qPrintable(seen.join(QStringLiteral("; "))));
        QTRY_VERIFY_WITH_TIMEOUT(iperfProcesses().isEmpty(), kIperfExitMs);
    }

    void deadNodeFailsItsPairsOnly()
    {
        NetIperfKind::Options o;
        o.mode = QStringLiteral("mesh");
        o.streams = 1;
        o.duration = 2;
        Error e;
        const Plan p = NetIperfKind::makePlan({m_net.node(1), m_net.node(2), m_net.node(3)}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(p.steps.size(), 6);
        // Step 0 is node1→node2: kill node2's sshd while the client runs.
        QTimer timer;
        timer.setSingleShot(true);
        connect(&timer, &QTimer::timeout, this, [&] { killSshd(2); });
        const RunResult r = run(p, [&](RunEngine &, RunId, int i) {
            if (i == 0)
                timer.start(1500);
        });
        QCOMPARE(r.status, RunStatus::Failed);
        QStringList ok, failed;
        for (auto it = r.summaries.cbegin(); it != r.summaries.cend(); ++it)
            ok << it.key();
        for (auto it = r.errors.cbegin(); it != r.errors.cend(); ++it) {
            failed << it.key();
            qInfo("failed: %s: %s", qPrintable(it.key()), qPrintable(it.value().toString()));
        }
        qInfo("completed: %s", qPrintable(ok.join(QStringLiteral("; "))));
        QCOMPARE(ok.size(), 2); // node1↔node3 both ways
        for (const QString &t : ok)
            QVERIFY2(!t.contains(QStringLiteral("node2")), qPrintable(t));
        QCOMPARE(failed.size(), 4);
        QTRY_VERIFY_WITH_TIMEOUT(iperfProcesses().isEmpty(), kIperfExitMs);
    }
};

QTEST_GUILESS_MAIN(TestNetIperf)
#include "test_netiperf.moc"
