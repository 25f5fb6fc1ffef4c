// SPDX-License-Identifier: GPL-3.0-or-later
// The diskfio kind's screens, registered in kinds/uikinds.cpp.
#include "kinds/diskfio/diskfioui.h"

#include "bench/diskfio/diskfiokind.h"
#include "kinds/diskfio/disksafetypage.h"
#include "kinds/diskfio/disktargetpage.h"
#include "wizard/diskparamspage.h"
#include "wizard/nodespage.h"
#include "wizard/planwizard.h"
#include "wizard/reviewpage.h"

namespace cm::ui {

UiKind diskFioUiKind()
{
    UiKind k;
    k.id = DiskFioKind::kindId();
    k.wizardPages = [](PlanWizard *w) {
        return QList<PlanWizardPage *> {
            new NodesPage(w), new DiskTargetPage(w), new DiskParamsPage(w), new DiskSafetyPage(w), new ReviewPage(w)};
    };
    return k;
}

} // namespace cm::ui
