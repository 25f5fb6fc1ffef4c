#include "wizard/cephclientform.h"

#include "bench/planbuilder.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QVBoxLayout>

namespace cm::ui {

CephClientForm::CephClientForm(QWidget *parent) : QWidget(parent)
{
    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    m_conf = new QLineEdit(QStringLiteral("/etc/ceph/ceph.conf"), this);
    m_conf->setObjectName(QStringLiteral("cephConfEdit"));
    m_keyring = new QLineEdit(this);
    m_keyring->setObjectName(QStringLiteral("cephKeyringEdit"));
    m_keyring->setPlaceholderText(tr("from ceph.conf (e.g. /etc/ceph/ceph.client.admin.keyring)"));
    m_client = new QLineEdit(QStringLiteral("admin"), this);
    m_client->setObjectName(QStringLiteral("cephClientEdit"));
    form->addRow(tr("ceph.conf on this machine:"), m_conf);
    form->addRow(tr("Keyring on this machine:"), m_keyring);
    form->addRow(tr("Client name:"), m_client);
    m_health = new QCheckBox(tr("Poll the cluster's health during the run"), this);
    m_health->setObjectName(QStringLiteral("cephHealthCheck"));
    m_health->setChecked(true);
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    v->addLayout(form);
    v->addWidget(m_health);
    for (QLineEdit *e : {m_conf, m_keyring, m_client})
        connect(e, &QLineEdit::textChanged, this, &CephClientForm::changed);
}

void CephClientForm::load(const QJsonObject &target, const QJsonObject &ceph)
{
    const auto pick = [&](const QString &key) {
        return target.contains(key) ? target.value(key).toString() : ceph.value(key).toString();
    };
    if (target.contains(QStringLiteral("conf")) || ceph.contains(QStringLiteral("conf"))) {
        m_conf->setText(pick(QStringLiteral("conf")));
        m_keyring->setText(pick(QStringLiteral("keyring")));
    }
    QString client = pick(QStringLiteral("client"));
    if (client.startsWith(QLatin1String("client.")))
        client = client.mid(7);
    if (!client.isEmpty())
        m_client->setText(client);
}

QString CephClientForm::problem() const
{
    if (!m_conf->text().startsWith(QLatin1Char('/')))
        return tr("ceph.conf must be an absolute path on this machine.");
    if (!m_keyring->text().isEmpty() && !m_keyring->text().startsWith(QLatin1Char('/')))
        return tr("The keyring must be an absolute path on this machine.");
    if (!isCephName(m_client->text()))
        return tr("The client name may hold letters, digits, '.', '_' and '-'.");
    return {};
}

void CephClientForm::apply(QJsonObject *target, QJsonObject *ceph) const
{
    target->insert(QStringLiteral("conf"), m_conf->text());
    target->insert(QStringLiteral("keyring"), m_keyring->text());
    target->insert(QStringLiteral("client"), m_client->text());
    *ceph = m_health->isChecked()
        ? QJsonObject{{QStringLiteral("conf"), m_conf->text()}, {QStringLiteral("keyring"), m_keyring->text()},
                      {QStringLiteral("client"), QStringLiteral("client.") + m_client->text()}}
        : QJsonObject();
}

} // namespace cm::ui
