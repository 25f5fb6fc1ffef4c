// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The CephFS tab of a run's Results: create/stat/delete ops/s per metadata step.
#include "kinds/uikind.h"

namespace cm::ui {

class CephFsMetaPanel;

class CephFsMetaTab : public KindRunTab {
    Q_OBJECT
public:
    explicit CephFsMetaTab(QWidget *parent = nullptr);
    QString title() const override { return tr("Metadata"); }
    bool showRun(const RunDetail &d) override;
    void clearRun() override;
    int position() const override { return 1; } // after the throughput grid
    bool opensOnIt(const RunDetail &d) const override; // a metadata-only run

private:
    CephFsMetaPanel *m_panel = nullptr;
};

} // namespace cm::ui
