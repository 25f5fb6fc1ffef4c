// SPDX-License-Identifier: GPL-3.0-or-later
// Compare view render time (docs/ARCHITECTURE.md §7/§10): two one-hour runs, each with 64 series
// sampled at 1 Hz (16 targets × read MB/s, IOPS, p50, p99; 230k samples per run),
// written to a real SQLite store; the real CompareView (offscreen) is asked to compare
// them and the time from the request to the view fully painted (loading on the worker,
// filling the widgets, grab() of the whole view) is measured, 7 times. Target: median
// under 300 ms. Prints each repetition and the median; exits 1 above the target.
#include "compare/compareview.h"
#include "compare/seriesoverlay.h"
#include "store/sessionstore.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QJsonObject>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace cm;

namespace {

constexpr int Targets = 16;
constexpr int Seconds = 3600;
constexpr double TargetMs = 300;

RunId writeRun(SessionStore &store, double scale, Error *error)
{
    Plan p;
    p.kind = QStringLiteral("disk-fio");
    p.name = QStringLiteral("one hour, 16 targets");
    p.nodes = {NodeSpec::parse(QStringLiteral("local"))};
    p.target = QJsonObject {
        {QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), QStringLiteral("/srv")}};
    p.steps = {PlanStep {QStringLiteral("rnd4k-q32-read"), QStringLiteral("RND4K Q32T1 Read"),
        QJsonObject {{QStringLiteral("bs"), QStringLiteral("4k")}, {QStringLiteral("iodepth"), 32}}}};
    const RunId id = store.createRun(p, QJsonObject {{QStringLiteral("kernel"), QStringLiteral("6.1.0")}}, error);
    if (*error)
        return 0;
    const qint64 step
        = store.beginStep(id, 0, 0, p.steps.at(0), QStringLiteral("local"), QStringLiteral("fio …"), error);
    if (*error)
        return 0;
    const QString metrics[] = {QStringLiteral("read.bw"), QStringLiteral("read.iops"), QStringLiteral("read.lat.p50"),
        QStringLiteral("read.lat.p99")};
    for (int t0 = 0; t0 < Seconds; t0 += 60) {
        SampleList batch;
        batch.reserve(60 * Targets * 4);
        for (int t = t0; t < t0 + 60; ++t) {
            for (int g = 0; g < Targets; ++g) {
                const QString target = QStringLiteral("local:/srv/disk%1/cm-bench.file").arg(g);
                const double wave = 1.0 + 0.1 * std::sin(t / 30.0 + g);
                const double vals[]
                    = {200e6 * scale * wave, 50e3 * scale * wave, 80e3 / scale * wave, 400e3 / scale * wave};
                for (int m = 0; m < 4; ++m)
                    batch.append(Sample {0, target, metrics[m], double(t), vals[m]});
            }
        }
        if (const Error e = store.appendSamples(id, batch)) {
            *error = e;
            return 0;
        }
    }
    QJsonObject pct;
    const double ps[] = {50, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};
    for (double q : ps)
        pct.insert(QString::number(q, 'g', 6), 80e3 / scale * (1 + (q - 50) / 10));
    const QJsonObject read {{QStringLiteral("bw"), 3.2e9 * scale}, {QStringLiteral("iops"), 800e3 * scale},
        {QStringLiteral("lat_p50_ns"), 80e3 / scale}, {QStringLiteral("lat_p99_ns"), 400e3 / scale},
        {QStringLiteral("percentiles"), pct}};
    *error = store.finishStep(step, QStringLiteral("completed"), QStringLiteral("local:/srv/disk0/cm-bench.file"),
        QJsonObject {{QStringLiteral("read"), read}}, {}, QByteArray("…"), QString());
    if (!*error)
        *error = store.finishRun(id, RunStatus::Completed);
    return id;
}

} // namespace

int main(int argc, char **argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("clustermark.sqlite"));
    RunId a = 0, b = 0;
    {
        SessionStore store(path);
        Error e = store.open();
        QElapsedTimer w;
        w.start();
        if (!e)
            a = writeRun(store, 1.0, &e);
        if (!e)
            b = writeRun(store, 1.1, &e);
        if (e) {
            fprintf(stderr, "cannot write the runs: %s\n", qPrintable(e.toString()));
            return 2;
        }
        printf("wrote 2 runs × %d series × %d s in %lld ms\n", Targets * 4, Seconds, w.elapsed());
    }

    ui::CompareView view(path);
    view.resize(1280, 800);
    view.show();
    QList<double> times, loads;
    for (int i = 0; i < 7; ++i) {
        QSignalSpy shown(&view, &ui::CompareView::compareShown);
        QElapsedTimer t;
        t.start();
        view.compare({a, b});
        if (!shown.wait(30000)) {
            fprintf(stderr, "the comparison did not show\n");
            return 2;
        }
        const double shownMs = t.nsecsElapsed() / 1e6;
        // the charts' deferred layout and scene updates, then everything painted
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        const QPixmap painted = view.grab();
        const double ms = t.nsecsElapsed() / 1e6;
        times << ms;
        loads << view.data().loadMs;
        int points = 0;
        for (QLineSeries *s : view.overlay()->series())
            points += int(s->count());
        printf("compare %d: %.1f ms request → painted (worker %.1f ms, shown at %.1f ms, grab %.1f ms; %d overlay "
               "lines, %d points)\n",
            i + 1, ms, view.data().loadMs, shownMs, ms - shownMs, int(view.overlay()->series().size()), points);
        if (painted.isNull())
            return 2;
    }
    std::sort(times.begin(), times.end());
    std::sort(loads.begin(), loads.end());
    const double median = times.at(times.size() / 2);
    printf("compare render: median %.1f ms, max %.1f ms (worker median %.1f ms); target < %.0f ms: %s\n", median,
        times.last(), loads.at(loads.size() / 2), TargetMs, median < TargetMs ? "met" : "MISSED");
    return median < TargetMs ? 0 : 1;
}
