// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/diskfio/disksafetypage.h"

#include "bench/diskfio/diskfiokind.h"

#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace cm::ui {

DiskSafetyPage::DiskSafetyPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("diskSafetyPage"));
    setTitle(tr("Safety"));
    setSubTitle(tr("Check what will be written, and where."));
    auto *v = new QVBoxLayout(this);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    v->addWidget(m_summary);
    m_confirmLabel = new QLabel(this);
    m_confirmLabel->setWordWrap(true);
    v->addWidget(m_confirmLabel);
    m_confirm = new QLineEdit(this);
    m_confirm->setObjectName(QStringLiteral("confirmEdit"));
    v->addWidget(m_confirm);
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #c62828;"));
    v->addWidget(m_problem);
    v->addStretch(1);
    connect(m_confirm, &QLineEdit::textChanged, this, &QWizardPage::completeChanged);
}

bool DiskSafetyPage::isDevice() const
{
    return planWizard()
        && planWizard()->plan().target.value(QStringLiteral("type")).toString() == QLatin1String("device");
}

void DiskSafetyPage::initializePage()
{
    const Plan &plan = planWizard()->plan();
    QStringList nodes;
    for (const NodeSpec &n : plan.nodes)
        nodes << n.displayName().toHtmlEscaped();
    const QString nodeList = nodes.join(QStringLiteral(", "));
    m_confirm->clear();
    if (isDevice()) {
        const QString dev = plan.target.value(QStringLiteral("path")).toString();
        m_summary->setText(tr("<p style='color:#c62828'><b>All data on %1 will be destroyed</b> on: %2.</p>"
                              "<p>The write tests overwrite the device from its first sector. Partitions, "
                              "filesystems, LVM and Ceph data on it are lost and cannot be recovered.</p>")
                               .arg(dev.toHtmlEscaped(), nodeList));
        m_confirmLabel->setText(tr("Type the device path (%1) to confirm:").arg(dev));
        m_confirmLabel->setVisible(true);
        m_confirm->setVisible(true);
    } else {
        const QString dir = plan.target.value(QStringLiteral("dir")).toString();
        const QString size = plan.target.value(QStringLiteral("size")).toString();
        m_summary->setText(
            tr("<p>fio writes a test file <b>%1/%4</b> of %2 on: %3.</p>"
               "<p>Only that file is written; it is removed when the run ends. Nothing else "
               "in the folder is touched. Make sure the folder's filesystem has %2 free.</p>")
                .arg(dir.toHtmlEscaped(), size.toHtmlEscaped(), nodeList, DiskFioKind::benchFilePattern()));
        m_confirmLabel->setVisible(false);
        m_confirm->setVisible(false);
    }
    m_problem->clear();
    Q_EMIT completeChanged();
}

QString DiskSafetyPage::problemText() const
{
    return m_problem->text();
}

bool DiskSafetyPage::isComplete() const
{
    if (!isDevice())
        return true;
    return m_confirm->text() == planWizard()->plan().target.value(QStringLiteral("path")).toString();
}

bool DiskSafetyPage::validatePage()
{
    Plan &plan = planWizard()->plan();
    if (isDevice())
        plan.target.insert(QStringLiteral("confirm"), m_confirm->text());
    else
        plan.target.remove(QStringLiteral("confirm"));
    if (const auto kind = planWizard()->kind()) {
        const Error e = kind->validate(plan);
        if (e) {
            m_problem->setText(tr("This plan cannot run: %1").arg(e.message));
            return false;
        }
    }
    return true;
}

} // namespace cm::ui
