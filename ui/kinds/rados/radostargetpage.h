// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// RADOS target: the engine (ClusterMark's own librados client on this machine, or fio's
// rados engine on the chosen client nodes), the cluster, the pool, the object size and
// how many objects the run spreads its I/O over. The working set (objects × size)
// must exceed the OSDs' caches, or reads measure RAM: the page shows it and says why
// `rados bench` reports higher figures.
#include "wizard/planwizard.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace cm::ui {

class TemporaryPoolForm;

class CephClientForm;

class RadosTargetPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit RadosTargetPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    CephClientForm *clientForm() const { return m_client; }
    QComboBox *engineCombo() const { return m_engine; }
    QLineEdit *poolEdit() const { return m_pool; }
    QLineEdit *objectSizeEdit() const { return m_objectSize; }
    QSpinBox *objectsSpin() const { return m_objects; }
    QLabel *workingSetLabel() const { return m_workingSet; }

private:
    QString problem() const;
    void refresh();

    CephClientForm *m_client = nullptr;
    QComboBox *m_engine = nullptr;
    QLabel *m_nodePaths = nullptr;
    QLineEdit *m_pool = nullptr;
    QLineEdit *m_objectSize = nullptr;
    QSpinBox *m_objects = nullptr;
    QLabel *m_workingSet = nullptr;
    TemporaryPoolForm *m_temporary = nullptr;
    QLabel *m_problem = nullptr;
};

} // namespace cm::ui
