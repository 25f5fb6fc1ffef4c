// SPDX-License-Identifier: GPL-3.0-or-later
// Run comparison and exports on constructed records (the figures are chosen so the
// expected statistics can be worked out by hand; p, t, df and the interval were
// computed independently with mpmath): pairing, figures, differences, the exact
// Markdown / BBCode / CSV text, redaction, and the CrystalDiskMark layout.
#include "bench/registry.h"
#include "report/compareexport.h"
#include "report/redactor.h"
#include "report/runcompare.h"
#include "report/runexport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>
#include <QTimeZone>

using namespace cm;

namespace {

const QString Version = QLatin1String(CLUSTERMARK_VERSION);

PlanStep planStep(const QString &id, const QString &title, const QString &rw, const QString &bs, int qd)
{
    return PlanStep {id, title,
        QJsonObject {{QStringLiteral("rw"), rw}, {QStringLiteral("bs"), bs}, {QStringLiteral("iodepth"), qd},
            {QStringLiteral("numjobs"), 1}, {QStringLiteral("runtime"), 5}}};
}

StepRecord step(const PlanStep &p, int iteration, const QString &dir, QJsonObject figures, const QString &kernel,
    const QString &status = QStringLiteral("completed"))
{
    StepRecord s;
    s.index = 0;
    s.iteration = iteration;
    s.testId = p.id;
    s.title = p.title;
    s.node = QStringLiteral("pve1");
    s.target = QStringLiteral("pve1:/srv/clustermark-bench-pve1.fio.dat");
    s.status = status;
    s.params = p.params;
    s.environment = QJsonObject {{QStringLiteral("hostname"), QStringLiteral("pve1.lan.example")},
        {QStringLiteral("kernel"), kernel}, {QStringLiteral("fio_version"), QStringLiteral("fio-3.33")},
        {QStringLiteral("write_cache"), QStringLiteral("write back")},
        {QStringLiteral("mac"), QStringLiteral("52:54:00:ab:cd:ef")},
        {QStringLiteral("addr"), QStringLiteral("192.168.10.21 fd00:10::21")}};
    if (status == QLatin1String("completed")) {
        s.summary = QJsonObject {{QStringLiteral("fio_version"), QStringLiteral("fio-3.33")},
            {QStringLiteral("write_cache"), QStringLiteral("write back")}, {dir, figures},
            {dir == QLatin1String("read") ? QStringLiteral("write") : QStringLiteral("read"),
                QJsonObject {{QStringLiteral("bw"), 0}, {QStringLiteral("iops"), 0}}}};
    } else {
        s.error = QStringLiteral("fio exited 1");
    }
    return s;
}

QJsonObject rd(double mbps) // read figures: MB/s and as many IOPS
{
    return {{QStringLiteral("bw"), mbps * 1e6}, {QStringLiteral("iops"), mbps}, {QStringLiteral("lat_mean_ns"), 2e6}};
}

QJsonObject wr(double mbps, double iops, double p50)
{
    return {{QStringLiteral("bw"), mbps * 1e6}, {QStringLiteral("iops"), iops}, {QStringLiteral("lat_p50_ns"), p50},
        {QStringLiteral("lat_mean_ns"), p50 + 5000}};
}

RunRecords run(RunId id, const QString &session, const QString &bs, const QString &kernel, const QString &appVersion,
    const QList<double> &seq, const QList<QList<double>> &rnd, int rndCompleted)
{
    RunRecords r;
    r.run.id = id;
    r.run.sessionName = session;
    r.run.kind = QStringLiteral("disk-fio");
    r.run.name = QStringLiteral("Quick disk");
    r.run.nodes = {QStringLiteral("pve1")};
    r.run.status = RunStatus::Completed;
    r.run.started = QDateTime(QDate(2026, 11, 20 + int(id - 11)), QTime(10, 0), QTimeZone::utc());
    r.plan.kind = r.run.kind;
    r.plan.name = r.run.name;
    r.plan.repeat = 3;
    NodeSpec n;
    n.name = QStringLiteral("pve1");
    n.host = QStringLiteral("192.168.10.21");
    n.user = QStringLiteral("root");
    r.plan.nodes = {n};
    r.plan.target = QJsonObject {
        {QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), QStringLiteral("/srv")}};
    const PlanStep a
        = planStep(QStringLiteral("seq1m-q8t1-read"), QStringLiteral("SEQ1M Q8T1 Read"), QStringLiteral("read"), bs, 8);
    const PlanStep b = planStep(QStringLiteral("rnd4k-q1t1-write"), QStringLiteral("RND4K Q1T1 Write"),
        QStringLiteral("randwrite"), QStringLiteral("4k"), 1);
    r.plan.steps = {a, b};
    r.environment = QJsonObject {{QStringLiteral("app_version"), appVersion},
        {QStringLiteral("client_host"), QStringLiteral("desk.example.org")},
        {QStringLiteral("client_os"), QStringLiteral("Debian GNU/Linux 12 (bookworm)")}};
    for (int it = 0; it < 3; ++it) {
        r.steps << step(a, it, QStringLiteral("read"), rd(seq.at(it)), kernel);
        r.steps << (it < rndCompleted
                ? step(b, it, QStringLiteral("write"), wr(rnd.at(it).at(0), rnd.at(it).at(1), rnd.at(it).at(2)), kernel)
                : step(b, it, QStringLiteral("write"), {}, kernel, QStringLiteral("failed")));
    }
    return r;
}

RunRecords runA()
{
    return run(11, QStringLiteral("baseline"), QStringLiteral("1M"), QStringLiteral("6.1.0-13-amd64"),
        QStringLiteral("0.1.0"), {500, 510, 490}, {{40, 10000, 90000}, {42, 10500, 85000}, {44, 11000, 80000}}, 3);
}

RunRecords runB()
{
    return run(12, QStringLiteral("tuned"), QStringLiteral("4M"), QStringLiteral("6.1.0-18-amd64"),
        QStringLiteral("0.2.0"), {600, 605, 595}, {{50, 12500, 70000}}, 1);
}

} // namespace

class TestCompareExport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    // An S3 run's figures are requests, GET and PUT, in its tables and its comparison.
    void s3RunsSpeakRequests()
    {
        RunRecords a = runA(), b = runB();
        a.run.kind = b.run.kind = a.plan.kind = b.plan.kind = QStringLiteral("s3");
        const TextTable t = runTable(a);
        QCOMPARE(t.headers.mid(2, 4),
            (QStringList {QStringLiteral("GET MB/s"), QStringLiteral("GET requests/s"), QStringLiteral("PUT MB/s"),
                QStringLiteral("PUT requests/s")}));
        QStringList labels;
        for (const CompareRow &row : compareRunRecords({a, b}).rows)
            for (const CompareFigure &f : row.figures)
                labels << f.label;
        QVERIFY2(labels.contains(QStringLiteral("PUT requests/s")), qPrintable(labels.join(QLatin1Char('|'))));
        QVERIFY(labels.contains(QStringLiteral("GET MB/s")));
        QVERIFY(!labels.join(QLatin1Char('|')).contains(QStringLiteral("IOPS")));
        // a disk run keeps its words, and so does a comparison of two kinds
        QCOMPARE(runTable(runA()).headers.at(3), QStringLiteral("Read IOPS"));
        b.run.kind = QStringLiteral("disk-fio");
        QVERIFY(compareRunRecords({a, b}).rows.first().figures.first().label.startsWith(QStringLiteral("Read")));
    }

    void pairsStepsAndComputesFigures()
    {
        const RunCompare c = compareRunRecords({runA(), runB()});
        QCOMPARE(c.runs.size(), 2);
        QCOMPARE(c.rows.size(), 2);
        const CompareRow &seq = c.rows.at(0);
        QCOMPARE(seq.testId, QStringLiteral("seq1m-q8t1-read"));
        QCOMPARE(seq.repetitions, (QList<int> {3, 3}));
        QCOMPARE(seq.figures.size(), 2); // read MB/s and IOPS; no latency figures recorded
        QCOMPARE(seq.figures.at(0).key, QStringLiteral("read.bw"));
        const CompareStats &s = seq.figures.at(0).vsBaseline.at(0);
        QCOMPARE(s.a.mean, 500e6);
        QCOMPARE(s.b.mean, 600e6);
        QVERIFY(qAbs(s.changePct - 20.0) < 1e-9);
        // se = sqrt(100/3 + 25/3) MB/s, t = 100 / se, df = 50/17; p from mpmath
        QVERIFY(qAbs(s.t - 15.4919333848297) < 1e-9);
        QVERIFY(qAbs(s.df - 50.0 / 17.0) < 1e-12);
        QVERIFY(qAbs(s.p - 0.000651453428374534) < 1e-12);
        QVERIFY(s.significant);

        const CompareRow &rnd = c.rows.at(1);
        QCOMPARE(rnd.repetitions, (QList<int> {3, 1}));
        QCOMPARE(rnd.figures.size(), 3); // write MB/s, IOPS, lat p50
        QCOMPARE(rnd.figures.at(2).key, QStringLiteral("write.lat.p50"));
        QVERIFY(!rnd.figures.at(2).higherIsBetter);
        QCOMPARE(rnd.figures.at(0).vsBaseline.at(0).note, QStringLiteral("no noise estimate (1 repetition)"));
        QStringList warnings;
        for (const CompareWarning &w : c.warnings)
            warnings << w.text();
        QCOMPARE(warnings,
            (QStringList {QStringLiteral("RND4K Q1T1 Write #2 on pve1 failed in run 12"),
                QStringLiteral("RND4K Q1T1 Write #3 on pve1 failed in run 12")}));
        QVERIFY(c.hostNames.contains(QStringLiteral("pve1.lan.example")));
        QVERIFY(c.hostNames.contains(QStringLiteral("desk.example.org")));

        const QJsonObject j = c.toJson();
        QCOMPARE(j.value(QStringLiteral("format")).toString(), QStringLiteral("clustermark-compare"));
        const QJsonObject fig = j.value(QStringLiteral("rows"))
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(QStringLiteral("figures"))
                                    .toArray()
                                    .at(0)
                                    .toObject();
        const QJsonObject b = fig.value(QStringLiteral("runs")).toArray().at(1).toObject();
        QCOMPARE(b.value(QStringLiteral("mean")).toDouble(), 600e6);
        QCOMPARE(b.value(QStringLiteral("vsBaseline")).toObject().value(QStringLiteral("significant")).toBool(), true);
        QCOMPARE(b.value(QStringLiteral("vsBaseline")).toObject().value(QStringLiteral("ci95")).toArray().size(), 2);
    }

    void listsDifferences()
    {
        const RunCompare c = compareRunRecords({runA(), runB()});
        QVERIFY(c.parametersDiffer);
        QCOMPARE(c.differences,
            (QStringList {QStringLiteral("block size: 1M → 4M (seq1m-q8t1-read)"),
                QStringLiteral("pve1: kernel: 6.1.0-13-amd64 → 6.1.0-18-amd64"),
                QStringLiteral("client: ClusterMark version: 0.1.0 → 0.2.0")}));
        // the same change in every test reads "all tests"; different changes stay apart
        RunRecords a = runA(), b = runA();
        b.run.id = 13;
        for (PlanStep &s : b.plan.steps) {
            s.params.insert(QStringLiteral("numjobs"), 4);
            s.params.insert(QStringLiteral("iodepth"), 32);
        }
        b.plan.repeat = 5;
        b.plan.steps << planStep(
            QStringLiteral("extra"), QStringLiteral("Extra"), QStringLiteral("read"), QStringLiteral("4k"), 1);
        const QStringList d = compareRunRecords({a, b}).differences;
        QCOMPARE(d,
            (QStringList {QStringLiteral("repetitions: 3 → 5"), QStringLiteral("queue depth: 8 → 32 (seq1m-q8t1-read)"),
                QStringLiteral("jobs: 1 → 4 (all tests)"), QStringLiteral("queue depth: 1 → 32 (rnd4k-q1t1-write)"),
                QStringLiteral("test extra only in run 13")}));
        // identical runs: nothing differs
        RunRecords same = runA();
        same.run.id = 14;
        QCOMPARE(compareRunRecords({runA(), same}).differences, QStringList());
        QVERIFY(!compareRunRecords({runA(), same}).parametersDiffer);
        // only the kernel differs: listed, but the parameters are the same
        RunRecords kernel = runA();
        kernel.run.id = 15;
        for (StepRecord &s : kernel.steps)
            s.environment.insert(QStringLiteral("kernel"), QStringLiteral("6.5.0"));
        const RunCompare k = compareRunRecords({runA(), kernel});
        QCOMPARE(k.differences, QStringList {QStringLiteral("pve1: kernel: 6.1.0-13-amd64 → 6.5.0")});
        QVERIFY(!k.parametersDiffer);
        // names the app makes for each run (image, folder, mount point) are not differences;
        // a user's own pool or mount is
        RunRecords a2 = runA(), b2 = runA();
        b2.run.id = 16;
        for (int i = 0; i < a2.steps.size(); ++i) {
            a2.steps[i].environment.insert(
                QStringLiteral("cephfs_folder"), QStringLiteral("/clustermark-bench-311fb1284a3b"));
            b2.steps[i].environment.insert(
                QStringLiteral("cephfs_folder"), QStringLiteral("/clustermark-bench-b590387057e2"));
            a2.steps[i].environment.insert(
                QStringLiteral("cephfs_mount"), QStringLiteral("/tmp/clustermark-cephfs-Ab12Cd"));
            b2.steps[i].environment.insert(QStringLiteral("cephfs_mount"), QStringLiteral("/mnt/pve/cephfs"));
        }
        QCOMPARE(compareRunRecords({a2, b2}).differences,
            QStringList {QStringLiteral("pve1: CephFS mount: /tmp/clustermark-cephfs-Ab12Cd → /mnt/pve/cephfs")});
        // Target settings read as words and values, never as raw keys or JSON.
        RunRecords t1 = runA(), t2 = runA();
        t2.run.id = 17;
        t1.plan.target.insert(QStringLiteral("objects"), 300);
        t1.plan.target.insert(QStringLiteral("sizes"), QJsonArray {65536, 1048576, 4194304});
        t2.plan.target.insert(QStringLiteral("sizes"), QJsonArray {});
        t1.plan.target.insert(QStringLiteral("objectSize"), QStringLiteral("4M"));
        t2.plan.target.insert(QStringLiteral("objectSize"), QStringLiteral("1M"));
        const QStringList td = compareRunRecords({t1, t2}).differences;
        QVERIFY2(td.contains(QStringLiteral("objects: 300 → (not set)")), qPrintable(td.join(QLatin1Char('\n'))));
        QVERIFY2(td.contains(QStringLiteral("object sizes: 64 KiB, 1 MiB, 4 MiB → (none)")),
            qPrintable(td.join(QLatin1Char('\n'))));
        QVERIFY2(td.contains(QStringLiteral("object size: 4M → 1M")), qPrintable(td.join(QLatin1Char('\n'))));
        for (const QString &line : td)
            QVERIFY2(!line.contains(QLatin1String("target.")) && !line.contains(QLatin1Char('[')), qPrintable(line));
    }

    void markdownText()
    {
        const RunCompare c = compareRunRecords({runA(), runB()});
        const QString expected = QStringLiteral(
            "**Comparison of runs 11, 12 (baseline: run 11)**\n\n"
            "| Test | Node | Figure | Reps | Run 11 | Run 12 | Change | p |\n"
            "|:--|:--|:--|--:|--:|--:|--:|--:|\n"
            "| SEQ1M Q8T1 Read | pve1 | Read MB/s | 3 / 3 | 500 ± 10.0 | 600 ± 5.00 | +20.0 %* better | <0.001 |\n"
            "| SEQ1M Q8T1 Read | pve1 | Read IOPS | 3 / 3 | 500 ± 10.0 | 600 ± 5.00 | +20.0 %* better | <0.001 |\n"
            "| RND4K Q1T1 Write ² | pve1 | Write MB/s | 3 / 1 | 42.0 ± 2.00 | 50.0 | +19.0 %† | – |\n"
            "| RND4K Q1T1 Write ² | pve1 | Write IOPS | 3 / 1 | 10.5k ± 500 | 12.5k | +19.0 %† | – |\n"
            "| RND4K Q1T1 Write ² | pve1 | Write lat p50 | 3 / 1 | 85.0 µs ± 5.00 µs | 70.0 µs | -17.6 %† | – |\n"
            "\n"
            "Run 11: Quick disk — 2026-11-20 10:00 UTC — completed — session baseline  \n"
            "Run 12: Quick disk — 2026-11-21 10:00 UTC — completed — session tuned  \n"
            "MB/s: 10^6 bytes/s. Values: mean ± standard deviation over the repetitions. Change: against run 11; "
            "* significant (Welch's t-test, two-sided p < 0.05).  \n"
            "† no noise estimate (1 repetition): the change is not tested.  \n"
            "Warning: the runs' parameters differ (listed below): the figures are not like for like.  \n"
            "² one I/O in flight (QD1): IOPS = 1 / latency, a latency figure, not a capacity  \n"
            "Warning: RND4K Q1T1 Write #2 on pve1 failed in run 12  \n"
            "Warning: RND4K Q1T1 Write #3 on pve1 failed in run 12  \n"
            "ClusterMark %1\n"
            "\n"
            "The runs differ in:\n"
            "\n"
            "- block size: 1M → 4M (seq1m-q8t1-read)\n"
            "- pve1: kernel: 6.1.0-13-amd64 → 6.1.0-18-amd64\n"
            "- client: ClusterMark version: 0.1.0 → 0.2.0\n")
                                     .arg(Version);
        const QString got = compareExport(c, ExportFormat::Markdown, false);
        QCOMPARE(got, expected);
        // redacted: the node name becomes node1, nothing else changes here
        const QString red = compareExport(c, ExportFormat::Markdown, true);
        QCOMPARE(red, QString(expected).replace(QStringLiteral("pve1"), QStringLiteral("node1")));
    }

    void betterOrWorse()
    {
        // latency up is worse, bandwidth up is better; both significant here
        const RunRecords b = run(12, QStringLiteral("tuned"), QStringLiteral("1M"), QStringLiteral("6.1.0-13-amd64"),
            QStringLiteral("0.1.0"), {500, 510, 490}, {{50, 12500, 120000}, {51, 12600, 125000}, {52, 12700, 130000}},
            3);
        const TextTable t = compareTable(compareRunRecords({runA(), b}));
        QCOMPARE(t.rows.size(), 5);
        QCOMPARE(t.rows.at(0).at(6), QStringLiteral("+0.0 %")); // identical read figures: no change
        QVERIFY2(
            t.rows.at(2).at(6).endsWith(QStringLiteral("* better")), qPrintable(t.rows.at(2).join(QLatin1Char('|'))));
        QCOMPARE(t.rows.at(4).at(2), QStringLiteral("Write lat p50"));
        QVERIFY2(
            t.rows.at(4).at(6) == QStringLiteral("+47.1 %* worse"), qPrintable(t.rows.at(4).join(QLatin1Char('|'))));
    }

    void threeRuns()
    {
        RunRecords c = runB();
        c.run.id = 13;
        const RunCompare cmp = compareRunRecords({runA(), runB(), c});
        const TextTable t = compareTable(cmp);
        QCOMPARE(t.headers,
            (QStringList {QStringLiteral("Test"), QStringLiteral("Node"), QStringLiteral("Figure"),
                QStringLiteral("Reps"), QStringLiteral("Run 11"), QStringLiteral("Run 12"), QStringLiteral("Change"),
                QStringLiteral("p"), QStringLiteral("Run 13"), QStringLiteral("Change"), QStringLiteral("p")}));
        QCOMPARE(t.rows.at(0).at(3), QStringLiteral("3 / 3 / 3"));
        QCOMPARE(t.rows.at(0).at(9), QStringLiteral("+20.0 %* better")); // run 13 against run 11, not run 12
        QCOMPARE(cmp.rows.at(0).figures.at(0).vsBaseline.size(), 2);
        QCOMPARE(cmp.differences.first(), QStringLiteral("block size: 1M → 4M → 4M (seq1m-q8t1-read)"));
    }

    void oddInputDoesNotBreak()
    {
        RunRecords a = runA(), b = runB();
        b.steps.first().summary.insert(QStringLiteral("read"), QStringLiteral("not an object"));
        b.steps[2].summary
            = QJsonObject {{QStringLiteral("read"), QJsonObject {{QStringLiteral("bw"), QStringLiteral("fast")}}}};
        a.steps.clear();
        const RunCompare c = compareRunRecords({a, b});
        QCOMPARE(c.rows.size(), 2);
        QCOMPARE(c.rows.at(0).repetitions, (QList<int> {0, 3}));
        for (ExportFormat f : {ExportFormat::Markdown, ExportFormat::BBCode, ExportFormat::Csv, ExportFormat::Json})
            QVERIFY(!compareExport(c, f, true).isEmpty());
        const QList<double> v = c.rows.at(0).figures.at(0).values.at(1);
        QCOMPARE(v.size(), 1); // the two broken summaries give no value
        QVERIFY(c.rows.at(0).figures.at(0).vsBaseline.at(0).note.contains(QStringLiteral("no values")));
        QVERIFY(compareRunRecords({}).rows.isEmpty());
        QVERIFY(!runExport(RunRecords(), ExportFormat::BBCode, true).isEmpty());
        QVERIFY(!runCrystalText(a).isEmpty());
    }

    void bbcodeText()
    {
        RunCompare c = compareRunRecords({runA(), runB()});
        c.rows.removeLast();
        c.rows.first().figures.removeLast();
        c.warnings.clear();
        c.differences = {QStringLiteral("block size: 1M → 4M [seq]")};
        const QString expected = QStringLiteral(
            "[b]Comparison of runs 11, 12 (baseline: run 11)[/b]\n"
            "[table]\n"
            "[tr][td][b]Test[/b][/td][td][b]Node[/b][/td][td][b]Figure[/b][/td][td][b]Reps[/b][/td][td][b]Run "
            "11[/b][/td]"
            "[td][b]Run 12[/b][/td][td][b]Change[/b][/td][td][b]p[/b][/td][/tr]\n"
            "[tr][td]SEQ1M Q8T1 Read[/td][td]pve1[/td][td]Read MB/s[/td][td][align=right]3 / 3[/align][/td]"
            "[td][align=right]500 ± 10.0[/align][/td][td][align=right]600 ± 5.00[/align][/td]"
            "[td][align=right]+20.0 %* better[/align][/td][td][align=right]<0.001[/align][/td][/tr]\n"
            "[/table]\n"
            "Run 11: Quick disk — 2026-11-20 10:00 UTC — completed — session baseline\n"
            "Run 12: Quick disk — 2026-11-21 10:00 UTC — completed — session tuned\n"
            "MB/s: 10^6 bytes/s. Values: mean ± standard deviation over the repetitions. Change: against run 11; "
            "* significant (Welch's t-test, two-sided p < 0.05).\n"
            "Warning: the runs' parameters differ (listed below): the figures are not like for like.\n"
            "ClusterMark %1\n"
            "The runs differ in:\n"
            "[list]\n"
            "[*]block size: 1M → 4M ［seq］\n"
            "[/list]\n")
                                     .arg(Version);
        QCOMPARE(compareExport(c, ExportFormat::BBCode, false), expected);
    }

    void csvText()
    {
        RunCompare c = compareRunRecords({runA(), runB()});
        c.rows.first().title = QStringLiteral("SEQ \"1M\", Q8");
        const QStringList lines = compareExport(c, ExportFormat::Csv, false).split(QStringLiteral("\r\n"));
        QCOMPARE(lines.size(), 1 + 5 + 1); // header, 5 figures, empty after the last CRLF
        QCOMPARE(lines.at(0),
            QStringLiteral("test_id,title,node,target,figure,unit,run11_n,run11_mean,run11_stddev,"
                           "run12_n,run12_mean,run12_stddev,run12_change_pct,run12_t,run12_df,run12_p,"
                           "run12_ci95_low,run12_ci95_high,run12_significant,caveats"));
        // CI: 100 ± t(0.975, 50/17) · sqrt(125/3) MB/s (mpmath)
        QCOMPARE(lines.at(1),
            QStringLiteral("seq1m-q8t1-read,\"SEQ \"\"1M\"\", Q8\",pve1,,read.bw,bytes/s,3,500000000,10000000,"
                           "3,600000000,5000000,20,15.49193338,2.941176471,0.0006514534284,"
                           "79223002.48,120776997.5,yes,"));
        QCOMPARE(lines.at(3),
            QStringLiteral("rnd4k-q1t1-write,RND4K Q1T1 Write,pve1,,write.bw,bytes/s,3,42000000,2000000,"
                           "1,50000000,,19.04761905,,,,,,,qd1"));
        QCOMPARE(lines.last(), QString());
        QCOMPARE(csvField(QStringLiteral("a\nb")), QStringLiteral("\"a\nb\""));
        QCOMPARE(csvField(QStringLiteral("plain")), QStringLiteral("plain"));
    }

    void redactsEverything()
    {
        const RunCompare c = compareRunRecords({runA(), runB()});
        const QStringList secrets {QStringLiteral("pve1"), QStringLiteral("192.168.10.21"),
            QStringLiteral("fd00:10::21"), QStringLiteral("52:54:00:ab:cd:ef"), QStringLiteral("desk.example.org"),
            QStringLiteral("lan.example"), QStringLiteral("desk")};
        for (ExportFormat f : {ExportFormat::Markdown, ExportFormat::BBCode, ExportFormat::Csv, ExportFormat::Json}) {
            const QString text = compareExport(c, f, true);
            QVERIFY(!text.isEmpty());
            for (const QString &s : secrets)
                QVERIFY2(!text.contains(s, Qt::CaseInsensitive), qPrintable(s + QStringLiteral(" in\n") + text));
            QVERIFY(text.contains(QStringLiteral("node1")));
        }
        // JSON stays JSON after redaction
        QJsonParseError err;
        QJsonDocument::fromJson(compareExport(c, ExportFormat::Json, true).toUtf8(), &err);
        QCOMPARE(err.error, QJsonParseError::NoError);
        // unredacted JSON still has the raw names (the redaction did the work above)
        QVERIFY(compareExport(c, ExportFormat::Json, false).contains(QStringLiteral("pve1")));

        // run exports: every host, address and MAC of the records, in every format
        for (ExportFormat f :
            {ExportFormat::Markdown, ExportFormat::BBCode, ExportFormat::Csv, ExportFormat::CrystalText}) {
            RunRecords r = runA();
            r.steps.first().error
                = QStringLiteral("connect to root@192.168.10.21 (pve1.lan.example, 52-54-00-AB-CD-EF) failed");
            r.steps.first().status = QStringLiteral("failed");
            const QString text = runExport(r, f, true);
            QVERIFY(!text.isEmpty());
            for (const QString &s : secrets)
                QVERIFY2(!text.contains(s, Qt::CaseInsensitive), qPrintable(s + QStringLiteral(" in\n") + text));
            QVERIFY2(!text.contains(QStringLiteral("52-54-00-AB")), qPrintable(text));
        }
    }

    void redactorPlaceholders()
    {
        Redactor r;
        r.addHost(QStringLiteral("root@pve2:22"));
        r.addHost(QStringLiteral("pve2.home.arpa"));
        r.addHost(QStringLiteral("ceph-a"));
        r.addHost(QStringLiteral("x")); // too short: ignored
        const QString in = QStringLiteral(
            "pve2 and PVE2.home.arpa, ceph-a:/srv but not ceph-ab or mypve2; 10.0.0.1, 10.0.0.2 and 10.0.0.1 again; "
            "version 17.2.7, kernel 6.1.0-13; 999.1.1.1 is no address; fe80::1%eth0 and 2001:db8::5/64; "
            "aa:bb:cc:dd:ee:ff; time 12:34:56; x marks");
        const QString out = r.apply(in);
        QCOMPARE(out,
            QStringLiteral("node1 and node1, node2:/srv but not ceph-ab or mypve2; ip1, ip2 and ip1 again; "
                           "version 17.2.7, kernel 6.1.0-13; 999.1.1.1 is no address; ip6-1%eth0 and ip6-2/64; "
                           "mac1; time 12:34:56; x marks"));
        // stable across calls of one Redactor
        QCOMPARE(r.apply(QStringLiteral("10.0.0.2 pve2")), QStringLiteral("ip2 node1"));
        QCOMPARE(r.names(),
            (QStringList {QStringLiteral("pve2"), QStringLiteral("pve2.home.arpa"), QStringLiteral("ceph-a")}));
    }

    void runTables()
    {
        const RunRecords a = runA();
        const QString bb = runExport(a, ExportFormat::BBCode, false);
        QVERIFY(bb.startsWith(QStringLiteral("[b]Quick disk — 2026-11-20 10:00 UTC — completed[/b]\n[table]\n")));
        QVERIFY2(
            bb.contains(QStringLiteral("[tr][td]SEQ1M Q8T1 Read #2[/td][td]pve1[/td][td][align=right]510[/align][/td]"
                                       "[td][align=right]510[/align][/td][td][align=right]–[/align][/td]")),
            qPrintable(bb));
        const QStringList csv = runExport(a, ExportFormat::Csv, false).split(QStringLiteral("\r\n"));
        QCOMPARE(csv.size(), 1 + 6 + 1);
        QVERIFY(csv.at(0).startsWith(
            QStringLiteral("run,test_id,title,node,target,iteration,status,read_bw_bytes_per_s,read_iops,")));
        QCOMPARE(csv.at(1),
            QStringLiteral(
                "11,seq1m-q8t1-read,SEQ1M Q8T1 Read,pve1,pve1:/srv/clustermark-bench-pve1.fio.dat,1,completed,"
                "500000000,500,2000000,,,,,,,,,,,,,,,,,,"));
        QCOMPARE(csv.at(2),
            QStringLiteral(
                "11,rnd4k-q1t1-write,RND4K Q1T1 Write,pve1,pve1:/srv/clustermark-bench-pve1.fio.dat,1,completed,"
                ",,,,,,40000000,10000,95000,90000,,,,,,,,,,,qd1"));
    }

    void crystalText()
    {
        const QString t = runCrystalText(runA());
        QVERIFY2(
            t.contains(QStringLiteral("[Read]\n  SEQ1M Q8T1       500.00 MB/s [     500.0 IOPS] <   2000.00 us>\n")),
            qPrintable(t));
        QVERIFY2(
            t.contains(QStringLiteral("[Write]\n  RND4K Q1T1        42.00 MB/s [   10500.0 IOPS] <     90.00 us>\n")),
            qPrintable(t));
        QVERIFY(t.contains(QStringLiteral("* mean of 3 repetitions")));
        QVERIFY(t.contains(QStringLiteral("(fio-3.33)")));
        QVERIFY(t.indexOf(QStringLiteral("[Read]")) < t.indexOf(QStringLiteral("[Write]")));
        RunRecords other = runA();
        other.run.kind = QStringLiteral("osd-latency");
        Error e;
        QVERIFY(runCrystalText(other, &e).isEmpty());
        QCOMPARE(e.code, Error::Code::InvalidInput);
    }

    void formatNames()
    {
        ExportFormat f;
        QVERIFY(exportFormatFromName(QStringLiteral("BBCode"), &f));
        QCOMPARE(f, ExportFormat::BBCode);
        QVERIFY(!exportFormatFromName(QStringLiteral("html"), &f));
        QVERIFY(redactByDefault(ExportFormat::Markdown));
        QVERIFY(!redactByDefault(ExportFormat::Csv));
    }
};

QTEST_GUILESS_MAIN(TestCompareExport)
#include "test_compareexport.moc"
