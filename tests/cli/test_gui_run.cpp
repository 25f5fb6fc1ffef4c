// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI binary's --run PLAN.json, offscreen: a saved plan runs at once and is saved
// like any run; a bad plan file is refused with a clear message and exit code 1.
#include "clirun.h"
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class TestGuiRun : public QObject {
    Q_OBJECT

    using Out = cmtest::CliResult;
    QTemporaryDir m_data;

    Out exec(const QString &binary, const QStringList &args, int timeoutMs = 120000)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("HOME"), m_data.path()); // settings of this test only
        env.insert(QStringLiteral("ASAN_OPTIONS"), QStringLiteral("detect_leaks=0"));
        return cmtest::runBinary(binary, args, m_data.path(), timeoutMs, env);
    }

private Q_SLOTS:
    void badPlanIsRefused()
    {
        const QString file = m_data.filePath(QStringLiteral("bad.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"kind\": \"disk-fio\", \"steps\": 3");
        f.close();
        const Out o = exec(QStringLiteral("clustermark"), {QStringLiteral("--run"), file});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains("--run:"), o.err.constData());
        const Out missing = exec(
            QStringLiteral("clustermark"), {QStringLiteral("--run"), m_data.filePath(QStringLiteral("none.json"))});
        QCOMPARE(missing.code, 1);
    }

    void savedPlanRunsAndIsSaved()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        QTemporaryDir target;
        const Out plan = exec(QStringLiteral("clustermark-cli"),
            {QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--preset"), QStringLiteral("quick"),
                QStringLiteral("--target"), target.path(), QStringLiteral("--size"), QStringLiteral("16M"),
                QStringLiteral("--runtime"), QStringLiteral("1"), QStringLiteral("--name"), QStringLiteral("gui run")});
        QCOMPARE(plan.code, 0);
        QJsonObject p = QJsonDocument::fromJson(plan.out).object();
        p.insert(
            QStringLiteral("steps"), QJsonArray {p.value(QStringLiteral("steps")).toArray().at(0)}); // one short step
        const QString file = m_data.filePath(QStringLiteral("plan.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(p).toJson());
        f.close();
        const Out gui = exec(QStringLiteral("clustermark"),
            {QStringLiteral("--run"), file, QStringLiteral("--quit-after"), QStringLiteral("20")});
        QVERIFY2(gui.code == 0, gui.err.constData());
        const Out sessions = exec(QStringLiteral("clustermark-cli"), {QStringLiteral("sessions")});
        QCOMPARE(sessions.code, 0);
        QVERIFY2(sessions.out.contains("\"gui run\""), sessions.out.constData());
        QVERIFY2(sessions.out.contains("\"completed\""), sessions.out.constData());
    }
};

QTEST_GUILESS_MAIN(TestGuiRun)
#include "test_gui_run.moc"
