// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Table of a comparison: one row per compared test and figure (Read MB/s, Read lat
// p99, …); per run its mean ± standard deviation over the repetitions; per run after
// the baseline the % change, the significance mark and Welch's 95 % CI of the difference.
#include "report/runcompare.h"

#include <QAbstractTableModel>

namespace cm::ui {

class CompareModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int MarkRole = Qt::UserRole + 1; // int(SignificanceMark) on mark cells
    static constexpr int ChangeRole = Qt::UserRole + 2; // double % change on change cells
    static constexpr int TestRowRole = Qt::UserRole + 3; // index into RunCompare::rows

    using QAbstractTableModel::QAbstractTableModel;

    void setCompare(const RunCompare &c);
    const RunCompare &compare() const { return m_compare; }

    // Column layout: Test, Figure, one value column per run, then three columns per run
    // after the baseline (change, mark, CI).
    static constexpr int ColTest = 0;
    static constexpr int ColFigure = 1;
    int valueColumn(int run) const { return 2 + run; }
    int changeColumn(int run) const { return 2 + runCount() + 3 * (run - 1); }
    int markColumn(int run) const { return changeColumn(run) + 1; }
    int ciColumn(int run) const { return changeColumn(run) + 2; }
    int runCount() const { return int(m_compare.runs.size()); }
    int rowOf(int testRow, const QString &figureKey) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

private:
    struct Line {
        int row = 0;
        int figure = 0;
    };
    RunCompare m_compare;
    QList<Line> m_lines;
};

// "SEQ1M Q8T1 Read" or "SEQ1M Q8T1 Read · node2" when the runs have several nodes.
QString rowTitle(const RunCompare &c, int row);
// A figure label in the UI's language ("Read MB/s" …).
QString figureLabel(const CompareFigure &f);

} // namespace cm::ui
