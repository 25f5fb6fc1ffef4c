// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/resultsmodel.h"
#include "presettext.h"

#include "unitscale.h"

#include <QColor>
#include <QLocale>

namespace cm::ui {

void ResultsModel::setRows(const QList<ResultRow> &rows)
{
    beginResetModel();
    m_rows = rows;
    m_figures.clear();
    for (const ResultRow &r : m_rows)
        m_figures.append(keyFigures(r.steps));
    endResetModel();
}

RunId ResultsModel::runIdAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? m_rows.at(row).run.id : 0;
}

int ResultsModel::rowOf(RunId id) const
{
    for (int i = 0; i < m_rows.size(); ++i)
        if (m_rows.at(i).run.id == id)
            return i;
    return -1;
}

int ResultsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ResultsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColCount;
}

QString ResultsModel::statusText(RunStatus s)
{
    switch (s) {
    case RunStatus::Running: return tr("running");
    case RunStatus::Completed: return tr("completed");
    case RunStatus::Failed: return tr("failed");
    case RunStatus::Cancelled: return tr("cancelled");
    case RunStatus::Interrupted: return tr("interrupted");
    }
    return {};
}

QVariant ResultsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunInfo &r = m_rows.at(index.row()).run;
    if (role == RunIdRole)
        return QVariant::fromValue(r.id);
    if (role == StatusRole)
        return int(r.status);
    if (role == Qt::ForegroundRole && index.column() == ColStatus) {
        switch (r.status) {
        case RunStatus::Completed: return QColor(0x2e7d32);
        case RunStatus::Failed: return QColor(0xc62828);
        case RunStatus::Cancelled:
        case RunStatus::Interrupted: return QColor(0xef6c00);
        case RunStatus::Running: return {};
        }
    }
    if (role == Qt::ToolTipRole && index.column() == ColStatus && !r.error.isEmpty())
        return r.error;
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case ColStatus: return statusText(r.status);
    case ColName: return r.name;
    case ColKind: return kindName(r.kind);
    case ColNodes: return r.nodes.join(QStringLiteral(", "));
    case ColStarted: return QLocale().toString(r.started.toLocalTime(), QLocale::ShortFormat);
    case ColDuration:
        if (r.started.isValid() && r.finished.isValid())
            return formatDuration(r.started.secsTo(r.finished));
        return r.lastSampleT > 0 ? formatDuration(r.lastSampleT) : QString();
    case ColFigures: return m_figures.value(index.row());
    case ColCount: break;
    }
    return {};
}

QVariant ResultsModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, o, role);
    switch (Column(section)) {
    case ColStatus: return tr("Status");
    case ColName: return tr("Plan");
    case ColKind: return tr("Kind");
    case ColNodes: return tr("Nodes");
    case ColStarted: return tr("Started");
    case ColDuration: return tr("Duration");
    case ColFigures: return tr("Key figures");
    case ColCount: break;
    }
    return {};
}

} // namespace cm::ui
