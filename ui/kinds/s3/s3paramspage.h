// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// S3 parameters: the presets first (S3Kind::presets, each with a plain-language
// description), then a folded "Advanced" section (S3AdvancedForm). The steps come from
// S3Kind::makePlan — the builder of `clustermark-cli plan s3` — so both make the same
// plan from the same choices; its complaints show live and block Next.
#include "bench/s3/s3kind.h"
#include "wizard/planwizard.h"

class QLabel;
class QListWidget;
class QToolButton;

namespace cm::ui {

class S3AdvancedForm;

class S3ParamsPage : public PlanWizardPage {
    Q_OBJECT
public:
    explicit S3ParamsPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;

    // The options the page hands to S3Kind::makePlan (target from the plan).
    S3Kind::Options options() const;
    static QString presetTitle(const QString &presetId); // translated, by id
    static QString presetDescription(const QString &presetId);

    QListWidget *presetList() const { return m_presets; }
    QToolButton *advancedToggle() const { return m_toggle; }
    S3AdvancedForm *advancedForm() const { return m_advanced; }
    QLabel *summaryLabel() const { return m_summary; }
    QLabel *problemLabel() const { return m_problem; }

private:
    QString problem() const;
    Plan built(Error *error) const; // the plan of the chosen nodes, preset and options
    void presetChosen();
    void refresh();

    QListWidget *m_presets = nullptr;
    QLabel *m_description = nullptr;
    QToolButton *m_toggle = nullptr;
    S3AdvancedForm *m_advanced = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_problem = nullptr;
    QList<Preset> m_presetList;
    bool m_dirty = false; // changed since initializePage ("Run again" keeps the saved steps otherwise)
    bool m_loading = false;
};

} // namespace cm::ui
