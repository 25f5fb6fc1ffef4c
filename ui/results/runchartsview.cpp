// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/runchartsview.h"

#include "live/runchartgrid.h"

#include <QLabel>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace cm::ui {

RunChartsView::RunChartsView(QWidget *parent)
    : QWidget(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    m_stack = new QStackedWidget(this);
    m_grid = new RunChartGrid(m_stack);
    m_empty = new QLabel(m_stack);
    m_empty->setObjectName(QStringLiteral("runChartsEmpty"));
    m_empty->setAlignment(Qt::AlignCenter);
    m_empty->setWordWrap(true);
    m_stack->addWidget(m_grid);
    m_stack->addWidget(m_empty);
    v->addWidget(m_stack);
    clearRun();
}

void RunChartsView::clearRun()
{
    m_plan = Plan();
    m_samples.clear();
    m_pending = false;
    m_grid->startRun(m_plan);
    m_empty->setText(tr("Select a run to see its charts."));
    m_stack->setCurrentWidget(m_empty);
}

void RunChartsView::setRun(const Plan &plan, const SampleList &samples)
{
    m_plan = plan;
    m_samples = samples;
    m_pending = true;
    if (isVisible())
        draw();
}

void RunChartsView::showEvent(QShowEvent *e)
{
    QWidget::showEvent(e);
    // After the tab's layout gave the charts their size: a chart laid out while hidden
    // keeps axis labels cut to "…".
    if (m_pending)
        QTimer::singleShot(0, this, [this] {
            if (m_pending)
                draw();
        });
}

void RunChartsView::draw()
{
    m_pending = false;
    m_grid->startRun(m_plan);
    double end = 0;
    for (const Sample &s : std::as_const(m_samples))
        end = std::max(end, s.t);
    m_grid->addSamples(m_samples);
    m_grid->flush(end);
    if (m_grid->hasData()) {
        m_grid->hideEmptyCharts();
        m_stack->setCurrentWidget(m_grid);
    } else {
        // An imported result, or a run stopped before its first interval.
        m_empty->setText(tr("This run saved no time series: its figures are in the Summary tab."));
        m_stack->setCurrentWidget(m_empty);
    }
    m_samples.clear(); // drawn: the charts hold what they show
}

} // namespace cm::ui
