// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// S3 review: the common review (name, session, every step's description from
// S3Kind::commandPreview, the estimated duration, repetitions, "Save plan…") and above
// it what the run creates and removes on the gateway, where the secret comes from and
// how TLS is checked.
#include "wizard/reviewpage.h"

class QLabel;

namespace cm::ui {

class S3ReviewPage : public ReviewPage {
    Q_OBJECT
public:
    explicit S3ReviewPage(QWidget *parent = nullptr);
    void initializePage() override;

    QLabel *effectsLabel() const { return m_effects; }
    // The text of effectsLabel() for a plan (plain text, for tests and the label).
    static QString effectsText(const Plan &plan);

private:
    QLabel *m_effects = nullptr;
};

} // namespace cm::ui
