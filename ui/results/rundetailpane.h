#pragma once
// One saved run: a CrystalDiskMark-like grid (rows = tests, columns = read/write
// MB/s, IOPS, latency), the environment it ran in, and the exact commands.
#include "results/resultsloader.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTableWidget;
class QTreeWidget;

namespace cm::ui {

class RunDetailPane : public QWidget {
    Q_OBJECT
public:
    explicit RunDetailPane(QWidget *parent = nullptr);
    void showDetail(const RunDetail &d);
    void clear();
    QTableWidget *grid() const { return m_grid; }

private:
    QLabel *m_title = nullptr;
    QTableWidget *m_grid = nullptr;
    QTreeWidget *m_env = nullptr;
    QPlainTextEdit *m_commands = nullptr;
};

} // namespace cm::ui
