// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli export-session` and `import` end to end: a session of two real fio runs
// (1 s steps on a file in a temporary folder) goes out to one file and into a fresh
// database; every run reads back the same (figures, series, raw fio output, times), and
// files that are not session files, or damaged ones, are refused with the database
// left exactly as it was.
#include "clirun.h"
#include "storefingerprint.h"
#include "testutil.h"

#include "store/sessionstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class TestCliSessionFile : public QObject {
    Q_OBJECT

    using Out = cmtest::CliResult;

    QTemporaryDir m_from, m_to, m_target;
    QList<qint64> m_runs; // in m_from, oldest first
    QString m_file;

    Out cli(const QString &dataDir, const QStringList &args)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, dataDir, 180000);
    }
    static QString db(const QTemporaryDir &d) { return d.filePath(QStringLiteral("clustermark.sqlite")); }

    static QJsonObject withoutIds(QJsonObject o)
    {
        QJsonObject run = o.value(QStringLiteral("run")).toObject();
        run.remove(QStringLiteral("id"));
        o.insert(QStringLiteral("run"), run);
        return o;
    }

    qint64 runPlan(int steps)
    {
        Out plan = cli(m_from.path(),
            {QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"), QStringLiteral("quick"),
                QStringLiteral("--target"), m_target.path(), QStringLiteral("--size"), QStringLiteral("16M"),
                QStringLiteral("--runtime"), QStringLiteral("1"), QStringLiteral("--session"),
                QStringLiteral("MTU 9000")});
        if (plan.code != 0)
            return -1;
        QJsonObject p = plan.json();
        const QJsonArray all = p.value(QStringLiteral("steps")).toArray();
        QJsonArray some;
        for (int i = 0; i < steps; ++i)
            some.append(all.at(i));
        p.insert(QStringLiteral("steps"), some);
        const QString file = m_from.filePath(QStringLiteral("plan%1.json").arg(steps));
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly))
            return -1;
        f.write(QJsonDocument(p).toJson());
        f.close();
        Out run = cli(m_from.path(), {QStringLiteral("run"), file});
        if (run.code != 0)
            qWarning().noquote() << run.err;
        return run.code == 0
            ? qint64(run.json().value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toDouble())
            : -1;
    }

    void writeFile(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes);
    }

private Q_SLOTS:
    void initTestCase()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        m_runs << runPlan(2) << runPlan(1);
        QVERIFY(m_runs[0] > 0 && m_runs[1] > 0);
        cm::SessionStore s(db(m_from));
        QVERIFY(!s.open());
        const qint64 sid = s.ensureSession(QStringLiteral("MTU 9000"));
        QVERIFY(!s.updateSession(sid, QStringLiteral("MTU 9000"), {QStringLiteral("net"), QStringLiteral("jumbo")},
            QStringLiteral("switch ports at 9216")));
        m_file = m_from.filePath(QStringLiteral("mtu 9000.json"));
    }

    void exportImportRoundTrip()
    {
        Out ex = cli(m_from.path(), {QStringLiteral("export-session"), QStringLiteral("MTU 9000"), m_file});
        QVERIFY2(ex.code == 0, ex.err.constData());
        QCOMPARE(ex.json().value(QStringLiteral("runs")).toInt(), 2);
        QVERIFY(ex.json().value(QStringLiteral("bytes")).toDouble() > 1000);

        Out im = cli(m_to.path(), {QStringLiteral("import"), m_file});
        QVERIFY2(im.code == 0, im.err.constData());
        const QJsonObject session = im.json().value(QStringLiteral("session")).toObject();
        QCOMPARE(session.value(QStringLiteral("name")).toString(), QStringLiteral("MTU 9000"));
        QCOMPARE(session.value(QStringLiteral("renamed")).toBool(), false);
        const QJsonArray imported = im.json().value(QStringLiteral("runs")).toArray();
        QCOMPARE(imported.size(), 2);

        for (int i = 0; i < 2; ++i) {
            Out a = cli(m_from.path(), {QStringLiteral("show"), QString::number(m_runs[i]), QStringLiteral("--json")});
            Out b = cli(m_to.path(),
                {QStringLiteral("show"), QString::number(imported[i].toInteger()), QStringLiteral("--json")});
            QCOMPARE(a.code, 0);
            QCOMPARE(b.code, 0);
            const QJsonObject ja = a.json(), jb = b.json();
            // Real data went through: steps with figures, series with samples.
            QCOMPARE(ja.value(QStringLiteral("steps")).toArray().size(), i == 0 ? 2 : 1);
            QVERIFY(ja.value(QStringLiteral("steps"))
                        .toArray()
                        .at(0)
                        .toObject()
                        .value(QStringLiteral("summary"))
                        .toObject()
                        .value(QStringLiteral("read"))
                        .toObject()
                        .value(QStringLiteral("bw"))
                        .toDouble()
                > 0);
            QVERIFY(!ja.value(QStringLiteral("series")).toArray().isEmpty());
            QVERIFY(!ja.value(QStringLiteral("series"))
                         .toArray()
                         .at(0)
                         .toObject()
                         .value(QStringLiteral("t"))
                         .toArray()
                         .isEmpty());
            QCOMPARE(withoutIds(jb), withoutIds(ja));
        }
        // Raw tool output and times, which `show` only sizes.
        cm::SessionStore a(db(m_from)), b(db(m_to));
        QVERIFY(!a.open() && !b.open());
        for (int i = 0; i < 2; ++i) {
            const auto sa = a.steps(m_runs[i]), sb = b.steps(imported[i].toInteger());
            QCOMPARE(sb.size(), sa.size());
            for (int k = 0; k < sa.size(); ++k) {
                QVERIFY(sa[k].rawOutput.contains("\"fio version\""));
                QCOMPARE(sb[k].rawOutput, sa[k].rawOutput);
                QCOMPARE(sb[k].started, sa[k].started);
                QCOMPARE(sb[k].finished, sa[k].finished);
            }
            QCOMPARE(b.run(imported[i].toInteger()).started, a.run(m_runs[i]).started);
        }
        Out sessions = cli(m_to.path(), {QStringLiteral("sessions")});
        const QJsonObject s = sessions.json().value(QStringLiteral("sessions")).toArray().at(0).toObject();
        QCOMPARE(
            s.value(QStringLiteral("tags")).toArray(), (QJsonArray {QStringLiteral("net"), QStringLiteral("jumbo")}));
        QCOMPARE(s.value(QStringLiteral("note")).toString(), QStringLiteral("switch ports at 9216"));

        // Again into the same database: the name is taken.
        Out again = cli(m_to.path(), {QStringLiteral("import"), m_file});
        QCOMPARE(again.code, 0);
        QCOMPARE(again.json().value(QStringLiteral("session")).toObject().value(QStringLiteral("name")).toString(),
            QStringLiteral("MTU 9000 (imported)"));
        // By id as well as by name.
        Out byId = cli(m_to.path(),
            {QStringLiteral("export-session"), QString::number(session.value(QStringLiteral("id")).toInteger()),
                m_to.filePath(QStringLiteral("byid.json"))});
        QCOMPARE(byId.code, 0);
        QCOMPARE(byId.json().value(QStringLiteral("session")).toObject().value(QStringLiteral("name")).toString(),
            QStringLiteral("MTU 9000"));
    }

    void refusedFilesChangeNothing()
    {
        QVERIFY(QFile::exists(m_file));
        QFile f(m_file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray good = f.readAll();
        const cmtest::StoreFingerprint before = cmtest::storeFingerprint(db(m_to));
        QVERIFY(before.counts.contains(QStringLiteral("runs=4")));

        struct Case {
            QString name;
            QString file;
            QByteArray expected;
        };
        const QString truncated = m_to.filePath(QStringLiteral("truncated.json"));
        writeFile(truncated, good.left(good.size() * 2 / 3));
        QJsonObject newer = QJsonDocument::fromJson(good).object();
        newer.insert(QStringLiteral("schema"), 2);
        const QString newerFile = m_to.filePath(QStringLiteral("newer.json"));
        writeFile(newerFile, QJsonDocument(newer).toJson());
        QJsonObject broken = QJsonDocument::fromJson(good).object();
        QJsonArray runs = broken.value(QStringLiteral("runs")).toArray();
        QJsonObject run = runs.at(1).toObject();
        QJsonArray steps = run.value(QStringLiteral("steps")).toArray();
        QJsonObject step = steps.at(0).toObject();
        step.insert(QStringLiteral("summary"), QJsonArray {1, 2});
        steps.replace(0, step);
        run.insert(QStringLiteral("steps"), steps);
        runs.replace(1, run);
        broken.insert(QStringLiteral("runs"), runs);
        const QString brokenFile = m_to.filePath(QStringLiteral("broken.json"));
        writeFile(brokenFile, QJsonDocument(broken).toJson());

        const QList<Case> cases {
            {QStringLiteral("fio output"), cmtest::testData(QStringLiteral("fio/fio3.33-jsonplus-randread.json")),
                "not a ClusterMark session file"},
            {QStringLiteral("plain text"), cmtest::testData(QStringLiteral("fio/README.md")),
                "not a ClusterMark session file"},
            {QStringLiteral("truncated"), truncated, "not valid JSON at byte "},
            {QStringLiteral("newer"), newerFile, "made by a newer ClusterMark: schema 2, this version reads up to 1"},
            {QStringLiteral("wrong type"), brokenFile, "runs[1].steps[0].summary: expected an object, found an array"},
            {QStringLiteral("missing"), m_to.filePath(QStringLiteral("nope.json")), "cannot read"},
        };
        for (const Case &c : cases) {
            Out r = cli(m_to.path(), {QStringLiteral("import"), c.file});
            QVERIFY2(r.code == 1, qPrintable(c.name + QStringLiteral(": ") + QString::fromUtf8(r.err)));
            QVERIFY2(r.err.contains(c.expected), qPrintable(c.name + QStringLiteral(": ") + QString::fromUtf8(r.err)));
            QVERIFY2(r.out.isEmpty(), qPrintable(c.name));
            QCOMPARE(cmtest::storeFingerprint(db(m_to)).toString(), before.toString());
            QVERIFY(cmtest::storeFingerprint(db(m_to)) == before);
        }
    }

    void usage()
    {
        QCOMPARE(cli(m_to.path(), {QStringLiteral("import")}).code, 2);
        QCOMPARE(cli(m_to.path(), {QStringLiteral("export-session"), QStringLiteral("x")}).code, 2);
        Out none = cli(m_to.path(),
            {QStringLiteral("export-session"), QStringLiteral("no such session"),
                m_to.filePath(QStringLiteral("x.json"))});
        QCOMPARE(none.code, 1);
        QVERIFY(none.err.contains("no session"));
        QVERIFY(!QFile::exists(m_to.filePath(QStringLiteral("x.json"))));
        Out help = cli(m_to.path(), {QStringLiteral("--help")});
        QVERIFY(help.out.contains("export-session SESSION FILE"));
        QVERIFY(help.out.contains("import FILE"));
    }
};

QTEST_GUILESS_MAIN(TestCliSessionFile)
#include "test_cli_sessionfile.moc"
