// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Tree model of the session library: sessions at the top, their runs below.
// Session rows carry the name, run count and tags (the view spans them across the
// columns); run rows the status, plan name, kind, nodes, start and key figures.
#include "sessions/libraryloader.h"

#include <QAbstractItemModel>

namespace cm::ui {

class SessionsModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Column { ColName, ColStatus, ColKind, ColNodes, ColStarted, ColFigures, ColCount };
    enum class ItemType { None, Session, Run };
    static constexpr int TypeRole = Qt::UserRole + 1; // int(ItemType)
    static constexpr int IdRole = Qt::UserRole + 2; // session id or run id
    static constexpr int SessionIdRole = Qt::UserRole + 3; // the session (also on run rows)

    using QAbstractItemModel::QAbstractItemModel;

    void setLibrary(const LibraryData &data);
    const LibraryData &libraryData() const { return m_data; }

    QModelIndex sessionIndex(qint64 sessionId) const;
    QModelIndex runIndex(RunId runId) const;
    ItemType typeOf(const QModelIndex &index) const;
    const LibrarySession *sessionAt(const QModelIndex &index) const; // also for a run row: its session
    const LibraryRun *runAt(const QModelIndex &index) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation o, int role = Qt::DisplayRole) const override;

    static QString sessionLine(const LibrarySession &s); // "MTU 9000 · 3 runs · #network #jumbo"

private:
    LibraryData m_data;
};

} // namespace cm::ui
