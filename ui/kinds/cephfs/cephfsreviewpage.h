// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Review of a CephFS plan: the review page of every kind (name, session, repetitions,
// every step's command or description, estimated duration) plus what the run creates
// and removes: one app-prefixed folder per step and, for fio with an app-made mount,
// the temporary mount on the node.
#include "wizard/reviewpage.h"

class QLabel;

namespace cm::ui {

class CephFsReviewPage : public ReviewPage {
    Q_OBJECT
public:
    explicit CephFsReviewPage(QWidget *parent = nullptr);
    void initializePage() override;

    QLabel *changesLabel() const { return m_changes; }
    static QString changesText(const Plan &plan); // plain text, translated

private:
    QLabel *m_changes = nullptr;
};

} // namespace cm::ui
