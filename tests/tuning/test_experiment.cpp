// SPDX-License-Identifier: GPL-3.0-or-later
// An experiment's file, the order its runs go in, and the verdict on a figure: better,
// worse, or no difference beyond the baseline's own noise.
#include "model/experiment.h"
#include "stats/experimentverdict.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <cmath>

using namespace cm;

namespace {

Experiment fromFile(const QString &name, Error *e)
{
    QFile f(cmtest::testData(QStringLiteral("experiment/") + name));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return Experiment::fromJsonBytes(f.readAll(), e);
}

QString order(const QList<ExperimentSlot> &slots)
{
    QString s;
    for (const ExperimentSlot &x : slots)
        s += x.warmUp ? QLatin1Char('w') : QChar(QLatin1Char('A').unicode() + x.variant);
    return s;
}

QJsonObject withVariants(const QJsonArray &variants)
{
    Error e;
    QJsonObject o = fromFile(QStringLiteral("write-cache.json"), &e).toJson();
    o.insert(QStringLiteral("variants"), variants);
    return o;
}

} // namespace

class TestExperiment : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readsAndWritesItsFile()
    {
        Error e;
        const Experiment x = fromFile(QStringLiteral("mtu-random.json"), &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(x.variants.size(), 3);
        QCOMPARE(x.variants.at(1).knobs.size(), 2);
        QCOMPARE(x.variants.at(1).knobs.at(1).toString(), QStringLiteral("pve2:mtu@eth0=9000"));
        QCOMPARE(x.order, ExperimentOrder::Random);
        QCOMPARE(x.seed, 42u);
        QCOMPARE(x.deadManSeconds, 20);
        QVERIFY(!x.warmUp);
        const Experiment again = Experiment::fromJson(x.toJson(), &e);
        QVERIFY(!e);
        QCOMPARE(again.toJson(), x.toJson());
    }

    void interleavedKeepsPairsClose()
    {
        Error e;
        Experiment x = fromFile(QStringLiteral("write-cache.json"), &e);
        QVERIFY(!e);
        QCOMPARE(order(experimentSchedule(x)), QStringLiteral("wABBAABBA"));
        x.warmUp = false;
        x.repetitions = 3;
        x.variants << ExperimentVariant {QStringLiteral("third"), x.variants.at(1).knobs, {}};
        QCOMPARE(order(experimentSchedule(x)), QStringLiteral("ABCCBAABC"));
        const QList<ExperimentSlot> slots = experimentSchedule(x);
        QCOMPARE(slots.at(3), (ExperimentSlot {2, 1, false}));
    }

    void randomIsShuffledPerRoundAndReproducible()
    {
        Error e;
        Experiment x = fromFile(QStringLiteral("mtu-random.json"), &e);
        QVERIFY(!e);
        x.repetitions = 20;
        const QString once = order(experimentSchedule(x));
        QCOMPARE(order(experimentSchedule(x)), once); // the same seed, the same order
        QCOMPARE(once.size(), 60);
        for (int r = 0; r < 20; ++r) { // every round holds every variant once
            QString round = once.mid(r * 3, 3);
            std::sort(round.begin(), round.end());
            QCOMPARE(round, QStringLiteral("ABC"));
        }
        x.order = ExperimentOrder::Interleaved;
        QVERIFY(order(experimentSchedule(x)) != once);
        x.order = ExperimentOrder::Random;
        x.seed = 43;
        QVERIFY(order(experimentSchedule(x)) != once);
    }

    void refusesBadFiles_data()
    {
        QTest::addColumn<QJsonObject>("file");
        QTest::addColumn<QString>("says");
        const QJsonObject base {
            {QStringLiteral("name"), QStringLiteral("baseline")}, {QStringLiteral("knobs"), QJsonArray()}};
        const QJsonObject off {{QStringLiteral("node"), QStringLiteral("local")},
            {QStringLiteral("knob"), QStringLiteral("write-cache")}, {QStringLiteral("value"), QStringLiteral("off")}};
        QTest::newRow("only a baseline") << withVariants({base}) << "baseline and 1 to 7 variants";
        QTest::newRow("baseline with knobs") << withVariants(
            {QJsonObject {{QStringLiteral("name"), QStringLiteral("b")}, {QStringLiteral("knobs"), QJsonArray {off}}},
                base}) << "changes no knob";
        QTest::newRow("variant without knobs") << withVariants({base, base}) << "changes no knob";
        QJsonObject elsewhere = off;
        elsewhere.insert(QStringLiteral("node"), QStringLiteral("pve9"));
        QTest::newRow("node not in plan") << withVariants({base,
            QJsonObject {
                {QStringLiteral("name"), QStringLiteral("v")}, {QStringLiteral("knobs"), QJsonArray {elsewhere}}}})
                                          << "\"pve9\" is not a node of the plan";
        QJsonObject bad = withVariants({base,
            QJsonObject {{QStringLiteral("name"), QStringLiteral("v")}, {QStringLiteral("knobs"), QJsonArray {off}}}});
        bad.insert(QStringLiteral("repetitions"), 1);
        QTest::newRow("one repetition") << bad << "repetitions";
        bad.insert(QStringLiteral("repetitions"), 4);
        bad.insert(QStringLiteral("shell"), QStringLiteral("rm -rf /"));
        QTest::newRow("unknown key") << bad << "shell";
        bad.remove(QStringLiteral("shell"));
        bad.insert(QStringLiteral("deadManSeconds"), 1);
        QTest::newRow("dead-man too short") << bad << "deadManSeconds";
    }
    void refusesBadFiles()
    {
        QFETCH(QJsonObject, file);
        QFETCH(QString, says);
        Error e;
        Experiment::fromJson(file, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY2(e.message.contains(says), qPrintable(e.message));
    }

    void variantsSetTargetFields()
    {
        Error e;
        QJsonObject o = fromFile(QStringLiteral("write-cache.json"), &e).toJson();
        QVERIFY(!e);
        QJsonArray vs = o.value(QStringLiteral("variants")).toArray();
        QJsonObject cached {{QStringLiteral("name"), QStringLiteral("bigger file")},
            {QStringLiteral("knobs"), QJsonArray()},
            {QStringLiteral("target"), QJsonObject {{QStringLiteral("size"), QStringLiteral("512M")}}}};
        vs.append(cached);
        o.insert(QStringLiteral("variants"), vs);
        const Experiment x = Experiment::fromJson(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(experimentPlan(x, 2).target.value(QStringLiteral("size")).toString(), QStringLiteral("512M"));
        QCOMPARE(experimentPlan(x, 2).target.value(QStringLiteral("dir")).toString(), QStringLiteral("/var/tmp"));
        QCOMPARE(experimentPlan(x, 0).target, x.plan.target);
        QCOMPARE(Experiment::fromJson(x.toJson(), &e).toJson(), x.toJson());

        cached.insert(QStringLiteral("target"), QJsonObject {{QStringLiteral("size"), QJsonObject()}});
        vs.replace(2, cached);
        o.insert(QStringLiteral("variants"), vs);
        Experiment::fromJson(o, &e);
        QVERIFY2(e.message.contains(QStringLiteral("must be a string, number or true/false")), qPrintable(e.message));
        cached.insert(QStringLiteral("target"), QJsonObject {{QStringLiteral("../x"), 1}});
        vs.replace(2, cached);
        o.insert(QStringLiteral("variants"), vs);
        Experiment::fromJson(o, &e);
        QVERIFY2(e.message.contains(QStringLiteral("is not a target field")), qPrintable(e.message));
    }

    void hostileObjectIsRefused()
    {
        Error e;
        fromFile(QStringLiteral("hostile-object.json"), &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY2(e.message.contains(QStringLiteral("not a block device")), qPrintable(e.message));
    }

    void verdicts()
    {
        // The write cache's effect: about +50 % IOPS, well beyond a 2 % spread.
        const QList<double> a {100, 102, 98, 101, 99, 100};
        const QList<double> b {150, 148, 152, 149, 151, 150};
        FigureVerdict v = judgeFigure(a, b, true);
        QCOMPARE(v.verdict, Verdict::Better);
        QVERIFY(v.stats.ciLow > 0 && v.stats.ciHigh > v.stats.ciLow);
        QVERIFY(std::abs(v.stats.changePct - 50) < 0.5);
        QCOMPARE(judgeFigure(a, b, false).verdict, Verdict::Worse); // the same rise in a latency
        // A against A: no difference.
        const QList<double> a2 {101, 99, 100, 102, 98, 100};
        v = judgeFigure(a, a2, true);
        QCOMPARE(v.verdict, Verdict::NoDifference);
        QVERIFY(v.stats.ciLow < 0 && v.stats.ciHigh > 0);
        // One repetition tells nothing.
        QCOMPARE(judgeFigure({100}, {150}, true).verdict, Verdict::NotTested);
        QCOMPARE(verdictName(Verdict::NoDifference), QStringLiteral("no difference beyond noise"));
    }

    void noiseFloorOfTheBaseline()
    {
        // mean 100, sd 2, n 3: t(0.975, 4) = 2.7764 × 2 × sqrt(2/3) = 4.534 %.
        QVERIFY(std::abs(noiseFloorPct({98, 100, 102}) - 4.534) < 0.01);
        QVERIFY(std::isnan(noiseFloorPct({100})));
        // A steadier variant 4 % up: significant by Welch's test (its own spread is
        // small), but within what the baseline's noise lets one tell apart.
        QList<double> a, b;
        for (int i = 0; i < 12; ++i) {
            a << 100 + (i % 2 ? -5 : 5);
            b << 104 + (i % 2 ? -0.5 : 0.5);
        }
        const FigureVerdict v = judgeFigure(a, b, true);
        QVERIFY(v.stats.significant);
        QVERIFY2(v.noiseFloorPct > 4, qPrintable(QString::number(v.noiseFloorPct)));
        QCOMPARE(v.verdict, Verdict::NoDifference);
    }
};

QTEST_GUILESS_MAIN(TestExperiment)
#include "test_experiment.moc"
