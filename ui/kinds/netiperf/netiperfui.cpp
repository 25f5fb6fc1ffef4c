// SPDX-License-Identifier: GPL-3.0-or-later
// The netiperf kind's screens, registered in kinds/uikinds.cpp.
#include "kinds/netiperf/netiperfui.h"

#include "bench/netiperf/netiperfkind.h"
#include "kinds/netiperf/netiperfviews.h"
#include "kinds/netiperf/netnodespage.h"
#include "kinds/netiperf/netparamspage.h"
#include "kinds/netiperf/netpreviewpage.h"
#include "wizard/planwizard.h"

namespace cm::ui {

UiKind netIperfUiKind()
{
    UiKind k;
    k.id = NetIperfKind::kindId();
    k.wizardPages = [](PlanWizard *w) {
        return QList<PlanWizardPage *> {new NetNodesPage(w), new NetParamsPage(w), new NetPreviewPage(w)};
    };
    k.runTabs = [](QWidget *parent) {
        return QList<KindRunTab *> {new NetMatrixTab(parent), new NetFindingsTab(parent)};
    };
    k.livePanel = [](QWidget *parent) { return new NetLivePanel(parent); };
    return k;
}

} // namespace cm::ui
