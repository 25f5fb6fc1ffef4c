// SPDX-License-Identifier: GPL-3.0-or-later
// A database written by an earlier ClusterMark (tests/data/store/README.md says how it
// was made) still opens and reads back whole: every run's saved plan passes its kind's
// checks today, and its steps, samples, exports and comparisons come out as they did.
// The file is copied first; the original is never opened for writing.
#include "bench/registry.h"
#include "report/runcompare.h"
#include "report/runexport.h"
#include "store/sessionstore.h"
#include "testutil.h"

#include <QFile>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestOldDatabase : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;

private Q_SLOTS:
    void initTestCase()
    {
        registerBuiltinKinds();
        const QString original = cmtest::testData(QStringLiteral("store/clustermark-v3.sqlite"));
        QVERIFY2(QFile::exists(original), qPrintable(original));
        m_db = m_dir.filePath(QStringLiteral("old.sqlite"));
        QVERIFY(QFile::copy(original, m_db));
        QFile::setPermissions(m_db, QFile::ReadOwner | QFile::WriteOwner);
    }

    void everyRunReadsBack()
    {
        SessionStore store(m_db);
        const Error opened = store.open();
        QVERIFY2(!opened, qPrintable(opened.message));
        QVERIFY(!store.sessions().isEmpty());
        const QList<RunInfo> runs = store.runs();
        QSet<QString> kinds;
        for (const RunInfo &run : runs) {
            kinds.insert(run.kind);
            const auto kind = Registry::instance().kind(run.kind);
            QVERIFY2(kind, qPrintable(run.kind));
            // The plan as it was saved passes the kind's checks as they are today.
            const Plan plan = store.runPlan(run.id);
            QCOMPARE(plan.kind, run.kind);
            const Error e = kind->validate(plan);
            QVERIFY2(!e, qPrintable(QStringLiteral("run %1 (%2): %3").arg(run.id).arg(run.kind, e.message)));
            const QList<StepRecord> steps = store.steps(run.id);
            QVERIFY2(!steps.isEmpty(), qPrintable(run.kind));
            RunRecords records;
            QVERIFY(!loadRunRecords(store, run.id, &records));
            const QString markdown = runExport(records, ExportFormat::Markdown, false);
            const QString csv = runExport(records, ExportFormat::Csv, false);
            for (const StepRecord &s : steps) {
                if (s.status != QLatin1String("completed"))
                    continue;
                QVERIFY2(markdown.contains(s.title), qPrintable(run.kind + QStringLiteral(": ") + s.title));
                QVERIFY2(csv.contains(s.testId), qPrintable(run.kind + QStringLiteral(": ") + s.testId));
            }
        }
        // What the file was made with (README): these kinds, each at least once.
        for (const char *k : {"disk-fio", "net-iperf", "rbd", "osd-latency", "rados", "cephfs", "s3"})
            QVERIFY2(kinds.contains(QLatin1String(k)), k);
    }

    void samplesOfMeasuredRuns()
    {
        SessionStore store(m_db);
        QVERIFY(!store.open());
        int withSamples = 0;
        for (const RunInfo &run : store.runs()) {
            const QList<SeriesData> series = store.series(run.id);
            for (const SeriesData &s : series) {
                QCOMPARE(s.t.size(), s.v.size());
                QVERIFY(!s.metric.isEmpty());
            }
            withSamples += series.isEmpty() ? 0 : 1;
        }
        QVERIFY(withSamples >= 5);
    }

    // Two runs of one kind still compare, step by step.
    void runsStillCompare()
    {
        SessionStore store(m_db);
        QVERIFY(!store.open());
        QList<RunId> disk;
        for (const RunInfo &run : store.runs())
            if (run.kind == QLatin1String("disk-fio"))
                disk << run.id;
        QVERIFY(disk.size() >= 2);
        RunCompare c;
        QVERIFY(!compareRuns(store, {disk.at(0), disk.at(1)}, &c));
        QVERIFY(!c.rows.isEmpty());
        QVERIFY(!c.rows.first().figures.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestOldDatabase)
#include "test_olddatabase.moc"
