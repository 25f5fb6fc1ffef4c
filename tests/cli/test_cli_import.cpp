// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli import-result` end to end on outputs the real tools produce here:
// fio json+ on a temp file (plain, --status-interval, and client/server against a
// `fio --server` on 127.0.0.1), iperf3 -J and iperf 2 -y C on 127.0.0.1. Each import
// must hold the tool's own figures (read back from the file in the test), and
// `compare` must pair the imported fio run with a run the app made itself. Cut, foreign
// and empty files are refused with the offset or line, and the store stays unchanged.
#include "clirun.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <cmath>

namespace {

struct ToolRun {
    int code = -1;
    QByteArray out, err;
};

ToolRun runTool(const QString &program, const QStringList &args, int timeoutMs = 60000)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
        p.readAllStandardError()};
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

bool near(double a, double b, double rel = 1e-9)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

int freePort()
{
    return 20000 + int(QRandomGenerator::global()->bounded(12000));
}

} // namespace

class TestCliImport : public QObject {
    Q_OBJECT

    using Out = cmtest::CliResult;
    QTemporaryDir m_data;
    QTemporaryDir m_work;

    Out cli(const QStringList &args, const QString &dataDir = {})
    {
        return cmtest::runBinary(
            QStringLiteral("clustermark-cli"), args, dataDir.isEmpty() ? m_data.path() : dataDir, 180000);
    }

    // Imports FILE; the run id, or -1.
    qint64 import(const QString &file, const QStringList &extra = {})
    {
        Out r = cli(QStringList {QStringLiteral("import-result"), file, QStringLiteral("--json")} + extra);
        if (r.code != 0) {
            qWarning() << r.err;
            return -1;
        }
        return qint64(r.json().value(QStringLiteral("run")).toDouble());
    }

    QJsonObject show(qint64 run)
    {
        return cli({QStringLiteral("show"), QString::number(run), QStringLiteral("--json")}).json();
    }

    QByteArray fio(const QStringList &args)
    {
        const ToolRun r = runTool(QStringLiteral("fio"), args);
        if (r.code != 0)
            qWarning() << "fio:" << r.err;
        return r.code == 0 ? r.out : QByteArray();
    }

    QString save(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_work.filePath(name);
        return writeFile(path, bytes) ? path : QString();
    }

    QStringList fioJob(const QString &name, const QString &rw, const QString &bs, int qd) const
    {
        return {QStringLiteral("--name=") + name,
            QStringLiteral("--filename=") + m_work.filePath(QStringLiteral("fio.dat")), QStringLiteral("--size=16M"),
            QStringLiteral("--rw=") + rw, QStringLiteral("--bs=") + bs, QStringLiteral("--iodepth=%1").arg(qd),
            QStringLiteral("--ioengine=libaio"), QStringLiteral("--direct=1"), QStringLiteral("--time_based"),
            QStringLiteral("--runtime=1")};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_data.isValid() && m_work.isValid());
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
    }

    // fio json+ run here as a user would, imported, then compared with the app's own
    // run of the same test (SEQ1M Q8T1 Read of the quick preset): the rows pair.
    void fioImportComparesWithAppRun()
    {
        const QByteArray json = fio(QStringList {QStringLiteral("--output-format=json+")}
            + fioJob(QStringLiteral("seq1m-q8t1-read"), QStringLiteral("read"), QStringLiteral("1M"), 8));
        QVERIFY(!json.isEmpty());
        const QString file = save(QStringLiteral("seq.json"), json);
        const qint64 imported = import(file,
            {QStringLiteral("--node"), QStringLiteral("local"), QStringLiteral("--session"),
                QStringLiteral("old results")});
        QVERIFY(imported > 0);

        const QJsonObject fioDoc = QJsonDocument::fromJson(json).object();
        const QJsonObject fioRead
            = fioDoc.value(QStringLiteral("jobs")).toArray().at(0).toObject().value(QStringLiteral("read")).toObject();
        const QJsonObject run = show(imported);
        QCOMPARE(run.value(QStringLiteral("run")).toObject().value(QStringLiteral("status")).toString(),
            QStringLiteral("completed"));
        QCOMPARE(run.value(QStringLiteral("run")).toObject().value(QStringLiteral("session")).toString(),
            QStringLiteral("old results"));
        QCOMPARE(run.value(QStringLiteral("run")).toObject().value(QStringLiteral("kind")).toString(),
            QStringLiteral("disk-fio"));
        const QJsonObject env = run.value(QStringLiteral("environment")).toObject();
        QVERIFY(env.value(QStringLiteral("imported_from")).toString().endsWith(QLatin1String("seq.json")));
        QCOMPARE(env.value(QStringLiteral("fio_version")).toString(),
            fioDoc.value(QStringLiteral("fio version")).toString());
        const QJsonObject step = run.value(QStringLiteral("steps")).toArray().at(0).toObject();
        QCOMPARE(step.value(QStringLiteral("rawOutputBytes")).toInteger(), qint64(json.size()));
        QCOMPARE(step.value(QStringLiteral("params")).toObject().value(QStringLiteral("bs")).toString(),
            QStringLiteral("1M"));
        QCOMPARE(step.value(QStringLiteral("params")).toObject().value(QStringLiteral("iodepth")).toInt(), 8);
        const QJsonObject read
            = step.value(QStringLiteral("summary")).toObject().value(QStringLiteral("read")).toObject();
        QVERIFY(
            near(read.value(QStringLiteral("bw")).toDouble(), fioRead.value(QStringLiteral("bw_bytes")).toDouble()));
        QVERIFY(near(read.value(QStringLiteral("lat_p99_ns")).toDouble(),
            fioRead.value(QStringLiteral("clat_ns"))
                .toObject()
                .value(QStringLiteral("percentile"))
                .toObject()
                .value(QStringLiteral("99.000000"))
                .toDouble(),
            0.02));
        QVERIFY(read.value(QStringLiteral("histogram")).toObject().size() > 0);

        // The app's own run of that test.
        Out plan = cli({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"),
            QStringLiteral("quick"), QStringLiteral("--target"), m_work.path(), QStringLiteral("--size"),
            QStringLiteral("16M"), QStringLiteral("--runtime"), QStringLiteral("1")});
        QCOMPARE(plan.code, 0);
        QJsonObject p = plan.json();
        p.insert(QStringLiteral("steps"), QJsonArray {p.value(QStringLiteral("steps")).toArray().at(0)});
        const QString planFile = save(QStringLiteral("plan.json"), QJsonDocument(p).toJson());
        Out appRun = cli({QStringLiteral("run"), planFile});
        QVERIFY2(appRun.code == 0, appRun.err.constData());
        const qint64 app
            = qint64(appRun.json().value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toDouble());
        QVERIFY(app > 0);

        Out cmp = cli({QStringLiteral("compare"), QString::number(app), QString::number(imported),
            QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(cmp.code == 0, cmp.err.constData());
        const QJsonObject c = cmp.json();
        const QJsonArray rows = c.value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 1);
        const QJsonObject row = rows.at(0).toObject();
        QCOMPARE(row.value(QStringLiteral("testId")).toString(), QStringLiteral("seq1m-q8t1-read"));
        QCOMPARE(row.value(QStringLiteral("node")).toString(), QStringLiteral("local"));
        QCOMPARE(row.value(QStringLiteral("repetitions")).toArray(), (QJsonArray {1, 1}));
        bool sawBw = false;
        for (const QJsonValue &f : row.value(QStringLiteral("figures")).toArray()) {
            if (f.toObject().value(QStringLiteral("key")).toString() != QLatin1String("read.bw"))
                continue;
            const QJsonArray runs = f.toObject().value(QStringLiteral("runs")).toArray();
            QVERIFY(runs.at(0).toObject().value(QStringLiteral("values")).toArray().at(0).toDouble() > 0);
            QVERIFY(near(runs.at(1).toObject().value(QStringLiteral("values")).toArray().at(0).toDouble(),
                fioRead.value(QStringLiteral("bw_bytes")).toDouble()));
            sawBw = true;
        }
        QVERIFY(sawBw);
        // Same test parameters: what differs is where the figures came from.
        const QString diffs = c.value(QStringLiteral("differences")).toVariant().toStringList().join(QLatin1Char('\n'));
        QVERIFY2(!diffs.contains(QLatin1String("block size")) && !diffs.contains(QLatin1String("queue depth")),
            qPrintable(diffs));
        QCOMPARE(cli({QStringLiteral("compare"), QString::number(app), QString::number(imported)}).code, 0);
        Out md = cli(
            {QStringLiteral("export"), QString::number(imported), QStringLiteral("--format"), QStringLiteral("md")});
        QCOMPARE(md.code, 0);
        QVERIFY(md.out.contains("seq1m-q8t1-read"));
    }

    // --status-interval output: one point per status document.
    void fioStreamHasSeries()
    {
        const QByteArray out
            = fio(QStringList {QStringLiteral("--output-format=json+"), QStringLiteral("--status-interval=1")}
                + fioJob(QStringLiteral("rnd"), QStringLiteral("randwrite"), QStringLiteral("4k"), 4)
                      .replaceInStrings(QStringLiteral("--runtime=1"), QStringLiteral("--runtime=3")));
        QVERIFY(!out.isEmpty());
        const int docs = int(out.count("\n{\n") + (out.startsWith("{\n") ? 1 : 0));
        QVERIFY(docs >= 3);
        const qint64 id = import(save(QStringLiteral("stream.json"), out));
        QVERIFY(id > 0);
        int points = 0;
        for (const QJsonValue &s : show(id).value(QStringLiteral("series")).toArray())
            if (s.toObject().value(QStringLiteral("metric")).toString() == QLatin1String("write.iops"))
                points = int(s.toObject().value(QStringLiteral("v")).toArray().size());
        QCOMPARE(points, docs);
    }

    // fio client/server on 127.0.0.1: the step is named after the client's host.
    void fioClientServer()
    {
        const int port = freePort();
        const QString pidFile = m_work.filePath(QStringLiteral("fio-server.pid"));
        QCOMPARE(runTool(QStringLiteral("fio"),
                     {QStringLiteral("--server=ip:127.0.0.1,%1").arg(port), QStringLiteral("--daemonize=") + pidFile})
                     .code,
            0);
        QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(pidFile), 5000);
        QThread::msleep(300);
        const QString jobFile = save(QStringLiteral("cs.fio"),
            QStringLiteral("[cs]\nfilename=%1\nsize=16M\nrw=randread\nbs=4k\niodepth=4\n"
                           "ioengine=libaio\ndirect=1\nruntime=1\ntime_based\n")
                .arg(m_work.filePath(QStringLiteral("cs.dat")))
                .toUtf8());
        const ToolRun r = runTool(QStringLiteral("fio"),
            {QStringLiteral("--client=ip:127.0.0.1,%1").arg(port), QStringLiteral("--output-format=json+"), jobFile});
        QFile pf(pidFile);
        if (pf.open(QIODevice::ReadOnly))
            runTool(QStringLiteral("kill"), {QString::fromUtf8(pf.readAll().trimmed())});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY(r.out.contains("client_stats"));
        const qint64 id = import(save(QStringLiteral("client.json"), r.out));
        QVERIFY(id > 0);
        const QJsonObject run = show(id);
        const QJsonArray steps = run.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 1);
        QCOMPARE(steps.at(0).toObject().value(QStringLiteral("node")).toString(), QStringLiteral("127.0.0.1"));
        const QJsonObject cs = QJsonDocument::fromJson(r.out.mid(r.out.indexOf('{')))
                                   .object()
                                   .value(QStringLiteral("client_stats"))
                                   .toArray()
                                   .at(0)
                                   .toObject();
        QVERIFY(near(steps.at(0)
                         .toObject()
                         .value(QStringLiteral("summary"))
                         .toObject()
                         .value(QStringLiteral("read"))
                         .toObject()
                         .value(QStringLiteral("iops"))
                         .toDouble(),
            cs.value(QStringLiteral("read")).toObject().value(QStringLiteral("iops")).toDouble()));
    }

    // Two iperf3 -J runs on 127.0.0.1, imported and compared with each other.
    void iperf3()
    {
        CM_REQUIRE_FIXTURE(!QStandardPaths::findExecutable(QStringLiteral("iperf3")).isEmpty(),
            QStringLiteral("iperf3 is not installed"));
        QList<qint64> ids;
        for (int i = 0; i < 2; ++i) {
            const int port = freePort();
            QProcess server;
            server.start(QStringLiteral("iperf3"),
                {QStringLiteral("-s"), QStringLiteral("-1"), QStringLiteral("-B"), QStringLiteral("127.0.0.1"),
                    QStringLiteral("-p"), QString::number(port)});
            QVERIFY(server.waitForStarted());
            ToolRun c;
            for (int attempt = 0; attempt < 20; ++attempt) { // until the server listens
                c = runTool(QStringLiteral("iperf3"),
                    {QStringLiteral("-c"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"), QString::number(port),
                        QStringLiteral("-t"), QStringLiteral("2"), QStringLiteral("-P"), QStringLiteral("2"),
                        QStringLiteral("-J")});
                if (!c.out.contains("\"error\""))
                    break;
                QThread::msleep(100);
            }
            server.waitForFinished(5000);
            QVERIFY2(c.code == 0 && !c.out.contains("\"error\""), c.out.constData());
            const qint64 id = import(
                save(QStringLiteral("iperf3-%1.json").arg(i), c.out), {QStringLiteral("--node"), QStringLiteral("a")});
            QVERIFY(id > 0);
            const QJsonObject step = show(id).value(QStringLiteral("steps")).toArray().at(0).toObject();
            const QJsonObject end = QJsonDocument::fromJson(c.out).object().value(QStringLiteral("end")).toObject();
            QVERIFY(
                near(step.value(QStringLiteral("summary")).toObject().value(QStringLiteral("bitsPerSecond")).toDouble(),
                    end.value(QStringLiteral("sum_received"))
                        .toObject()
                        .value(QStringLiteral("bits_per_second"))
                        .toDouble()));
            QCOMPARE(step.value(QStringLiteral("params")).toObject().value(QStringLiteral("streams")).toInt(), 2);
            QCOMPARE(step.value(QStringLiteral("target")).toString(), QStringLiteral("a→127.0.0.1"));
            ids << id;
        }
        Out cmp = cli({QStringLiteral("compare"), QString::number(ids.at(0)), QString::number(ids.at(1)),
            QStringLiteral("--format"), QStringLiteral("json")});
        QVERIFY2(cmp.code == 0, cmp.err.constData());
        const QJsonArray rows = cmp.json().value(QStringLiteral("rows")).toArray();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows.at(0).toObject().value(QStringLiteral("repetitions")).toArray(), (QJsonArray {1, 1}));
    }

    void iperf2()
    {
        CM_REQUIRE_FIXTURE(!QStandardPaths::findExecutable(QStringLiteral("iperf")).isEmpty(),
            QStringLiteral("iperf (2) is not installed"));
        const int port = freePort();
        QProcess server;
        server.start(QStringLiteral("iperf"),
            {QStringLiteral("-s"), QStringLiteral("-B"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"),
                QString::number(port)});
        QVERIFY(server.waitForStarted());
        ToolRun c;
        for (int attempt = 0; attempt < 20; ++attempt) {
            c = runTool(QStringLiteral("iperf"),
                {QStringLiteral("-c"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"), QString::number(port),
                    QStringLiteral("-t"), QStringLiteral("2"), QStringLiteral("-P"), QStringLiteral("2"),
                    QStringLiteral("-i"), QStringLiteral("1"), QStringLiteral("-y"), QStringLiteral("C")});
            if (c.code == 0 && !c.out.trimmed().isEmpty())
                break;
            QThread::msleep(100);
        }
        server.kill();
        server.waitForFinished(5000);
        QVERIFY2(!c.out.trimmed().isEmpty(), c.err.constData());
        const qint64 id = import(save(QStringLiteral("iperf2.csv"), c.out));
        QVERIFY(id > 0);
        const QJsonObject step = show(id).value(QStringLiteral("steps")).toArray().at(0).toObject();
        // The streams' whole-run lines (interval from 0 to the end, not the SUM line of
        // id -1), in whatever order iperf 2 printed them.
        double total = 0, end = 0;
        QList<QList<QByteArray>> rows;
        for (const QByteArray &line : c.out.trimmed().split('\n'))
            if (const QList<QByteArray> f = line.split(','); f.size() >= 9 && f.at(6).startsWith("0.0-")) {
                rows << f;
                end = std::max(end, f.at(6).mid(4).toDouble());
            }
        for (const QList<QByteArray> &f : std::as_const(rows))
            if (f.at(5).trimmed() != "-1" && f.at(6).mid(4).toDouble() == end)
                total += f.at(8).trimmed().toDouble();
        QVERIFY(near(
            step.value(QStringLiteral("summary")).toObject().value(QStringLiteral("bitsPerSecond")).toDouble(), total));
        QCOMPARE(step.value(QStringLiteral("summary")).toObject().value(QStringLiteral("tool")).toString(),
            QStringLiteral("iperf2"));
        QCOMPARE(step.value(QStringLiteral("node")).toString(), QStringLiteral("127.0.0.1"));
    }

    // Refused files: exit 1, the problem and where it is on stderr, nothing stored.
    void refusedFilesLeaveTheStoreUnchanged()
    {
        const QByteArray json = fio(QStringList {QStringLiteral("--output-format=json+")}
            + fioJob(QStringLiteral("cut"), QStringLiteral("randread"), QStringLiteral("4k"), 4));
        QVERIFY(!json.isEmpty());
        const QByteArray csv = "20261130010000,127.0.0.1,40000,127.0.0.1,5001,1,0.0-1.0,1000,8000\n"
                               "20261130010001,127.0.0.1,40000,127.0.0.1,5001,1,1.0-2.0,10";
        struct Case {
            QString name;
            QByteArray bytes;
            QString where;
        };
        const QList<Case> cases {
            {QStringLiteral("cut.json"), json.left(json.size() / 2), QStringLiteral("byte ")},
            {QStringLiteral("garbage.bin"), QByteArray("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16), QStringLiteral("line 1")},
            {QStringLiteral("empty.json"), QByteArray(), QStringLiteral("empty")},
            {QStringLiteral("cut.csv"), csv, QStringLiteral("line 2")},
        };
        QTemporaryDir fresh; // no database yet: a refusal must not even create one
        for (const QString &dir : {fresh.path(), m_data.path()}) {
            const QByteArray before = dir == fresh.path() ? QByteArray() : cli({QStringLiteral("sessions")}, dir).out;
            for (const Case &k : cases) {
                Out r = cli({QStringLiteral("import-result"), save(k.name, k.bytes)}, dir);
                QCOMPARE(r.code, 1);
                QVERIFY2(r.err.contains(k.where.toUtf8()),
                    qPrintable(k.name + QStringLiteral(": ") + QString::fromUtf8(r.err)));
                QVERIFY(r.out.isEmpty());
                if (k.name == QLatin1String("cut.json")) { // where the text ends, counted in the file
                    const auto m = QRegularExpression(QStringLiteral("byte (\\d+)")).match(QString::fromUtf8(r.err));
                    const qint64 at = m.captured(1).toLongLong();
                    QVERIFY2(at > json.size() / 2 - 64 && at <= json.size() / 2, r.err.constData());
                }
            }
            if (dir == fresh.path())
                QVERIFY2(QDir(dir).entryList(QDir::Files).isEmpty(),
                    qPrintable(QDir(dir).entryList(QDir::Files).join(QLatin1Char(' '))));
            else
                QCOMPARE(cli({QStringLiteral("sessions")}, dir).out, before);
        }
        Out missing = cli({QStringLiteral("import-result"), m_work.filePath(QStringLiteral("no-such-file.json"))});
        QCOMPARE(missing.code, 1);
        QVERIFY(missing.err.contains("no-such-file.json"));
        QCOMPARE(cli({QStringLiteral("import-result")}).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliImport)
#include "test_cli_import.moc"
