// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A run's charts: bandwidth, operations, latency p50/p99 and node CPU in a 2×2 grid, or
// the kind's own panel (ui/kinds/uikind.h) above bandwidth and CPU, with the cluster's
// health as shaded bands. The Live tab feeds it as samples arrive; Results feeds it a
// saved run's samples at once, so both show the same charts.
#include "kinds/uikind.h"
#include "live/healthbands.h"
#include "model/plan.h"
#include "model/ratewords.h"
#include "model/sample.h"

#include <QHash>
#include <QSet>
#include <QWidget>

class QGridLayout;

namespace cm::ui {

class KindLivePanel;
class LiveChart;

// The title of the chart of a kind's operations (its words: report/runexport.h rateWordsOf).
QString opsChartTitle(OpsNoun noun);

class RunChartGrid : public QWidget {
    Q_OBJECT
public:
    using Chart = RunChart;

    explicit RunChartGrid(QWidget *parent = nullptr);

    // Empties the charts and sets them up for a run of plan's kind (units, words, panel).
    void startRun(const Plan &plan);
    // Samples in arrival (time) order; they reach the plot at the next flush.
    void addSamples(const SampleList &samples);
    // Draws what came since the last flush; timeEnd: where the time axes end.
    void flush(double timeEnd);

    LiveChart *chart(Chart which) const;
    KindLivePanel *kindPanel() const { return m_panel; } // null: the standard charts
    const HealthBandTracker &health() const { return m_health; }
    // Hides the charts that drew nothing (a latency-only run has no bandwidth): after a
    // run, or when a saved one is drawn. startRun shows them all again.
    void hideEmptyCharts();
    // Whether any chart or the panel holds a line (the run recorded time series).
    bool hasData() const;

private:
    LiveChart *chartForMetric(const QString &metric) const;
    void arrangeCharts(KindLivePanel *panel);
    void showHealth(const SampleList &health);
    QList<LiveChart *> charts() const;

    HealthBandTracker m_health;
    LiveChart *m_bw = nullptr;
    LiveChart *m_iops = nullptr;
    LiveChart *m_lat = nullptr;
    LiveChart *m_cpu = nullptr;
    QHash<QString, KindLivePanel *> m_panels; // the kinds' own panels, by kind id
    KindLivePanel *m_panel = nullptr;
    QGridLayout *m_grid = nullptr;
    bool m_panelFed = false;
    QSet<LiveChart *> m_hidden;
};

} // namespace cm::ui
