// SPDX-License-Identifier: GPL-3.0-or-later
// Operation figures (CephFS metadata, S3 HEAD/DELETE/LIST) in exports and comparisons,
// on summaries shaped as CephFsEngine and S3OpStats write them (the lab tests
// test_cephfskind and test_s3kind check the same on real runs): which ops are read,
// their order, odd input, the Markdown/BBCode/CSV rows and the comparison figures.
#include "report/compareexport.h"
#include "report/runcompare.h"
#include "report/runexport.h"
#include "report/runmarkdown.h"
#include "report/stepoperations.h"

#include <QTest>
#include <QTimeZone>

using namespace cm;

namespace {

QJsonObject op(double rate, double count, double p50, double p99, const char *countKey = "total_ops")
{
    return {{QStringLiteral("iops"), rate}, {QLatin1String(countKey), count}, {QStringLiteral("lat_p50_ns"), p50},
        {QStringLiteral("lat_p99_ns"), p99}, {QStringLiteral("lat_mean_ns"), p50 * 1.1},
        {QStringLiteral("runtime_ms"), 1000.0 * count / rate}};
}

QJsonObject metaSummary(double createRate)
{
    return {{QStringLiteral("engine"), QStringLiteral("libcephfs")},
        {QStringLiteral("meta"),
            QJsonObject {{QStringLiteral("delete"), op(2200, 800, 1.5e6, 4e6)},
                {QStringLiteral("create"), op(createRate, 800, 1.2e6, 3e6)},
                {QStringLiteral("stat"), op(2500, 800, 0.9e6, 2.5e6)}}},
        {QStringLiteral("opsPerSecond"), createRate}};
}

StepRecord metaStep(double createRate, int iteration = 0)
{
    StepRecord s;
    s.testId = QStringLiteral("meta-t4");
    s.title = QStringLiteral("Metadata T4");
    s.node = QStringLiteral("lab");
    s.iteration = iteration;
    s.status = QStringLiteral("completed");
    s.summary = metaSummary(createRate);
    return s;
}

RunRecords metaRun(RunId id, const QList<double> &createRates)
{
    RunRecords r;
    r.run.id = id;
    r.run.kind = QStringLiteral("cephfs");
    r.run.name = QStringLiteral("CephFS metadata");
    r.run.status = RunStatus::Completed;
    r.run.started = QDateTime(QDate(2026, 11, 30), QTime(9, 0), QTimeZone::utc());
    for (int i = 0; i < createRates.size(); ++i)
        r.steps << metaStep(createRates.at(i), i);
    return r;
}

} // namespace

class TestStepOperations : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsMetaAndS3Ops()
    {
        const QList<StepOperation> ops = stepOperations(metaSummary(3000));
        QCOMPARE(ops.size(), 3); // in create, stat, delete order whatever the JSON order
        QCOMPARE(ops.at(0).key, QStringLiteral("meta.create"));
        QCOMPARE(ops.at(1).key, QStringLiteral("meta.stat"));
        QCOMPARE(ops.at(2).key, QStringLiteral("meta.delete"));
        QCOMPARE(ops.at(0).opsPerSec, 3000.0);
        QCOMPARE(ops.at(0).count, 800.0);
        QCOMPARE(ops.at(0).latency("lat_p99_ns"), 3e6);

        const QJsonObject s3 {{QStringLiteral("ops"),
                                  QJsonObject {{QStringLiteral("list"), op(40, 120, 2e7, 5e7, "total_ios")},
                                      {QStringLiteral("head"), op(900, 4500, 1e6, 3e6, "total_ios")}}},
            {QStringLiteral("read"), op(700, 3500, 1e6, 2e6, "total_ios")}};
        const QList<StepOperation> s3ops = stepOperations(s3);
        QCOMPARE(s3ops.size(), 2);
        QCOMPARE(s3ops.at(0).key, QStringLiteral("s3.head"));
        QCOMPARE(s3ops.at(0).label, QStringLiteral("S3 HEAD"));
        QCOMPARE(s3ops.at(0).count, 4500.0);
        QCOMPARE(s3ops.at(1).key, QStringLiteral("s3.list"));
        QVERIFY(isOperationFigureKey(QStringLiteral("s3.list.lat.p99")));
        QVERIFY(!isOperationFigureKey(QStringLiteral("write.iops")));
    }

    void oddInput()
    {
        QVERIFY(stepOperations({}).isEmpty());
        QVERIFY(stepOperations(QJsonObject {{QStringLiteral("meta"), QStringLiteral("x")}}).isEmpty());
        QVERIFY(stepOperations(QJsonObject {{QStringLiteral("meta"), QJsonObject {{QStringLiteral("create"), 5}}}})
                    .isEmpty());
        // an op that did nothing (no rate, no count) is left out; strings are not numbers
        const QJsonObject idle {{QStringLiteral("meta"),
            QJsonObject {{QStringLiteral("stat"), QJsonObject {{QStringLiteral("iops"), 0}}},
                {QStringLiteral("create"), QJsonObject {{QStringLiteral("iops"), QStringLiteral("9")}}}}}};
        QVERIFY(stepOperations(idle).isEmpty());
        const QJsonObject noLatency {{QStringLiteral("meta"),
            QJsonObject {{QStringLiteral("create"), QJsonObject {{QStringLiteral("total_ops"), 3}}}}}};
        const QList<StepOperation> ops = stepOperations(noLatency);
        QCOMPARE(ops.size(), 1);
        QVERIFY(!ops.first().hasLatency("lat_p50_ns"));
        RunRecords r;
        r.steps << StepRecord();
        r.steps.first().summary = noLatency;
        QVERIFY2(runMarkdown(r.run, r.steps).contains(QStringLiteral("| File create | 0 | 3 | – | – |")),
            qPrintable(runMarkdown(r.run, r.steps)));
    }

    void exportsHaveOneRowPerOperation()
    {
        const RunRecords r = metaRun(21, {3000, 3100});
        const QString md = runMarkdown(r.run, r.steps);
        QVERIFY2(
            md.contains(QStringLiteral("**Operations**\n\n| Test | Operation | Ops/s | Count | Lat p50 | Lat p99 |\n")),
            qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| Metadata T4 #2 | File create | 3.10k | 800 | 1.20 ms | 3.00 ms |")),
            qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| Metadata T4 #1 | File delete | 2.20k | 800 | 1.50 ms | 4.00 ms |")),
            qPrintable(md));
        QCOMPARE(md.count(QStringLiteral("| File stat |")), 2);
        QVERIFY2(
            !md.contains(QStringLiteral("| Read MB/s |")), qPrintable(md)); // no row of dashes for an ops-only step
        QVERIFY(
            md.startsWith(QStringLiteral("**CephFS metadata** — 2026-11-30 09:00 UTC — completed\n\n**Operations**")));

        const QString bb = runExport(r, ExportFormat::BBCode, false);
        QVERIFY2(bb.startsWith(QStringLiteral("[b]CephFS metadata — 2026-11-30 09:00 UTC — completed[/b]\n[table]")),
            qPrintable(bb));
        QCOMPARE(bb.count(QStringLiteral("[table]")), 1);
        QVERIFY2(bb.contains(QStringLiteral(
                     "[td]File create[/td][td][align=right]3.00k[/align][/td][td][align=right]800[/align][/td]")),
            qPrintable(bb));
        // with a data step too: two tables, the footer once, at the end
        RunRecords mixed = r;
        mixed.steps.prepend(mixed.steps.first());
        mixed.steps.first().summary = QJsonObject {
            {QStringLiteral("write"), QJsonObject {{QStringLiteral("bw"), 3e8}, {QStringLiteral("iops"), 75.0}}}};
        const QString bb2 = runExport(mixed, ExportFormat::BBCode, false);
        QCOMPARE(bb2.count(QStringLiteral("[table]")), 2);
        QCOMPARE(bb2.count(QStringLiteral("ClusterMark ")), 1);
        QVERIFY2(bb2.indexOf(QStringLiteral("ClusterMark ")) > bb2.indexOf(QStringLiteral("[b]Operations[/b]")),
            qPrintable(bb2));
        QVERIFY2(runMarkdown(mixed.run, mixed.steps)
                     .contains(QStringLiteral("| Metadata T4 #1 | lab | – | – | 300 | 75.0 |")),
            qPrintable(runMarkdown(mixed.run, mixed.steps)));

        const QStringList csv
            = runExport(r, ExportFormat::Csv, false).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        QCOMPARE(csv.size(), 1 + 2 * (1 + 3)); // header, then per step its row and 3 op rows
        QVERIFY(csv.at(0).endsWith(QStringLiteral(
            ",error,op,op_per_s,op_count,op_lat_mean_ns,op_lat_p50_ns,op_lat_p99_ns,op_lat_p999_ns,caveats")));
        QVERIFY2(csv.at(2).endsWith(QStringLiteral(",meta.create,3000,800,1320000,1200000,3000000,,")),
            qPrintable(csv.at(2)));
        QVERIFY2(
            csv.at(2).startsWith(QStringLiteral("21,meta-t4,Metadata T4,lab,,1,completed,,")), qPrintable(csv.at(2)));
        QVERIFY2(csv.at(1).endsWith(QStringLiteral(",,,,,,,,")), qPrintable(csv.at(1))); // the step's own row: no op
    }

    void comparisonHasOperationFigures()
    {
        const RunCompare c = compareRunRecords({metaRun(21, {3000, 3100, 2900}), metaRun(22, {3600, 3700, 3650})});
        QCOMPARE(c.rows.size(), 1);
        QStringList keys;
        for (const CompareFigure &f : c.rows.first().figures)
            keys << f.key;
        QCOMPARE(keys,
            (QStringList {QStringLiteral("meta.create.iops"), QStringLiteral("meta.create.lat.p50"),
                QStringLiteral("meta.create.lat.p99"), QStringLiteral("meta.stat.iops"),
                QStringLiteral("meta.stat.lat.p50"), QStringLiteral("meta.stat.lat.p99"),
                QStringLiteral("meta.delete.iops"), QStringLiteral("meta.delete.lat.p50"),
                QStringLiteral("meta.delete.lat.p99")}));
        const CompareFigure &create = c.rows.first().figures.first();
        QCOMPARE(create.values.at(1), (QList<double> {3600, 3700, 3650}));
        QVERIFY(create.higherIsBetter);
        QVERIFY(create.vsBaseline.first().significant);
        QVERIFY(!c.rows.first().figures.at(2).higherIsBetter);
        const TextTable t = compareTable(c);
        QCOMPARE(t.rows.first().at(2), QStringLiteral("File create ops/s"));
        QVERIFY2(t.rows.first().at(6).endsWith(QStringLiteral("* better")),
            qPrintable(t.rows.first().join(QLatin1Char('|'))));
        QVERIFY(t.rows.at(1).at(6).startsWith(QStringLiteral("+0.0 %"))); // identical latencies
    }
};

QTEST_GUILESS_MAIN(TestStepOperations)
#include "test_stepoperations.moc"
