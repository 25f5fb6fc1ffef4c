// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessions/sessionsmodel.h"
#include "presettext.h"

#include "results/resultsmodel.h"
#include "unitscale.h"

#include <QColor>
#include <QFont>
#include <QLocale>

namespace cm::ui {

// Session rows have internalId 0; run rows the row of their session + 1.

void SessionsModel::setLibrary(const LibraryData &data)
{
    beginResetModel();
    m_data = data;
    endResetModel();
}

QModelIndex SessionsModel::sessionIndex(qint64 sessionId) const
{
    for (int i = 0; i < m_data.sessions.size(); ++i)
        if (m_data.sessions.at(i).session.id == sessionId)
            return index(i, 0);
    return {};
}

QModelIndex SessionsModel::runIndex(RunId runId) const
{
    for (int i = 0; i < m_data.sessions.size(); ++i) {
        const QList<LibraryRun> &runs = m_data.sessions.at(i).runs;
        for (int j = 0; j < runs.size(); ++j)
            if (runs.at(j).run.id == runId)
                return index(j, 0, index(i, 0));
    }
    return {};
}

SessionsModel::ItemType SessionsModel::typeOf(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return ItemType::None;
    return index.internalId() == 0 ? ItemType::Session : ItemType::Run;
}

const LibrarySession *SessionsModel::sessionAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.model() != this)
        return nullptr;
    const int row = index.internalId() == 0 ? index.row() : int(index.internalId() - 1);
    return row >= 0 && row < m_data.sessions.size() ? &m_data.sessions.at(row) : nullptr;
}

const LibraryRun *SessionsModel::runAt(const QModelIndex &index) const
{
    if (typeOf(index) != ItemType::Run)
        return nullptr;
    const LibrarySession *s = sessionAt(index);
    return s && index.row() < s->runs.size() ? &s->runs.at(index.row()) : nullptr;
}

QModelIndex SessionsModel::index(int row, int column, const QModelIndex &parent) const
{
    if (row < 0 || column < 0 || column >= ColCount)
        return {};
    if (!parent.isValid())
        return row < m_data.sessions.size() ? createIndex(row, column, quintptr(0)) : QModelIndex();
    if (parent.internalId() != 0 || parent.row() >= m_data.sessions.size())
        return {};
    return row < m_data.sessions.at(parent.row()).runs.size() ? createIndex(row, column, quintptr(parent.row() + 1))
                                                              : QModelIndex();
}

QModelIndex SessionsModel::parent(const QModelIndex &child) const
{
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int SessionsModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_data.sessions.size());
    if (parent.column() != 0 || parent.internalId() != 0 || parent.row() >= m_data.sessions.size())
        return 0;
    return int(m_data.sessions.at(parent.row()).runs.size());
}

int SessionsModel::columnCount(const QModelIndex &) const
{
    return ColCount;
}

QString SessionsModel::sessionLine(const LibrarySession &s)
{
    const int n = s.session.runCount;
    QStringList parts {s.session.name, n == 0 ? tr("no runs") : n == 1 ? tr("1 run") : tr("%1 runs").arg(n)};
    if (s.runs.size() != n)
        parts.last() = tr("%1 of %2 runs").arg(s.runs.size()).arg(n);
    QStringList tags;
    for (const QString &t : s.session.tags)
        tags << QLatin1Char('#') + t;
    if (!tags.isEmpty())
        parts << tags.join(QLatin1Char(' '));
    return parts.join(QStringLiteral(" · "));
}

QVariant SessionsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const LibrarySession *s = sessionAt(index);
    if (!s)
        return {};
    if (typeOf(index) == ItemType::Session) {
        switch (role) {
        case TypeRole: return int(ItemType::Session);
        case IdRole:
        case SessionIdRole: return s->session.id;
        case Qt::DisplayRole: return index.column() == ColName ? sessionLine(*s) : QVariant();
        case Qt::ToolTipRole: return s->session.note.isEmpty() ? QVariant() : QVariant(s->session.note);
        case Qt::FontRole: {
            QFont f;
            f.setBold(true);
            return f;
        }
        default: return {};
        }
    }
    const LibraryRun *lr = runAt(index);
    if (!lr)
        return {};
    const RunInfo &r = lr->run;
    switch (role) {
    case TypeRole: return int(ItemType::Run);
    case IdRole: return QVariant::fromValue(r.id);
    case SessionIdRole: return s->session.id;
    case Qt::ForegroundRole:
        if (index.column() != ColStatus)
            return {};
        switch (r.status) {
        case RunStatus::Completed: return QColor(0x2e7d32);
        case RunStatus::Failed: return QColor(0xc62828);
        case RunStatus::Cancelled:
        case RunStatus::Interrupted: return QColor(0xef6c00);
        case RunStatus::Running: return {};
        }
        return {};
    case Qt::ToolTipRole: return index.column() == ColStatus && !r.error.isEmpty() ? QVariant(r.error) : QVariant();
    case Qt::DisplayRole:
        switch (Column(index.column())) {
        case ColName: return r.name;
        case ColStatus: return ResultsModel::statusText(r.status);
        case ColKind: return kindName(r.kind);
        case ColNodes: return r.nodes.join(QStringLiteral(", "));
        case ColStarted: return r.started.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm"));
        case ColFigures: return lr->figures;
        case ColCount: break;
        }
        return {};
    default: return {};
    }
}

QVariant SessionsModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractItemModel::headerData(section, o, role);
    switch (Column(section)) {
    case ColName: return tr("Session / run");
    case ColStatus: return tr("Status");
    case ColKind: return tr("Kind");
    case ColNodes: return tr("Nodes");
    case ColStarted: return tr("Started");
    case ColFigures: return tr("Key figures");
    case ColCount: break;
    }
    return {};
}

} // namespace cm::ui
