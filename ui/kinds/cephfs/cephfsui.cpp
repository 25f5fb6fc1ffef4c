// SPDX-License-Identifier: GPL-3.0-or-later
// The cephfs kind's screens, registered in kinds/uikinds.cpp.
#include "kinds/cephfs/cephfsui.h"

#include "bench/cephfs/cephfskind.h"
#include "kinds/cephfs/cephfsparamspage.h"
#include "kinds/cephfs/cephfsreviewpage.h"
#include "kinds/cephfs/cephfsruntab.h"
#include "kinds/cephfs/cephfstargetpage.h"
#include "wizard/planwizard.h"

namespace cm::ui {

UiKind cephFsUiKind()
{
    UiKind k;
    k.id = CephFsKind::kindId();
    k.wizardPages = [](PlanWizard *w) {
        return QList<PlanWizardPage *> {new CephFsTargetPage(w), new CephFsParamsPage(w), new CephFsReviewPage(w)};
    };
    k.runTabs = [](QWidget *parent) { return QList<KindRunTab *> {new CephFsMetaTab(parent)}; };
    return k;
}

} // namespace cm::ui
