// SPDX-License-Identifier: GPL-3.0-or-later
// What a step's figures are not, said with them: a write latency acknowledged from
// librbd's client cache (summary "client_cache":"cluster", as the RBD runners record it)
// and one I/O in flight (QD1), in Markdown, BBCode and CSV exports, in a comparison and
// before the figures exist (the live view). The disk table's journal latency: the worse
// of the sync=1 and fsync=1 steps. Summaries are shaped as fio's decoder writes them.
#include "report/compareexport.h"
#include "report/journallatency.h"
#include "report/runcompare.h"
#include "report/runexport.h"
#include "report/runmarkdown.h"
#include "report/stepcaveats.h"

#include <QJsonArray>
#include <QTest>
#include <QTimeZone>

using namespace cm;

namespace {

QJsonObject direction(double iops, double p50Ns, double p99Ns)
{
    return {{QStringLiteral("iops"), iops}, {QStringLiteral("bw"), iops * 4096}, {QStringLiteral("lat_p50_ns"), p50Ns},
        {QStringLiteral("lat_p99_ns"), p99Ns}};
}

StepRecord step(const QString &id, const QString &title, const QString &rw, int iodepth, const QString &cache,
    double p50Ns = 6000, double p99Ns = 20000)
{
    StepRecord s;
    s.testId = id;
    s.title = title;
    s.node = QStringLiteral("pve1");
    s.status = QStringLiteral("completed");
    s.params = {
        {QStringLiteral("rw"), rw}, {QStringLiteral("bs"), QStringLiteral("4k")}, {QStringLiteral("iodepth"), iodepth}};
    s.summary.insert(rw.contains(QLatin1String("read")) ? QStringLiteral("read") : QStringLiteral("write"),
        direction(1e9 / p50Ns, p50Ns, p99Ns));
    if (!cache.isEmpty())
        s.summary.insert(QStringLiteral("client_cache"), cache);
    return s;
}

RunRecords run(RunId id, const QList<StepRecord> &steps)
{
    RunRecords r;
    r.run.id = id;
    r.run.kind = QStringLiteral("rbd");
    r.run.name = QStringLiteral("RBD table");
    r.run.status = RunStatus::Completed;
    r.run.started = QDateTime(QDate(2026, 12, 2), QTime(9, 0), QTimeZone::utc());
    r.steps = steps;
    return r;
}

} // namespace

class TestStepCaveats : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void whichStepsCarryWhich()
    {
        auto ids = [](const StepRecord &s) {
            QStringList out;
            for (const StepCaveat &c : StepCaveats::of(s.params, s.summary))
                out << c.id;
            return out.join(QLatin1Char(';'));
        };
        QCOMPARE(ids(step("w1", "4k QD1 random write", "randwrite", 1, "cluster")), QStringLiteral("client-cache;qd1"));
        QCOMPARE(ids(step("w1", "4k QD1 random write", "randwrite", 1, "off")), QStringLiteral("qd1"));
        QCOMPARE(
            ids(step("w128", "4k QD128 random write", "randwrite", 128, "cluster")), QStringLiteral("client-cache"));
        // a read is not acknowledged by a write cache; no cache fact (other kinds): nothing
        QCOMPARE(ids(step("r128", "4k QD128 random read", "randread", 128, "cluster")), QString());
        QCOMPARE(ids(step("d128", "disk", "randwrite", 128, QString())), QString());
        // four jobs at QD1 are four in flight
        StepRecord jobs = step("t4", "4k QD1 T4", "randread", 1, QString());
        jobs.params.insert(QStringLiteral("numjobs"), 4);
        QCOMPARE(ids(jobs), QString());
        // a run saved before steps recorded client_cache: its environment tells
        StepRecord old = step("w128", "4k QD128 random write", "randwrite", 128, QString());
        QCOMPARE(StepCaveats::ofStep(old).size(), 0);
        old.environment.insert(QStringLiteral("rbd_cache"), QStringLiteral("as configured"));
        QCOMPARE(StepCaveats::ofStep(old).value(0).id, QStringLiteral("client-cache"));
        old.environment.insert(QStringLiteral("rbd_cache"), QStringLiteral("off"));
        QCOMPARE(StepCaveats::ofStep(old).size(), 0);
        // so is the cluster total of three QD1 clients; a total counting one client is QD1
        StepRecord total = step("w1", "4k QD1 random write", "randwrite", 1, "off");
        total.summary.insert(QStringLiteral("counted_clients"),
            QJsonArray {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
        QCOMPARE(ids(total), QString());
        total.summary.insert(QStringLiteral("counted_clients"), QJsonArray {QStringLiteral("a")});
        QCOMPARE(ids(total), QStringLiteral("qd1"));
        // the live view, before any figure: from the plan's facts and the step's rw
        const QList<StepCaveat> planned = StepCaveats::planned(step("w1", "", "randwrite", 1, QString()).params,
            {{QStringLiteral("client_cache"), QStringLiteral("cluster")}});
        QCOMPARE(planned.size(), 2);
        QCOMPARE(StepCaveats::markedTitle(QStringLiteral("4k QD1 random write"), planned),
            QStringLiteral("4k QD1 random write ¹²"));
        QVERIFY(StepCaveats::planned(step("r1", "", "randread", 1, QString()).params,
                    {{QStringLiteral("client_cache"), QStringLiteral("cluster")}})
                    .first()
                    .kind
            == StepCaveat::Kind::OneInFlight);
    }

    void exportsSayIt()
    {
        const RunRecords r = run(1,
            {step("randwrite-4k-qd1", "4k QD1 random write", "randwrite", 1, "cluster"),
                step("randwrite-4k-qd128", "4k QD128 random write", "randwrite", 128, "cluster", 8000, 90000),
                step("randread-4k-qd128", "4k QD128 random read", "randread", 128, "cluster", 400000, 900000)});
        const QString md = runMarkdown(r.run, r.steps);
        QVERIFY2(md.contains(QStringLiteral("| 4k QD1 random write ¹² | pve1 |")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| 4k QD128 random write ¹ | pve1 |")), qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("| 4k QD128 random read | pve1 |")), qPrintable(md));
        QVERIFY2(
            md.contains(QStringLiteral("¹ client cache on")) && md.contains(QStringLiteral("not a commit latency")),
            qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral("² one I/O in flight (QD1): IOPS = 1 / latency")), qPrintable(md));
        QCOMPARE(md.count(QStringLiteral("¹ client cache on")), 1); // the legend once

        Error e;
        const QString bb = runExport(r, ExportFormat::BBCode, false, &e);
        QVERIFY2(
            bb.contains(QStringLiteral("4k QD1 random write ¹²")) && bb.contains(QStringLiteral("¹ client cache on")),
            qPrintable(bb));
        const QStringList csv = runExport(r, ExportFormat::Csv, false, &e).split(QStringLiteral("\r\n"));
        QVERIFY2(csv.first().endsWith(QLatin1String(",caveats")), qPrintable(csv.first()));
        QVERIFY2(csv.at(1).endsWith(QLatin1String(",client-cache;qd1")), qPrintable(csv.at(1)));
        QVERIFY2(csv.at(3).endsWith(QLatin1Char(',')), qPrintable(csv.at(3)));
    }

    void comparisonSaysIt()
    {
        const RunRecords a = run(1, {step("randwrite-4k-qd1", "4k QD1 random write", "randwrite", 1, "cluster")});
        const RunRecords b
            = run(2, {step("randwrite-4k-qd1", "4k QD1 random write", "randwrite", 1, "off", 1.1e6, 3e6)});
        const RunCompare c = compareRunRecords({a, b});
        QCOMPARE(c.rows.size(), 1);
        QCOMPARE(c.rows.first().displayTitle(), QStringLiteral("4k QD1 random write ¹²")); // either run's counts
        QCOMPARE(c.rows.first().title, QStringLiteral("4k QD1 random write"));
        const QString md = compareExport(c, ExportFormat::Markdown, false);
        QVERIFY2(md.contains(QStringLiteral("¹ client cache on"))
                && md.contains(QStringLiteral("| 4k QD1 random write ¹² |")),
            qPrintable(md));
        const QString csv = compareExport(c, ExportFormat::Csv, false);
        QVERIFY2(csv.contains(QStringLiteral(",4k QD1 random write,"))
                && csv.contains(QStringLiteral(",client-cache;qd1\r\n")),
            qPrintable(csv));
    }

    void journalLatencyIsTheWorseOfSyncAndFsync()
    {
        StepRecord sync
            = step("journal-write-sync", "Journal write latency 4k QD1 sync", "write", 1, QString(), 1e6, 5e6);
        StepRecord fsync
            = step("journal-write-fsync", "Journal write latency 4k QD1 fsync", "write", 1, QString(), 2e6, 3e6);
        StepRecord other = fsync;
        other.node = QStringLiteral("pve2"); // no sync step there: no figure
        const QList<JournalLatency> j = journalLatencies({sync, fsync, other});
        QCOMPARE(j.size(), 1);
        QCOMPARE(j.first().node, QStringLiteral("pve1"));
        QCOMPARE(j.first().p50Ns, 2e6);
        QCOMPARE(j.first().p50From, QStringLiteral("fsync"));
        QCOMPARE(j.first().p99Ns, 5e6);
        QCOMPARE(j.first().p99From, QStringLiteral("sync"));
        const QString md = runMarkdown(run(3, {sync, fsync}).run, {sync, fsync});
        QVERIFY2(
            md.contains(QStringLiteral("the worse of sync=1 and fsync=1: p50 2.00 ms (fsync), p99 5.00 ms (sync)")),
            qPrintable(md));
        fsync.status = QStringLiteral("failed");
        QVERIFY(journalLatencies({sync, fsync}).isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestStepCaveats)
#include "test_stepcaveats.moc"
