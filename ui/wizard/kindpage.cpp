#include "wizard/kindpage.h"

#include "bench/registry.h"
#include "wizard/pagesetregistry.h"
#include "wizard/planwizard.h"

#include <QLabel>
#include <QListWidget>
#include <QVBoxLayout>

namespace cm::ui {

KindPage::KindPage(QWidget *parent)
    : QWizardPage(parent)
{
    setObjectName(QStringLiteral("kindPage"));
    setTitle(tr("What do you want to measure?"));
    setSubTitle(tr("Each kind of benchmark has its own targets, presets and safety rules."));
    auto *v = new QVBoxLayout(this);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("kindList"));
    v->addWidget(m_list);
    connect(m_list, &QListWidget::currentRowChanged, this, &QWizardPage::completeChanged);
}

namespace {
QString kindDescription(const QString &id)
{
    if (id == QLatin1String("disk-fio"))
        return KindPage::tr("Disk: fio on the node that holds the disk or folder (bandwidth, IOPS, latency)");
    if (id == QLatin1String("rbd"))
        return KindPage::tr("RBD: fio's rbd engine on a node, one test image per step (Ceph block storage)");
    if (id == QLatin1String("net-iperf"))
        return KindPage::tr("Network: iperf3 / iperf 2 between nodes, with per-link traffic (bonds, MTU, speeds)");
    if (id == QLatin1String("osd-latency"))
        return KindPage::tr("Per-OSD latency: QD1 4k writes to each OSD in turn, to find the slow one (heat map)");
    if (id == QLatin1String("rados"))
        return KindPage::tr("RADOS objects: write, read and stat through the app's own librados client");
    if (id == QLatin1String("s3"))
        return KindPage::tr("S3 objects: PUT, GET and more against an S3 endpoint or Ceph RGW, by object size");
    if (id == QLatin1String("cephfs"))
        return KindPage::tr("CephFS: file throughput and small-file metadata rates (ClusterMark's own client, or fio on a node)");
    const auto kind = Registry::instance().kind(id);
    return kind ? kind->displayName() : id;
}
} // namespace

void KindPage::initializePage()
{
    auto *w = qobject_cast<PlanWizard *>(wizard());
    m_list->clear();
    const QStringList ids = PageSetRegistry::instance().ids();
    for (const QString &id : ids) {
        const auto kind = Registry::instance().kind(id);
        if (!kind)
            continue;
        auto *item = new QListWidgetItem(kindDescription(id), m_list);
        item->setData(Qt::UserRole, id);
    }
    int row = 0;
    for (int i = 0; w && i < m_list->count(); ++i)
        if (m_list->item(i)->data(Qt::UserRole).toString() == w->plan().kind)
            row = i;
    if (m_list->count() > 0)
        m_list->setCurrentRow(row);
}

bool KindPage::isComplete() const
{
    return m_list->currentItem() != nullptr;
}

bool KindPage::validatePage()
{
    auto *w = qobject_cast<PlanWizard *>(wizard());
    if (!w || !m_list->currentItem())
        return false;
    const QString id = m_list->currentItem()->data(Qt::UserRole).toString();
    if (w->plan().kind != id) {
        w->plan().kind = id;
        w->plan().steps.clear();
        w->plan().target = {};
    }
    return true;
}

int KindPage::nextId() const
{
    auto *w = qobject_cast<PlanWizard *>(wizard());
    if (!w || !m_list->currentItem())
        return -1;
    return w->firstPageOf(m_list->currentItem()->data(Qt::UserRole).toString());
}

} // namespace cm::ui
