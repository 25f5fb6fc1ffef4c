// SPDX-License-Identifier: GPL-3.0-or-later
// The session library's store calls against a real SQLite file: create, look up,
// rename with a clash, move runs, count what a deletion takes, and search.
#include "store/sessionstore.h"

#include <QTemporaryDir>
#include <QTest>

using namespace cm;

namespace {

Plan plan(const QString &name, const QString &session, const QString &kind, const QStringList &nodeNames)
{
    Plan p;
    p.kind = kind;
    p.name = name;
    p.session = session;
    for (const QString &n : nodeNames) {
        NodeSpec s = NodeSpec::parse(QStringLiteral("root@10.0.0.%1").arg(p.nodes.size() + 1));
        s.name = n;
        p.nodes << s;
    }
    p.steps = {PlanStep {QStringLiteral("seq-read"), QStringLiteral("Linear read"), {}}};
    return p;
}

QList<RunId> ids(const QList<RunInfo> &runs)
{
    QList<RunId> out;
    for (const RunInfo &r : runs)
        out << r.id;
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace

class TestSessionLibrary : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    int m_n = 0;
    QString freshPath() { return m_dir.filePath(QStringLiteral("lib%1.sqlite").arg(++m_n)); }

private Q_SLOTS:
    void createAndLookUp()
    {
        SessionStore s(freshPath());
        QVERIFY(!s.open());
        Error e;
        const qint64 id = s.createSession(QStringLiteral("  MTU 9000 "),
            {QStringLiteral("network"), QStringLiteral("jumbo")}, QStringLiteral("switch ports at 9216"), &e);
        QVERIFY2(!e && id > 0, qPrintable(e.toString()));
        const SessionInfo info = s.session(id, &e);
        QVERIFY(!e);
        QCOMPARE(info.name, QStringLiteral("MTU 9000"));
        QCOMPARE(info.tags, (QStringList {QStringLiteral("network"), QStringLiteral("jumbo")}));
        QCOMPARE(info.note, QStringLiteral("switch ports at 9216"));
        QVERIFY(info.created.isValid());

        // Same name again: refused, and nothing was added.
        QCOMPARE(s.createSession(QStringLiteral("MTU 9000"), {}, {}, &e), qint64(0));
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY2(e.message.contains(QStringLiteral("already exists")), qPrintable(e.message));
        QCOMPARE(s.createSession(QStringLiteral("   "), {}, {}, &e), qint64(0));
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QCOMPARE(s.sessions().size(), 1);
        s.session(id + 100, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);

        // Renaming onto another session's name is refused with a clear message.
        const qint64 other = s.ensureSession(QStringLiteral("write cache off"));
        const Error clash = s.updateSession(other, QStringLiteral("MTU 9000"), {}, {});
        QCOMPARE(clash.code, Error::Code::InvalidInput);
        QVERIFY2(clash.message.contains(QStringLiteral("already exists")), qPrintable(clash.message));
        QCOMPARE(s.session(other).name, QStringLiteral("write cache off"));
        // Keeping its own name while changing the note is fine.
        QVERIFY(!s.updateSession(
            other, QStringLiteral("write cache off"), {QStringLiteral("disk")}, QStringLiteral("hdparm -W0")));
        QCOMPARE(s.session(other).note, QStringLiteral("hdparm -W0"));
    }

    void moveAndCount()
    {
        const QString p = freshPath();
        SessionStore s(p);
        QVERIFY(!s.open());
        Error e;
        const RunId a = s.createRun(
            plan(QStringLiteral("a"), QStringLiteral("baseline"), QStringLiteral("disk-fio"), {QStringLiteral("pve1")}),
            {}, &e);
        const RunId b = s.createRun(
            plan(QStringLiteral("b"), QStringLiteral("baseline"), QStringLiteral("disk-fio"), {QStringLiteral("pve1")}),
            {}, &e);
        QVERIFY(a > 0 && b > 0);
        const Plan pa = plan(QStringLiteral("a"), {}, QStringLiteral("disk-fio"), {QStringLiteral("pve1")});
        for (int i = 0; i < 3; ++i)
            QVERIFY(s.beginStep(a, i, 0, pa.steps.at(0), QStringLiteral("pve1"), QStringLiteral("fio")) > 0);
        SampleList samples;
        for (int i = 0; i < 50; ++i)
            samples << Sample {0, QStringLiteral("pve1"), QStringLiteral("bw_read"), double(i), 100.0 + i};
        QVERIFY(!s.appendSamples(a, samples));

        const qint64 base = s.ensureSession(QStringLiteral("baseline"));
        StoreCounts c = s.sessionContents(base, &e);
        QVERIFY(!e);
        QCOMPARE(c.runs, 2);
        QCOMPARE(c.steps, qint64(3));
        QCOMPARE(c.samples, qint64(50));
        c = s.runContents(a, &e);
        QVERIFY(!e);
        QCOMPARE(c.runs, 1);
        QCOMPARE(c.steps, qint64(3));
        QCOMPARE(c.samples, qint64(50));
        c = s.runContents(b, &e);
        QCOMPARE(c.steps, qint64(0));
        s.runContents(9999, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        s.sessionContents(9999, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);

        const qint64 tuned = s.ensureSession(QStringLiteral("MTU 9000"));
        QVERIFY(!s.moveRun(a, tuned));
        QCOMPARE(s.run(a).sessionId, tuned);
        QCOMPARE(s.run(a).sessionName, QStringLiteral("MTU 9000"));
        QCOMPARE(s.sessionContents(tuned).samples, qint64(50)); // the samples went with it
        QCOMPARE(s.sessionContents(base).runs, 1);
        QCOMPARE(s.moveRun(a, 9999).code, Error::Code::InvalidInput);
        QCOMPARE(s.run(a).sessionId, tuned); // unchanged
        QCOMPARE(s.moveRun(9999, base).code, Error::Code::InvalidInput);
        // Renamed: the list shows the new name; a blank name or a missing run is refused.
        QVERIFY(!s.renameRun(a, QStringLiteral("  before the MTU change ")));
        QCOMPARE(s.run(a).name, QStringLiteral("before the MTU change"));
        QCOMPARE(s.renameRun(a, QStringLiteral("   ")).code, Error::Code::InvalidInput);
        QCOMPARE(s.run(a).name, QStringLiteral("before the MTU change"));
        QCOMPARE(s.renameRun(9999, QStringLiteral("x")).code, Error::Code::InvalidInput);

        // Reopened from the file: the move was committed.
        SessionStore again(p);
        QVERIFY(!again.open());
        QCOMPARE(again.run(a).sessionName, QStringLiteral("MTU 9000"));
        QCOMPARE(again.runs(base).size(), 1);
    }

    void findRuns()
    {
        SessionStore s(freshPath());
        QVERIFY(!s.open());
        const RunId r1 = s.createRun(plan(QStringLiteral("Quick disk"), QStringLiteral("baseline"),
                                         QStringLiteral("disk-fio"), {QStringLiteral("pve1"), QStringLiteral("pve2")}),
            {});
        const RunId r2 = s.createRun(plan(QStringLiteral("Bond test"), QStringLiteral("MTU 9000"),
                                         QStringLiteral("net-iperf"), {QStringLiteral("pve1"), QStringLiteral("pve3")}),
            {});
        const RunId r3 = s.createRun(
            plan(QStringLiteral("RBD 4k"), QStringLiteral("EC 4+2"), QStringLiteral("rbd"), {QStringLiteral("pve3")}),
            {});
        QVERIFY(r1 && r2 && r3);
        const qint64 mtu = s.ensureSession(QStringLiteral("MTU 9000"));
        QVERIFY(!s.updateSession(mtu, QStringLiteral("MTU 9000"), {QStringLiteral("Network"), QStringLiteral("jumbo")},
            QStringLiteral("switch set to 9216")));
        const qint64 ec = s.ensureSession(QStringLiteral("EC 4+2"));
        QVERIFY(!s.updateSession(
            ec, QStringLiteral("EC 4+2"), {QStringLiteral("ceph")}, QStringLiteral("erasure coded pool, k=4 m=2")));

        RunFilter f;
        QVERIFY(f.isEmpty());
        QCOMPARE(ids(s.findRuns(f)), (QList<RunId> {r1, r2, r3}));
        f.text = QStringLiteral("9216"); // a word of a session note
        QCOMPARE(ids(s.findRuns(f)), QList<RunId> {r2});
        f.text = QStringLiteral("pve3"); // a node name
        QCOMPARE(ids(s.findRuns(f)), (QList<RunId> {r2, r3}));
        f.text = QStringLiteral("PVE3 erasure"); // every word, any case
        QCOMPARE(ids(s.findRuns(f)), QList<RunId> {r3});
        f.text = QStringLiteral("quick"); // a run name
        QCOMPARE(ids(s.findRuns(f)), QList<RunId> {r1});
        f.text = QStringLiteral("nothing-like-this");
        QVERIFY(s.findRuns(f).isEmpty());

        f = {};
        f.kind = QStringLiteral("rbd");
        QCOMPARE(ids(s.findRuns(f)), QList<RunId> {r3});
        f = {};
        f.node = QStringLiteral("pve1");
        QCOMPARE(ids(s.findRuns(f)), (QList<RunId> {r1, r2}));
        f = {};
        f.tag = QStringLiteral("network"); // tags match in any case
        QCOMPARE(ids(s.findRuns(f)), QList<RunId> {r2});
        f.tag = QStringLiteral("jum"); // but whole tags only
        QVERIFY(s.findRuns(f).isEmpty());
        f = {};
        f.sessionId = ec;
        QCOMPARE(ids(s.findRuns(f)), QList<RunId> {r3});

        // Dates: all three started a moment ago.
        f = {};
        f.from = QDateTime::currentDateTime().addSecs(-3600);
        QCOMPARE(s.findRuns(f).size(), 3);
        f.to = QDateTime::currentDateTime().addSecs(-1800);
        QVERIFY(s.findRuns(f).isEmpty());
        f = {};
        f.from = QDateTime::currentDateTime().addSecs(60);
        QVERIFY(s.findRuns(f).isEmpty());

        // Sessions on their own.
        const SessionInfo mtuInfo = s.session(mtu);
        RunFilter sf;
        sf.text = QStringLiteral("jumbo");
        QVERIFY(SessionStore::sessionMatches(mtuInfo, sf));
        QVERIFY(!SessionStore::sessionMatches(s.session(ec), sf));
        sf = {};
        sf.tag = QStringLiteral("CEPH");
        QVERIFY(SessionStore::sessionMatches(s.session(ec), sf));
        QVERIFY(!SessionStore::sessionMatches(mtuInfo, sf));
    }

    void notOpen()
    {
        SessionStore s(freshPath());
        Error e;
        QCOMPARE(s.createSession(QStringLiteral("x"), {}, {}, &e), qint64(0));
        QCOMPARE(e.code, Error::Code::Storage);
        QCOMPARE(s.moveRun(1, 1).code, Error::Code::Storage);
        s.sessionContents(1, &e);
        QCOMPARE(e.code, Error::Code::Storage);
        QVERIFY(s.findRuns({}).isEmpty());
        QCOMPARE(s.lastError().code, Error::Code::Storage);
    }
};

QTEST_GUILESS_MAIN(TestSessionLibrary)
#include "test_sessionlibrary.moc"
