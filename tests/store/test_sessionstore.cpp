// SPDX-License-Identifier: GPL-3.0-or-later
// SessionStore against real SQLite files: schema, migration, sessions, round trips,
// exports, run ownership and bad files / folders.
#include "store/processowner.h"
#include "report/runmarkdown.h"
#include "store/sessionstore.h"
#include "store/storeschema.h"

#include "testutil.h"

#include <QJsonArray>
#include <QProcess>
#include <QRandomGenerator>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>
#include <unistd.h>

using namespace cm;

namespace {

Plan makePlan(const QString &name, const QString &session = {})
{
    Plan p;
    p.kind = QStringLiteral("disk-fio");
    p.name = name;
    p.session = session;
    NodeSpec a = NodeSpec::parse(QStringLiteral("local"));
    a.name = QStringLiteral("node1");
    NodeSpec b = NodeSpec::parse(QStringLiteral("root@10.0.0.2"));
    b.name = QStringLiteral("node2");
    p.nodes = {a, b};
    p.target = {{QStringLiteral("path"), QStringLiteral("/srv")}};
    p.steps = {PlanStep {QStringLiteral("seq-read"), QStringLiteral("Linear read 4M QD32"),
                   {{QStringLiteral("bs"), QStringLiteral("4M")}, {QStringLiteral("iodepth"), 32}}},
        PlanStep {QStringLiteral("rand-write"), QStringLiteral("Random 4k write"),
            {{QStringLiteral("bs"), QStringLiteral("4k")}}}};
    return p;
}

// A second, raw connection to look at the file the way SQLite sees it.
class RawDb {
public:
    explicit RawDb(const QString &path)
        : m_name(QStringLiteral("raw-%1").arg(++s_n))
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        db.open();
    }
    ~RawDb()
    {
        QSqlDatabase::database(m_name, false).close();
        QSqlDatabase::removeDatabase(m_name);
    }
    QSqlDatabase db() const { return QSqlDatabase::database(m_name, false); }
    QVariant scalar(const QString &sql) const
    {
        QSqlQuery q(db());
        if (!q.exec(sql) || !q.next())
            return {};
        return q.value(0);
    }
    bool exec(const QString &sql) const
    {
        QSqlQuery q(db());
        const bool ok = q.exec(sql);
        if (!ok)
            qWarning() << sql << q.lastError().text();
        return ok;
    }

private:
    static inline int s_n = 0;
    QString m_name;
};

} // namespace

class TestSessionStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void defaultPathFromEnvironment();
    void createAndReopen();
    void migrateFromVersion1();
    void newerSchemaRefused();
    void sessions();
    void roundTrip();
    void runToJson();
    void runToMarkdown();
    void ownership();
    void notOpen();
    void garbageFile_data();
    void garbageFile();
    void readOnlyFolder();

private:
    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }
};

void TestSessionStore::defaultPathFromEnvironment()
{
    const QString dir = m_dir.filePath(QStringLiteral("data/deeper"));
    qputenv("CLUSTERMARK_DATA_DIR", dir.toLocal8Bit());
    QCOMPARE(SessionStore::defaultPath(), dir + QStringLiteral("/clustermark.sqlite"));
    QVERIFY(QFileInfo(dir).isDir());
    qunsetenv("CLUSTERMARK_DATA_DIR");
    QVERIFY(SessionStore::defaultPath().endsWith(QStringLiteral("/clustermark.sqlite")));
}

void TestSessionStore::createAndReopen()
{
    const QString p = path(QStringLiteral("new.sqlite"));
    {
        SessionStore s(p);
        QVERIFY(!s.isOpen());
        const Error e = s.open();
        QVERIFY2(!e, qPrintable(e.toString()));
        QVERIFY(s.isOpen());
        QVERIFY(s.ensureSession(QStringLiteral("x")) > 0);
        // A second instance on the same file at the same time.
        SessionStore t(p);
        QVERIFY(!t.open());
        QCOMPARE(t.sessions().size(), 1);
        QVERIFY(QFileInfo::exists(p + QStringLiteral("-wal")));
    }
    RawDb raw(p);
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA journal_mode")).toString(), QStringLiteral("wal"));
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), storeschema::CurrentVersion);
    for (const char *t : {"sessions", "runs", "steps", "series", "samples"})
        QVERIFY2(raw.scalar(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE type='table' AND name='%1'")
                                .arg(QLatin1String(t)))
                     .toInt()
                == 1,
            t);
    QCOMPARE(raw.scalar(QStringLiteral("SELECT count(*) FROM sqlite_master WHERE name='samples_series'")).toInt(), 1);

    SessionStore again(p);
    QVERIFY(!again.open());
    QCOMPARE(again.sessions().value(0).name, QStringLiteral("x"));
    // Settings that live on the store's own connection.
    QCOMPARE(again.pragma(QStringLiteral("journal_mode")).toString(), QStringLiteral("wal"));
    QCOMPARE(again.pragma(QStringLiteral("foreign_keys")).toInt(), 1);
    QCOMPARE(again.pragma(QStringLiteral("synchronous")).toInt(), 1); // NORMAL
    QVERIFY(again.pragma(QStringLiteral("busy_timeout")).toInt() >= 5000);
    QVERIFY(!again.pragma(QStringLiteral("no such thing; DROP TABLE runs")).isValid());
}

void TestSessionStore::migrateFromVersion1()
{
    const QString p = path(QStringLiteral("v1.sqlite"));
    {
        RawDb raw(p);
        QVERIFY(!storeschema::migrate(raw.db(), 1));
        QCOMPARE(storeschema::version(raw.db()), 1);
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO sessions(id, name, created) VALUES(1, 'old', 0)")));
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO runs(id, session_id, kind, name, plan_json, status, owner_pid,"
                                        " owner_host, started) VALUES(7, 1, 'disk-fio', 'legacy', '{}', 'completed',"
                                        " 1, 'h', 1000)")));
        QVERIFY(raw.exec(QStringLiteral(
            "INSERT INTO series(id, run_id, step_idx, target, metric) VALUES(3, 7, 0, 'n', 'read.bw')")));
        QVERIFY(raw.exec(
            QStringLiteral("INSERT INTO samples(series_id, t, v) VALUES(3, 1.5, 10), (3, 7.25, 20), (3, 3, 30)")));
    }
    SessionStore s(p);
    const Error e = s.open();
    QVERIFY2(!e, qPrintable(e.toString()));
    RawDb raw(p);
    QCOMPARE(storeschema::version(raw.db()), storeschema::CurrentVersion);
    const RunInfo r = s.run(7);
    QCOMPARE(r.name, QStringLiteral("legacy"));
    QCOMPARE(r.lastSampleT, 7.25); // filled in by the upgrade
    const auto series = s.series(7);
    QCOMPARE(series.size(), 1);
    QCOMPARE(series[0].t, (QList<double> {1.5, 7.25, 3}));
    QCOMPARE(series[0].v, (QList<double> {10, 20, 30}));
}

void TestSessionStore::newerSchemaRefused()
{
    const QString p = path(QStringLiteral("future.sqlite"));
    {
        RawDb raw(p);
        QVERIFY(raw.exec(QStringLiteral("PRAGMA user_version = 99")));
    }
    SessionStore s(p);
    const Error e = s.open();
    QCOMPARE(e.code, Error::Code::Storage);
    QVERIFY2(e.message.contains(QStringLiteral("newer")), qPrintable(e.message));
    QVERIFY(!s.isOpen());
    RawDb raw(p);
    QCOMPARE(raw.scalar(QStringLiteral("PRAGMA user_version")).toInt(), 99); // untouched
}

void TestSessionStore::sessions()
{
    SessionStore s(path(QStringLiteral("sessions.sqlite")));
    QVERIFY(!s.open());
    const qint64 def = s.ensureSession({});
    QVERIFY(def > 0);
    QCOMPARE(s.ensureSession(QStringLiteral("  Default ")), def);
    const qint64 mtu = s.ensureSession(QStringLiteral("MTU 9000"));
    QVERIFY(mtu > 0 && mtu != def);
    QCOMPARE(s.ensureSession(QStringLiteral("MTU 9000")), mtu);
    QVERIFY(!s.updateSession(mtu, QStringLiteral("MTU 9000"), {QStringLiteral("net"), QStringLiteral("jumbo")},
        QStringLiteral("switch reconfigured")));
    QCOMPARE(s.updateSession(999, QStringLiteral("x"), {}, {}).code, Error::Code::InvalidInput);
    QCOMPARE(s.updateSession(mtu, QStringLiteral(" "), {}, {}).code, Error::Code::InvalidInput);

    Error e;
    const RunId r1 = s.createRun(makePlan(QStringLiteral("a"), QStringLiteral("MTU 9000")), {}, &e);
    QVERIFY2(r1 > 0, qPrintable(e.toString()));
    QVERIFY(s.createRun(makePlan(QStringLiteral("b"), QStringLiteral("MTU 9000")), {}) > 0);
    QVERIFY(s.createRun(makePlan(QStringLiteral("c")), {}) > 0);

    const auto list = s.sessions();
    QCOMPARE(list.size(), 2);
    QCOMPARE(list[0].name, QStringLiteral("Default"));
    QCOMPARE(list[0].runCount, 1);
    QCOMPARE(list[1].name, QStringLiteral("MTU 9000"));
    QCOMPARE(list[1].tags, (QStringList {QStringLiteral("net"), QStringLiteral("jumbo")}));
    QCOMPARE(list[1].note, QStringLiteral("switch reconfigured"));
    QCOMPARE(list[1].runCount, 2);
    QVERIFY(qAbs(list[1].created.secsTo(QDateTime::currentDateTime())) < 60);
    QCOMPARE(s.runs(mtu).size(), 2);
    QCOMPARE(s.runs().size(), 3);

    QVERIFY(!s.deleteSession(mtu));
    QCOMPARE(s.sessions().size(), 1);
    QCOMPARE(s.runs().size(), 1); // its runs went with it
    QCOMPARE(s.run(r1).id, RunId(0));
}

void TestSessionStore::roundTrip()
{
    SessionStore s(path(QStringLiteral("roundtrip.sqlite")));
    QVERIFY(!s.open());
    const Plan plan = makePlan(QStringLiteral("Round trip"), QStringLiteral("S"));
    const QJsonObject env {{QStringLiteral("kernel"), QStringLiteral("6.1.0")}};
    Error e;
    const RunId run = s.createRun(plan, env, &e);
    QVERIFY2(run > 0, qPrintable(e.toString()));

    RunInfo info = s.run(run, &e);
    QVERIFY(!e);
    QCOMPARE(info.status, RunStatus::Running);
    QCOMPARE(info.sessionName, QStringLiteral("S"));
    QCOMPARE(info.kind, QStringLiteral("disk-fio"));
    QCOMPARE(info.name, QStringLiteral("Round trip"));
    QCOMPARE(info.nodes, (QStringList {QStringLiteral("node1"), QStringLiteral("node2")}));
    QCOMPARE(info.ownerPid, qint64(getpid()));
    QVERIFY(!info.finished.isValid());
    QCOMPARE(s.runPlan(run).toJson(), plan.toJson());
    QCOMPARE(s.runEnvironment(run), env);
    const QJsonObject env2 {{QStringLiteral("kernel"), QStringLiteral("6.1.0")}, {QStringLiteral("cpus"), 2}};
    QVERIFY(!s.setRunEnvironment(run, env2));
    QCOMPARE(s.runEnvironment(run), env2);

    const qint64 st0
        = s.beginStep(run, 0, 0, plan.steps[0], QStringLiteral("node1"), QStringLiteral("fio --name=a"), &e);
    const qint64 st1 = s.beginStep(run, 1, 0, plan.steps[1], QStringLiteral("node2"), QStringLiteral("fio --name=b"));
    QVERIFY(st0 > 0 && st1 > st0);
    QCOMPARE(s.steps(run).value(0).status, QStringLiteral("running"));

    // Exact doubles, interleaved series, a gap (NaN), several batches.
    QList<SeriesData> expected;
    const QStringList metrics {QStringLiteral("read.bw"), QStringLiteral("read.lat.p99"), QStringLiteral("cpu.busy")};
    QRandomGenerator rng(42);
    for (int batch = 0; batch < 5; ++batch) {
        SampleList samples;
        for (int i = 0; i < 10; ++i) {
            for (int m = 0; m < metrics.size(); ++m) {
                Sample x;
                x.step = m == 2 ? 1 : 0;
                x.target = m == 2 ? QStringLiteral("node2") : QStringLiteral("node1:/srv/cm-bench.file");
                x.metric = metrics[m];
                x.t = batch * 1.0 + i * 0.1;
                x.value = rng.generateDouble() * std::pow(10.0, rng.bounded(-300, 300));
                if (batch == 2 && i == 3 && m == 1)
                    x.value = std::numeric_limits<double>::quiet_NaN();
                samples << x;
                if (expected.size() <= m)
                    expected << SeriesData {0, x.step, x.target, x.metric, {}, {}};
                expected[m].t << x.t;
                expected[m].v << x.value;
            }
        }
        const Error ae = s.appendSamples(run, samples);
        QVERIFY2(!ae, qPrintable(ae.toString()));
    }
    const QList<SeriesData> got = s.series(run);
    QVERIFY(!s.lastError());
    QCOMPARE(got.size(), expected.size());
    for (int m = 0; m < got.size(); ++m) {
        QCOMPARE(got[m].step, expected[m].step);
        QCOMPARE(got[m].target, expected[m].target);
        QCOMPARE(got[m].metric, expected[m].metric);
        QCOMPARE(got[m].t.size(), expected[m].t.size());
        for (int i = 0; i < got[m].t.size(); ++i) {
            QVERIFY(got[m].t[i] == expected[m].t[i]); // bit-exact, not fuzzy
            if (std::isnan(expected[m].v[i]))
                QVERIFY(std::isnan(got[m].v[i]));
            else
                QVERIFY2(got[m].v[i] == expected[m].v[i], qPrintable(QString::number(i)));
        }
    }
    QCOMPARE(s.run(run).lastSampleT, 4.0 + 9 * 0.1);

    // A run that does not exist: refused, nothing half-written, cache intact.
    Sample orphan {0, QStringLiteral("x"), QStringLiteral("read.bw"), 1, 1};
    QCOMPARE(s.appendSamples(9999, {orphan}).code, Error::Code::Storage);
    QVERIFY(s.lastError());
    QVERIFY(!s.appendSamples(
        run, {expected.isEmpty() ? orphan : Sample {0, expected[0].target, expected[0].metric, 9, 1}}));
    QCOMPARE(s.series(run).value(0).t.size(), 51);

    QByteArray raw("fio output\0with nul\xff", 20);
    QVERIFY(!s.finishStep(st0, QStringLiteral("completed"), QStringLiteral("node1:/srv/cm-bench.file"),
        {{QStringLiteral("read"), QJsonObject {{QStringLiteral("bw"), 1e9}}}},
        {{QStringLiteral("fio"), QStringLiteral("fio-3.33")}}, raw, {}));
    QVERIFY(!s.finishStep(st1, QStringLiteral("failed"), QStringLiteral("node2"), {}, {}, {}, QStringLiteral("boom")));
    QCOMPARE(s.finishStep(424242, QStringLiteral("failed"), {}, {}, {}, {}, {}).code, Error::Code::InvalidInput);
    const auto steps = s.steps(run);
    QCOMPARE(steps.size(), 2);
    QCOMPARE(steps[0].id, st0);
    QCOMPARE(steps[0].index, 0);
    QCOMPARE(steps[0].testId, QStringLiteral("seq-read"));
    QCOMPARE(steps[0].title, QStringLiteral("Linear read 4M QD32"));
    QCOMPARE(steps[0].node, QStringLiteral("node1"));
    QCOMPARE(steps[0].target, QStringLiteral("node1:/srv/cm-bench.file"));
    QCOMPARE(steps[0].status, QStringLiteral("completed"));
    QCOMPARE(steps[0].command, QStringLiteral("fio --name=a"));
    QCOMPARE(steps[0].params, plan.steps[0].params);
    QCOMPARE(steps[0].summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("bw")).toDouble(), 1e9);
    QCOMPARE(steps[0].environment.value(QStringLiteral("fio")).toString(), QStringLiteral("fio-3.33"));
    QCOMPARE(steps[0].rawOutput, raw);
    QCOMPARE(steps[0].rawOutputSize, qint64(raw.size()));
    QVERIFY(steps[0].finished.isValid());
    QCOMPARE(steps[1].status, QStringLiteral("failed"));
    QCOMPARE(steps[1].error, QStringLiteral("boom"));
    QCOMPARE(s.stepRawOutput(st0), raw);

    QVERIFY(!s.finishRun(run, RunStatus::Completed));
    info = s.run(run);
    QCOMPARE(info.status, RunStatus::Completed);
    QVERIFY(info.finished.isValid() && info.finished >= info.started);
    QCOMPARE(s.finishRun(5555, RunStatus::Failed, QStringLiteral("x")).code, Error::Code::InvalidInput);

    const RunId later = s.createRun(plan, {});
    QCOMPARE(s.runs().value(0).id, later); // newest first
    QVERIFY(!s.deleteRun(run));
    QCOMPARE(s.run(run, &e).id, RunId(0));
    QCOMPARE(e.code, Error::Code::InvalidInput);
    QVERIFY(s.steps(run).isEmpty());
    QVERIFY(s.series(run).isEmpty());
    RawDb rawDb(s.path());
    QCOMPARE(rawDb.scalar(QStringLiteral("SELECT count(*) FROM samples")).toInt(), 0);
    QCOMPARE(s.deleteRun(run).code, Error::Code::InvalidInput);
}

void TestSessionStore::runToJson()
{
    SessionStore s(path(QStringLiteral("json.sqlite")));
    QVERIFY(!s.open());
    const Plan plan = makePlan(QStringLiteral("Json"));
    const RunId run = s.createRun(plan, {{QStringLiteral("host"), QStringLiteral("pve1")}});
    const qint64 st = s.beginStep(run, 1, 2, plan.steps[1], QStringLiteral("node2"), QStringLiteral("fio x"));
    QVERIFY(!s.finishStep(st, QStringLiteral("completed"), QStringLiteral("t"), {{QStringLiteral("k"), 1}}, {},
        QByteArray(5000, 'x'), {}));
    QVERIFY(!s.appendSamples(run,
        {Sample {1, QStringLiteral("t"), QStringLiteral("write.iops"), 0.5, 100},
            Sample {1, QStringLiteral("t"), QStringLiteral("write.iops"), 1.5, 200}}));
    QVERIFY(!s.finishRun(run, RunStatus::Failed, QStringLiteral("node2 unreachable")));

    const QJsonObject o = s.runToJson(run);
    const QJsonObject r = o.value(QStringLiteral("run")).toObject();
    QCOMPARE(r.value(QStringLiteral("id")).toInteger(), run);
    QCOMPARE(r.value(QStringLiteral("session")).toString(), QStringLiteral("Default"));
    QCOMPARE(r.value(QStringLiteral("kind")).toString(), QStringLiteral("disk-fio"));
    QCOMPARE(r.value(QStringLiteral("name")).toString(), QStringLiteral("Json"));
    QCOMPARE(r.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
    QCOMPARE(r.value(QStringLiteral("error")).toString(), QStringLiteral("node2 unreachable"));
    QCOMPARE(r.value(QStringLiteral("lastSampleT")).toDouble(), 1.5);
    QVERIFY(QDateTime::fromString(r.value(QStringLiteral("started")).toString(), Qt::ISODateWithMs).isValid());
    QVERIFY(QDateTime::fromString(r.value(QStringLiteral("finished")).toString(), Qt::ISODateWithMs).isValid());
    QCOMPARE(o.value(QStringLiteral("plan")).toObject(), plan.toJson());
    QCOMPARE(o.value(QStringLiteral("environment")).toObject().value(QStringLiteral("host")).toString(),
        QStringLiteral("pve1"));
    const QJsonArray steps = o.value(QStringLiteral("steps")).toArray();
    QCOMPARE(steps.size(), 1);
    const QJsonObject st0 = steps[0].toObject();
    QCOMPARE(st0.value(QStringLiteral("index")).toInt(), 1);
    QCOMPARE(st0.value(QStringLiteral("iteration")).toInt(), 2);
    QCOMPARE(st0.value(QStringLiteral("testId")).toString(), QStringLiteral("rand-write"));
    QCOMPARE(st0.value(QStringLiteral("title")).toString(), QStringLiteral("Random 4k write"));
    QCOMPARE(st0.value(QStringLiteral("node")).toString(), QStringLiteral("node2"));
    QCOMPARE(st0.value(QStringLiteral("target")).toString(), QStringLiteral("t"));
    QCOMPARE(st0.value(QStringLiteral("command")).toString(), QStringLiteral("fio x"));
    QCOMPARE(st0.value(QStringLiteral("params")).toObject(), plan.steps[1].params);
    QCOMPARE(st0.value(QStringLiteral("summary")).toObject().value(QStringLiteral("k")).toInt(), 1);
    QCOMPARE(st0.value(QStringLiteral("rawOutputBytes")).toInteger(), 5000);
    QVERIFY(!st0.contains(QStringLiteral("rawOutput")));
    const QJsonArray series = o.value(QStringLiteral("series")).toArray();
    QCOMPARE(series.size(), 1);
    const QJsonObject se = series[0].toObject();
    QCOMPARE(se.value(QStringLiteral("step")).toInt(), 1);
    QCOMPARE(se.value(QStringLiteral("metric")).toString(), QStringLiteral("write.iops"));
    QCOMPARE(se.value(QStringLiteral("t")).toArray(), (QJsonArray {0.5, 1.5}));
    QCOMPARE(se.value(QStringLiteral("v")).toArray(), (QJsonArray {100, 200}));

    QVERIFY(s.runToJson(run + 100).isEmpty());
    QCOMPARE(s.lastError().code, Error::Code::InvalidInput);
}

void TestSessionStore::runToMarkdown()
{
    SessionStore s(path(QStringLiteral("md.sqlite")));
    QVERIFY(!s.open());
    const Plan plan = makePlan(QStringLiteral("Markdown"));
    const RunId run = s.createRun(plan, {});
    const qint64 st = s.beginStep(run, 0, 0, plan.steps[0], QStringLiteral("node1"), QStringLiteral("fio"));
    const QJsonObject summary {
        {QStringLiteral("read"),
            QJsonObject {{QStringLiteral("bw"), 2.5e9}, {QStringLiteral("iops"), 596.0},
                {QStringLiteral("lat_p50_ns"), 53477376.0}, {QStringLiteral("lat_p99_ns"), 71303168.0}}},
        {QStringLiteral("write"), QJsonObject {{QStringLiteral("bw"), 0}, {QStringLiteral("iops"), 0}}},
        {QStringLiteral("fio_version"), QStringLiteral("fio-3.33")}};
    QVERIFY(!s.finishStep(st, QStringLiteral("completed"), QStringLiteral("node1:/srv"), summary, {}, "raw", {}));
    QVERIFY(!s.finishRun(run, RunStatus::Completed));
    const QString md = s.runToMarkdown(run);
    QCOMPARE(md, runMarkdown(s.run(run), s.steps(run)));
    QVERIFY2(md.contains(QStringLiteral("| Linear read 4M QD32 | node1 | 2500 | 596 | – | – | 53.5 ms | 71.3 ms |")),
        qPrintable(md));
    QVERIFY(md.startsWith(QStringLiteral("**Markdown** — ")));
    QVERIFY(md.contains(QStringLiteral(" — completed\n")));
    QVERIFY(s.runToMarkdown(run + 1).isEmpty());
}

void TestSessionStore::ownership()
{
    SessionStore s(path(QStringLiteral("owner.sqlite")));
    QVERIFY(!s.open());
    const RunId mine = s.createRun(makePlan(QStringLiteral("mine")), {});
    const RunId dead = s.createRun(makePlan(QStringLiteral("dead")), {});
    const RunId reused = s.createRun(makePlan(QStringLiteral("reused")), {});
    const RunId remote = s.createRun(makePlan(QStringLiteral("remote")), {});
    const RunId done = s.createRun(makePlan(QStringLiteral("done")), {});
    QVERIFY(!s.finishRun(done, RunStatus::Completed));
    const qint64 step
        = s.beginStep(dead, 0, 0, PlanStep {QStringLiteral("a"), QStringLiteral("A"), {}}, QStringLiteral("node1"), {});

    // A PID that surely existed and is gone: a reaped child.
    QProcess p;
    p.start(QStringLiteral("/bin/true"), {});
    QVERIFY(p.waitForFinished());
    const qint64 gonePid = p.processId() > 0 ? p.processId() : 0;
    QVERIFY(!cmtest::processAlive(gonePid) || gonePid == 0);
    {
        RawDb raw(s.path());
        QVERIFY(raw.exec(QStringLiteral("UPDATE runs SET owner_pid = %1 WHERE id = %2").arg(gonePid).arg(dead)));
        // Our own PID but another process's start time: the PID was reused.
        QVERIFY(raw.exec(QStringLiteral("UPDATE runs SET owner_token = 'other-boot:1' WHERE id = %1").arg(reused)));
        QVERIFY(raw.exec(QStringLiteral("UPDATE runs SET owner_pid = %1, owner_host = 'elsewhere' WHERE id = %2")
                             .arg(gonePid)
                             .arg(remote)));
    }
    QVERIFY(!processowner::isGone(getpid(), processowner::currentToken()));
    QVERIFY(processowner::isGone(getpid(), QStringLiteral("x:1")));
    QVERIFY(processowner::isGone(gonePid, {}));

    QCOMPARE(s.markInterruptedRuns(), 2);
    QCOMPARE(s.run(mine).status, RunStatus::Running);
    QCOMPARE(s.run(dead).status, RunStatus::Interrupted);
    QVERIFY(!s.run(dead).finished.isValid());
    QCOMPARE(s.steps(dead).value(0).id, step);
    QCOMPARE(s.steps(dead).value(0).status, QStringLiteral("interrupted"));
    QCOMPARE(s.run(reused).status, RunStatus::Interrupted);
    QCOMPARE(s.run(remote).status, RunStatus::Running);
    QCOMPARE(s.run(done).status, RunStatus::Completed);
    QCOMPARE(s.markInterruptedRuns(), 0);
}

void TestSessionStore::notOpen()
{
    SessionStore s(path(QStringLiteral("never.sqlite")));
    Error e;
    QCOMPARE(s.createRun(makePlan(QStringLiteral("x")), {}, &e), RunId(0));
    QCOMPARE(e.code, Error::Code::Storage);
    QVERIFY(s.runs().isEmpty());
    QVERIFY(s.lastError().message.contains(QStringLiteral("not open")));
    QVERIFY(s.appendSamples(1, {Sample {}}));
    QCOMPARE(s.markInterruptedRuns(), 0);
    QVERIFY(!QFileInfo::exists(s.path()));
}

void TestSessionStore::garbageFile_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QByteArray random(64 * 1024, '\0');
    QRandomGenerator rng(7);
    for (char &c : random)
        c = char(rng.bounded(256));
    QTest::newRow("random") << random;
    QTest::newRow("text") << QByteArray("this is a plan, not a database\n");
    QByteArray fakeHeader = QByteArray("SQLite format 3") + '\0' + random.left(4000);
    QTest::newRow("header then garbage") << fakeHeader;
}

void TestSessionStore::garbageFile()
{
    QFETCH(QByteArray, bytes);
    const QString p = path(QStringLiteral("garbage-%1.sqlite").arg(QLatin1String(QTest::currentDataTag()).length()));
    {
        QFile f(p);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(bytes);
    }
    SessionStore s(p);
    const Error e = s.open();
    QCOMPARE(e.code, Error::Code::Storage);
    qInfo().noquote() << "open() of a non-database file:" << e.toString();
    QVERIFY2(e.message.contains(QStringLiteral("not a database")) || e.message.contains(QStringLiteral("malformed")),
        qPrintable(e.message));
    QCOMPARE(e.context, p);
    QVERIFY(!s.isOpen());
    QVERIFY(s.runs().isEmpty());
    QCOMPARE(s.createRun(makePlan(QStringLiteral("x")), {}), RunId(0));
    QFile f(p);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), bytes); // never overwritten
}

void TestSessionStore::readOnlyFolder()
{
    const QString dir = m_dir.filePath(QStringLiteral("ro"));
    QVERIFY(QDir().mkpath(dir));
    bool mounted = false;
    if (::geteuid() == 0) {
        // Permission bits do not stop root: a read-only mount does.
        mounted = QProcess::execute(QStringLiteral("mount"),
                      {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                          QStringLiteral("ro,size=1m"), QStringLiteral("tmpfs"), dir})
            == 0;
        CM_REQUIRE_FIXTURE(mounted, QStringLiteral("cannot mount a read-only tmpfs"));
    } else {
        QVERIFY(QFile::setPermissions(dir, QFile::ReadOwner | QFile::ExeOwner));
    }
    const QString p = dir + QStringLiteral("/clustermark.sqlite");
    SessionStore s(p);
    const Error e = s.open();
    qInfo().noquote() << "open() in a read-only folder:" << e.toString();
    if (mounted)
        QProcess::execute(QStringLiteral("umount"), {dir});
    else
        QFile::setPermissions(dir, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QCOMPARE(e.code, Error::Code::Storage);
    QVERIFY2(e.message.contains(QStringLiteral("not writable")), qPrintable(e.message));
    QCOMPARE(e.context, dir);
    QVERIFY(!s.isOpen());

    SessionStore missing(m_dir.filePath(QStringLiteral("no/such/folder/x.sqlite")));
    const Error m = missing.open();
    QCOMPARE(m.code, Error::Code::Storage);
    QVERIFY2(m.message.contains(QStringLiteral("does not exist")), qPrintable(m.message));
}

QTEST_GUILESS_MAIN(TestSessionStore)
#include "test_sessionstore.moc"
