// SPDX-License-Identifier: GPL-3.0-or-later
// The osdlatency kind's screens, registered in kinds/uikinds.cpp.
#include "kinds/osdlatency/osdlatencyui.h"

#include "bench/osdlatency/osdlatencykind.h"
#include "kinds/osdlatency/osdlatencyruntab.h"
#include "kinds/osdlatency/osdlatencytargetpage.h"
#include "wizard/diskparamspage.h"
#include "wizard/planwizard.h"
#include "wizard/reviewpage.h"

namespace cm::ui {

UiKind osdLatencyUiKind()
{
    UiKind k;
    k.id = OsdLatencyKind::kindId();
    // ClusterMark is the client: no node to choose.
    k.wizardPages = [](PlanWizard *w) {
        return QList<PlanWizardPage *> {new OsdLatencyTargetPage(w), new DiskParamsPage(w), new ReviewPage(w)};
    };
    k.runTabs = [](QWidget *parent) { return QList<KindRunTab *> {new OsdLatencyRunTab(parent)}; };
    k.unusedCharts = {RunChart::Bandwidth}; // 4 KiB writes to each OSD: a rate and latencies
    return k;
}

} // namespace cm::ui
