// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/percentilechart.h"

#include "chartpalette.h"
#include "compare/comparemarks.h"

#include <QCategoryAxis>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>

#include <cmath>

namespace cm::ui {

double PercentileChart::nines(double percentile)
{
    return -std::log10(std::max(1e-9, 1.0 - percentile / 100.0));
}

PercentileChart::PercentileChart(QWidget *parent)
    : QChartView(parent)
{
    auto *c = new QChart();
    c->setMargins(QMargins(4, 4, 4, 4));
    c->setBackgroundRoundness(0);
    c->legend()->setAlignment(Qt::AlignBottom);
    c->setTitle(tr("Latency percentiles"));
    m_axisX = new QCategoryAxis(c);
    m_axisX->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    m_axisX->setStartValue(nines(50) - 0.15);
    for (const auto &[label, p] :
        {std::pair {"p50", 50.0}, {"p90", 90.0}, {"p99", 99.0}, {"p99.9", 99.9}, {"p99.99", 99.99}})
        m_axisX->append(QString::fromLatin1(label), nines(p));
    m_axisX->setRange(nines(50) - 0.15, nines(99.99) + 0.15);
    m_axisX->setTitleText(tr("percentile"));
    m_axisY = new QLogValueAxis(c);
    m_axisY->setBase(10);
    m_axisY->setLabelFormat(QStringLiteral("%g"));
    c->addAxis(m_axisX, Qt::AlignBottom);
    c->addAxis(m_axisY, Qt::AlignLeft);
    setChart(c);
    followPalette(this);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(300, 200);
    clear();
}

void PercentileChart::clear()
{
    for (QLineSeries *s : std::as_const(m_series)) {
        chart()->removeSeries(s);
        delete s;
    }
    m_series.clear();
    m_axisY->setRange(1, 1000);
}

void PercentileChart::setCurves(const QStringList &runNames, const QList<PercentileCurve> &curves)
{
    clear();
    double lo = 0, hi = 0;
    bool read = false, write = false;
    for (const PercentileCurve &c : curves) {
        for (const QPointF &p : c.points) {
            lo = lo > 0 ? std::min(lo, p.y()) : p.y();
            hi = std::max(hi, p.y());
        }
        (c.direction == QLatin1String("write") ? write : read) = true;
    }
    m_scale = scaleFor(metric::Unit::Nanoseconds, hi);
    for (const PercentileCurve &c : curves) {
        auto *s = new QLineSeries();
        QPen pen(runColor(c.run));
        pen.setWidthF(1.8);
        if (c.direction == QLatin1String("write"))
            pen.setStyle(Qt::DashLine);
        s->setPen(pen);
        s->setPointsVisible(true);
        QString name = runNames.value(c.run);
        if (read && write)
            name += QLatin1Char(' ') + (c.direction == QLatin1String("write") ? tr("write") : tr("read"));
        s->setName(name);
        QList<QPointF> pts;
        for (const QPointF &p : c.points)
            pts.append(QPointF(nines(p.x()), p.y() / m_scale.divisor));
        s->replace(pts);
        chart()->addSeries(s);
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
        m_series << s;
    }
    if (hi > 0) {
        // whole decades around the data, so the log axis has labelled ticks
        const double dlo = std::pow(10.0, std::floor(std::log10(lo / m_scale.divisor)));
        const double dhi = std::pow(10.0, std::ceil(std::log10(hi / m_scale.divisor * 1.01)));
        m_axisY->setRange(dlo, std::max(dhi, dlo * 10));
    }
    m_axisY->setTitleText(m_scale.label);
    chart()->setTitle(
        curves.isEmpty() ? tr("Latency percentiles (none recorded for this test)") : tr("Latency percentiles"));
}

} // namespace cm::ui
