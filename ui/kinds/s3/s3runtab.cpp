// SPDX-License-Identifier: GPL-3.0-or-later
// The S3 object-size tab of a run's Results.
#include "kinds/s3/s3runtab.h"

#include "kinds/s3/s3sweepchart.h"

#include <QVBoxLayout>

namespace cm::ui {

S3SweepTab::S3SweepTab(QWidget *parent)
    : KindRunTab(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    m_sweep = new S3SweepChart(this);
    v->addWidget(m_sweep);
}

bool S3SweepTab::showRun(const RunDetail &d)
{
    m_sweep->setSteps(d.steps);
    return true;
}

void S3SweepTab::clearRun()
{
    m_sweep->clear();
}

} // namespace cm::ui
