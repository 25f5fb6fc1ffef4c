// SPDX-License-Identifier: GPL-3.0-or-later
// The CephFS metadata tab of a run's Results.
#include "kinds/cephfs/cephfsruntab.h"

#include "kinds/cephfs/cephfsmetapanel.h"

#include <QScrollArea>
#include <QVBoxLayout>

namespace cm::ui {

CephFsMetaTab::CephFsMetaTab(QWidget *parent)
    : KindRunTab(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(this);
    m_panel = new CephFsMetaPanel(scroll);
    scroll->setWidget(m_panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    v->addWidget(scroll);
}

bool CephFsMetaTab::showRun(const RunDetail &d)
{
    m_panel->setSteps(d.steps);
    return !m_panel->groups().isEmpty();
}

void CephFsMetaTab::clearRun()
{
    m_panel->setSteps({});
}

bool CephFsMetaTab::opensOnIt(const RunDetail &d) const
{
    for (const StepRecord &s : d.steps)
        if (!CephFsMetaPanel::hasMetadata(s.summary))
            return false;
    return true;
}

} // namespace cm::ui
