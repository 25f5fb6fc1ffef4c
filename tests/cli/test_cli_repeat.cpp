// SPDX-License-Identifier: GPL-3.0-or-later
// The repetition options every `plan` kind takes (--repeat, --until-spread,
// --max-repeat, --stable-window, --stable-figure), read once for all kinds, and a run
// of an "until stable" plan whose saved JSON says how it ended (real fio).
#include "clirun.h"
#include "testutil.h"

#include <QJsonArray>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class TestCliRepeat : public QObject {
    Q_OBJECT

    QTemporaryDir m_data, m_target;

    cmtest::CliResult cli(const QStringList &args, int timeoutMs = 120000)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), timeoutMs);
    }

private Q_SLOTS:
    void everyKindTakesTheOptions_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("disk") << QStringList {
            QStringLiteral("disk"), QStringLiteral("--target"), QStringLiteral("/tmp")};
        QTest::newRow("rbd") << QStringList {
            QStringLiteral("rbd"), QStringLiteral("--lab"), QStringLiteral("/tmp/lab")};
        QTest::newRow("osd-latency") << QStringList {QStringLiteral("osd-latency"), QStringLiteral("--lab"),
            QStringLiteral("/tmp/lab"), QStringLiteral("--create-temp-pool")};
        QTest::newRow("rados") << QStringList {QStringLiteral("rados"), QStringLiteral("--lab"),
            QStringLiteral("/tmp/lab"), QStringLiteral("--pool"), QStringLiteral("bench")};
        QTest::newRow("net") << QStringList {
            QStringLiteral("net"), QStringLiteral("--nodes"), QStringLiteral("root@10.0.0.1,root@10.0.0.2")};
    }
    void everyKindTakesTheOptions()
    {
        QFETCH(QStringList, args);
        // plain repeat
        cmtest::CliResult r = cli(QStringList {QStringLiteral("plan")} + args
            + QStringList {QStringLiteral("--repeat"), QStringLiteral("3")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(r.json().value(QStringLiteral("repeat")).toInt(), 3);
        QVERIFY(!r.json().contains(QStringLiteral("untilStable")));
        // until stable, options before and after the kind's own
        r = cli(QStringList {QStringLiteral("plan"), args.first(), QStringLiteral("--until-spread"),
                    QStringLiteral("2.5%"), QStringLiteral("--max-repeat=12")}
            + args.mid(1)
            + QStringList {QStringLiteral("--repeat"), QStringLiteral("2"), QStringLiteral("--stable-window"),
                QStringLiteral("4")});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject u = r.json().value(QStringLiteral("untilStable")).toObject();
        QCOMPARE(r.json().value(QStringLiteral("repeat")).toInt(), 2);
        QCOMPARE(u.value(QStringLiteral("spreadPct")).toDouble(), 2.5);
        QCOMPARE(u.value(QStringLiteral("maxRepeat")).toInt(), 12);
        QCOMPARE(u.value(QStringLiteral("window")).toInt(), 4);
        // default cap
        r = cli(QStringList {QStringLiteral("plan")} + args
            + QStringList {QStringLiteral("--until-spread"), QStringLiteral("5")});
        QVERIFY2(r.code == 0, r.err.constData());
        QCOMPARE(
            r.json().value(QStringLiteral("untilStable")).toObject().value(QStringLiteral("maxRepeat")).toInt(), 10);
    }

    void badOptionsAreRefused_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("message");
        QTest::newRow("repeat 0") << QStringList {QStringLiteral("--repeat"), QStringLiteral("0")}
                                  << QStringLiteral("--repeat");
        QTest::newRow("repeat text") << QStringList {QStringLiteral("--repeat"), QStringLiteral("x")}
                                     << QStringLiteral("--repeat");
        QTest::newRow("spread 0") << QStringList {QStringLiteral("--until-spread"), QStringLiteral("0")}
                                  << QStringLiteral("--until-spread");
        QTest::newRow("spread text") << QStringList {QStringLiteral("--until-spread"), QStringLiteral("lots")}
                                     << QStringLiteral("--until-spread");
        QTest::newRow("cap alone") << QStringList {QStringLiteral("--max-repeat"), QStringLiteral("5")}
                                   << QStringLiteral("--until-spread");
        QTest::newRow("cap below the minimum") << QStringList {QStringLiteral("--until-spread"), QStringLiteral("5"),
            QStringLiteral("--repeat"), QStringLiteral("6"), QStringLiteral("--max-repeat"), QStringLiteral("4")}
                                               << QStringLiteral("--max-repeat 4");
        QTest::newRow("window 1") << QStringList {QStringLiteral("--until-spread"), QStringLiteral("5"),
            QStringLiteral("--stable-window"), QStringLiteral("1")}
                                  << QStringLiteral("--stable-window");
    }
    void badOptionsAreRefused()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, message);
        for (const QStringList &kind :
            {QStringList {QStringLiteral("disk"), QStringLiteral("--target"), QStringLiteral("/tmp")},
                QStringList {QStringLiteral("net"), QStringLiteral("--nodes"), QStringLiteral("a,b")}}) {
            const cmtest::CliResult r = cli(QStringList {QStringLiteral("plan")} + kind + options);
            QCOMPARE(r.code, 2);
            QVERIFY(r.out.isEmpty());
            QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        }
    }

    void untilStableRunSaysHowItEnded()
    {
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        const cmtest::CliResult p
            = cli({QStringLiteral("plan"), QStringLiteral("disk"), QStringLiteral("--target"), m_target.path(),
                QStringLiteral("--size"), QStringLiteral("16M"), QStringLiteral("--runtime"), QStringLiteral("1"),
                QStringLiteral("--until-spread"), QStringLiteral("0.0001"), QStringLiteral("--stable-window"),
                QStringLiteral("2"), QStringLiteral("--max-repeat"), QStringLiteral("3")});
        QVERIFY2(p.code == 0, p.err.constData());
        // one test only, to keep it short
        QJsonObject plan = p.json();
        plan.insert(QStringLiteral("steps"), QJsonArray {plan.value(QStringLiteral("steps")).toArray().first()});
        const QString file = m_data.filePath(QStringLiteral("plan.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(plan).toJson());
        f.close();
        // Two 1 s fio runs can move the same number of blocks, a spread of exactly 0 and so
        // a legitimate convergence (seen about once in a hundred): then the run is tried again.
        cmtest::CliResult r;
        for (int attempt = 0; attempt < 3; ++attempt) {
            r = cli({QStringLiteral("run"), file}, 180000);
            QVERIFY2(r.code == 0, r.err.constData());
            const QJsonObject first = r.json()
                                          .value(QStringLiteral("summary"))
                                          .toObject()
                                          .value(QStringLiteral("repetition"))
                                          .toObject()
                                          .value(QStringLiteral("steps"))
                                          .toArray()
                                          .first()
                                          .toObject();
            if (first.value(QStringLiteral("outcome")).toString() != QLatin1String("converged"))
                break;
            QCOMPARE(first.value(QStringLiteral("spreadPct")).toDouble(-1), 0.0); // the only way under 0.0001 %
            QVERIFY2(r.err.contains(": stable"), r.err.constData());
        }
        QVERIFY2(r.err.contains("2 to 3 steps until each varies by at most 0.0001 %"), r.err.constData());
        QVERIFY2(r.err.contains("3 iterations, spread") && r.err.contains("not stable, stopped at the cap"),
            r.err.constData());
        const QJsonObject rep
            = r.json().value(QStringLiteral("summary")).toObject().value(QStringLiteral("repetition")).toObject();
        QCOMPARE(rep.value(QStringLiteral("converged")).toBool(true), false);
        const QJsonObject step = rep.value(QStringLiteral("steps")).toArray().first().toObject();
        QCOMPARE(step.value(QStringLiteral("iterations")).toInt(), 3);
        QCOMPARE(step.value(QStringLiteral("outcome")).toString(), QStringLiteral("cap"));
        QVERIFY(step.value(QStringLiteral("spreadPct")).toDouble() > 0);
        QCOMPARE(r.json().value(QStringLiteral("steps")).toArray().size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestCliRepeat)
#include "test_cli_repeat.moc"
