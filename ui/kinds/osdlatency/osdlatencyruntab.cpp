// SPDX-License-Identifier: GPL-3.0-or-later
// The per-OSD latency tab of a run's Results.
#include "kinds/osdlatency/osdlatencyruntab.h"

#include "kinds/osdlatency/osdheatmap.h"
#include "results/rundetailpane.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace cm::ui {

OsdLatencyRunTab::OsdLatencyRunTab(QWidget *parent)
    : KindRunTab(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    auto *row = new QHBoxLayout();
    m_step = new QComboBox(this);
    m_step->setObjectName(QStringLiteral("heatMapStep"));
    m_metric = new QComboBox(this);
    m_metric->setObjectName(QStringLiteral("heatMapMetric"));
    m_metric->addItem(tr("p50 latency"), int(OsdHeatMap::Metric::P50));
    m_metric->addItem(tr("p99 latency"), int(OsdHeatMap::Metric::P99));
    row->addWidget(new QLabel(tr("Step:"), this));
    row->addWidget(m_step, 1);
    row->addSpacing(12);
    row->addWidget(new QLabel(tr("Colour by:"), this));
    row->addWidget(m_metric);
    v->addLayout(row);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_heatMap = new OsdHeatMap(scroll);
    scroll->setWidget(m_heatMap);
    v->addWidget(scroll, 1);
    connect(m_metric, &QComboBox::currentIndexChanged, this,
        [this] { m_heatMap->setMetric(OsdHeatMap::Metric(m_metric->currentData().toInt())); });
    connect(m_step, &QComboBox::currentIndexChanged, this,
        [this](int i) { m_heatMap->setSummary(i >= 0 && i < m_summaries.size() ? m_summaries.at(i) : QJsonObject()); });
}

bool OsdLatencyRunTab::showRun(const RunDetail &d)
{
    // Every step whose summary lists OSDs can be shown as a heat map.
    m_summaries.clear();
    const QSignalBlocker block(m_step);
    m_step->clear();
    for (const StepRecord &s : d.steps) {
        if (!s.summary.value(QStringLiteral("osds")).isArray())
            continue;
        m_summaries.append(s.summary);
        m_step->addItem(stepRowLabel(s));
    }
    m_heatMap->setSummary(m_summaries.value(0));
    return true;
}

void OsdLatencyRunTab::clearRun()
{
    m_summaries.clear();
    const QSignalBlocker block(m_step);
    m_step->clear();
    m_heatMap->setCells({});
}

} // namespace cm::ui
