// SPDX-License-Identifier: GPL-3.0-or-later
// The s3 kind's screens, registered in kinds/uikinds.cpp.
#include "kinds/s3/s3ui.h"

#include "bench/s3/s3kind.h"
#include "kinds/s3/s3paramspage.h"
#include "kinds/s3/s3reviewpage.h"
#include "kinds/s3/s3runtab.h"
#include "kinds/s3/s3targetpage.h"
#include "wizard/nodespage.h"
#include "wizard/planwizard.h"

namespace cm::ui {

UiKind s3UiKind()
{
    UiKind k;
    k.id = S3Kind::kindId();
    // Client nodes (this machine for ClusterMark's own S3 client), gateway, tests, review.
    k.wizardPages = [](PlanWizard *w) {
        return QList<PlanWizardPage *> {
            new NodesPage(w), new S3TargetPage(w), new S3ParamsPage(w), new S3ReviewPage(w)};
    };
    k.runTabs = [](QWidget *parent) { return QList<KindRunTab *> {new S3SweepTab(parent)}; };
    return k;
}

} // namespace cm::ui
