// SPDX-License-Identifier: GPL-3.0-or-later
// Load from three client nodes at once (network namespaces with their own sshd, real
// fio): one start, an exact total per interval and per step, and a client lost in the
// middle of a run while the others go on.
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"
#include "bench/scaling.h"
#include "enginerun.h"
#include "model/metric.h"
#include "netnsfixture.h"
#include "report/scalingtable.h"
#include "stats/clustertotal.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

namespace {

struct Result {
    RunId id = 0;
    QStringList finished, failed;
    QMap<QString, QList<Sample>> byTarget; // read.iops and total.clients, in order
};

} // namespace

class TestClients : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;
    cmtest::NetnsFixture m_net;

    Plan plan(const QString &dir, int runtime)
    {
        Error e;
        Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), {m_net.node(1), m_net.node(2), m_net.node(3)},
            {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), dir},
                {QStringLiteral("size"), QStringLiteral("32M")}},
            runtime, &e);
        p.steps = p.steps.mid(4, 1); // RND4K Q32T1 read
        [&] { QVERIFY2(!e, qPrintable(e.toString())); }();
        return p;
    }

    // Runs the plan; onTotal(k) is called with each live total interval's index.
    Result run(const Plan &p, const std::function<void(int)> &onTotal = {})
    {
        Result r;
        int totals = 0;
        const cmtest::EngineRun e
            = cmtest::runThroughEngine(p, m_data.filePath(QStringLiteral("db.sqlite")), [&](const SampleList &samples) {
                  for (const Sample &s : samples)
                      if (s.metric == metric::ReadIops || s.metric == metric::TotalClients) {
                          r.byTarget[s.target] << s;
                          if (s.target == clusterTotalNode() && s.metric == metric::ReadIops && onTotal)
                              onTotal(totals++);
                      }
              });
        r.id = e.id;
        r.finished = e.finished;
        r.failed = e.failed;
        return r;
    }

    static QList<double> values(const QList<Sample> &s, const QString &metric)
    {
        QList<double> out;
        for (const Sample &x : s)
            if (x.metric == metric)
                out << x.value;
        return out;
    }

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::NetnsFixture::available(&why), why);
        QVERIFY2(m_net.up(3, QString()), qPrintable(m_net.whyNot()));
        qputenv("CLUSTERMARK_DATA_DIR", m_data.path().toUtf8());
        const Error trusted = m_net.trustAll(m_data.filePath(QStringLiteral("known_hosts"))); // as `trust` does
        QVERIFY2(!trusted, qPrintable(trusted.toString()));
    }

    void threeClientsOneTotal()
    {
        QTemporaryDir dir; // one folder all three see (one file system): a file each
        const Result r = run(plan(dir.path(), 4));
        QVERIFY2(r.failed.isEmpty(), qPrintable(r.failed.join(QLatin1Char('\n'))));
        QCOMPARE(r.finished.size(), 3);
        // Live: interval k of the total is the sum of the three clients' k-th intervals.
        const QList<double> total = values(r.byTarget.value(clusterTotalNode()), metric::ReadIops);
        QList<QList<double>> clients;
        for (auto it = r.byTarget.cbegin(); it != r.byTarget.cend(); ++it)
            if (it.key() != clusterTotalNode())
                clients << values(*it, metric::ReadIops);
        QCOMPARE(clients.size(), 3);
        QVERIFY(total.size() >= 3);
        for (qsizetype k = 0; k < total.size(); ++k) {
            const double sum = clients[0].value(k) + clients[1].value(k) + clients[2].value(k);
            QVERIFY2(qFuzzyCompare(total.at(k), sum),
                qPrintable(QStringLiteral("%1: %2 vs %3").arg(k).arg(total.at(k)).arg(sum)));
        }
        for (double n : values(r.byTarget.value(clusterTotalNode()), metric::TotalClients))
            QCOMPARE(n, 3.0);
        // Saved: the step's total over the three, and how close together they started.
        SessionStore store(m_data.filePath(QStringLiteral("db.sqlite")));
        QVERIFY(!store.open());
        const QList<StepRecord> steps = store.steps(r.id);
        QCOMPARE(steps.size(), 4);
        const StepRecord &t = steps.last();
        QCOMPARE(t.node, clusterTotalNode());
        double bw = 0;
        for (int n = 0; n < 3; ++n)
            bw += steps.at(n).summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("bw")).toDouble();
        QCOMPARE(t.summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("bw")).toDouble(), bw);
        const double spread = t.summary.value(QStringLiteral("start_spread_ms")).toDouble(-1);
        qInfo("start spread of three namespace clients: %.0f ms (%s)", spread,
            QJsonDocument(t.summary.value(QStringLiteral("start_offsets_ms")).toObject())
                .toJson(QJsonDocument::Compact)
                .constData());
        // Measured for every client (how close they came is a figure, not a pass mark:
        // 23-65 ms alone, up to 260 ms with other tests loading this 2-core machine; the
        // 50 ms goal is bench_fio_clients' to show).
        QCOMPARE(t.summary.value(QStringLiteral("start_offsets_ms")).toObject().size(), 3);
        QVERIFY2(spread >= 0, qPrintable(QString::number(spread)));
    }

    // A step on node1 with node2 and node3 watched: their CPUs, NICs and disks are sampled
    // too, and a watched node that cannot be reached (nothing listens on its port) costs
    // the run nothing.
    void watchedNodesToo()
    {
        QTemporaryDir dir;
        Plan p = plan(dir.path(), 3);
        p.nodes = {m_net.node(1)};
        NodeSpec ghost = m_net.node(3);
        ghost.port = 1;
        ghost.name = QStringLiteral("ghost");
        p.watch = {m_net.node(2), m_net.node(1), ghost}; // node1 twice: watched once
        QMap<QString, int> cpu; // target → cpu.busy samples
        const cmtest::EngineRun e = cmtest::runThroughEngine(
            p, m_data.filePath(QStringLiteral("watch.sqlite")), [&](const SampleList &samples) {
                for (const Sample &s : samples)
                    if (s.metric == metric::CpuBusy)
                        ++cpu[s.target];
            });
        QVERIFY2(e.failed.isEmpty(), qPrintable(e.failed.join(QLatin1Char('\n'))));
        QCOMPARE(e.finished.size(), 1); // node1 ran the step, alone
        qInfo("cpu.busy samples: %s", qPrintable(QStringList(cpu.keys()).join(QLatin1Char(' '))));
        const QString n1 = m_net.node(1).displayName(), n2 = m_net.node(2).displayName();
        QVERIFY(cpu.value(n1) >= 2);
        QVERIFY2(cpu.value(n2) >= 2, "the watched node was not sampled");
        QVERIFY(!cpu.contains(QStringLiteral("ghost")));
        // The plan keeps its watch list.
        Error pe;
        const Plan back = Plan::fromJson(p.toJson(), &pe);
        QVERIFY(!pe);
        QCOMPARE(back.watch.size(), 3);
        QCOMPARE(back.watch.at(2).port, 1);
    }

    // 1, 2 and 3 clients, one after the other: the total against the client count.
    void scalingSeriesOneToThree()
    {
        QTemporaryDir dir;
        Plan p = plan(dir.path(), 2);
        QVERIFY(!scaling::expand(DiskFioKind(), {1, 2, 3}, &p));
        const Result r = run(p);
        QVERIFY2(r.failed.isEmpty(), qPrintable(r.failed.join(QLatin1Char('\n'))));
        SessionStore store(m_data.filePath(QStringLiteral("db.sqlite")));
        QVERIFY(!store.open());
        const QList<StepRecord> steps = store.steps(r.id);
        QCOMPARE(steps.size(), 1 + 3 + 4); // one client alone; then two and three, each with a total
        const QList<ScalingSeries> series = cm::scalingSeries(steps);
        QCOMPARE(series.size(), 1);
        QCOMPARE(series.first().points.size(), 3);
        QCOMPARE(series.first().points.last().clients, 3);
        QCOMPARE(series.first().efficiency(series.first().points.first()), 1.0);
        const QString md = scalingMarkdown(steps);
        qInfo("%s", qPrintable(md));
        QVERIFY2(md.contains(QLatin1String("| 3 |")), qPrintable(md));
    }

    // node3 is lost two intervals in: the others finish, the total stops counting it.
    void lostClientIsNotCounted()
    {
        QTemporaryDir dir;
        const Result r = run(plan(dir.path(), 6), [this](int k) {
            if (k == 2) {
                m_net.killSshd(3);
            }
        });
        QCOMPARE(r.finished.size(), 2);
        QCOMPARE(r.failed.size(), 1);
        QVERIFY2(r.failed.first().startsWith(m_net.hostname(3)), qPrintable(r.failed.first()));
        const QList<double> counted = values(r.byTarget.value(clusterTotalNode()), metric::TotalClients);
        QVERIFY(counted.size() >= 4);
        QCOMPARE(counted.first(), 3.0);
        QCOMPARE(counted.last(), 2.0);
        SessionStore store(m_data.filePath(QStringLiteral("db.sqlite")));
        QVERIFY(!store.open());
        const StepRecord t = store.steps(r.id).last();
        QCOMPARE(t.node, clusterTotalNode());
        QCOMPARE(t.summary.value(QStringLiteral("not_counted")).toArray().first().toString(), m_net.hostname(3));
        QVERIFY2(t.error.contains(m_net.hostname(3)), qPrintable(t.error));
    }
};

QTEST_GUILESS_MAIN(TestClients)
#include "test_clients.moc"
