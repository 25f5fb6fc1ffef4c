// SPDX-License-Identifier: GPL-3.0-or-later
// Repetitions through the real engine with real fio on a small temp file and a real
// store: `repeat` N gives N iterations per step; "until stable" stops a step once the
// spread of its last iterations is within the bound (a generous bound: at the minimum)
// and stops at the cap with a bound no real measurement meets — and the run's summary
// says which.
#include "bench/diskfio/diskfiokind.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>

using namespace cm;

namespace {

// SEQ1M Q8T1 read (and write with steps = 2) on a 16 MiB file, 1 s each.
Plan fioPlan(const QString &dir, int steps)
{
    Error e;
    Plan p = DiskFioKind::makePlan(QStringLiteral("quick"), {NodeSpec::parse(QStringLiteral("local"))},
        {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), dir},
            {QStringLiteral("size"), QStringLiteral("16M")}},
        1, &e);
    p.steps = p.steps.mid(0, steps);
    return p;
}

struct Outcome {
    RunId id = 0;
    RunStatus status = RunStatus::Failed;
    int started = 0;
    QStringList log;
    QList<StepRecord> steps;
    QJsonObject summary; // the run's
    QJsonObject exported; // runToJson
};

} // namespace

class TestRepetitions : public QObject {
    Q_OBJECT

    QTemporaryDir m_data, m_target;

    Outcome run(const Plan &plan)
    {
        Outcome out;
        RunEngine engine(m_data.filePath(QStringLiteral("db.sqlite")));
        connect(&engine, &RunEngine::runStarted, this,
            [&](RunId id, const Plan &, SampleBufferPtr, double) { out.id = id; });
        connect(&engine, &RunEngine::stepStarted, this, [&](RunId, int, int, const QString &) { ++out.started; });
        connect(&engine, &RunEngine::logAvailable, this, [&](RunId, const QString &l) { out.log << l; });
        QSignalSpy finished(&engine, &RunEngine::runFinished);
        engine.start(plan);
        if (!finished.wait(180000))
            return out;
        out.status = finished.first().at(1).value<RunStatus>();
        SessionStore store(m_data.filePath(QStringLiteral("db.sqlite")));
        if (store.open())
            return out;
        out.steps = store.steps(out.id);
        out.summary = store.runSummary(out.id);
        out.exported = store.runToJson(out.id);
        return out;
    }

    static QJsonObject stepRepetition(const Outcome &o, int index)
    {
        return o.summary.value(QStringLiteral("repetition"))
            .toObject()
            .value(QStringLiteral("steps"))
            .toArray()
            .at(index)
            .toObject();
    }

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        CM_REQUIRE_FIXTURE(
            !QStandardPaths::findExecutable(QStringLiteral("fio")).isEmpty(), QStringLiteral("fio is not installed"));
        QVERIFY(m_data.isValid() && m_target.isValid());
    }

    void repeatGivesNIterations()
    {
        Plan p = fioPlan(m_target.path(), 2);
        p.repeat = 3;
        const Outcome o = run(p);
        QCOMPARE(o.status, RunStatus::Completed);
        QCOMPARE(o.started, 6);
        QCOMPARE(o.steps.size(), 6);
        // iteration by iteration: step 0 and 1 of iteration 0, then of 1, then of 2
        for (int k = 0; k < 6; ++k) {
            QCOMPARE(o.steps.at(k).index, k % 2);
            QCOMPARE(o.steps.at(k).iteration, k / 2);
            QCOMPARE(o.steps.at(k).status, QStringLiteral("completed"));
        }
        const QJsonObject r0 = stepRepetition(o, 0);
        qInfo("repeat 3, step 0: %s", QJsonDocument(r0).toJson(QJsonDocument::Compact).constData());
        QCOMPARE(r0.value(QStringLiteral("iterations")).toInt(), 3);
        QCOMPARE(r0.value(QStringLiteral("outcome")).toString(), QStringLiteral("fixed"));
        QCOMPARE(r0.value(QStringLiteral("figure")).toString(), QStringLiteral("read.bw"));
        QCOMPARE(stepRepetition(o, 1).value(QStringLiteral("figure")).toString(), QStringLiteral("write.bw"));
        // the spread is that of the three stored figures
        QList<double> bw;
        for (const StepRecord &s : o.steps)
            if (s.index == 0)
                bw << s.summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("bw")).toDouble();
        const double lo = *std::min_element(bw.cbegin(), bw.cend()), hi = *std::max_element(bw.cbegin(), bw.cend());
        const double expect = 100 * (hi - lo) / ((bw.at(0) + bw.at(1) + bw.at(2)) / 3);
        QVERIFY(qAbs(r0.value(QStringLiteral("spreadPct")).toDouble() - expect) < 1e-9 * qMax(1.0, expect));
        QVERIFY(o.exported.value(QStringLiteral("summary")).toObject().contains(QStringLiteral("repetition")));
    }

    void generousBoundStopsAtTheMinimum()
    {
        Plan p = fioPlan(m_target.path(), 1);
        p.untilSpreadPct = 250; // two positive figures differ by at most 200 % of their mean
        p.stableWindow = 2;
        p.maxRepeat = 6;
        const Outcome o = run(p);
        QCOMPARE(o.status, RunStatus::Completed);
        QCOMPARE(o.steps.size(), 2);
        QCOMPARE(o.steps.last().iteration, 1);
        const QJsonObject r = stepRepetition(o, 0);
        qInfo("until 250 %%: %s", QJsonDocument(r).toJson(QJsonDocument::Compact).constData());
        QCOMPARE(r.value(QStringLiteral("outcome")).toString(), QStringLiteral("converged"));
        QVERIFY(r.value(QStringLiteral("converged")).toBool());
        QVERIFY(!r.value(QStringLiteral("hitCap")).toBool());
        QVERIFY(r.value(QStringLiteral("spreadPct")).toDouble() <= 250);
        const QJsonObject rep = o.summary.value(QStringLiteral("repetition")).toObject();
        QVERIFY(rep.value(QStringLiteral("converged")).toBool());
        QCOMPARE(rep.value(QStringLiteral("maxRepeat")).toInt(), 6);
        QVERIFY2(o.log.join(QLatin1Char('\n')).contains(QStringLiteral("stable after 2 iterations")),
            qPrintable(o.log.join(QLatin1Char('\n'))));
    }

    void impossibleBoundHitsTheCap()
    {
        Plan p = fioPlan(m_target.path(), 1);
        p.untilSpreadPct = 0.0001;
        p.stableWindow = 2;
        p.maxRepeat = 4;
        const Outcome o = run(p);
        QCOMPARE(o.status, RunStatus::Completed);
        QCOMPARE(o.steps.size(), 4);
        QCOMPARE(o.started, 4);
        const QJsonObject r = stepRepetition(o, 0);
        qInfo("until 0.0001 %%: %s", QJsonDocument(r).toJson(QJsonDocument::Compact).constData());
        QCOMPARE(r.value(QStringLiteral("iterations")).toInt(), 4);
        QCOMPARE(r.value(QStringLiteral("outcome")).toString(), QStringLiteral("cap"));
        QVERIFY(r.value(QStringLiteral("hitCap")).toBool());
        QVERIFY(!r.value(QStringLiteral("converged")).toBool());
        QVERIFY(r.value(QStringLiteral("spreadPct")).toDouble() > 0.0001);
        QVERIFY(!o.summary.value(QStringLiteral("repetition")).toObject().value(QStringLiteral("converged")).toBool());
        QVERIFY2(o.log.join(QLatin1Char('\n')).contains(QStringLiteral("not stable after 4 iterations (the cap)")),
            qPrintable(o.log.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TestRepetitions)
#include "test_repetitions.moc"
