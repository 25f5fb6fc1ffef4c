// SPDX-License-Identifier: GPL-3.0-or-later
// Live dashboard under load (docs/ARCHITECTURE.md §4/§10): the real LiveDashboard (offscreen),
// 64 series (16 targets × read MB/s, IOPS, p50, p99) at 10 Hz for a simulated hour; with
// "cluster", 577 series (the target is 512): those 64 plus what a real cluster's monitors bring, 7 nodes × (CPU,
// busiest core, memory, 4 NICs × tx/rx, 12 disks × util/read/write/await) and 50 OSDs ×
// commit/apply latency, every one at 10 Hz (the monitors send once a second: a tenfold
// margin), with the nodes × resources strip in front ("cluster") or the charts
// ("cluster-charts").
// Time is compressed: each refresh's samples (one per series, 100 ms of run time) are
// pushed as soon as the previous refresh is done. Measured on the UI thread for every
// refresh: drain() (batching, decimation, series updates) and drain() plus the paint
// it causes (the posted update requests and paint events). RSS is sampled every
// simulated 10 minutes. Targets: refresh p99 < 8 ms; memory bounded (RSS growth after
// the first 10 minutes under 32 MB). Exits 1 when a target is missed. The UI thread's
// CPU time per refresh and the load average are printed too: on a shared machine the
// wall time includes waiting for a core.
// Usage: bench_live_dashboard [simulated minutes, default 60] [pause ms, default 0]
//        [cluster | cluster-charts]
// A pause between refreshes (outside the measured time) makes the UI thread idle
// between refreshes as it does at a real 10 Hz; back to back it uses a whole core, and
// on a shared machine the scheduler then preempts it in the middle of refreshes.
#include "live/livechart.h"
#include "live/livedashboard.h"
#include "live/usagestripview.h"
#include "model/metric.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QTabWidget>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

using namespace cm;

namespace {

double rssMb()
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    return 0;
}

double threadCpuMs()
{
    timespec ts {};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

QByteArray loadAverage()
{
    QFile f(QStringLiteral("/proc/loadavg"));
    return f.open(QIODevice::ReadOnly) ? f.readAll().split(' ').mid(0, 3).join(' ') : QByteArray("?");
}

double pct(QList<double> v, double p)
{
    if (v.isEmpty())
        return 0;
    std::sort(v.begin(), v.end());
    return v.at(std::min(v.size() - 1, qsizetype(std::ceil(p / 100.0 * v.size())) - 1));
}

// The series a real cluster's monitors bring (see the header): 7 × 59 + 50 × 2 = 513.
QList<QPair<QString, QString>> clusterSeriesList()
{
    QList<QPair<QString, QString>> out;
    for (int n = 1; n <= 7; ++n) {
        const QString node = QStringLiteral("pve%1").arg(n);
        for (const QString &m : {metric::CpuBusy, metric::CpuBusiestCore, metric::MemUsed})
            out << qMakePair(node, m);
        for (int i = 0; i < 4; ++i) {
            const QString nic = QStringLiteral("eno%1").arg(i + 1);
            out << qMakePair(node, metric::netTxBytes(nic)) << qMakePair(node, metric::netRxBytes(nic));
        }
        for (int d = 0; d < 12; ++d) {
            const QString disk = QStringLiteral("sd%1").arg(QChar('a' + d));
            out << qMakePair(node, metric::diskUtil(disk)) << qMakePair(node, metric::diskReadBytes(disk))
                << qMakePair(node, metric::diskWriteBytes(disk)) << qMakePair(node, metric::diskAwait(disk));
        }
    }
    for (int o = 0; o < 50; ++o)
        out << qMakePair(metric::osdTarget(o), metric::OsdCommitLat)
            << qMakePair(metric::osdTarget(o), metric::OsdApplyLat);
    return out;
}

class PaintCounter : public QObject {
public:
    int paints = 0;
    bool eventFilter(QObject *, QEvent *e) override
    {
        if (e->type() == QEvent::Paint)
            ++paints;
        return false;
    }
};

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QLoggingCategory::setFilterRules(QStringLiteral("clustermark.*.debug=false"));
    const int minutes = argc > 1 ? std::max(1, atoi(argv[1])) : 60;
    const int pauseMs = argc > 2 ? std::max(0, atoi(argv[2])) : 0;
    // "cluster": the strip's tab in front (painted every second); "cluster-charts": the
    // same series with the charts in front
    const bool cluster = argc > 3 && QByteArray(argv[3]).startsWith("cluster");
    const bool stripShown = cluster && QByteArray(argv[3]) == "cluster";
    const QList<QPair<QString, QString>> clusterSeries
        = cluster ? clusterSeriesList() : QList<QPair<QString, QString>>();
    constexpr int Targets = 16;
    const QString metrics[] = {QStringLiteral("read.bw"), QStringLiteral("read.iops"), QStringLiteral("read.lat.p50"),
        QStringLiteral("read.lat.p99")};
    QStringList targets;
    for (int g = 0; g < Targets; ++g)
        targets << QStringLiteral("node%1:/srv/disk%2/cm-bench.file").arg(g / 4 + 1).arg(g % 4);

    ui::LiveDashboard dash;
    dash.resize(1280, 800);
    dash.show();
    PaintCounter counter;
    for (ui::LiveDashboard::Chart c :
        {ui::LiveDashboard::Chart::Bandwidth, ui::LiveDashboard::Chart::Iops, ui::LiveDashboard::Chart::Latency})
        dash.chart(c)->viewport()->installEventFilter(&counter);
    QCoreApplication::processEvents();

    Plan plan;
    plan.kind = QStringLiteral("disk-fio");
    plan.name = cluster ? QStringLiteral("bench: 512 series at 10 Hz") : QStringLiteral("bench: 64 series at 10 Hz");
    plan.steps = {PlanStep {QStringLiteral("rnd"), QStringLiteral("RND4K Q32T1 Read"), {}}};
    auto buffer = std::make_shared<SampleBuffer>();
    dash.startRun(1, plan, buffer, minutes * 60.0);
    dash.usageStrip()->widget()->installEventFilter(&counter);
    if (stripShown)
        dash.views()->setCurrentWidget(dash.usageStrip()); // the strip is painted every second

    const int ticks = minutes * 60 * 10;
    QList<double> drainMs, totalMs, cpuMs;
    cpuMs.reserve(ticks);
    const QByteArray load0 = loadAverage();
    drainMs.reserve(ticks);
    totalMs.reserve(ticks);
    const double rss0 = rssMb();
    double rss10 = 0;
    QElapsedTimer wall;
    wall.start();
    for (int k = 0; k < ticks; ++k) {
        const double t = k / 10.0;
        if (pauseMs > 0)
            QThread::msleep(pauseMs);
        SampleList batch;
        batch.reserve(Targets * 4);
        for (int g = 0; g < Targets; ++g) {
            const double wave = 1.0 + 0.2 * std::sin(t / 20.0 + g) + 0.05 * ((k * 7919 + g * 104729) % 97) / 97.0;
            const double vals[] = {150e6 * wave, 38e3 * wave, 90e3 / wave, 450e3 / wave};
            for (int m = 0; m < 4; ++m)
                batch.append(Sample {0, targets.at(g), metrics[m], t, vals[m]});
        }
        for (qsizetype i = 0; i < clusterSeries.size(); ++i) {
            const auto &[target, metric] = clusterSeries.at(i);
            const double wave = 0.5 + 0.4 * std::sin(t / 30.0 + double(i));
            const double v = metric::unitOf(metric) == metric::Unit::Percent ? 100 * wave
                : metric::unitOf(metric) == metric::Unit::Nanoseconds        ? 2e6 * wave
                                                                             : 100e6 * wave;
            batch.append(Sample {-1, target, metric, t, v});
        }
        buffer->append(batch);
        const double cpu0 = threadCpuMs();
        QElapsedTimer r;
        r.start();
        dash.drain();
        const double d = r.nsecsElapsed() / 1e6;
        QCoreApplication::processEvents(); // the update requests and paints the refresh caused
        const double all = r.nsecsElapsed() / 1e6;
        cpuMs << threadCpuMs() - cpu0;
        drainMs << d;
        totalMs << all;
        // the baseline for growth: after 10 minutes, or half-way through shorter runs
        if (k + 1 == std::min(6000, ticks / 2))
            rss10 = rssMb();
        if ((k + 1) % 600 == 0) {
            const double rss = rssMb();
            printf(
                "minute %3d: RSS %.1f MB; last minute: drain p50 %.2f p99 %.2f ms, drain+paint p50 %.2f p99 %.2f ms; "
                "%d points shown, %lld held\n",
                (k + 1) / 600, rss, pct(drainMs.mid(drainMs.size() - 600), 50),
                pct(drainMs.mid(drainMs.size() - 600), 99), pct(totalMs.mid(totalMs.size() - 600), 50),
                pct(totalMs.mid(totalMs.size() - 600), 99),
                dash.chart(ui::LiveDashboard::Chart::Bandwidth)->displayedPointCount()
                    + dash.chart(ui::LiveDashboard::Chart::Iops)->displayedPointCount()
                    + dash.chart(ui::LiveDashboard::Chart::Latency)->displayedPointCount(),
                qint64(dash.chart(ui::LiveDashboard::Chart::Bandwidth)->heldPointCount()
                    + dash.chart(ui::LiveDashboard::Chart::Iops)->heldPointCount()
                    + dash.chart(ui::LiveDashboard::Chart::Latency)->heldPointCount()));
            fflush(stdout);
        }
    }
    const double rssEnd = rssMb();
    if (qEnvironmentVariableIsSet("CLUSTERMARK_UI_SHOT")) // for looking at it by hand
        dash.grab().save(qEnvironmentVariable("CLUSTERMARK_UI_SHOT"));
    const double p99 = pct(totalMs, 99);
    const double growth = rss10 > 0 ? rssEnd - rss10 : rssEnd - rss0;
    printf("series: %lld; strip rows: %d\n", qint64(Targets * 4 + clusterSeries.size()), dash.usageStrip()->rowCount());
    printf("live dashboard: %d refreshes (%d min simulated, %lld s wall, %d ms pause between refreshes), %lld samples, "
           "%d chart paints\n",
        ticks, minutes, wall.elapsed() / 1000, pauseMs, dash.samplesReceived(), counter.paints);
    printf("refresh drain(): p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", pct(drainMs, 50), pct(drainMs, 99),
        pct(drainMs, 100));
    printf("refresh drain()+paint: p50 %.2f ms, p99 %.2f ms, max %.2f ms; target p99 < 8 ms: %s\n", pct(totalMs, 50),
        p99, pct(totalMs, 100), p99 < 8 ? "met" : "MISSED");
    printf("refresh drain()+paint, UI thread CPU time: p50 %.2f ms, p99 %.2f ms, max %.2f ms; load average %s at the "
           "start, %s at the end\n",
        pct(cpuMs, 50), pct(cpuMs, 99), pct(cpuMs, 100), load0.constData(), loadAverage().constData());
    printf("RSS: start %.1f MB, after min(10 min, half the run) %.1f MB, end %.1f MB; growth since then %.1f MB (bound "
           "32 MB): %s\n",
        rss0, rss10, rssEnd, growth, growth < 32 ? "met" : "MISSED");
    return p99 < 8 && growth < 32 ? 0 : 1;
}
