// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// CephFS parameters: a preset first (throughput, metadata, quick — CephFsKind's), each
// with a plain-language description, then an "Advanced" fold: which of the preset's
// workloads run, and block size, threads, file size, files per thread (metadata),
// runtime and (fio) queue depth for all of them. The steps come from
// CephFsKind::makePlan(), the builder of `clustermark-cli plan cephfs`.
#include "bench/cephfs/cephfskind.h"
#include "wizard/planwizard.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;
class QToolButton;

namespace cm::ui {

class CephFsParamsPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit CephFsParamsPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    // The page's choices on top of the target page's (Plan.target).
    CephFsKind::Options options() const;
    // makePlan(nodes, options()) without the unticked workloads; *error says why not.
    Plan buildPlan(Error *error) const;
    QStringList checkedWorkloads() const; // step ids

    QListWidget *presetList() const { return m_presets; }
    QToolButton *advancedToggle() const { return m_toggle; }
    QWidget *advancedBox() const { return m_advanced; }
    QListWidget *workloadList() const { return m_workloads; }
    QLineEdit *blockSizeEdit() const { return m_bs; }
    QSpinBox *threadsSpin() const { return m_threads; }
    QLineEdit *fileSizeEdit() const { return m_fileSize; }
    QSpinBox *filesSpin() const { return m_files; }
    QSpinBox *runtimeSpin() const { return m_runtime; }
    QSpinBox *iodepthSpin() const { return m_iodepth; }
    QLabel *problemLabel() const { return m_problem; }

    static QString presetTitle(const QString &id); // translated
    static QString presetDescription(const QString &id); // plain language, translated

private:
    void fillWorkloads(const QStringList &checked);
    void refresh();
    bool fio() const;

    QListWidget *m_presets = nullptr;
    QToolButton *m_toggle = nullptr;
    QWidget *m_advanced = nullptr;
    QListWidget *m_workloads = nullptr;
    QLineEdit *m_bs = nullptr;
    QSpinBox *m_threads = nullptr;
    QLineEdit *m_fileSize = nullptr;
    QSpinBox *m_files = nullptr;
    QSpinBox *m_runtime = nullptr;
    QSpinBox *m_iodepth = nullptr;
    QLabel *m_iodepthLabel = nullptr;
    QLabel *m_problem = nullptr;
    QList<Preset> m_presetData;
    QString m_problemText;
};

} // namespace cm::ui
