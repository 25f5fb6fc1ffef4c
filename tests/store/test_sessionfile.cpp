// SPDX-License-Identifier: GPL-3.0-or-later
// Session files against real SQLite stores: export → import into a fresh store gives the
// same runs (figures, series, raw output, times), names that are taken get a suffix, and
// every refused file leaves the store exactly as it was (row counts and a checksum).
#include "parse/sessionfilecodec.h"
#include "store/sessionfile.h"
#include "store/sessionstore.h"

#include "storefingerprint.h"
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <cstring>
#include <functional>
#include <limits>

using namespace cm;

namespace {

constexpr double InjectT = 777.5; // a sample time the failure trigger fires on

Plan makePlan(const QString &name, const QString &session)
{
    Plan p;
    p.kind = QStringLiteral("disk-fio");
    p.name = name;
    p.session = session;
    NodeSpec a = NodeSpec::parse(QStringLiteral("local"));
    a.name = QStringLiteral("node1");
    p.nodes = {a};
    p.target = {{QStringLiteral("path"), QStringLiteral("/srv")}};
    p.steps = {PlanStep {QStringLiteral("seq-read"), QStringLiteral("Linear read"),
                   {{QStringLiteral("bs"), QStringLiteral("4M")}}},
        PlanStep {QStringLiteral("rand-write"), QStringLiteral("Random write"),
            {{QStringLiteral("bs"), QStringLiteral("4k")}}}};
    return p;
}

// A run with two steps (binary raw output, a failure), interleaved series with gaps,
// infinities and extreme values, and a node-monitor series (step -1).
RunId addRun(SessionStore &s, const QString &name, const QString &session, quint32 seed, bool finish = true)
{
    const Plan plan = makePlan(name, session);
    const RunId run
        = s.createRun(plan, {{QStringLiteral("kernel"), QStringLiteral("6.1.0")}, {QStringLiteral("mtu"), 9000}});
    const qint64 a = s.beginStep(run, 0, 0, plan.steps[0], QStringLiteral("node1"), QStringLiteral("fio --name=a"));
    const qint64 b = s.beginStep(run, 1, 0, plan.steps[1], QStringLiteral("node1"), QStringLiteral("fio --name=b"));
    QRandomGenerator rng(seed);
    for (int batch = 0; batch < 4; ++batch) {
        SampleList samples;
        for (int i = 0; i < 5; ++i) {
            const double t = batch + i * 0.2;
            samples << Sample {0, QStringLiteral("node1:/srv/f"), QStringLiteral("read.bw"), t,
                rng.generateDouble() * std::pow(10.0, rng.bounded(-300, 300))}
                    << Sample {0, QStringLiteral("node1:/srv/f"), QStringLiteral("read.lat.p99"), t,
                           i == 2 ? std::numeric_limits<double>::quiet_NaN() : rng.generateDouble()}
                    << Sample {-1, QStringLiteral("node1"), QStringLiteral("cpu.busy"), t,
                           i == 4 ? std::numeric_limits<double>::infinity() : 100 * rng.generateDouble()};
        }
        if (Error e = s.appendSamples(run, samples))
            qWarning() << e.toString();
    }
    s.appendSamples(run, {Sample {1, QStringLiteral("node1:/srv/f"), QStringLiteral("write.iops"), InjectT, 4.25e4}});
    if (finish) {
        const QByteArray raw("{\"fio\": 1}\n\0binary \xff\xfe tail", 26);
        s.finishStep(a, QStringLiteral("completed"), QStringLiteral("node1:/srv/f"),
            {{QStringLiteral("read"), QJsonObject {{QStringLiteral("bw"), 1.5e9}, {QStringLiteral("iops"), 357.25}}},
                {QStringLiteral("latency"),
                    QJsonObject {{QStringLiteral("bins"), QJsonObject {{QStringLiteral("4096"), 12}}}}}},
            {{QStringLiteral("fio"), QStringLiteral("fio-3.33")}}, raw, {});
        s.finishStep(b, QStringLiteral("failed"), QStringLiteral("node1:/srv/f"), {}, {}, "plain text output",
            QStringLiteral("boom"));
        s.finishRun(run, RunStatus::Completed);
    }
    return run;
}

QJsonObject withoutIds(QJsonObject o)
{
    QJsonObject run = o.value(QStringLiteral("run")).toObject();
    run.remove(QStringLiteral("id"));
    o.insert(QStringLiteral("run"), run);
    return o;
}

QJsonObject edited(const QByteArray &good, const std::function<void(QJsonObject &)> &edit)
{
    QJsonObject o = QJsonDocument::fromJson(good).object();
    edit(o);
    return o;
}

// o[key][i] as an object, edited and put back.
void editIn(QJsonObject &o, const QString &key, int i, const std::function<void(QJsonObject &)> &edit)
{
    QJsonArray a = o.value(key).toArray();
    QJsonObject e = a.at(i).toObject();
    edit(e);
    a.replace(i, e);
    o.insert(key, a);
}

} // namespace

class TestSessionFile : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTrip();
    void nameCollisionGetsSuffix();
    void runningRunComesInInterrupted();
    void numbersExact();
    void refused_data();
    void refused();
    void failureInsideTheTransactionRollsBack();
    void unreadableFiles();

private:
    QString exportGood(QString *storePath = nullptr);
    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }
};

QString TestSessionFile::exportGood(QString *storePath)
{
    static int n = 0;
    const QString db = path(QStringLiteral("good%1.sqlite").arg(++n));
    SessionStore s(db);
    if (s.open())
        return {};
    addRun(s, QStringLiteral("first"), QStringLiteral("MTU 9000"), 1);
    addRun(s, QStringLiteral("second"), QStringLiteral("MTU 9000"), 2);
    const qint64 id = s.ensureSession(QStringLiteral("MTU 9000"));
    const QString file = path(QStringLiteral("good%1.json").arg(n));
    if (Error e = exportSession(s, id, file)) {
        qWarning() << e.toString();
        return {};
    }
    if (storePath)
        *storePath = db;
    return file;
}

void TestSessionFile::roundTrip()
{
    SessionStore a(path(QStringLiteral("a.sqlite")));
    QVERIFY(!a.open());
    a.ensureSession(QStringLiteral("other")); // ids in the two stores differ
    const RunId r1 = addRun(a, QStringLiteral("baseline"), QStringLiteral("MTU 9000"), 7);
    const RunId r2 = addRun(a, QStringLiteral("after"), QStringLiteral("MTU 9000"), 8);
    // The repetition outcome (runs.summary_json) travels too.
    const QJsonObject outcome {{QStringLiteral("converged"), true},
        {QStringLiteral("steps"), QJsonArray {QJsonObject {{QStringLiteral("spreadPct"), 1.5}}}}};
    QVERIFY(!a.setRunSummary(r2, outcome));
    addRun(a, QStringLiteral("elsewhere"), QStringLiteral("other"), 9);
    const qint64 sid = a.ensureSession(QStringLiteral("MTU 9000"));
    QVERIFY(!a.updateSession(sid, QStringLiteral("MTU 9000"), {QStringLiteral("net"), QStringLiteral("jumbo frames")},
        QStringLiteral("Switch set to 9216.\nNote with ünïcode.")));
    const QString file = path(QStringLiteral("mtu.json"));
    const Error ee = exportSession(a, sid, file);
    QVERIFY2(!ee, qPrintable(ee.toString()));

    SessionStore b(path(QStringLiteral("b.sqlite")));
    QVERIFY(!b.open());
    SessionImport imp;
    const Error ie = importSession(b, file, &imp);
    QVERIFY2(!ie, qPrintable(ie.toString()));
    QCOMPARE(imp.name, QStringLiteral("MTU 9000"));
    QVERIFY(!imp.renamed);
    QCOMPARE(imp.runs.size(), 2);
    QCOMPARE(b.runSummary(imp.runs[1]), outcome);

    const SessionInfo sa = a.sessions().value(1), sb = b.sessions().value(0);
    QCOMPARE(sb.name, sa.name);
    QCOMPARE(sb.tags, sa.tags);
    QCOMPARE(sb.note, sa.note);
    QCOMPARE(sb.created, sa.created);
    QCOMPARE(sb.runCount, 2);
    const QList<RunId> from {r1, r2};
    for (int i = 0; i < 2; ++i) {
        const QJsonObject ja = a.runToJson(from[i]), jb = b.runToJson(imp.runs[i]);
        QVERIFY(!ja.isEmpty());
        QCOMPARE(withoutIds(jb), withoutIds(ja));
        QCOMPARE(b.runSummary(imp.runs[i]), a.runSummary(from[i]));
        // Series bit for bit (runToJson turns gaps and infinities into null).
        const QList<SeriesData> xa = a.series(from[i]), xb = b.series(imp.runs[i]);
        QCOMPARE(xb.size(), xa.size());
        QCOMPARE(xa.size(), 4);
        for (int k = 0; k < xa.size(); ++k) {
            QCOMPARE(xb[k].t, xa[k].t);
            QCOMPARE(xb[k].v.size(), xa[k].v.size());
            for (int j = 0; j < xa[k].v.size(); ++j)
                QVERIFY(xb[k].v[j] == xa[k].v[j] || (std::isnan(xb[k].v[j]) && std::isnan(xa[k].v[j])));
        }
        const QList<StepRecord> sa2 = a.steps(from[i]), sb2 = b.steps(imp.runs[i]);
        QCOMPARE(sb2.size(), 2);
        for (int k = 0; k < 2; ++k) {
            QCOMPARE(sb2[k].rawOutput, sa2[k].rawOutput);
            QCOMPARE(sb2[k].started, sa2[k].started);
            QCOMPARE(sb2[k].finished, sa2[k].finished);
        }
        const RunInfo ra = a.run(from[i]), rb = b.run(imp.runs[i]);
        QCOMPARE(rb.started, ra.started);
        QCOMPARE(rb.finished, ra.finished);
        QCOMPARE(rb.lastSampleT, ra.lastSampleT);
        QCOMPARE(b.runPlan(imp.runs[i]).toJson(), a.runPlan(from[i]).toJson());
    }
    QVERIFY(a.steps(r1)[0].rawOutput.contains('\0')); // the binary case was exercised

    // Exporting the imported session gives the same file, apart from when it was made.
    const QString again = path(QStringLiteral("again.json"));
    QVERIFY(!exportSession(b, imp.sessionId, again));
    QFile f1(file), f2(again);
    QVERIFY(f1.open(QIODevice::ReadOnly) && f2.open(QIODevice::ReadOnly));
    QJsonObject o1 = QJsonDocument::fromJson(f1.readAll()).object(),
                o2 = QJsonDocument::fromJson(f2.readAll()).object();
    QCOMPARE(o1.value(QStringLiteral("format")).toString(), QStringLiteral("clustermark-session"));
    QCOMPARE(o1.value(QStringLiteral("schema")).toInt(), sessionfile::SchemaVersion);
    o1.remove(QStringLiteral("exported"));
    o2.remove(QStringLiteral("exported"));
    QCOMPARE(o2, o1);
}

void TestSessionFile::nameCollisionGetsSuffix()
{
    QString db;
    const QString file = exportGood(&db);
    QVERIFY(!file.isEmpty());
    SessionStore s(db); // the store it came from: the name is taken
    QVERIFY(!s.open());
    SessionImport i1, i2;
    QVERIFY(!importSession(s, file, &i1));
    QVERIFY(!importSession(s, file, &i2));
    QCOMPARE(i1.name, QStringLiteral("MTU 9000 (imported)"));
    QVERIFY(i1.renamed);
    QCOMPARE(i2.name, QStringLiteral("MTU 9000 (imported 2)"));
    QCOMPARE(s.sessions().size(), 3);
    QCOMPARE(s.runs(i2.sessionId).size(), 2);
    QCOMPARE(s.run(i2.runs[0]).sessionName, i2.name);
}

void TestSessionFile::runningRunComesInInterrupted()
{
    SessionStore a(path(QStringLiteral("running.sqlite")));
    QVERIFY(!a.open());
    const RunId r = addRun(a, QStringLiteral("live"), QStringLiteral("L"), 3, false);
    QCOMPARE(a.run(r).status, RunStatus::Running);
    const QString file = path(QStringLiteral("running.json"));
    QVERIFY(!exportSession(a, a.ensureSession(QStringLiteral("L")), file));
    SessionStore b(path(QStringLiteral("running-b.sqlite")));
    QVERIFY(!b.open());
    SessionImport imp;
    QVERIFY(!importSession(b, file, &imp));
    const RunInfo rb = b.run(imp.runs[0]);
    QCOMPARE(rb.status, RunStatus::Interrupted); // nothing here is running it
    QCOMPARE(rb.started, a.run(r).started);
    QVERIFY(!rb.finished.isValid());
    QCOMPARE(b.steps(imp.runs[0]).value(0).status, QStringLiteral("interrupted"));
    QCOMPARE(b.series(imp.runs[0]).size(), 4);
}

void TestSessionFile::numbersExact()
{
    SessionFileData d;
    d.name = QStringLiteral("n");
    SessionFileRun r;
    r.kind = QStringLiteral("k");
    r.status = QStringLiteral("completed");
    r.started = QDateTime::fromMSecsSinceEpoch(1764466630123);
    SessionFileSeries s;
    QRandomGenerator rng(99);
    const QList<double> special {0.0, -0.0, 1.0, -1.0, 0.1, 1e-310, std::numeric_limits<double>::min(),
        std::numeric_limits<double>::max(), std::numeric_limits<double>::lowest(),
        std::numeric_limits<double>::denorm_min(), 9007199254740993.0, 1e21, 123456789012.5};
    for (double x : special)
        s.t << x, s.v << x;
    for (int i = 0; i < 20000; ++i) {
        double x;
        const quint64 bits = rng.generate64();
        std::memcpy(&x, &bits, sizeof x);
        if (!std::isfinite(x))
            continue;
        s.t << x;
        s.v << x;
    }
    r.series << s;
    d.runs << r;
    SessionFileData back;
    const Error e = sessionfile::decode(sessionfile::encode(d), &back);
    QVERIFY2(!e, qPrintable(e.toString()));
    const QList<double> &t = back.runs[0].series[0].t;
    QCOMPARE(t.size(), s.t.size());
    for (qsizetype i = 0; i < t.size(); ++i) {
        QVERIFY2(std::memcmp(&t[i], &s.t[i], sizeof(double)) == 0 || (t[i] == 0 && s.t[i] == 0),
            qPrintable(QStringLiteral("%1 read back as %2").arg(s.t[i], 0, 'g', 17).arg(t[i], 0, 'g', 17)));
    }
    QCOMPARE(back.runs[0].started, r.started);
}

void TestSessionFile::refused_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    const QString file = exportGood();
    QVERIFY(!file.isEmpty());
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray good = f.readAll();
    auto doc = [](const QJsonObject &o) { return QJsonDocument(o).toJson(); };

    QTest::newRow("truncated") << good.left(good.size() / 2) << QStringLiteral("not valid JSON at byte ");
    QTest::newRow("garbage") << QByteArray("{\"format\": \"clustermark-session\", oops}")
                             << QStringLiteral("not valid JSON at byte ");
    QTest::newRow("newer") << doc(edited(good, [](QJsonObject &o) { o.insert(QStringLiteral("schema"), 7); }))
                           << QStringLiteral("made by a newer ClusterMark: schema 7, this version reads up to %1")
                                  .arg(sessionfile::SchemaVersion);
    QTest::newRow("no schema") << doc(edited(good, [](QJsonObject &o) { o.remove(QStringLiteral("schema")); }))
                               << QStringLiteral("schema: missing");
    QTest::newRow("other format") << doc(
        edited(good, [](QJsonObject &o) { o.insert(QStringLiteral("format"), QStringLiteral("clustermark-run")); }))
                                  << QStringLiteral("not a ClusterMark session file (format \"clustermark-run\")");
    QTest::newRow("not an object") << QByteArray("[1, 2]") << QStringLiteral("not a ClusterMark session file");
    QTest::newRow("summary missing") << doc(edited(good, [](QJsonObject &o) {
        editIn(o, QStringLiteral("runs"), 1, [](QJsonObject &r) {
            editIn(r, QStringLiteral("steps"), 0, [](QJsonObject &s) { s.remove(QStringLiteral("summary")); });
        });
    })) << QStringLiteral("runs[1].steps[0].summary: missing");
    QTest::newRow("summary a string") << doc(edited(good, [](QJsonObject &o) {
        editIn(o, QStringLiteral("runs"), 1, [](QJsonObject &r) {
            editIn(r, QStringLiteral("steps"), 1,
                [](QJsonObject &s) { s.insert(QStringLiteral("summary"), QStringLiteral("fast")); });
        });
    })) << QStringLiteral("runs[1].steps[1].summary: expected an object, found a string");
    QTest::newRow("sample not a number") << doc(edited(good, [](QJsonObject &o) {
        editIn(o, QStringLiteral("runs"), 0, [](QJsonObject &r) {
            editIn(r, QStringLiteral("series"), 2, [](QJsonObject &s) {
                QJsonArray t = s.value(QStringLiteral("t")).toArray();
                t.replace(3, QStringLiteral("x"));
                s.insert(QStringLiteral("t"), t);
            });
        });
    })) << QStringLiteral("runs[0].series[2].t[3]: expected a number, found a string");
    QTest::newRow("values short") << doc(edited(good, [](QJsonObject &o) {
        editIn(o, QStringLiteral("runs"), 0, [](QJsonObject &r) {
            editIn(r, QStringLiteral("series"), 0, [](QJsonObject &s) {
                QJsonArray v = s.value(QStringLiteral("v")).toArray();
                v.removeLast();
                s.insert(QStringLiteral("v"), v);
            });
        });
    })) << QStringLiteral("runs[0].series[0].v: 19 values for 20 times");
    QTest::newRow("duplicate series") << doc(edited(good, [](QJsonObject &o) {
        editIn(o, QStringLiteral("runs"), 1, [](QJsonObject &r) {
            QJsonArray s = r.value(QStringLiteral("series")).toArray();
            s.append(s.at(0));
            r.insert(QStringLiteral("series"), s);
        });
    })) << QStringLiteral("runs[1].series[4]: a second series");
    QTest::newRow("bad status") << doc(edited(good, [](QJsonObject &o) {
        editIn(o, QStringLiteral("runs"), 0,
            [](QJsonObject &r) { r.insert(QStringLiteral("status"), QStringLiteral("great")); });
    })) << QStringLiteral("runs[0].status: unknown run status \"great\"");
    QTest::newRow("bad date") << doc(edited(good, [](QJsonObject &o) {
        editIn(o, QStringLiteral("runs"), 0,
            [](QJsonObject &r) { r.insert(QStringLiteral("started"), QStringLiteral("yesterday")); });
    })) << QStringLiteral("runs[0].started: \"yesterday\" is not an ISO 8601 date");
    QTest::newRow("index not an integer") << doc(edited(good, [](QJsonObject &o) {
        editIn(o, QStringLiteral("runs"), 0, [](QJsonObject &r) {
            editIn(r, QStringLiteral("steps"), 0, [](QJsonObject &s) { s.insert(QStringLiteral("index"), 1.5); });
        });
    })) << QStringLiteral("runs[0].steps[0].index: expected an integer, found a number");
    QTest::newRow("run not an object") << doc(edited(good, [](QJsonObject &o) {
        QJsonArray runs = o.value(QStringLiteral("runs")).toArray();
        runs.replace(1, 42);
        o.insert(QStringLiteral("runs"), runs);
    })) << QStringLiteral("runs[1]: expected an object, found a number");
    QTest::newRow("session name") << doc(edited(good, [](QJsonObject &o) {
        QJsonObject s = o.value(QStringLiteral("session")).toObject();
        s.insert(QStringLiteral("name"), true);
        o.insert(QStringLiteral("session"), s);
    })) << QStringLiteral("session.name: expected a string, found true/false");
    QTest::newRow("bad base64") << doc(edited(good, [](QJsonObject &o) {
        editIn(o, QStringLiteral("runs"), 0, [](QJsonObject &r) {
            editIn(r, QStringLiteral("steps"), 0, [](QJsonObject &s) {
                QVERIFY(s.contains(QStringLiteral("rawOutputBase64"))); // the binary output
                s.insert(QStringLiteral("rawOutputBase64"), QStringLiteral("@@not base64@@"));
            });
        });
    })) << QStringLiteral("runs[0].steps[0].rawOutputBase64: not valid base64");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("not valid JSON at byte ");
}

void TestSessionFile::refused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    QString db;
    QVERIFY(!exportGood(&db).isEmpty()); // a store with content to protect
    const cmtest::StoreFingerprint before = cmtest::storeFingerprint(db);
    QVERIFY(before.counts.contains(QStringLiteral("runs=2")));
    const QString file = path(QStringLiteral("refused.json"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
    f.close();
    {
        SessionStore s(db);
        QVERIFY(!s.open());
        SessionImport imp;
        const Error e = importSession(s, file, &imp);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY2(e.message.startsWith(expected), qPrintable(e.message));
        QCOMPARE(e.context, file);
        if (expected.startsWith(QStringLiteral("not valid JSON"))) {
            // The offset points into the file, at or before where the damage is.
            bool ok = false;
            const qsizetype at = e.message.mid(expected.size()).section(QLatin1Char(':'), 0, 0).toLongLong(&ok);
            QVERIFY2(ok && at >= 0 && at <= bytes.size(),
                qPrintable(QStringLiteral("%1 (%2 bytes)").arg(e.message).arg(bytes.size())));
            if (bytes.startsWith("{\"format\": \"clustermark-session\", oops"))
                QVERIFY2(at >= 34 && at <= 38, qPrintable(e.message));
        }
        QCOMPARE(imp.sessionId, qint64(0));
        QCOMPARE(s.sessions().size(), 1);
    }
    const cmtest::StoreFingerprint after = cmtest::storeFingerprint(db);
    QCOMPARE(after.toString(), before.toString());
    QVERIFY(after == before);
}

void TestSessionFile::failureInsideTheTransactionRollsBack()
{
    QString db;
    const QString file = exportGood(&db);
    QVERIFY(!file.isEmpty());
    {
        // A real SQLite failure after sessions, runs, steps and series rows went in: the
        // last sample of the last run (t = InjectT) aborts the insert.
        QSqlDatabase raw = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("inject"));
        raw.setDatabaseName(db);
        QVERIFY(raw.open());
        QSqlQuery q(raw);
        QVERIFY(q.exec(QStringLiteral("CREATE TRIGGER inject BEFORE INSERT ON samples WHEN NEW.t = %1"
                                      " BEGIN SELECT RAISE(ABORT, 'injected failure'); END")
                           .arg(InjectT)));
    }
    QSqlDatabase::removeDatabase(QStringLiteral("inject"));
    const cmtest::StoreFingerprint before = cmtest::storeFingerprint(db);
    SessionStore s(db);
    QVERIFY(!s.open());
    const Error e = importSession(s, file);
    QCOMPARE(e.code, Error::Code::Storage);
    QVERIFY2(e.message.contains(QStringLiteral("injected failure")), qPrintable(e.message));
    QCOMPARE(cmtest::storeFingerprint(db).toString(), before.toString());
    QVERIFY(cmtest::storeFingerprint(db) == before);
    // The store still works and takes the next import.
    QVERIFY(!s.deleteSession(s.ensureSession(QStringLiteral("MTU 9000"))));
}

void TestSessionFile::unreadableFiles()
{
    SessionStore s(path(QStringLiteral("unreadable.sqlite")));
    QVERIFY(!s.open());
    Error e = importSession(s, path(QStringLiteral("no-such-file.json")));
    QCOMPARE(e.code, Error::Code::Storage);
    QVERIFY(e.message.contains(QStringLiteral("cannot read")));
    e = exportSession(s, 4242, path(QStringLiteral("x.json")));
    QCOMPARE(e.code, Error::Code::InvalidInput);
    QVERIFY(!QFile::exists(path(QStringLiteral("x.json"))));
    const qint64 id = s.ensureSession(QStringLiteral("empty"));
    e = exportSession(s, id, path(QStringLiteral("no/such/dir/x.json")));
    QCOMPARE(e.code, Error::Code::Storage);
    QVERIFY(!exportSession(s, id, path(QStringLiteral("empty.json")))); // a session with no runs
    SessionStore t(path(QStringLiteral("unreadable-b.sqlite")));
    QVERIFY(!t.open());
    SessionImport imp;
    QVERIFY(!importSession(t, path(QStringLiteral("empty.json")), &imp));
    QCOMPARE(t.sessions().value(0).name, QStringLiteral("empty"));
    QVERIFY(imp.runs.isEmpty());
}

QTEST_GUILESS_MAIN(TestSessionFile)
#include "test_sessionfile.moc"
