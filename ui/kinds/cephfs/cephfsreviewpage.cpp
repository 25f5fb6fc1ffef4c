// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/cephfs/cephfsreviewpage.h"

#include "bench/cephfs/cephfskind.h"
#include "kinds/cephfs/cephfsparamspage.h"

#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace cm::ui {

CephFsReviewPage::CephFsReviewPage(QWidget *parent)
    : ReviewPage(parent)
{
    setObjectName(QStringLiteral("cephFsReviewPage"));
    m_changes = new QLabel(this);
    m_changes->setObjectName(QStringLiteral("cephFsChangesLabel"));
    m_changes->setWordWrap(true);
    m_changes->setTextFormat(Qt::PlainText);
    m_changes->setFrameShape(QFrame::StyledPanel);
    m_changes->setMargin(6);
    if (auto *v = qobject_cast<QVBoxLayout *>(layout()))
        v->insertWidget(1, m_changes); // below the name, session and duration
    // Long mount + fio lines wrap: readable without scrolling sideways.
    if (auto *commands = findChild<QPlainTextEdit *>(QStringLiteral("commands")))
        commands->setLineWrapMode(QPlainTextEdit::WidgetWidth);
}

QString CephFsReviewPage::changesText(const Plan &plan)
{
    const CephFsKind::Options o = CephFsKind::Options::fromJson(plan.target);
    const QString fs = o.fsName.isEmpty() ? tr("the default file system") : tr("file system “%1”").arg(o.fsName);
    const QString node
        = plan.nodes.isEmpty() || plan.nodes.first().isLocal() ? tr("this machine") : plan.nodes.first().displayName();
    QStringList lines;
    lines << tr("Created and removed: for each test a new folder %1<random> under “%2” in %3; it is removed with "
                "everything in it after the test (also after a cancel or an error). Nothing else in the file system is "
                "touched.")
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
    const bool named
        = nameEdit()->isModified() || (planWizard()->isDuplicate() && !planWizard()->originalName().isEmpty());
    ReviewPage::initializePage();
    if (!named) {
        const Plan &plan = planWizard()->plan();
        const QString node = plan.nodes.isEmpty() || plan.nodes.first().isLocal() ? tr("this machine")
                                                                                  : plan.nodes.first().displayName();
        nameEdit()->setText(tr("CephFS · %1 (%2)").arg(CephFsParamsPage::presetTitle(plan.preset), node));
    }
    m_changes->setText(changesText(planWizard()->plan()));
    if (auto *commands = findChild<QPlainTextEdit *>(QStringLiteral("commands")))
        commands->moveCursor(QTextCursor::Start); // the first step first
}

} // namespace cm::ui
