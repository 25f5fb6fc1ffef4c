// SPDX-License-Identifier: GPL-3.0-or-later
// docs/ARCHITECTURE.md §10: "a one-hour session opens in under 200 ms". Synthesizes, in a real
// store, a one-hour run as the engine writes it: 8 steps in parallel (one per node) with
// 8 metrics each = 64 series, one appendSamples batch per second for 3600 s; each step's
// summary carries full read/write latency histograms and its raw output is what fio
// --output-format=json+ --status-interval=1 prints in an hour (~12 KB a second). Then
// opens it the way the GUI does, several rounds, each on a fresh connection:
//   rows   — loadResultRows (the Results table: every run with its steps)
//   detail — loadRunDetail (the selected run's pane)
//   series — SessionStore::series (what charts of the run read)
//   open   — rows + detail + series, the figure held against 200 ms
//   json   — SessionStore::runToJson (the CLI's show / export), reported only
// With BENCH_SESSION_FILE=1 also, once, exporting the session to a session file and
// importing that into a new store (minutes: the raw output makes a ~700 MB file).
// Prints median and max per measure, wall clock and this thread's CPU time (on a busy
// machine the CPU time shows what the code costs, the wall clock what a user waits);
// exits 1 when the median wall-clock open time is 200 ms or more. Figures are with the
// database in the OS page cache (it was just written). BENCH_ROUNDS sets the rounds (9).
#include "results/resultsloader.h"
#include "stats/latencyhistogram.h"
#include "store/sessionfile.h"
#include "store/sessionstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

using namespace cm;

namespace {

constexpr int kNodes = 8;
constexpr int kSeconds = 3600;
const QStringList kMetrics {QStringLiteral("read.bw"), QStringLiteral("read.iops"), QStringLiteral("read.lat.p50"),
    QStringLiteral("read.lat.p99"), QStringLiteral("read.lat.p999"), QStringLiteral("write.bw"),
    QStringLiteral("write.iops"), QStringLiteral("write.lat.p99")};

QJsonObject direction(QRandomGenerator &rng, double medianNs)
{
    LatencyHistogram h;
    for (int i = 0; i < 200000; ++i) {
        // log-normal around the median, a long tail: several hundred non-empty buckets
        const double z = std::sqrt(-2 * std::log(1 - rng.generateDouble())) * std::cos(2 * M_PI * rng.generateDouble());
        h.add(quint64(medianNs * std::exp(0.8 * z)));
    }
    QJsonObject bins;
    const LatencyBins b = h.bins();
    for (auto it = b.cbegin(); it != b.cend(); ++it)
        bins.insert(QString::number(it.key()), double(it.value()));
    QJsonObject pct;
    for (double q :
        {1.0, 5.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99})
        pct.insert(QString::number(q, 'g', 6), h.percentile(q));
    return {{QStringLiteral("bw"), 1.2e9}, {QStringLiteral("iops"), 290000.0}, {QStringLiteral("io_bytes"), 4.3e12},
        {QStringLiteral("total_ios"), 1.04e9}, {QStringLiteral("runtime_ms"), 3600000.0},
        {QStringLiteral("lat_mean_ns"), h.mean()}, {QStringLiteral("lat_min_ns"), double(h.min())},
        {QStringLiteral("lat_max_ns"), double(h.max())}, {QStringLiteral("lat_p50_ns"), h.percentile(50)},
        {QStringLiteral("lat_p99_ns"), h.percentile(99)}, {QStringLiteral("lat_p999_ns"), h.percentile(99.9)},
        {QStringLiteral("percentiles"), pct}, {QStringLiteral("histogram"), bins}};
}

// One fio json+ status report of about 12 KB (bins included), as printed each second.
QByteArray statusReport(QRandomGenerator &rng, int second)
{
    QJsonObject bins;
    for (int i = 0; i < 520; ++i)
        bins.insert(QString::number(20000 + i * 997), double(rng.bounded(1, 100000)));
    const QJsonObject job {{QStringLiteral("jobname"), QStringLiteral("cm")},
        {QStringLiteral("read"),
            QJsonObject {{QStringLiteral("clat_ns"), QJsonObject {{QStringLiteral("bins"), bins}}}}}};
    const QJsonObject doc {{QStringLiteral("fio version"), QStringLiteral("fio-3.33")},
        {QStringLiteral("timestamp_ms"), 1764460800000.0 + second * 1000.0},
        {QStringLiteral("jobs"), QJsonArray {job}}};
    return QJsonDocument(doc).toJson(QJsonDocument::Indented);
}

RunId synthesize(SessionStore &s)
{
    Plan plan;
    plan.kind = QStringLiteral("disk-fio");
    plan.name = QStringLiteral("One hour, 8 nodes");
    plan.session = QStringLiteral("soak");
    for (int n = 0; n < kNodes; ++n) {
        NodeSpec node = NodeSpec::parse(QStringLiteral("root@10.0.0.%1").arg(n + 1));
        node.name = QStringLiteral("node%1").arg(n + 1);
        plan.nodes << node;
    }
    plan.steps = {PlanStep {QStringLiteral("rand-rw"), QStringLiteral("4k randrw QD32, 1 h"),
        {{QStringLiteral("bs"), QStringLiteral("4k")}, {QStringLiteral("runtime"), kSeconds}}}};
    Error e;
    const RunId run = s.createRun(plan, {{QStringLiteral("kernel"), QStringLiteral("6.1.0-18-amd64")}}, &e);
    if (!run) {
        fprintf(stderr, "createRun: %s\n", qPrintable(e.toString()));
        return 0;
    }
    QList<qint64> steps;
    for (int n = 0; n < kNodes; ++n)
        steps << s.beginStep(run, n, 0, plan.steps[0], plan.nodes[n].name, QStringLiteral("fio --name=cm …"));
    QRandomGenerator rng(1);
    for (int t = 0; t < kSeconds; ++t) {
        SampleList batch;
        batch.reserve(kNodes * kMetrics.size());
        for (int n = 0; n < kNodes; ++n)
            for (const QString &m : kMetrics)
                batch << Sample {
                    n, QStringLiteral("node%1:/srv/cm-bench.file").arg(n + 1), m, t + 1.0, rng.generateDouble() * 1e9};
        if (Error ae = s.appendSamples(run, batch)) {
            fprintf(stderr, "appendSamples: %s\n", qPrintable(ae.toString()));
            return 0;
        }
    }
    QByteArray report;
    for (int t = 0; t < 64; ++t)
        report += statusReport(rng, t);
    for (int n = 0; n < kNodes; ++n) {
        QByteArray raw;
        raw.reserve(report.size() * (kSeconds / 64 + 1));
        while (raw.size() < qsizetype(kSeconds) * report.size() / 64)
            raw += report;
        const QJsonObject summary {
            {QStringLiteral("read"), direction(rng, 180000)}, {QStringLiteral("write"), direction(rng, 450000)}};
        if (Error fe = s.finishStep(steps[n], QStringLiteral("completed"),
                QStringLiteral("node%1:/srv/cm-bench.file").arg(n + 1), summary,
                {{QStringLiteral("fio"), QStringLiteral("fio-3.33")}}, raw, {})) {
            fprintf(stderr, "finishStep: %s\n", qPrintable(fe.toString()));
            return 0;
        }
    }
    s.finishRun(run, RunStatus::Completed);
    return run;
}

double ms(const QElapsedTimer &t)
{
    return double(t.nsecsElapsed()) / 1e6;
}

double cpuMs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

struct Measure {
    const char *name;
    QList<double> v;
    double median() const
    {
        QList<double> s = v;
        std::sort(s.begin(), s.end());
        return s.isEmpty() ? 0 : s.size() % 2 ? s[s.size() / 2] : (s[s.size() / 2 - 1] + s[s.size() / 2]) / 2;
    }
    double max() const { return v.isEmpty() ? 0 : *std::max_element(v.begin(), v.end()); }
};

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const int rounds
        = qMax(1, qEnvironmentVariableIntValue("BENCH_ROUNDS") ? qEnvironmentVariableIntValue("BENCH_ROUNDS") : 9);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bench.sqlite"));
    QElapsedTimer build;
    build.start();
    RunId run = 0;
    {
        SessionStore s(path);
        if (Error e = s.open()) {
            fprintf(stderr, "open: %s\n", qPrintable(e.toString()));
            return 1;
        }
        run = synthesize(s);
        if (!run)
            return 1;
    }
    printf("synthesized in %.1f s: 1 run, %d steps, %d series x %d samples, database %.0f MB\n", ms(build) / 1000,
        kNodes, kNodes * int(kMetrics.size()), kSeconds,
        double(QFileInfo(path).size() + QFileInfo(path + QStringLiteral("-wal")).size()) / 1e6);

    Measure rows {"rows", {}}, detail {"detail", {}}, series {"series", {}}, open {"open", {}}, json {"json", {}};
    Measure openCpu {"open cpu", {}}, jsonCpu {"json cpu", {}};
    qsizetype checkSamples = 0, checkBins = 0;
    for (int r = 0; r < rounds; ++r) {
        QElapsedTimer t;
        t.start();
        const double cpu0 = cpuMs();
        Error e;
        const QList<ui::ResultRow> list = ui::loadResultRows(path, &e);
        rows.v << ms(t);
        t.restart();
        const ui::RunDetail d = ui::loadRunDetail(path, run);
        detail.v << ms(t);
        t.restart();
        QList<SeriesData> sd;
        {
            SessionStore s(path);
            s.open();
            sd = s.series(run);
        }
        series.v << ms(t);
        open.v << rows.v.last() + detail.v.last() + series.v.last();
        const double cpu1 = cpuMs();
        openCpu.v << cpu1 - cpu0;
        t.restart();
        QJsonObject j;
        {
            SessionStore s(path);
            s.open();
            j = s.runToJson(run);
        }
        json.v << ms(t);
        jsonCpu.v << cpuMs() - cpu1;
        if (e || d.error || list.size() != 1 || d.steps.size() != kNodes || sd.size() != kNodes * kMetrics.size()
            || j.value(QStringLiteral("series")).toArray().size() != kNodes * kMetrics.size()) {
            fprintf(stderr, "round %d read back the wrong data (%lld rows, %lld steps, %lld series)\n", r + 1,
                qlonglong(list.size()), qlonglong(d.steps.size()), qlonglong(sd.size()));
            return 1;
        }
        checkSamples = 0;
        for (const SeriesData &x : sd)
            checkSamples += x.t.size();
        checkBins = d.steps[0]
                        .summary.value(QStringLiteral("read"))
                        .toObject()
                        .value(QStringLiteral("histogram"))
                        .toObject()
                        .size();
        printf("round %d: rows %.1f ms, detail %.1f ms, series %.1f ms, open %.1f ms (cpu %.1f), runToJson %.1f ms "
               "(cpu %.1f)\n",
            r + 1, rows.v.last(), detail.v.last(), series.v.last(), open.v.last(), openCpu.v.last(), json.v.last(),
            jsonCpu.v.last());
    }
    if (checkSamples != qsizetype(kNodes) * kMetrics.size() * kSeconds) {
        fprintf(stderr, "read %lld samples, expected %lld\n", qlonglong(checkSamples),
            qlonglong(kNodes * kMetrics.size() * kSeconds));
        return 1;
    }
    printf("%d rounds, %lld samples, %lld histogram bins per direction:\n", rounds, qlonglong(checkSamples),
        qlonglong(checkBins));
    for (const Measure *m : {&rows, &detail, &series, &open, &openCpu, &json, &jsonCpu})
        printf("  %-8s median %7.1f ms   max %7.1f ms\n", m->name, m->median(), m->max());
    if (qEnvironmentVariableIntValue("BENCH_SESSION_FILE") == 1) {
        SessionStore s(path);
        s.open();
        const QString file = dir.filePath(QStringLiteral("soak.json"));
        QElapsedTimer t;
        t.start();
        const Error ee = exportSession(s, s.ensureSession(QStringLiteral("soak")), file);
        const double exportMs = ms(t);
        SessionStore fresh(dir.filePath(QStringLiteral("fresh.sqlite")));
        fresh.open();
        t.restart();
        const Error ie = importSession(fresh, file);
        const double importMs = ms(t);
        if (ee || ie) {
            fprintf(stderr, "session file: %s\n", qPrintable((ee ? ee : ie).toString()));
            return 1;
        }
        printf("session file of this run: %.0f MB, export %.0f ms, import %.0f ms\n",
            double(QFileInfo(file).size()) / 1e6, exportMs, importMs);
    }
    const bool ok = open.median() < 200;
    printf("one-hour run opens (rows + detail + series) in %.1f ms median, %.1f ms max: %s (target < 200 ms)\n",
        open.median(), open.max(), ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
