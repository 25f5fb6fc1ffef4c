// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard/cephclientform.h"

#include "bench/planbuilder.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace cm::ui {

QWidget *withClientPrefix(QLineEdit *edit)
{
    auto *box = new QWidget(edit->parentWidget());
    auto *h = new QHBoxLayout(box);
    h->setContentsMargins(0, 0, 0, 0);
    h->setSpacing(0);
    auto *prefix = new QLabel(QStringLiteral("client."), box);
    prefix->setObjectName(QStringLiteral("cephClientPrefix"));
    h->addWidget(prefix);
    h->addWidget(edit, 1);
    // "client.admin" typed or pasted in full: the prefix is shown already.
    QObject::connect(edit, &QLineEdit::textChanged, edit, [edit](const QString &t) {
        if (t.startsWith(QLatin1String("client.")))
            edit->setText(t.mid(7));
    });
    return box;
}

CephClientForm::CephClientForm(QWidget *parent)
    : QWidget(parent)
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
    form->addRow(tr("Client name:"), withClientPrefix(m_client));
    m_fetchedLabel = new QLabel(this);
    m_fetchedLabel->setObjectName(QStringLiteral("cephFetchedLabel"));
    m_fetchedLabel->setWordWrap(true);
    m_fetchedLabel->setVisible(false);
    form->insertRow(0, m_fetchedLabel);
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
    const QJsonObject &fetchedFrom = target.contains(QStringLiteral("monHost")) ? target : ceph;
    const bool fetched = !target.contains(QStringLiteral("conf")) || target.contains(QStringLiteral("monHost"))
        ? !fetchedFrom.value(QStringLiteral("monHost")).toString().isEmpty()
            && fetchedFrom.value(QStringLiteral("conf")).toString().isEmpty()
        : false;
    m_fetched = fetched ? QJsonObject {{QStringLiteral("monHost"), fetchedFrom.value(QStringLiteral("monHost"))},
                    {QStringLiteral("fsid"), fetchedFrom.value(QStringLiteral("fsid"))}}
                        : QJsonObject();
    m_fetchedLabel->setVisible(fetched);
    m_fetchedLabel->setText(fetched ? tr("Cluster fetched from a node: monitors %1, fsid %2 (key in memory)")
                                          .arg(m_fetched.value(QStringLiteral("monHost")).toString(),
                                              m_fetched.value(QStringLiteral("fsid")).toString())
                                    : QString());
    m_conf->setEnabled(!fetched);
    m_keyring->setEnabled(!fetched);
    if (fetched) {
        m_conf->clear();
        m_keyring->clear();
    }
    const auto pick = [&](const QString &key) {
        return target.contains(key) ? target.value(key).toString() : ceph.value(key).toString();
    };
    if (!fetched && (target.contains(QStringLiteral("conf")) || ceph.contains(QStringLiteral("conf")))) {
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
    if (isFetched())
        return isCephName(m_client->text()) ? QString()
                                            : tr("The client name may hold letters, digits, '.', '_' and '-'.");
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
    QJsonObject c {{QStringLiteral("conf"), m_conf->text()}, {QStringLiteral("keyring"), m_keyring->text()},
        {QStringLiteral("client"), QStringLiteral("client.") + m_client->text()}};
    for (auto it = m_fetched.constBegin(); it != m_fetched.constEnd(); ++it) {
        target->insert(it.key(), it.value());
        c.insert(it.key(), it.value());
    }
    *ceph = m_health->isChecked() ? c : QJsonObject();
}

} // namespace cm::ui
