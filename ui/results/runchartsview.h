// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Results tab's "Charts": a saved run's time series in the same charts as the Live
// tab (live/runchartgrid.h), drawn from the store. The samples come with the run's
// detail (read on a worker); they are drawn when the tab is shown, so switching between
// runs with another tab open costs nothing.
#include "model/plan.h"
#include "model/sample.h"

#include <QWidget>

class QLabel;
class QStackedWidget;

namespace cm::ui {

class RunChartGrid;

class RunChartsView : public QWidget {
    Q_OBJECT
public:
    explicit RunChartsView(QWidget *parent = nullptr);
    // samples: in time order. Drawn now when shown, else when first shown.
    void setRun(const Plan &plan, const SampleList &samples);
    void clearRun();
    RunChartGrid *grid() const { return m_grid; }
    bool isDrawn() const { return !m_pending; }
    QLabel *emptyLabel() const { return m_empty; }

protected:
    void showEvent(QShowEvent *e) override;

private:
    void draw();
    RunChartGrid *m_grid = nullptr;
    QLabel *m_empty = nullptr;
    QStackedWidget *m_stack = nullptr;
    Plan m_plan;
    SampleList m_samples;
    bool m_pending = false;
};

} // namespace cm::ui
