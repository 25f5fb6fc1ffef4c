// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile and faulty input to `clustermark-cli`, as an attacker or an unlucky user
// would hand it: a plan whose fio engine is a shared library (built here, with a real
// constructor that leaves a marker), the same engine inside a fio result imported from
// a forum, a FIFO and /dev/zero given as a plan, a result or a session file. Each gets a
// clear error (or a safe result) quickly, and the library never runs.
#include "clirun.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestCliHostile : public QObject {
    Q_OBJECT

    using Out = cmtest::CliResult;
    QTemporaryDir m_data;
    QTemporaryDir m_work;
    QString m_library; // a real fio "external" engine whose constructor writes m_marker
    QString m_marker;

    Out cli(const QStringList &args, int timeoutMs = 120000)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), timeoutMs);
    }

    QJsonObject diskPlan()
    {
        Out plan = cli({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"),
            QStringLiteral("quick"), QStringLiteral("--target"), m_work.path(), QStringLiteral("--size"),
            QStringLiteral("16M"), QStringLiteral("--runtime"), QStringLiteral("1")});
        return plan.json();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_data.isValid() && m_work.isValid());
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("cc")).isEmpty(), QStringLiteral("no C compiler"));
        m_marker = m_work.filePath(QStringLiteral("library-ran"));
        const QString src = m_work.filePath(QStringLiteral("evil.c"));
        QVERIFY(writeFile(src,
            "#include <stdio.h>\n"
            "__attribute__((constructor)) static void ran(void) {\n"
            "  FILE *f = fopen(\""
                + m_marker.toUtf8()
                + "\", \"w\"); if (f) { fputs(\"ran\", f); fclose(f); }\n"
                  "}\n"));
        m_library = m_work.filePath(QStringLiteral("evil.so"));
        QProcess cc;
        cc.start(QStringLiteral("cc"),
            {QStringLiteral("-shared"), QStringLiteral("-fPIC"), QStringLiteral("-o"), m_library, src});
        QVERIFY(cc.waitForFinished(60000) && cc.exitCode() == 0);
        // The library does run when fio itself is given it: the marker is a real signal.
        QProcess fio;
        fio.start(QStringLiteral("fio"),
            {QStringLiteral("--name=x"), QStringLiteral("--ioengine=external:") + m_library,
                QStringLiteral("--size=4k"), QStringLiteral("--filename=") + m_work.filePath(QStringLiteral("x"))});
        QVERIFY(fio.waitForFinished(60000));
        QVERIFY2(QFile::exists(m_marker), "fio did not load the test library: the test could not fail");
        QVERIFY(QFile::remove(m_marker));
        QFile::remove(m_work.filePath(QStringLiteral("x")));
    }

    void planWithExternalEngineIsRefusedBeforeAnythingRuns()
    {
        QJsonObject p = diskPlan();
        QJsonArray steps = p.value(QStringLiteral("steps")).toArray();
        QJsonObject s = steps.at(1).toObject();
        QJsonObject params = s.value(QStringLiteral("params")).toObject();
        params.insert(QStringLiteral("ioengine"), QStringLiteral("external:") + m_library);
        s.insert(QStringLiteral("params"), params);
        p.insert(QStringLiteral("steps"), QJsonArray {steps.at(0), s});
        const QString file = m_work.filePath(QStringLiteral("evil-plan.json"));
        QVERIFY(writeFile(file, QJsonDocument(p).toJson()));
        const Out r = cli({QStringLiteral("run"), file});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("\"ioengine\" must be one of"), r.err.constData());
        QVERIFY(!QFile::exists(m_marker));
        // not even the first (harmless) step ran
        QVERIFY2(!r.err.contains(" started"), r.err.constData());
    }

    void importedResultDoesNotCarryTheEngineIntoItsPlan()
    {
        QProcess fio;
        fio.start(QStringLiteral("fio"),
            {QStringLiteral("--output-format=json+"), QStringLiteral("--name=forum"),
                QStringLiteral("--filename=") + m_work.filePath(QStringLiteral("f.dat")), QStringLiteral("--size=4M"),
                QStringLiteral("--rw=read"), QStringLiteral("--bs=64k"), QStringLiteral("--ioengine=psync"),
                QStringLiteral("--time_based"), QStringLiteral("--runtime=1")});
        QVERIFY(fio.waitForFinished(60000) && fio.exitCode() == 0);
        QFile::remove(m_work.filePath(QStringLiteral("f.dat")));
        // As posted on a forum by someone else: the engine is a library of theirs.
        QByteArray json = fio.readAllStandardOutput();
        json.replace("\"ioengine\" : \"psync\"", "\"ioengine\" : \"external:" + m_library.toUtf8() + "\"");
        QVERIFY(json.contains("external:"));
        const QString file = m_work.filePath(QStringLiteral("forum.json"));
        QVERIFY(writeFile(file, json));
        const Out imp = cli({QStringLiteral("import-result"), file, QStringLiteral("--json"), QStringLiteral("--node"),
            QStringLiteral("local")});
        QVERIFY2(imp.code == 0, imp.err.constData());
        QVERIFY2(imp.err.contains("which the app does not run"), imp.err.constData());
        const qint64 run = qint64(imp.json().value(QStringLiteral("run")).toDouble());
        const QJsonObject shown = cli({QStringLiteral("show"), QString::number(run), QStringLiteral("--json")}).json();
        QJsonObject plan = shown.value(QStringLiteral("plan")).toObject();
        QVERIFY(!plan.isEmpty());
        QVERIFY(!QJsonDocument(plan).toJson().contains("external"));
        // Running the imported plan again is safe: libaio, and the library never loads.
        const QString planFile = m_work.filePath(QStringLiteral("again.json"));
        QVERIFY(writeFile(planFile, QJsonDocument(plan).toJson()));
        const Out again = cli({QStringLiteral("run"), planFile});
        QVERIFY2(again.code == 0, again.err.constData());
        QVERIFY(!QFile::exists(m_marker));
    }

    void fifoAndEndlessFilesAreRefusedAtOnce_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("path");
        const QString fifo = m_work.filePath(QStringLiteral("fifo"));
        for (const QString &path : {fifo, QStringLiteral("/dev/zero")}) {
            const QString tag = path == fifo ? QStringLiteral("fifo") : QStringLiteral("zero");
            QTest::newRow(qPrintable(tag + QStringLiteral(" run")))
                << QStringList {QStringLiteral("run"), path} << path;
            QTest::newRow(qPrintable(tag + QStringLiteral(" import-result")))
                << QStringList {QStringLiteral("import-result"), path} << path;
            QTest::newRow(qPrintable(tag + QStringLiteral(" import")))
                << QStringList {QStringLiteral("import"), path} << path;
        }
    }
    void fifoAndEndlessFilesAreRefusedAtOnce()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, path);
        if (path.endsWith(QLatin1String("fifo")) && !QFile::exists(path))
            QVERIFY(::mkfifo(path.toLocal8Bit().constData(), 0600) == 0);
        QElapsedTimer clock;
        clock.start();
        const Out r = cli(args, 20000);
        QVERIFY2(r.code > 0, r.err.constData()); // not killed by the timeout (-1)
        QVERIFY2(clock.elapsed() < 10000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY2(r.err.contains("is not a regular file"), r.err.constData());
    }

    void jsonListIsNotAPlan()
    {
        const QString file = m_work.filePath(QStringLiteral("list.json"));
        QVERIFY(writeFile(file, "[{\"format\":\"clustermark-plan\"}]"));
        const Out r = cli({QStringLiteral("run"), file});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("not an object") && !r.err.contains("no error occurred"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliHostile)
#include "test_cli_hostile.moc"
