// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Table model of saved runs: status, name, kind, nodes, started, duration, key figures.
#include "results/resultsloader.h"

#include <QAbstractTableModel>

namespace cm::ui {

class ResultsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ColStatus, ColName, ColKind, ColNodes, ColStarted, ColDuration, ColFigures, ColCount };
    static constexpr int RunIdRole = Qt::UserRole + 1;
    static constexpr int StatusRole = Qt::UserRole + 2;

    using QAbstractTableModel::QAbstractTableModel;

    void setRows(const QList<ResultRow> &rows);
    RunId runIdAt(int row) const;
    int rowOf(RunId id) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    static QString statusText(RunStatus s);

private:
    QList<ResultRow> m_rows;
    QStringList m_figures;
};

} // namespace cm::ui
