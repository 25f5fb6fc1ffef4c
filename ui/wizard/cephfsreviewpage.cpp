#include "wizard/cephfsreviewpage.h"

#include "bench/cephfskind.h"

#include <QLabel>
#include <QVBoxLayout>

namespace cm::ui {

CephFsReviewPage::CephFsReviewPage(QWidget *parent) : ReviewPage(parent)
{
    setObjectName(QStringLiteral("cephFsReviewPage"));
    m_changes = new QLabel(this);
    m_changes->setObjectName(QStringLiteral("cephFsChangesLabel"));
    m_changes->setWordWrap(true);
    m_changes->setTextFormat(Qt::PlainText);
    m_changes->setFrameShape(QFrame::StyledPanel);
    m_changes->setMargin(6);
    if (auto *v = qobject_cast<QVBoxLayout *>(layout()))
        v->insertWidget(1, m_changes);   // below the name, session and duration
}

QString CephFsReviewPage::changesText(const Plan &plan)
{
    const CephFsKind::Options o = CephFsKind::Options::fromJson(plan.target);
    const QString fs = o.fsName.isEmpty() ? tr("the default file system") : tr("file system “%1”").arg(o.fsName);
    const QString node = plan.nodes.isEmpty() || plan.nodes.first().isLocal() ? tr("this machine")
                                                                             : plan.nodes.first().displayName();
    QStringList lines;
    lines << tr("Created and removed: for each test a folder %1<random> in %2 of %3, removed with everything in it "
                "after the test (also after a cancel or an error). Nothing else in the file system is touched.")
                 .arg(CephFsKind::folderPrefix(), o.dir, fs);
    if (o.engine == QLatin1String("native"))
        lines << tr("Client: ClusterMark's own libcephfs client on this machine, as client.%1.").arg(o.client);
    else if (!o.mount.isEmpty())
        lines << tr("Mounted and unmounted: for each test %1 mounts %2 on %3 at a temporary folder "
                    "/tmp/clustermark-cephfs-XXXXXX; it is unmounted and the folder removed afterwards.")
                     .arg(o.mount == QLatin1String("kernel") ? tr("the kernel client") : tr("ceph-fuse"), fs, node);
    else
        lines << tr("Uses the existing CephFS mount at %1 on %2 (left mounted).").arg(o.mountPath, node);
    return lines.join(QLatin1Char('\n'));
}

void CephFsReviewPage::initializePage()
{
    ReviewPage::initializePage();
    m_changes->setText(changesText(planWizard()->plan()));
}

} // namespace cm::ui
