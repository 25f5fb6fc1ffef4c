// SPDX-License-Identifier: GPL-3.0-or-later
// The rbd kind's screens, registered in kinds/uikinds.cpp.
#include "kinds/rbd/rbdui.h"

#include "bench/rbd/rbdkind.h"
#include "kinds/rbd/rbdtargetpage.h"
#include "wizard/diskparamspage.h"
#include "wizard/nodespage.h"
#include "wizard/planwizard.h"
#include "wizard/reviewpage.h"

namespace cm::ui {

UiKind rbdUiKind()
{
    UiKind k;
    k.id = RbdKind::kindId();
    // No device to guard: nodes, cluster and pool, the RBD test table, review.
    k.wizardPages = [](PlanWizard *w) {
        return QList<PlanWizardPage *> {
            new NodesPage(w), new RbdTargetPage(w), new DiskParamsPage(w), new ReviewPage(w)};
    };
    return k;
}

} // namespace cm::ui
