// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The S3 tab of a run's Results: throughput and requests/s by object size.
#include "kinds/uikind.h"

namespace cm::ui {

class S3SweepChart;

class S3SweepTab : public KindRunTab {
    Q_OBJECT
public:
    explicit S3SweepTab(QWidget *parent = nullptr);
    QString title() const override { return tr("Object sizes"); }
    bool showRun(const RunDetail &d) override;
    void clearRun() override;

private:
    S3SweepChart *m_sweep = nullptr;
};

} // namespace cm::ui
