// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The per-OSD latency tab of a run's Results: the heat map of the chosen step,
// coloured by p50 or p99.
#include "kinds/uikind.h"

#include <QJsonObject>

class QComboBox;

namespace cm::ui {

class OsdHeatMap;

class OsdLatencyRunTab : public KindRunTab {
    Q_OBJECT
public:
    explicit OsdLatencyRunTab(QWidget *parent = nullptr);
    QString title() const override { return tr("OSD latency"); }
    bool showRun(const RunDetail &d) override;
    void clearRun() override;

private:
    OsdHeatMap *m_heatMap = nullptr;
    QComboBox *m_step = nullptr;
    QComboBox *m_metric = nullptr;
    QList<QJsonObject> m_summaries;
};

} // namespace cm::ui
