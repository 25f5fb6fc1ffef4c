// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli experiment` for real: fio on an ext4 file system on a loop device,
// the device's read-ahead as the knob. The runs go baseline and variant interleaved
// after a warm-up, the knob is put back, and the verdict is printed; a knob on a
// device the run does not use is refused before anything runs; after a kill -9 of the
// CLI in the middle, `restore` puts the knob back from the journal.
#include "clirun.h"
#include "testutil.h"
#include "transport/shellquote.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <csignal>
#include <unistd.h>

using namespace cm;

class TestExperimentCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_loop; // "loop5"
    QString m_mount;

    QString readAhead() const
    {
        QFile f(QStringLiteral("/sys/block/%1/queue/read_ahead_kb").arg(m_loop));
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).trimmed() : QString();
    }

    // A one-step disk plan (4k random writes, `seconds` long) on the loop device's file system.
    QString writePlan(int seconds)
    {
        cmtest::CliResult plan = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"), QStringLiteral("quick"),
                QStringLiteral("--target"), m_mount, QStringLiteral("--size"), QStringLiteral("16M"),
                QStringLiteral("--runtime"), QString::number(seconds), QStringLiteral("--name"),
                QStringLiteral("rnd4k")},
            data());
        if (plan.code != 0)
            return {};
        QJsonObject p = plan.json();
        const QJsonArray steps = p.value(QStringLiteral("steps")).toArray();
        p.insert(QStringLiteral("steps"), QJsonArray {steps.last()});
        const QString file = m_dir.filePath(QStringLiteral("plan-%1.json").arg(seconds));
        QFile f(file);
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(QJsonDocument(p).toJson());
        return file;
    }

    QString data() const { return m_dir.filePath(QStringLiteral("data")); }

    // Starts `experiment PLAN --knob local:read-ahead=VALUE` (no warm-up, A B B A) and
    // waits until the variant's value is applied, after the first (baseline) run.
    bool startUntilApplied(QProcess &cli, const QString &plan, const QString &value)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("CLUSTERMARK_DATA_DIR"), data());
        cli.setProcessEnvironment(env);
        cli.start(qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"),
            {QStringLiteral("experiment"), plan, QStringLiteral("--knob"),
                QStringLiteral("local:read-ahead=%1").arg(value), QStringLiteral("--no-warm-up"),
                QStringLiteral("--order"), QStringLiteral("interleaved"), QStringLiteral("--repetitions"),
                QStringLiteral("2")});
        if (!cli.waitForStarted())
            return false;
        QElapsedTimer t;
        t.start();
        while (readAhead() != value && t.elapsed() < 90000 && cli.state() == QProcess::Running)
            QTest::qWait(200);
        return readAhead() == value;
    }

private Q_SLOTS:
    void initTestCase()
    {
        CM_REQUIRE_FIXTURE(geteuid() == 0, QStringLiteral("loop devices and mounts need root"));
        QDir().mkpath(data());
        const QString img = m_dir.filePath(QStringLiteral("disk.img"));
        QFile f(img);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(96 << 20));
        f.close();
        const QString dev = cmtest::shell(QStringLiteral("losetup --find --show -- %1").arg(shellQuote(img)));
        QVERIFY2(dev.startsWith(QLatin1String("/dev/loop")), qPrintable(dev));
        m_loop = dev.mid(5);
        m_mount = m_dir.filePath(QStringLiteral("mnt"));
        QDir().mkpath(m_mount);
        int code = 0;
        cmtest::shell(QStringLiteral("mkfs.ext4 -q -F %1 && mount %1 %2").arg(dev, shellQuote(m_mount)), &code);
        QCOMPARE(code, 0);
    }

    void cleanupTestCase()
    {
        if (!m_mount.isEmpty())
            cmtest::shell(QStringLiteral("umount %1").arg(shellQuote(m_mount)));
        if (!m_loop.isEmpty())
            cmtest::shell(QStringLiteral("losetup -d /dev/%1").arg(m_loop));
    }

    void interleavesRestoresAndJudges()
    {
        const QString plan = writePlan(1);
        QVERIFY(!plan.isEmpty());
        const QString before = readAhead();
        const QString changed = QString::number(before.toInt() + 256);
        const cmtest::CliResult r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("experiment"), plan, QStringLiteral("--knob"),
                QStringLiteral("local:read-ahead=%1").arg(changed), QStringLiteral("--variant"),
                QStringLiteral("more read-ahead"), QStringLiteral("--repetitions"), QStringLiteral("2"),
                QStringLiteral("--json")},
            data(), 240000);
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(readAhead(), before); // put back
        // The device was found under the folder, and changed only while the variant ran.
        QVERIFY2(r.err.contains(QStringLiteral("local uses: devices %1").arg(m_loop).toUtf8()), r.err.constData());
        QVERIFY2(r.err.contains("applying local:read-ahead@" + m_loop.toUtf8()), r.err.constData());
        const QJsonObject j = r.json();
        QCOMPARE(j.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        const QJsonArray runs = j.value(QStringLiteral("runs")).toArray();
        QCOMPARE(runs.size(), 5); // the warm-up, then A B B A
        QVERIFY(runs.at(0).toObject().value(QStringLiteral("warmUp")).toBool());
        QList<int> order;
        for (const QJsonValue &v : runs)
            order << v.toObject().value(QStringLiteral("variant")).toInt();
        QCOMPARE(order, (QList<int> {0, 0, 1, 1, 0}));
        const QJsonArray figures = j.value(QStringLiteral("figures")).toArray();
        QVERIFY(!figures.isEmpty());
        for (const QJsonValue &v : figures) {
            const QString verdict = v.toObject().value(QStringLiteral("verdict")).toString();
            QVERIFY2(QStringList({QStringLiteral("better"), QStringLiteral("worse"),
                                     QStringLiteral("no difference beyond noise"), QStringLiteral("not tested")})
                         .contains(verdict),
                qPrintable(verdict));
        }
        // The verdict for a forum post, with what the variant changed.
        const QString id = j.value(QStringLiteral("id")).toString();
        const cmtest::CliResult md = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("experiment"), QStringLiteral("--show"), id, QStringLiteral("--format"),
                QStringLiteral("md")},
            data());
        QCOMPARE(md.code, 0);
        QVERIFY2(md.out.contains("| Test | Node | Figure | Variant |"), md.out.constData());
        QVERIFY2(
            md.out.contains(QStringLiteral("more read-ahead: local:read-ahead@%1=%2").arg(m_loop, changed).toUtf8()),
            md.out.constData());
        QVERIFY2(md.out.contains("baseline × 2, more read-ahead × 2, interleaved"), md.out.constData());
        const cmtest::CliResult bb = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("experiment"), QStringLiteral("--show"), id, QStringLiteral("--format"),
                QStringLiteral("bbcode")},
            data());
        QVERIFY2(bb.code == 0 && bb.out.contains("[table]"), bb.out.constData());
        // The chart of every run, in the order they ran.
        const QString png = m_dir.filePath(QStringLiteral("experiment.png"));
        const cmtest::CliResult chart = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("experiment"), QStringLiteral("--show"), id, QStringLiteral("--png"), png,
                QStringLiteral("--svg"), m_dir.filePath(QStringLiteral("experiment.svg"))},
            data());
        QVERIFY2(chart.code == 0, chart.err.constData());
        QImage image(png);
        QCOMPARE(image.size(), QSize(1200, 800));
        if (const QString shots = qEnvironmentVariable("CLUSTERMARK_SHOTS"); !shots.isEmpty())
            QFile::copy(png, shots + QStringLiteral("/experiment-chart.png"));
        // Nothing left in the journal.
        const cmtest::CliResult left = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("restore"), QStringLiteral("--dry-run"), QStringLiteral("--json")}, data());
        QCOMPARE(left.json().value(QStringLiteral("left")).toArray().size(), 0);
    }

    void aDeviceTheRunDoesNotUseIsRefused()
    {
        const QString plan = writePlan(1);
        QString other;
        for (const QString &d : QDir(QStringLiteral("/sys/block")).entryList(QDir::AllEntries | QDir::NoDotAndDotDot))
            if (d != m_loop && QFile::exists(QStringLiteral("/sys/block/%1/queue/read_ahead_kb").arg(d))) {
                other = d;
                break;
            }
        QVERIFY(!other.isEmpty());
        QFile ra(QStringLiteral("/sys/block/%1/queue/read_ahead_kb").arg(other));
        QVERIFY(ra.open(QIODevice::ReadOnly));
        const QByteArray before = ra.readAll();
        const cmtest::CliResult r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("experiment"), plan, QStringLiteral("--knob"),
                QStringLiteral("local:read-ahead@%1=1024").arg(other)},
            data(), 120000);
        QCOMPARE(r.code, 3); // refused by a safety rule
        QVERIFY2(r.err.contains("is not used by this run"), r.err.constData());
        QVERIFY2(!r.err.contains("started"), r.err.constData()); // refused before any run
        ra.close();
        QVERIFY(ra.open(QIODevice::ReadOnly));
        QCOMPARE(ra.readAll(), before);
        // Bad input never reaches the nodes either.
        const cmtest::CliResult bad = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("experiment"), plan, QStringLiteral("--knob"), QStringLiteral("local:read-ahead=-5")},
            data());
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("0 to 65536"), bad.err.constData());
        // A target field the kind refuses: said before any run, naming the variant.
        const cmtest::CliResult field = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("experiment"), plan, QStringLiteral("--target"), QStringLiteral("size=banana"),
                QStringLiteral("--variant"), QStringLiteral("odd size")},
            data());
        QCOMPARE(field.code, 2); // a value the kind refuses: a usage error
        QVERIFY2(field.err.contains("variant \"odd size\"") && field.err.contains("size"), field.err.constData());
        QVERIFY2(!field.err.contains("started"), field.err.constData());
    }

    // Ctrl-C while the variant runs: the run stops, the knob is put back, nothing is left
    // in the journal, and the CLI says it was cancelled (130).
    void aCancelRestores()
    {
        const QString plan = writePlan(30);
        const QString before = readAhead();
        const QString changed = QString::number(before.toInt() + 768);
        QProcess cli;
        QVERIFY(startUntilApplied(cli, plan, changed));
        QTest::qWait(1500); // the variant's run has started
        QElapsedTimer t;
        t.start();
        ::kill(pid_t(cli.processId()), SIGINT);
        QVERIFY(cli.waitForFinished(30000));
        QVERIFY2(t.elapsed() < 15000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(cli.exitCode(), 130);
        QCOMPARE(readAhead(), before);
        const QByteArray err = cli.readAllStandardError();
        QVERIFY2(err.contains("cancelled; every knob was put back"), err.constData());
        const cmtest::CliResult left = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("restore"), QStringLiteral("--dry-run"), QStringLiteral("--json")}, data());
        QCOMPARE(left.json().value(QStringLiteral("left")).toArray().size(), 0);
    }

    void killedInTheMiddleRestoresFromTheJournal()
    {
        const QString plan = writePlan(30);
        const QString before = readAhead();
        const QString changed = QString::number(before.toInt() + 512);
        QProcess cli;
        QVERIFY(startUntilApplied(cli, plan, changed));
        ::kill(pid_t(cli.processId()), SIGKILL);
        cli.waitForFinished();
        QCOMPARE(readAhead(), changed); // nobody put it back
        const cmtest::CliResult r
            = cmtest::runBinary(QStringLiteral("clustermark-cli"), {QStringLiteral("restore")}, data());
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("restored 1 of 1"), r.err.constData());
        QCOMPARE(readAhead(), before);
        // The killed run's fio ended with its controller (the watchdog on the node).
        QTest::qWait(4000);
        // (Only fio on this test's file system: other tests run fio at the same time.)
        QCOMPARE(cmtest::shell(QStringLiteral("pgrep -f %1 || true")
                                   .arg(shellQuote(m_mount + QStringLiteral("/clustermark-benc[h]")))),
            QString());
    }
};

QTEST_GUILESS_MAIN(TestExperimentCli)
#include "test_experimentcli.moc"
