// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Connect Ceph cluster…": this machine's ceph.conf and keyring (defaults from
// /etc/ceph, then /etc/pve), or a local lab folder (scripts/lab/ceph-lab.sh), and a
// client name. "Test" connects on a worker thread and shows the fsid and health, or
// the error. Or fetched from a node over SSH (Proxmox's /etc/pve first): the key then
// stays in memory, and in the OS keychain only when the user ticks "Remember".
#include "cephconnection.h"

#include <QDialog>
#include <QFutureWatcher>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace cm::ui {

class CephConnectDialog : public QDialog {
    Q_OBJECT
public:
    explicit CephConnectDialog(const CephConnection &current = {}, QWidget *parent = nullptr);

    CephConnection connection() const;
    // The nodes offered for "Fetch from a node over SSH" (their host keys are trusted).
    void setNodes(const QList<NodeSpec> &nodes);
    bool rememberKey() const;
    void setTimeoutSec(int s) { m_timeoutSec = s; }
    bool lastTestSucceeded() const { return m_ok; }
    QString testedFsid() const { return m_fsid; }
    bool isTesting() const { return m_testing; } // until the result is shown
    QString resultText() const;
    QString problem() const; // why the fields cannot be used ("" = fine)

    // Widgets, for tests
    QRadioButton *filesRadio() const { return m_files; }
    QRadioButton *labRadio() const { return m_lab; }
    QRadioButton *sshRadio() const { return m_ssh; }
    QComboBox *nodeCombo() const { return m_node; }
    QCheckBox *rememberCheck() const { return m_remember; }
    QLineEdit *nodeConfEdit() const { return m_nodeConf; }
    QLineEdit *nodeKeyringEdit() const { return m_nodeKeyring; }
    QLineEdit *confEdit() const { return m_conf; }
    QLineEdit *keyringEdit() const { return m_keyring; }
    QLineEdit *labDirEdit() const { return m_labDir; }
    QLineEdit *clientEdit() const { return m_client; }
    QPushButton *testButton() const { return m_test; }
    QPushButton *connectButton() const { return m_ok_button; }

Q_SIGNALS:
    void testFinished(const cm::Error &error);

public Q_SLOTS:
    void testConnection();

private:
    void updateFields();
    QString nodeText() const;
    void onTestDone();
    void setResult(const QString &text, const QString &color);
    void browse(QLineEdit *edit, bool folder, const QString &title);

    QRadioButton *m_files = nullptr;
    QRadioButton *m_lab = nullptr;
    QRadioButton *m_ssh = nullptr;
    QLineEdit *m_conf = nullptr;
    QLineEdit *m_keyring = nullptr;
    QLineEdit *m_labDir = nullptr;
    QLineEdit *m_client = nullptr;
    QList<QWidget *> m_fileWidgets;
    QList<QWidget *> m_labWidgets;
    QList<QWidget *> m_sshWidgets;
    QComboBox *m_node = nullptr;
    QCheckBox *m_remember = nullptr;
    QLineEdit *m_nodeConf = nullptr;
    QLineEdit *m_nodeKeyring = nullptr;
    CephConnectionSpec m_fetched; // after a successful fetch: mons, fsid and key (memory)
    QPushButton *m_test = nullptr;
    QLabel *m_result = nullptr;
    QLabel *m_problem = nullptr;
    QPushButton *m_ok_button = nullptr;
    QFutureWatcher<CephProbeResult> m_watcher;
    int m_timeoutSec = 10;
    bool m_ok = false;
    bool m_testing = false;
    QString m_fsid;
};

} // namespace cm::ui
