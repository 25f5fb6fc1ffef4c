// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The parameters page of the kinds that run a list of tests (disk, RBD, RADOS,
// per-OSD): the kind's own presets first (presettext.h: its titles, with the number
// of tests counted), then an "Advanced" fold: runtime and jobs for every test, block
// size and queue depth per test.
#include "bench/runnerkind.h"
#include "wizard/planwizard.h"

class QLabel;
class QListWidget;
class QSpinBox;
class QTableWidget;
class QToolButton;

namespace cm::ui {

class DiskParamsPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit DiskParamsPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    QListWidget *presetList() const { return m_presets; }
    QToolButton *advancedToggle() const { return m_toggle; }
    QSpinBox *runtimeSpin() const { return m_runtime; }
    QSpinBox *jobsSpin() const { return m_jobs; }
    QTableWidget *stepTable() const { return m_table; }

private:
    void loadPreset(int row);

    QListWidget *m_presets = nullptr;
    QLabel *m_description = nullptr; // the chosen preset's description and method note
    QToolButton *m_toggle = nullptr;
    QWidget *m_advanced = nullptr;
    QSpinBox *m_runtime = nullptr;
    QSpinBox *m_jobs = nullptr;
    QTableWidget *m_table = nullptr;
    QList<Preset> m_presetData;
    int m_savedRow = -1; // the saved run's own tests ("Run again"), else -1
    int m_loadedRuntime = 0;
    int m_loadedJobs = 0;
};

} // namespace cm::ui
