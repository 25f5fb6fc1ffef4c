// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How this machine reaches a Ceph cluster, for the kinds whose client is ClusterMark
// itself (native RBD, per-OSD latency, RADOS): ceph.conf and keyring paths on THIS
// machine, the client name, and whether to poll the cluster's health during the run.
// Defaults come from the plan's "ceph" block (the connected cluster) when it is set. A
// cluster fetched from a node over SSH has no files here: its mons and fsid are used,
// and the key stays in memory (or the keychain).
#include <QJsonObject>
#include <QWidget>

class QCheckBox;
class QLabel;
class QLineEdit;

namespace cm::ui {

// The client field of a form: Ceph's own "client." in front of the id the user
// types, so it reads "client.admin" as in the connect dialog and in Ceph's output.
QWidget *withClientPrefix(QLineEdit *edit);

class CephClientForm : public QWidget {
    Q_OBJECT
public:
    explicit CephClientForm(QWidget *parent = nullptr);

    // Fills the fields from a kind's target ({"conf","keyring","client"}) or, when the
    // target has none, from the plan's ceph block ({"conf","keyring","client":"client.X"}).
    void load(const QJsonObject &target, const QJsonObject &ceph);
    QString problem() const; // empty when the fields are usable
    void apply(QJsonObject *target, QJsonObject *ceph) const;

    QLineEdit *confEdit() const { return m_conf; }
    QLineEdit *keyringEdit() const { return m_keyring; }
    QLineEdit *clientEdit() const { return m_client; }
    QCheckBox *healthCheck() const { return m_health; }
    bool isFetched() const { return !m_fetched.isEmpty(); }

Q_SIGNALS:
    void changed();

private:
    QLineEdit *m_conf = nullptr;
    QLineEdit *m_keyring = nullptr;
    QLineEdit *m_client = nullptr;
    QCheckBox *m_health = nullptr;
    QLabel *m_fetchedLabel = nullptr;
    QJsonObject m_fetched; // {"monHost","fsid"} of a cluster fetched over SSH
};

} // namespace cm::ui
