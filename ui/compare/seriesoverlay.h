// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Time series of the compared runs overlaid on one axis: seconds since each repetition
// of the test started, so the same test lines up whatever ran before it. One colour
// per run; later repetitions are drawn thinner and lighter; several targets of one run
// differ by line style, or show as their total when there are many. Points arrive
// already decimated per pixel column (compareloader.h).
#include "compare/comparedata.h"
#include "unitscale.h"

#include <QChartView>

class QLineSeries;
class QValueAxis;

namespace cm::ui {

class SeriesOverlay : public QChartView {
    Q_OBJECT
public:
    explicit SeriesOverlay(QWidget *parent = nullptr);

    // Shows the lines of `metric` (per target, or the totals when `totals`).
    void setLines(const QStringList &runNames, const QList<OverlayLine> &lines, const QString &metric, bool totals);
    void clear();
    QList<QLineSeries *> series() const { return m_series; }
    QValueAxis *axisX() const { return m_axisX; }
    QValueAxis *axisY() const { return m_axisY; }
    UnitScale scale() const { return m_scale; }

private:
    QValueAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
    QList<QLineSeries *> m_series;
    UnitScale m_scale;
};

// A readable name of a metric ("read MB/s", "write latency p99", "CPU busy").
QString metricLabel(const QString &metric);

} // namespace cm::ui
