// SPDX-License-Identifier: GPL-3.0-or-later
#include "live/runchartgrid.h"

#include "bench/registry.h"
#include "kinds/uikind.h"
#include "live/livechart.h"
#include "model/metric.h"
#include "report/runexport.h"

#include <QGridLayout>

namespace cm::ui {

QString opsChartTitle(OpsNoun noun)
{
    switch (noun) {
    case OpsNoun::Iops: return RunChartGrid::tr("IOPS");
    case OpsNoun::Ops: return RunChartGrid::tr("Operations per second");
    case OpsNoun::Requests: return RunChartGrid::tr("Requests per second");
    }
    return RunChartGrid::tr("IOPS");
}

RunChartGrid::RunChartGrid(QWidget *parent)
    : QWidget(parent)
{
    m_grid = new QGridLayout(this);
    m_grid->setSpacing(4);
    m_grid->setContentsMargins(0, 4, 0, 0);
    m_bw = new LiveChart(tr("Bandwidth"), metric::Unit::BytesPerSec, this);
    m_iops = new LiveChart(tr("IOPS"), metric::Unit::OpsPerSec, this);
    m_lat = new LiveChart(tr("Latency: p50 solid, p99 dashed"), metric::Unit::Nanoseconds, this);
    m_cpu = new LiveChart(tr("Node CPU busy"), metric::Unit::Percent, this);
    registerBuiltinUiKinds();
    for (const QString &id : UiKindRegistry::instance().ids())
        if (const UiKind *kind = UiKindRegistry::instance().find(id); kind->livePanel)
            m_panels.insert(id, kind->livePanel(this));
    arrangeCharts(nullptr);
}

QList<LiveChart *> RunChartGrid::charts() const
{
    return {m_bw, m_iops, m_lat, m_cpu};
}

// The panel (if the kind has one) above bandwidth and CPU; else the charts shown, two
// per row, a last odd one across both columns.
void RunChartGrid::arrangeCharts(KindLivePanel *panel)
{
    for (LiveChart *c : charts())
        m_grid->removeWidget(c);
    for (KindLivePanel *p : std::as_const(m_panels)) {
        m_grid->removeWidget(p);
        p->setVisible(false);
    }
    for (int r = 0; r < 3; ++r)
        m_grid->setRowStretch(r, 0);
    QList<LiveChart *> shown;
    for (LiveChart *c : charts())
        if (!m_hidden.contains(c) && (!panel || c == m_bw || c == m_cpu))
            shown.append(c);
    int row = 0;
    if (panel) {
        m_grid->addWidget(panel, 0, 0, 1, 2);
        m_grid->setRowStretch(0, 3);
        panel->setVisible(true);
        row = 1;
    }
    for (qsizetype i = 0; i < shown.size(); ++i) {
        const int r = row + int(i / 2);
        const bool alone = i % 2 == 0 && i + 1 == shown.size();
        m_grid->addWidget(shown.at(i), r, int(i % 2), 1, alone ? 2 : 1);
        m_grid->setRowStretch(r, panel ? 2 : 1);
    }
    for (LiveChart *c : charts())
        c->setVisible(shown.contains(c));
}

void RunChartGrid::hideEmptyCharts()
{
    m_hidden.clear();
    for (LiveChart *c : charts())
        if (c->lineCount() == 0)
            m_hidden.insert(c);
    if (m_hidden.size() == charts().size() && !m_panel)
        m_hidden.clear(); // nothing at all: the caller says so; keep the frame
    arrangeCharts(m_panel);
}

void RunChartGrid::startRun(const Plan &plan)
{
    // The throughput chart speaks the kind's unit: bit/s for a network run.
    metric::Unit throughput = metric::Unit::BytesPerSec;
    if (const std::shared_ptr<RunnerKind> kind = Registry::instance().kind(plan.kind))
        for (const MetricSpec &m : kind->metrics())
            if (m.chart == MetricChart::Throughput) {
                throughput = m.unit;
                break;
            }
    m_bw->setUnit(throughput);
    const RateWords words = rateWordsOf(plan.kind);
    m_iops->setTitle(opsChartTitle(words.noun));
    for (LiveChart *c : charts())
        c->setRateWords(words); // and clears it
    for (KindLivePanel *p : std::as_const(m_panels))
        p->clear();
    m_panel = m_panels.value(plan.kind);
    m_panelFed = false;
    m_hidden.clear(); // every chart the kind feeds waits for its first figures
    if (const UiKind *ui = UiKindRegistry::instance().find(plan.kind))
        for (RunChart c : ui->unusedCharts)
            m_hidden.insert(chart(c));
    arrangeCharts(m_panel);
    m_health = HealthBandTracker();
}

LiveChart *RunChartGrid::chart(Chart which) const
{
    switch (which) {
    case Chart::Bandwidth: return m_bw;
    case Chart::Iops: return m_iops;
    case Chart::Latency: return m_lat;
    case Chart::Cpu: return m_cpu;
    }
    return nullptr;
}

LiveChart *RunChartGrid::chartForMetric(const QString &m) const
{
    const MetricSpec *spec = metricCatalog().find(m);
    switch (spec ? spec->chart : MetricChart::None) {
    case MetricChart::Throughput: return m_bw;
    case MetricChart::Ops: return m_iops;
    case MetricChart::Latency: return m_lat;
    case MetricChart::Cpu: return m_cpu;
    case MetricChart::None: break;
    }
    return nullptr;
}

void RunChartGrid::addSamples(const SampleList &samples)
{
    if (samples.isEmpty())
        return;
    if (m_panel) {
        m_panel->addSamples(samples);
        m_panelFed = true;
    }
    // One batch per (target, metric, step), in arrival order.
    struct Batch {
        QString target;
        QString metric;
        int step = 0;
        QList<QPointF> points;
    };
    QList<Batch> batches;
    QHash<QString, qsizetype> index;
    SampleList health;
    for (const Sample &s : samples) {
        if (HealthBandTracker::isHealthMetric(s.metric)) { // the cluster, not a target
            health.append(s);
            continue;
        }
        if (metric::isCephCounter(s.metric) || !chartForMetric(s.metric))
            continue; // the cluster's own view, or a figure no chart draws
        const QString key = s.target + QLatin1Char('\n') + s.metric + QLatin1Char('\n') + QString::number(s.step);
        auto it = index.constFind(key);
        qsizetype i;
        if (it == index.constEnd()) {
            i = batches.size();
            index.insert(key, i);
            batches.append(Batch {s.target, s.metric, s.step, {}});
        } else {
            i = *it;
        }
        batches[i].points.append(QPointF(s.t, s.value));
    }
    for (const Batch &b : std::as_const(batches))
        chartForMetric(b.metric)->appendPoints(b.target, b.metric, b.points, b.step);
    showHealth(health);
}

void RunChartGrid::showHealth(const SampleList &health)
{
    for (const HealthBand &b : m_health.add(health)) {
        const QColor color = b.severity == 2 ? QColor(220, 40, 40)
            : b.severity == 1                ? QColor(230, 160, 0)
                                             : QColor(60, 120, 220);
        for (LiveChart *c : charts())
            c->setBand(b.id, b.start, b.end, color, b.label);
    }
}

void RunChartGrid::flush(double timeEnd)
{
    for (LiveChart *c : charts()) {
        c->setTimeEnd(timeEnd); // one time axis for the run's charts
        c->flush();
    }
    if (m_panel)
        m_panel->flush();
}

bool RunChartGrid::hasData() const
{
    if (m_panel && m_panelFed)
        return true;
    for (LiveChart *c : charts())
        if (c->lineCount() > 0)
            return true;
    return false;
}

} // namespace cm::ui
