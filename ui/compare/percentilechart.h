// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Latency percentile curves of the compared runs overlaid: x is the percentile on a
// "nines" scale (p50, p90, p99, p99.9, p99.99 equally spaced), y the latency on a
// log scale; one colour per run, writes dashed. Values are the mean over each run's
// repetitions of the percentiles fio reported for the test.
#include "compare/comparedata.h"
#include "unitscale.h"

#include <QChartView>

class QCategoryAxis;
class QLineSeries;
class QLogValueAxis;

namespace cm::ui {

class PercentileChart : public QChartView {
    Q_OBJECT
public:
    explicit PercentileChart(QWidget *parent = nullptr);

    void setCurves(const QStringList &runNames, const QList<PercentileCurve> &curves);
    void clear();
    QList<QLineSeries *> series() const { return m_series; }
    QLogValueAxis *axisY() const { return m_axisY; }
    UnitScale scale() const { return m_scale; }
    static double nines(double percentile); // -log10(1 - p/100): p90 → 1, p99 → 2

private:
    QCategoryAxis *m_axisX = nullptr;
    QLogValueAxis *m_axisY = nullptr;
    QList<QLineSeries *> m_series;
    UnitScale m_scale;
};

} // namespace cm::ui
