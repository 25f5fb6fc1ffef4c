// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One saved run: a CrystalDiskMark-like grid (rows = tests, columns = read/write
// MB/s, IOPS, latency), the environment it ran in, the exact commands, and the tabs
// the run's kind adds (ui/kinds/uikind.h).
#include "model/ratewords.h"
#include "results/resultsloader.h"

#include <QHash>
#include <QWidget>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTableWidget;
class QTreeWidget;

namespace cm::ui {

class KindRunTab;
class RunChartsView;
class UsageStripView;

// "RND4K Q32T1 Read #2 (failed)": a step's row in the grid and in the kinds' tabs.
QString stepRowLabel(const StepRecord &s);

class RunDetailPane : public QWidget {
    Q_OBJECT
public:
    explicit RunDetailPane(QWidget *parent = nullptr);
    void showDetail(const RunDetail &d);
    void clear();
    QTableWidget *grid() const { return m_grid; }
    QTreeWidget *environmentTree() const { return m_env; }
    QPlainTextEdit *commandsEdit() const { return m_commands; }
    QTabWidget *tabs() const { return m_tabs; }
    UsageStripView *usageStrip() const { return m_strip; }
    RunChartsView *charts() const { return m_charts; }
    // Whether a tab holding w (a kind's tab, or a widget inside it) is shown now.
    bool isTabShown(const QWidget *w) const;

private:
    QLabel *m_title = nullptr;
    QLabel *m_caveatLegend = nullptr;
    QTableWidget *m_grid = nullptr;
    QTreeWidget *m_env = nullptr;
    QPlainTextEdit *m_commands = nullptr;
    UsageStripView *m_strip = nullptr;
    RunChartsView *m_charts = nullptr;
    void setGridHeaders(const RateWords &words);
    QLabel *m_noFigures = nullptr; // in place of a grid without figures
    void showGridOrPointer(const RunDetail &d);
    QTabWidget *m_tabs = nullptr;
    // The tabs of each kind, made when a run of it is first shown, kept afterwards.
    QHash<QString, QList<KindRunTab *>> m_kindTabs;
    void showKindTabs(const RunDetail &d);
    static QStringList crossCheckTexts(const QList<StepRecord> &steps);
};

} // namespace cm::ui
