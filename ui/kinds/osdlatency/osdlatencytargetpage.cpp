// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/osdlatency/osdlatencytargetpage.h"

#include "bench/planbuilder.h"
#include "wizard/cephclientform.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QVBoxLayout>

namespace cm::ui {

namespace {
const QString kOsdLatencyPoolPrefix = QStringLiteral("clustermark-bench-osdlat-");
}

OsdLatencyTargetPage::OsdLatencyTargetPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("osdLatencyTargetPage"));
    setTitle(tr("Per-OSD latency"));
    setSubTitle(tr("4 KiB writes at queue depth 1 to objects whose primary is each OSD in turn, every op timed: "
                   "the slow OSD stands out. ClusterMark itself is the Ceph client."));
    m_client = new CephClientForm(this);

    auto *poolBox = new QGroupBox(tr("Pool"), this);
    auto *pv = new QVBoxLayout(poolBox);
    m_tempPool = new QRadioButton(tr("A temporary pool of size 1 (recommended)"), poolBox);
    m_tempPool->setObjectName(QStringLiteral("tempPoolRadio"));
    m_consent = new QCheckBox(tr("I agree that the run creates and deletes a temporary pool"), poolBox);
    m_consent->setObjectName(QStringLiteral("poolConsentCheck"));
    m_consent->setToolTip(tr("The pool %1… gets size 1 and min_size 1 (no replicas, so every write lands on exactly "
                             "one OSD) and is deleted afterwards.")
                              .arg(kOsdLatencyPoolPrefix));
    auto *tempNote = new QLabel(
        tr("Size 1, deleted afterwards; needs mon_allow_pool_size_one and mon_allow_pool_delete."), poolBox);
    tempNote->setStyleSheet(QStringLiteral("color: palette(mid);"));
    m_existingPool = new QRadioButton(tr("An existing pool (with replicas, each write also waits for them)"), poolBox);
    m_existingPool->setToolTip(tr("Only ClusterMark's own objects are written to it, and removed afterwards."));
    m_pool = new QLineEdit(poolBox);
    m_pool->setObjectName(QStringLiteral("osdPoolEdit"));
    m_pool->setPlaceholderText(tr("pool name"));
    m_tempPool->setChecked(true);
    pv->addWidget(m_tempPool);
    const auto indented = [pv](QWidget *w) {
        auto *row = new QHBoxLayout;
        row->addSpacing(20);
        row->addWidget(w, 1);
        pv->addLayout(row);
    };
    indented(m_consent);
    indented(tempNote);
    pv->addWidget(m_existingPool);
    indented(m_pool);

    auto *form = new QFormLayout;
    m_mode = new QComboBox(this);
    m_mode->setObjectName(QStringLiteral("osdModeCombo"));
    m_mode->addItem(tr("One OSD at a time (clean per-OSD figures)"), QStringLiteral("sequential"));
    m_mode->addItem(tr("All OSDs at once (faster; shared network and CPU)"), QStringLiteral("parallel"));
    m_osds = new QLineEdit(this);
    m_osds->setObjectName(QStringLiteral("osdIdsEdit"));
    m_osds->setPlaceholderText(tr("all OSDs that are up and in, or ids like 0,2,5"));
    form->addRow(tr("Order:"), m_mode);
    form->addRow(tr("OSDs:"), m_osds);

    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    auto *v = new QVBoxLayout(this);
    v->addWidget(m_client);
    v->addWidget(poolBox);
    v->addLayout(form);
    v->addWidget(m_problem);
    v->addStretch(1);

    connect(m_client, &CephClientForm::changed, this, &OsdLatencyTargetPage::refresh);
    for (QLineEdit *e : {m_pool, m_osds})
        connect(e, &QLineEdit::textChanged, this, &OsdLatencyTargetPage::refresh);
    connect(m_tempPool, &QRadioButton::toggled, this, &OsdLatencyTargetPage::refresh);
    connect(m_consent, &QCheckBox::toggled, this, &OsdLatencyTargetPage::refresh);
}

void OsdLatencyTargetPage::refresh()
{
    m_consent->setEnabled(m_tempPool->isChecked());
    m_pool->setEnabled(!m_tempPool->isChecked());
    m_problem->setText(problem());
    Q_EMIT completeChanged();
}

void OsdLatencyTargetPage::initializePage()
{
    const Plan &plan = planWizard()->plan();
    const QJsonObject t = plan.target;
    m_client->load(t, plan.ceph);
    if (!t.value(QStringLiteral("pool")).toString().isEmpty()) {
        m_existingPool->setChecked(true);
        m_pool->setText(t.value(QStringLiteral("pool")).toString());
    }
    m_consent->setChecked(t.value(QStringLiteral("poolConsent")).toBool());
    const int mode = m_mode->findData(t.value(QStringLiteral("mode")).toString());
    if (mode >= 0)
        m_mode->setCurrentIndex(mode);
    QStringList ids;
    for (const QJsonValue &v : t.value(QStringLiteral("osds")).toArray())
        ids << QString::number(v.toInt());
    m_osds->setText(ids.join(QLatin1Char(',')));
    refresh();
}

QList<int> OsdLatencyTargetPage::osdIds(bool *ok) const
{
    *ok = true;
    QList<int> ids;
    for (const QString &part : m_osds->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool good = false;
        QString p = part.trimmed();
        if (p.startsWith(QLatin1String("osd.")))
            p = p.mid(4);
        const int id = p.toInt(&good);
        if (!good || id < 0) {
            *ok = false;
            return {};
        }
        if (!ids.contains(id))
            ids << id;
    }
    return ids;
}

QString OsdLatencyTargetPage::problem() const
{
    if (const QString p = m_client->problem(); !p.isEmpty())
        return p;
    if (m_tempPool->isChecked() && !m_consent->isChecked())
        return tr("Tick the box to agree to the temporary pool, or choose an existing pool.");
    if (!m_tempPool->isChecked() && !isCephName(m_pool->text()))
        return tr("The pool name may hold letters, digits, '.', '_' and '-'.");
    bool ok = false;
    osdIds(&ok);
    if (!ok)
        return tr("OSDs: leave empty for all, or list ids like 0,2,5.");
    return {};
}

bool OsdLatencyTargetPage::isComplete() const
{
    return problem().isEmpty();
}

bool OsdLatencyTargetPage::validatePage()
{
    Plan &plan = planWizard()->plan();
    // The client is this machine: the plan's one node is local.
    plan.nodes = {NodeSpec::parse(QStringLiteral("local"))};
    QJsonObject target {{QStringLiteral("mode"), m_mode->currentData().toString()},
        {QStringLiteral("objectSize"), QStringLiteral("4M")}};
    if (m_tempPool->isChecked())
        target.insert(QStringLiteral("poolConsent"), true);
    else
        target.insert(QStringLiteral("pool"), m_pool->text());
    bool ok = false;
    const QList<int> ids = osdIds(&ok);
    if (!ids.isEmpty()) {
        QJsonArray a;
        for (int id : ids)
            a.append(id);
        target.insert(QStringLiteral("osds"), a);
    }
    m_client->apply(&target, &plan.ceph);
    plan.target = target;
    return true;
}

} // namespace cm::ui
