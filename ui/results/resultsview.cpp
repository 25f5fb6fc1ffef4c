// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/resultsview.h"

#include "export/chartexportdialog.h"
#include "export/forumcomposerdialog.h"
#include "results/resultsmodel.h"
#include "results/rundetailpane.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace cm::ui {

ResultsView::ResultsView(const QString &storePath, QWidget *parent)
    : QWidget(parent)
    , m_storePath(storePath)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    auto *actions = new QHBoxLayout;
    m_exportChart = new QPushButton(tr("Export chart…"), this);
    m_exportChart->setObjectName(QStringLiteral("exportChartButton"));
    m_forumPost = new QPushButton(tr("Forum post…"), this);
    m_forumPost->setObjectName(QStringLiteral("forumPostButton"));
    for (QPushButton *b : {m_exportChart, m_forumPost}) {
        b->setEnabled(false);
        actions->addWidget(b);
    }
    actions->addStretch();
    v->addLayout(actions);
    connect(m_exportChart, &QPushButton::clicked, this, &ResultsView::exportChart);
    connect(m_forumPost, &QPushButton::clicked, this, &ResultsView::composeForumPost);
    auto *split = new QSplitter(Qt::Vertical, this);
    m_model = new ResultsModel(this);
    m_table = new QTableView(split);
    m_table->setObjectName(QStringLiteral("resultsTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_detail = new RunDetailPane(split);
    split->addWidget(m_table);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    // Compare controls share the row of the export buttons, on the right.
    auto *hint = new QLabel(tr("Ctrl-click or Shift-click two or more runs to compare them."), this);
    hint->setForegroundRole(QPalette::PlaceholderText);
    m_compareButton = new QPushButton(tr("Compare selected"), this);
    m_compareButton->setObjectName(QStringLiteral("compareSelected"));
    m_compareButton->setEnabled(false);
    actions->addWidget(hint);
    actions->addWidget(m_compareButton);
    v->addWidget(split);
    connect(m_compareButton, &QPushButton::clicked, this, [this] {
        const QList<RunId> ids = selectedRuns();
        if (ids.size() >= 2)
            Q_EMIT compareRequested(ids);
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const qsizetype n = selectedRuns().size();
        m_compareButton->setEnabled(n >= 2);
        m_compareButton->setText(n >= 2 ? tr("Compare %n runs", nullptr, int(n)) : tr("Compare selected"));
    });

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &cur) {
        const RunId id = m_model->runIdAt(cur.row());
        m_exportChart->setEnabled(id > 0);
        m_forumPost->setEnabled(id > 0);
        showRun(id);
    });
    connect(&m_rowsWatcher, &QFutureWatcher<QList<ResultRow>>::finished, this, [this] {
        const QList<ResultRow> rows = m_rowsWatcher.result();
        const RunId keep = m_wanted ? m_wanted : m_model->runIdAt(m_table->currentIndex().row());
        m_model->setRows(rows);
        m_table->resizeColumnsToContents();
        if (keep)
            selectRun(keep);
        Q_EMIT reloaded(int(rows.size()));
        if (m_reloadAgain) {
            m_reloadAgain = false;
            reload();
        }
    });
    connect(&m_detailWatcher, &QFutureWatcher<RunDetail>::finished, this, [this] {
        const RunDetail d = m_detailWatcher.result();
        m_detail->showDetail(d);
        Q_EMIT detailShown(d.run.id);
    });
}

void ResultsView::reload()
{
    if (m_rowsWatcher.isRunning()) {
        m_reloadAgain = true;
        return;
    }
    const QString path = m_storePath;
    m_rowsWatcher.setFuture(QtConcurrent::run([path] {
        Error e; // the store logs it; an unreadable database shows as an empty table
        return loadResultRows(path, &e); // newest first
    }));
}

void ResultsView::selectRun(RunId id)
{
    const int row = m_model->rowOf(id);
    if (row < 0) {
        m_wanted = id;
        return;
    }
    m_wanted = 0;
    m_table->setCurrentIndex(m_model->index(row, 0));
    m_table->selectRow(row);
}

RunId ResultsView::currentRun() const
{
    return m_model->runIdAt(m_table->currentIndex().row());
}

ChartExportDialog *ResultsView::exportChart()
{
    const RunId id = currentRun();
    if (id <= 0)
        return nullptr;
    auto *d = new ChartExportDialog(m_storePath, id, this);
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->open();
    return d;
}

ForumComposerDialog *ResultsView::composeForumPost()
{
    const RunId id = currentRun();
    if (id <= 0)
        return nullptr;
    auto *d = new ForumComposerDialog(m_storePath, id, this);
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->open();
    return d;
}

QList<RunId> ResultsView::selectedRuns() const
{
    QList<RunId> ids;
    for (const QModelIndex &i : m_table->selectionModel()->selectedRows())
        if (const RunId id = m_model->runIdAt(i.row()))
            ids << id;
    std::sort(ids.begin(), ids.end());
    return ids;
}

void ResultsView::setSelectedRuns(const QList<RunId> &ids)
{
    QItemSelection sel;
    for (RunId id : ids) {
        const int row = m_model->rowOf(id);
        if (row >= 0)
            sel.select(m_model->index(row, 0), m_model->index(row, m_model->columnCount() - 1));
    }
    m_table->selectionModel()->select(sel, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
}

void ResultsView::showRun(RunId id)
{
    if (id == 0) {
        m_detail->clear();
        return;
    }
    const QString path = m_storePath;
    m_detailWatcher.setFuture(QtConcurrent::run([path, id] { return loadRunDetail(path, id); }));
}

} // namespace cm::ui
