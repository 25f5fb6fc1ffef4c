// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// CephFS target: the engine (ClusterMark's own libcephfs client on this machine, or
// fio on a node over SSH), the file system and a folder inside it. Native: the Ceph
// client of this machine (CephClientForm). fio: the node (and more nodes at once, each
// with its own mount and folder: a cluster total), and either an existing CephFS
// mount there or a mount the app makes for the run (ceph-fuse or the kernel client),
// which needs the user's explicit consent. Writes Plan.target (CephFsKind::Options) and
// Plan.nodes; the parameters page builds the steps with CephFsKind::makePlan().
#include "bench/cephfs/cephfskind.h"
#include "wizard/planwizard.h"

#include <QSet>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QRadioButton;
class QWidget;

namespace cm::ui {

class CephClientForm;

class CephFsTargetPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit CephFsTargetPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    // The choices of this page as Options (parameters left as in the plan's target).
    CephFsKind::Options options() const;
    NodeSpec chosenNode() const; // fio: the first node; native: this machine
    QList<NodeSpec> chosenNodes() const; // fio: it and the ones ticked to run at once
    QString problem() const;

    QComboBox *engineCombo() const { return m_engine; }
    CephClientForm *clientForm() const { return m_client; }
    QComboBox *fsCombo() const { return m_fs; }
    QLineEdit *dirEdit() const { return m_dir; }
    QComboBox *nodeCombo() const { return m_node; }
    QListWidget *moreNodesList() const { return m_moreNodes; }
    QRadioButton *existingMountRadio() const { return m_useExisting; }
    QLineEdit *mountPathEdit() const { return m_mountPath; }
    QRadioButton *appMountRadio() const { return m_useMount; }
    QComboBox *mountToolCombo() const { return m_mountTool; }
    QLineEdit *nodeConfEdit() const { return m_nodeConf; }
    QLineEdit *nodeKeyringEdit() const { return m_nodeKeyring; }
    QLineEdit *nodeClientEdit() const { return m_nodeClient; }
    QCheckBox *consentCheck() const { return m_consent; }
    QLabel *problemLabel() const { return m_problem; }

private:
    void refresh();
    void fillMoreNodes(); // the known nodes but the first, ticked as before
    bool isNative() const;

    QComboBox *m_engine = nullptr;
    QWidget *m_nativeBox = nullptr;
    CephClientForm *m_client = nullptr;
    QWidget *m_fioBox = nullptr;
    QComboBox *m_node = nullptr;
    QList<NodeSpec> m_nodes;
    QListWidget *m_moreNodes = nullptr;
    QSet<QString> m_ticked; // NodeSpec::secretKey() of the ticked nodes
    QRadioButton *m_useExisting = nullptr;
    QLineEdit *m_mountPath = nullptr;
    QRadioButton *m_useMount = nullptr;
    QComboBox *m_mountTool = nullptr;
    QWidget *m_mountBox = nullptr;
    QLineEdit *m_nodeConf = nullptr;
    QLineEdit *m_nodeKeyring = nullptr;
    QLineEdit *m_nodeClient = nullptr;
    QCheckBox *m_consent = nullptr;
    QLabel *m_consentText = nullptr;
    QComboBox *m_fs = nullptr;
    QLineEdit *m_dir = nullptr;
    QLabel *m_problem = nullptr;
};

} // namespace cm::ui
