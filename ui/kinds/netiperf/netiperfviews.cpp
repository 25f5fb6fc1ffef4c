// SPDX-License-Identifier: GPL-3.0-or-later
// The network kind's Results tabs and live panel.
#include "kinds/netiperf/netiperfviews.h"

#include "kinds/netiperf/linkchart.h"
#include "kinds/netiperf/netfindingspanel.h"
#include "kinds/netiperf/netmatrix.h"

#include <QScrollArea>
#include <QVBoxLayout>

namespace cm::ui {

NetMatrixTab::NetMatrixTab(QWidget *parent)
    : KindRunTab(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(this);
    m_matrix = new NetMatrix(scroll);
    scroll->setWidget(m_matrix);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    v->addWidget(scroll);
}

bool NetMatrixTab::showRun(const RunDetail &d)
{
    m_matrix->setSteps(d.steps);
    return true;
}

void NetMatrixTab::clearRun()
{
    m_matrix->setCells({});
}

NetFindingsTab::NetFindingsTab(QWidget *parent)
    : KindRunTab(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    m_findings = new NetFindingsPanel(this);
    v->addWidget(m_findings);
}

bool NetFindingsTab::showRun(const RunDetail &d)
{
    m_findings->setSteps(d.steps);
    return true;
}

void NetFindingsTab::clearRun()
{
    m_findings->clear();
}

NetLivePanel::NetLivePanel(QWidget *parent)
    : KindLivePanel(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    m_links = new LinkChart(this);
    v->addWidget(m_links);
}

void NetLivePanel::addSamples(const SampleList &samples)
{
    m_links->addSamples(samples);
}

void NetLivePanel::flush()
{
    m_links->flush();
}

void NetLivePanel::clear()
{
    m_links->clear();
}

} // namespace cm::ui
