#include "wizard/pagesetregistry.h"

#include "kinds/cephfs/cephfsparamspage.h"
#include "kinds/cephfs/cephfsreviewpage.h"
#include "kinds/cephfs/cephfstargetpage.h"
#include "wizard/diskparamspage.h"
#include "kinds/diskfio/disksafetypage.h"
#include "kinds/diskfio/disktargetpage.h"
#include "kinds/netiperf/netnodespage.h"
#include "kinds/netiperf/netparamspage.h"
#include "kinds/netiperf/netpreviewpage.h"
#include "wizard/nodespage.h"
#include "wizard/planwizard.h"
#include "kinds/osdlatency/osdlatencytargetpage.h"
#include "kinds/rados/radostargetpage.h"
#include "kinds/rbd/rbdtargetpage.h"
#include "wizard/reviewpage.h"
#include "kinds/s3/s3paramspage.h"
#include "kinds/s3/s3reviewpage.h"
#include "kinds/s3/s3targetpage.h"

namespace cm::ui {

PageSetRegistry &PageSetRegistry::instance()
{
    static PageSetRegistry r;
    return r;
}

void PageSetRegistry::add(const QString &kindId, PageSetFactory factory)
{
    if (!m_sets.contains(kindId))
        m_order.append(kindId);
    m_sets.insert(kindId, std::move(factory));
}

QList<PlanWizardPage *> PageSetRegistry::create(const QString &kindId, PlanWizard *wizard) const
{
    const auto it = m_sets.constFind(kindId);
    return it == m_sets.constEnd() ? QList<PlanWizardPage *>{} : (*it)(wizard);
}

void registerBuiltinPageSets()
{
    static const bool once = [] {
        PageSetRegistry::instance().add(QStringLiteral("disk-fio"), [](PlanWizard *w) {
            return QList<PlanWizardPage *>{new NodesPage(w), new DiskTargetPage(w), new DiskParamsPage(w),
                                           new DiskSafetyPage(w), new ReviewPage(w)};
        });
        // RBD: nodes, cluster and pool, the RBD test table, review (no device to guard).
        PageSetRegistry::instance().add(QStringLiteral("rbd"), [](PlanWizard *w) {
            return QList<PlanWizardPage *>{new NodesPage(w), new RbdTargetPage(w), new DiskParamsPage(w), new ReviewPage(w)};
        });
        // Per-OSD latency and RADOS: ClusterMark is the client (no node to choose).
        PageSetRegistry::instance().add(QStringLiteral("osd-latency"), [](PlanWizard *w) {
            return QList<PlanWizardPage *>{new OsdLatencyTargetPage(w), new DiskParamsPage(w), new ReviewPage(w)};
        });
        PageSetRegistry::instance().add(QStringLiteral("rados"), [](PlanWizard *w) {
            return QList<PlanWizardPage *>{new RadosTargetPage(w), new DiskParamsPage(w), new ReviewPage(w)};
        });
        PageSetRegistry::instance().add(QStringLiteral("net-iperf"), [](PlanWizard *w) {
            return QList<PlanWizardPage *>{new NetNodesPage(w), new NetParamsPage(w), new NetPreviewPage(w)};
        });
        // CephFS: engine and target, presets, review with what is created and removed.
        PageSetRegistry::instance().add(QStringLiteral("cephfs"), [](PlanWizard *w) {
            return QList<PlanWizardPage *>{new CephFsTargetPage(w), new CephFsParamsPage(w), new CephFsReviewPage(w)};
        });
        // S3 / RGW: ClusterMark is the S3 client (no node to choose).
        PageSetRegistry::instance().add(QStringLiteral("s3"), [](PlanWizard *w) {
            return QList<PlanWizardPage *>{new S3TargetPage(w), new S3ParamsPage(w), new S3ReviewPage(w)};
        });
        return true;
    }();
    Q_UNUSED(once);
}

} // namespace cm::ui
