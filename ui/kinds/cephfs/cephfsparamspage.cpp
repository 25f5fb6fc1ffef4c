// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/cephfs/cephfsparamspage.h"
#include "errortext.h"

#include "bench/planbuilder.h"

#include <algorithm>

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace cm::ui {

namespace {
bool isMetaStep(const PlanStep &s)
{
    return s.params.value(QStringLiteral("workload")).toString() == QLatin1String("metadata");
}

QSpinBox *overrideSpin(int max, const QString &suffix, QWidget *parent)
{
    auto *s = new QSpinBox(parent);
    s->setRange(0, max);
    s->setSpecialValueText(CephFsParamsPage::tr("as in the preset"));
    s->setSuffix(suffix);
    s->setGroupSeparatorShown(true);
    return s;
}
} // namespace

QString CephFsParamsPage::presetTitle(const QString &id)
{
    if (id == QLatin1String("throughput"))
        return tr("Throughput");
    if (id == QLatin1String("metadata"))
        return tr("Metadata (many small files)");
    if (id == QLatin1String("quick"))
        return tr("Quick");
    return id;
}

QString CephFsParamsPage::presetDescription(const QString &id)
{
    if (id == QLatin1String("throughput"))
        return tr("How fast large and small blocks move: big sequential writes and reads (4 MB blocks, 4 threads, a "
                  "1 GB file each), then small random writes and reads (4 KB blocks, 16 threads), 30 s each.");
    if (id == QLatin1String("metadata"))
        return tr("How fast the metadata server handles files: 4 threads each create 2,000 empty files, look each one "
                  "up, then delete them; files per second and latency per operation. Needs ClusterMark's own "
                  "client (not fio).");
    if (id == QLatin1String("quick"))
        return tr("A short look at everything: sequential write and read, small random reads (10 s each) and 4 × 500 "
                  "small files created, looked up and deleted (the small-file part needs ClusterMark's own client).");
    return {};
}

CephFsParamsPage::CephFsParamsPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("cephFsParamsPage"));
    setTitle(tr("Parameters"));
    setSubTitle(tr("Pick a preset. Change single values under “Advanced” only if you need to."));
    auto *v = new QVBoxLayout(this);
    m_presets = new QListWidget(this);
    m_presets->setObjectName(QStringLiteral("presetList"));
    m_presets->setWordWrap(true);
    m_presets->setSpacing(2);
    v->addWidget(m_presets, 3);

    m_toggle = new QToolButton(this);
    m_toggle->setObjectName(QStringLiteral("advancedToggle"));
    m_toggle->setText(tr("Advanced"));
    m_toggle->setCheckable(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setArrowType(Qt::RightArrow);
    m_toggle->setAutoRaise(true);
    v->addWidget(m_toggle);

    m_advanced = new QWidget(this);
    auto *av = new QHBoxLayout(m_advanced);
    av->setContentsMargins(16, 0, 0, 0);
    auto *wl = new QVBoxLayout;
    wl->addWidget(new QLabel(tr("Workloads:"), m_advanced));
    m_workloads = new QListWidget(m_advanced);
    m_workloads->setObjectName(QStringLiteral("workloadList"));
    wl->addWidget(m_workloads, 1);
    av->addLayout(wl, 1);
    auto *form = new QFormLayout;
    m_bs = new QLineEdit(m_advanced);
    m_bs->setObjectName(QStringLiteral("blockSizeEdit"));
    m_bs->setPlaceholderText(tr("as in the preset (4M, 4k)"));
    m_threads = overrideSpin(256, QString(), m_advanced);
    m_threads->setObjectName(QStringLiteral("threadsSpin"));
    m_fileSize = new QLineEdit(m_advanced);
    m_fileSize->setObjectName(QStringLiteral("fileSizeEdit"));
    m_fileSize->setPlaceholderText(tr("as in the preset (1G, 256M)"));
    m_files = overrideSpin(10000000, QString(), m_advanced);
    m_files->setObjectName(QStringLiteral("filesSpin"));
    m_runtime = overrideSpin(86400, tr(" s"), m_advanced);
    m_runtime->setObjectName(QStringLiteral("runtimeSpin"));
    m_iodepth = overrideSpin(1024, QString(), m_advanced);
    m_iodepth->setObjectName(QStringLiteral("iodepthSpin"));
    form->addRow(tr("Block size:"), m_bs);
    form->addRow(tr("Threads:"), m_threads);
    form->addRow(tr("File size per thread:"), m_fileSize);
    form->addRow(tr("Small files per thread:"), m_files);
    form->addRow(tr("Runtime per test:"), m_runtime);
    m_iodepthLabel = new QLabel(tr("fio queue depth per thread:"), m_advanced);
    form->addRow(m_iodepthLabel, m_iodepth);
    av->addLayout(form, 1);
    m_advanced->setVisible(false);
    v->addWidget(m_advanced, 2);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    v->addWidget(m_problem);

    connect(m_toggle, &QToolButton::toggled, this, [this](bool on) {
        m_advanced->setVisible(on);
        m_toggle->setArrowType(on ? Qt::DownArrow : Qt::RightArrow);
    });
    connect(m_presets, &QListWidget::currentRowChanged, this, [this] {
        fillWorkloads({});
        refresh();
    });
    connect(m_workloads, &QListWidget::itemChanged, this, &CephFsParamsPage::refresh);
    for (QLineEdit *e : {m_bs, m_fileSize})
        connect(e, &QLineEdit::textChanged, this, &CephFsParamsPage::refresh);
    for (QSpinBox *s : {m_threads, m_files, m_runtime, m_iodepth})
        connect(s, &QSpinBox::valueChanged, this, &CephFsParamsPage::refresh);
}

bool CephFsParamsPage::fio() const
{
    return planWizard()
        && planWizard()->plan().target.value(QStringLiteral("engine")).toString() == QLatin1String("fio");
}

void CephFsParamsPage::initializePage()
{
    const Plan &plan = planWizard()->plan();
    m_presetData = CephFsKind().presets();
    const CephFsKind::Options o = CephFsKind::Options::fromJson(plan.target);
    const bool hasPreset = plan.target.contains(QStringLiteral("preset"));
    QString wanted = hasPreset ? o.preset : planWizard()->defaultPreset();
    {
        const QSignalBlocker block(m_presets);
        m_presets->clear();
        for (const Preset &p : std::as_const(m_presetData)) {
            const bool metaOnly = std::all_of(p.steps.begin(), p.steps.end(), isMetaStep);
            auto *item
                = new QListWidgetItem(presetTitle(p.id) + QLatin1Char('\n') + presetDescription(p.id), m_presets);
            item->setData(Qt::UserRole, p.id);
            if (fio() && metaOnly) {
                item->setFlags(item->flags() & ~(Qt::ItemIsEnabled | Qt::ItemIsSelectable));
                item->setToolTip(
                    tr("fio measures throughput only: choose ClusterMark's own client on the previous page "
                       "for the metadata test."));
                if (wanted == p.id)
                    wanted.clear();
            }
        }
        int row = 0;
        for (int i = 0; i < m_presetData.size(); ++i)
            if (m_presetData.at(i).id == wanted)
                row = i;
        if (!(m_presets->item(row)->flags() & Qt::ItemIsEnabled))
            row = 0;
        m_presets->setCurrentRow(row);
    }
    const QSignalBlocker b1(m_bs), b2(m_fileSize), b3(m_threads), b4(m_files), b5(m_runtime), b6(m_iodepth);
    m_bs->setText(o.bs);
    m_fileSize->setText(o.fileSize);
    m_threads->setValue(o.threads);
    m_files->setValue(o.files);
    m_runtime->setValue(o.runtime);
    m_iodepth->setValue(o.iodepth);
    m_iodepth->setVisible(fio());
    m_iodepthLabel->setVisible(fio());
    // A plan being edited keeps its own choice of workloads.
    QStringList checked;
    if (plan.kind == CephFsKind::kindId() && hasPreset
        && o.preset == m_presets->currentItem()->data(Qt::UserRole).toString())
        for (const PlanStep &s : plan.steps)
            checked << s.id;
    fillWorkloads(checked);
    refresh();
}

void CephFsParamsPage::fillWorkloads(const QStringList &checked)
{
    const QSignalBlocker block(m_workloads);
    m_workloads->clear();
    const int row = m_presets->currentRow();
    if (row < 0 || row >= m_presetData.size())
        return;
    for (const PlanStep &s : m_presetData.at(row).steps) {
        if (fio() && isMetaStep(s))
            continue; // makePlan drops it for fio
        auto *item = new QListWidgetItem(s.title, m_workloads);
        item->setData(Qt::UserRole, s.id);
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(checked.isEmpty() || checked.contains(s.id) ? Qt::Checked : Qt::Unchecked);
    }
}

QStringList CephFsParamsPage::checkedWorkloads() const
{
    QStringList ids;
    for (int i = 0; i < m_workloads->count(); ++i)
        if (m_workloads->item(i)->checkState() == Qt::Checked)
            ids << m_workloads->item(i)->data(Qt::UserRole).toString();
    return ids;
}

CephFsKind::Options CephFsParamsPage::options() const
{
    CephFsKind::Options o = CephFsKind::Options::fromJson(planWizard()->plan().target);
    if (QListWidgetItem *item = m_presets->currentItem())
        o.preset = item->data(Qt::UserRole).toString();
    o.bs = m_bs->text().trimmed();
    o.fileSize = m_fileSize->text().trimmed();
    o.threads = m_threads->value();
    o.files = m_files->value();
    o.runtime = m_runtime->value();
    o.iodepth = fio() ? m_iodepth->value() : 0;
    return o;
}

Plan CephFsParamsPage::buildPlan(Error *error) const
{
    const CephFsKind::Options o = options();
    auto fail = [&](const QString &m) {
        *error = Error(Error::Code::InvalidInput, m, QStringLiteral("cephfs"));
        return Plan {};
    };
    if (!o.bs.isEmpty() && !isSizeText(o.bs))
        return fail(tr("The block size is a size like 4M or 64k."));
    if (!o.fileSize.isEmpty() && !isSizeText(o.fileSize))
        return fail(tr("The file size is a size like 1G or 256M."));
    Plan plan = CephFsKind::makePlan(planWizard()->plan().nodes, o, error);
    if (*error)
        return {};
    const QStringList keep = checkedWorkloads();
    QList<PlanStep> steps;
    for (const PlanStep &s : std::as_const(plan.steps))
        if (keep.contains(s.id))
            steps << s;
    if (steps.isEmpty())
        return fail(tr("Tick at least one workload under “Advanced”."));
    plan.steps = steps;
    return plan;
}

void CephFsParamsPage::refresh()
{
    // Fields that no ticked workload uses are off.
    bool meta = false;
    bool io = false;
    const int row = m_presets->currentRow();
    const QStringList ids = checkedWorkloads();
    for (const PlanStep &st : row >= 0 && row < m_presetData.size() ? m_presetData.at(row).steps : QList<PlanStep> {})
        if (ids.contains(st.id))
            (isMetaStep(st) ? meta : io) = true;
    m_files->setEnabled(meta);
    for (QWidget *w : std::initializer_list<QWidget *> {m_bs, m_fileSize, m_iodepth})
        w->setEnabled(io);
    Error e;
    buildPlan(&e);
    m_problemText = errorText(e);
    m_problem->setText(m_problemText);
    Q_EMIT completeChanged();
}

bool CephFsParamsPage::isComplete() const
{
    return m_presets->currentRow() >= 0 && m_problemText.isEmpty();
}

bool CephFsParamsPage::validatePage()
{
    Error e;
    const Plan built = buildPlan(&e);
    if (e)
        return false;
    Plan &plan = planWizard()->plan();
    QJsonObject target = built.target;
    for (const char *k : {"monHost", "fsid"}) // a fetched cluster (CephFsTargetPage)
        if (plan.target.contains(QLatin1String(k)))
            target.insert(QLatin1String(k), plan.target.value(QLatin1String(k)));
    plan.kind = built.kind;
    plan.preset = built.preset;
    plan.nodes = built.nodes;
    plan.target = target;
    plan.steps = built.steps;
    // plan.ceph (the health poll) stays as the target page set it.
    return true;
}

} // namespace cm::ui
