// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessions/sessionsview.h"
#include "errortext.h"

#include "results/rundetailpane.h"
#include "sessions/deleteconfirmbox.h"
#include "sessions/runagaindialog.h"
#include "sessions/sessionfilterbar.h"
#include "sessions/sessionpane.h"
#include "sessions/sessionpickdialog.h"
#include "sessions/sessionsmodel.h"

#include <QAction>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QStackedWidget>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace cm::ui {

SessionsView::SessionsView(const QString &storePath, QWidget *parent)
    : QWidget(parent)
    , m_storePath(storePath)
{
    setObjectName(QStringLiteral("sessionsView"));
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    auto *top = new QHBoxLayout();
    m_filter = new SessionFilterBar(this);
    top->addWidget(m_filter, 1);
    auto *newButton = new QPushButton(tr("New session…"), this);
    newButton->setObjectName(QStringLiteral("newSession"));
    top->addWidget(newButton);
    v->addLayout(top);

    // Tree above, detail below (as on the Results tab): both get the tab's full width,
    // which the figures grid and the command lines need.
    auto *split = new QSplitter(Qt::Vertical, this);
    auto *left = new QWidget(split);
    auto *lv = new QVBoxLayout(left);
    lv->setContentsMargins(0, 0, 0, 0);
    m_model = new SessionsModel(this);
    m_tree = new QTreeView(left);
    m_tree->setObjectName(QStringLiteral("sessionTree"));
    m_tree->setModel(m_model);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setAlternatingRowColors(true);
    m_tree->setUniformRowHeights(true);
    m_tree->setContextMenuPolicy(Qt::CustomContextMenu);
    m_tree->header()->setStretchLastSection(true);
    lv->addWidget(m_tree, 1);
    m_status = new QLabel(left);
    m_status->setObjectName(QStringLiteral("sessionStatus"));
    m_status->setWordWrap(true);
    lv->addWidget(m_status);
    m_message = new QLabel(left);
    m_message->setObjectName(QStringLiteral("sessionMessage"));
    m_message->setWordWrap(true);
    m_message->setVisible(false);
    lv->addWidget(m_message);

    m_stack = new QStackedWidget(split);
    m_placeholder = new QLabel(tr("Select a session to edit its name, tags and note, or a run to see its figures, "
                                  "environment and commands."),
        m_stack);
    m_placeholder->setWordWrap(true);
    m_placeholder->setAlignment(Qt::AlignCenter);
    m_placeholder->setMargin(24);
    m_stack->addWidget(m_placeholder);
    m_sessionPane = new SessionPane(m_stack);
    m_stack->addWidget(m_sessionPane);
    m_runPage = new QWidget(m_stack);
    auto *rv = new QVBoxLayout(m_runPage);
    rv->setContentsMargins(0, 4, 0, 0);
    auto *buttons = new QHBoxLayout();
    m_runAgain = new QPushButton(tr("Run again…"), m_runPage);
    m_runAgain->setObjectName(QStringLiteral("runAgain"));
    m_move = new QPushButton(tr("Move to session…"), m_runPage);
    m_move->setObjectName(QStringLiteral("moveRun"));
    m_rename = new QPushButton(tr("Rename…"), m_runPage);
    m_rename->setObjectName(QStringLiteral("renameRun"));
    m_deleteRun = new QPushButton(tr("Delete run…"), m_runPage);
    m_deleteRun->setObjectName(QStringLiteral("deleteRun"));
    buttons->addWidget(m_runAgain);
    buttons->addWidget(m_move);
    buttons->addWidget(m_rename);
    buttons->addStretch(1);
    buttons->addWidget(m_deleteRun);
    rv->addLayout(buttons);
    m_runPane = new RunDetailPane(m_runPage);
    rv->addWidget(m_runPane, 1);
    m_stack->addWidget(m_runPage);
    split->addWidget(left);
    split->addWidget(m_stack);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setSizes({300, 450});
    v->addWidget(split, 1);

    auto *del = new QAction(tr("Delete"), m_tree);
    del->setShortcut(QKeySequence::Delete);
    del->setShortcutContext(Qt::WidgetShortcut);
    m_tree->addAction(del);
    connect(del, &QAction::triggered, this, [this] {
        if (const RunId r = currentRunId())
            confirmDeleteRun(r);
        else if (const qint64 s = currentSessionId())
            confirmDeleteSession(s);
    });

    connect(m_filter, &SessionFilterBar::filterChanged, this, &SessionsView::reload);
    connect(newButton, &QPushButton::clicked, this, &SessionsView::newSession);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this, &SessionsView::onCurrentChanged);
    connect(m_tree, &QTreeView::customContextMenuRequested, this, &SessionsView::contextMenu);
    connect(m_sessionPane, &SessionPane::saveRequested, this, &SessionsView::saveSession);
    connect(m_sessionPane, &SessionPane::deleteRequested, this, &SessionsView::confirmDeleteSession);
    connect(m_runAgain, &QPushButton::clicked, this, [this] { runAgain(currentRunId()); });
    connect(m_move, &QPushButton::clicked, this, [this] { chooseSessionForRun(currentRunId()); });
    connect(m_rename, &QPushButton::clicked, this, [this] { askRunName(currentRunId()); });
    connect(m_deleteRun, &QPushButton::clicked, this, [this] { confirmDeleteRun(currentRunId()); });

    connect(&m_loadWatcher, &QFutureWatcher<LibraryData>::finished, this, [this] {
        const LibraryData d = m_loadWatcher.result();
        const RunId keepRun = m_wantRun ? m_wantRun : currentRunId();
        const qint64 keepSession = m_wantSession ? m_wantSession : (keepRun ? 0 : currentSessionId());
        m_model->setLibrary(d);
        for (int i = 0; i < m_model->rowCount(); ++i)
            m_tree->setFirstColumnSpanned(i, QModelIndex(), true);
        m_tree->expandAll();
        for (int c = SessionsModel::ColStatus; c < SessionsModel::ColFigures; ++c)
            m_tree->resizeColumnToContents(c);
        // Run names set the first column (session rows span all columns anyway).
        int nameWidth = 160;
        const QFontMetrics fm(m_tree->font());
        for (const LibrarySession &s : d.sessions)
            for (const LibraryRun &r : s.runs)
                nameWidth = std::max(nameWidth, fm.horizontalAdvance(r.run.name) + 48);
        m_tree->setColumnWidth(SessionsModel::ColName, std::min(nameWidth, 320));
        m_filter->setChoices(d.kinds, d.nodes, d.tags);
        if (!m_wantSessionName.isEmpty()) {
            for (const LibrarySession &s : d.sessions)
                if (s.session.name == m_wantSessionName)
                    m_wantSession = s.session.id;
            m_wantSessionName.clear();
        }
        m_wantRun = keepRun;
        if (!m_wantSession)
            m_wantSession = keepSession;
        restoreSelection();
        m_refreshPane = false;
        if (d.error)
            setMessage(tr("Could not read the sessions: %1").arg(d.error.message), true);
        else
            m_status->setText(d.shownRuns == d.totalRuns
                    ? tr("Sessions: %1 · runs: %2").arg(d.sessions.size()).arg(d.totalRuns)
                    : tr("%1 of %2 runs match · sessions shown: %3")
                          .arg(d.shownRuns)
                          .arg(d.totalRuns)
                          .arg(d.sessions.size()));
        Q_EMIT reloaded(int(d.sessions.size()), d.shownRuns);
        if (m_reloadAgain) {
            m_reloadAgain = false;
            reload();
        }
    });
    connect(&m_detailWatcher, &QFutureWatcher<RunDetail>::finished, this, [this] {
        const RunDetail d = m_detailWatcher.result();
        if (d.run.id != currentRunId() && !d.error)
            return; // the selection moved on meanwhile
        m_runPane->showDetail(d);
        Q_EMIT detailShown(d.run.id);
    });
    onCurrentChanged();
}

SessionsView::~SessionsView() = default;

void SessionsView::reload()
{
    if (m_loadWatcher.isRunning()) {
        m_reloadAgain = true;
        return;
    }
    const QString path = m_storePath;
    const RunFilter f = m_filter->filter();
    m_loadWatcher.setFuture(QtConcurrent::run([path, f] { return loadLibrary(path, f); }));
}

QWidget *SessionsView::currentPane() const
{
    return m_stack->currentWidget();
}

QStringList SessionsView::sessionNames() const
{
    return m_model->libraryData().sessionNames;
}

QString SessionsView::recentSessionName() const
{
    return m_model->libraryData().recentSession;
}

QString SessionsView::statusText() const
{
    return m_status->text();
}

QString SessionsView::messageText() const
{
    return m_messageText;
}

void SessionsView::setMessage(const QString &text, bool error)
{
    m_messageText = text;
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    m_message->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
}

void SessionsView::restoreSelection()
{
    QModelIndex idx;
    if (m_wantRun)
        idx = m_model->runIndex(m_wantRun);
    if (!idx.isValid() && m_wantSession)
        idx = m_model->sessionIndex(m_wantSession);
    if (idx.isValid()) {
        m_wantRun = 0;
        m_wantSession = 0;
        m_tree->setCurrentIndex(idx);
        m_tree->scrollTo(idx);
    } else {
        m_tree->setCurrentIndex({});
    }
    onCurrentChanged();
}

void SessionsView::selectRun(RunId id)
{
    const QModelIndex idx = m_model->runIndex(id);
    if (!idx.isValid()) {
        m_wantRun = id;
        return;
    }
    m_wantRun = 0;
    m_tree->setCurrentIndex(idx);
}

void SessionsView::selectSession(qint64 id)
{
    const QModelIndex idx = m_model->sessionIndex(id);
    if (!idx.isValid()) {
        m_wantSession = id;
        return;
    }
    m_wantSession = 0;
    m_tree->setCurrentIndex(idx);
}

RunId SessionsView::currentRunId() const
{
    const LibraryRun *r = m_model->runAt(m_tree->currentIndex());
    return r ? r->run.id : 0;
}

qint64 SessionsView::currentSessionId() const
{
    const LibrarySession *s = m_model->sessionAt(m_tree->currentIndex());
    return s ? s->session.id : 0;
}

void SessionsView::onCurrentChanged()
{
    const QModelIndex cur = m_tree->currentIndex();
    switch (m_model->typeOf(cur)) {
    case SessionsModel::ItemType::Session:
        // An edit in progress on the same session survives a reload.
        if (m_refreshPane
            || !(m_sessionPane->sessionId() == currentSessionId() && m_sessionPane->isDirty()
                && m_stack->currentWidget() == m_sessionPane))
            m_sessionPane->showSession(*m_model->sessionAt(cur));
        m_stack->setCurrentWidget(m_sessionPane);
        m_shownRun = 0;
        break;
    case SessionsModel::ItemType::Run:
        m_stack->setCurrentWidget(m_runPage);
        if (currentRunId() != m_shownRun)
            showRun(currentRunId());
        break;
    case SessionsModel::ItemType::None:
        m_stack->setCurrentWidget(m_placeholder);
        m_shownRun = 0;
        break;
    }
}

void SessionsView::showRun(RunId id)
{
    m_shownRun = id;
    m_runPane->clear();
    if (!id)
        return;
    const QString path = m_storePath;
    m_detailWatcher.setFuture(QtConcurrent::run([path, id] { return loadRunDetail(path, id); }));
}

void SessionsView::write(std::function<Error(SessionStore &)> job, const QString &doneText)
{
    auto *w = new QFutureWatcher<Error>(this);
    ++m_writes;
    connect(w, &QFutureWatcher<Error>::finished, this, [this, w, doneText] {
        const Error e = w->result();
        w->deleteLater();
        --m_writes;
        m_shownRun = 0; // a moved run's detail names its new session
        m_refreshPane = m_refreshPane || !e;
        reload();
        if (e)
            setMessage(errorText(e), true);
        else
            setMessage(doneText);
        Q_EMIT operationFinished(e);
        if (!e)
            Q_EMIT libraryChanged();
    });
    const QString path = m_storePath;
    w->setFuture(QtConcurrent::run([path, job = std::move(job)] { return withStore(path, job); }));
}

void SessionsView::saveSession(qint64 id, const QString &name, const QStringList &tags, const QString &note)
{
    m_wantSession = id;
    write([id, name, tags, note](SessionStore &s) { return s.updateSession(id, name, tags, note); },
        tr("Session “%1” saved.").arg(name));
}

void SessionsView::createSession(const QString &name)
{
    m_wantSessionName = name.trimmed();
    write(
        [n = name.trimmed()](SessionStore &s) {
            Error e;
            s.createSession(n, {}, {}, &e);
            return e;
        },
        tr("Session “%1” created.").arg(name.trimmed()));
}

void SessionsView::moveRun(RunId id, const QString &sessionName)
{
    m_wantRun = id;
    write([id, sessionName](SessionStore &s) { return moveRunToSession(s, id, sessionName); },
        tr("Run moved to “%1”.").arg(sessionName.trimmed()));
}

void SessionsView::deleteRun(RunId id)
{
    write([id](SessionStore &s) { return s.deleteRun(id); }, tr("Run deleted."));
}

void SessionsView::deleteSession(qint64 id)
{
    write([id](SessionStore &s) { return s.deleteSession(id); }, tr("Session deleted."));
}

void SessionsView::confirmDeleteRun(RunId id)
{
    if (id)
        confirmDelete(0, id);
}

void SessionsView::confirmDeleteSession(qint64 id)
{
    if (id)
        confirmDelete(id, 0);
}

void SessionsView::confirmDelete(qint64 sessionId, RunId runId)
{
    // What goes is counted on a worker; the question opens when the count is in.
    auto *w = new QFutureWatcher<DeletionScope>(this);
    connect(w, &QFutureWatcher<DeletionScope>::finished, this, [this, w] {
        const DeletionScope d = w->result();
        w->deleteLater();
        if (d.error) {
            setMessage(errorText(d.error), true);
            return;
        }
        auto *box = new DeleteConfirmBox(d, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        connect(box, &QMessageBox::buttonClicked, this, [this, box](QAbstractButton *b) {
            if (b != box->confirmButton())
                setMessage(tr("Nothing was deleted."));
            else if (box->isRun())
                deleteRun(box->scope().runId);
            else
                deleteSession(box->scope().sessionId);
        });
        box->open();
    });
    const QString path = m_storePath;
    w->setFuture(QtConcurrent::run([path, sessionId, runId] { return loadDeletionScope(path, sessionId, runId); }));
}

void SessionsView::chooseSessionForRun(RunId id)
{
    const LibraryRun *r = m_model->runAt(m_model->runIndex(id));
    if (!r)
        return;
    auto *d = new SessionPickDialog(r->run.name, sessionNames(), r->run.sessionName, this);
    d->setAttribute(Qt::WA_DeleteOnClose);
    connect(d, &QDialog::accepted, this, [this, d, id] { moveRun(id, d->sessionName()); });
    d->open();
}

void SessionsView::newSession()
{
    auto *d = new QInputDialog(this);
    d->setObjectName(QStringLiteral("newSessionDialog"));
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->setWindowTitle(tr("New session"));
    d->setLabelText(tr("Name of the new session (e.g. “MTU 9000” or “write cache off”):"));
    connect(d, &QInputDialog::textValueSelected, this, [this](const QString &name) {
        if (!name.trimmed().isEmpty())
            createSession(name);
    });
    d->open();
}

void SessionsView::contextMenu(const QPoint &pos)
{
    const QModelIndex idx = m_tree->indexAt(pos);
    if (!idx.isValid())
        return;
    m_tree->setCurrentIndex(idx);
    auto *menu = new QMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    if (const LibraryRun *r = m_model->runAt(idx)) {
        const RunId id = r->run.id;
        menu->addAction(tr("Run again…"), this, [this, id] { runAgain(id); });
        menu->addAction(tr("Move to session…"), this, [this, id] { chooseSessionForRun(id); });
        menu->addAction(tr("Rename…"), this, [this, id] { askRunName(id); });
        menu->addSeparator();
        menu->addAction(tr("Delete run…"), this, [this, id] { confirmDeleteRun(id); });
    } else if (const LibrarySession *s = m_model->sessionAt(idx)) {
        const qint64 id = s->session.id;
        menu->addAction(tr("Edit name, tags and note"), this, [this] { m_sessionPane->nameEdit()->setFocus(); });
        menu->addSeparator();
        menu->addAction(tr("Delete session…"), this, [this, id] { confirmDeleteSession(id); });
    }
    menu->popup(m_tree->viewport()->mapToGlobal(pos));
}

} // namespace cm::ui
