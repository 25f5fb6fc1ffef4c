// SPDX-License-Identifier: GPL-3.0-or-later
// The rados kind's screens, registered in kinds/uikinds.cpp.
#include "kinds/rados/radosui.h"

#include "bench/rados/radoskind.h"
#include "kinds/rados/radostargetpage.h"
#include "wizard/diskparamspage.h"
#include "wizard/nodespage.h"
#include "wizard/planwizard.h"
#include "wizard/reviewpage.h"

namespace cm::ui {

UiKind radosUiKind()
{
    UiKind k;
    k.id = RadosKind::kindId();
    // Client nodes (this machine for ClusterMark's own client), cluster and pool, tests, review.
    k.wizardPages = [](PlanWizard *w) {
        return QList<PlanWizardPage *> {
            new NodesPage(w), new RadosTargetPage(w), new DiskParamsPage(w), new ReviewPage(w)};
    };
    return k;
}

} // namespace cm::ui
