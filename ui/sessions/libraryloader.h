// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads the session library (sessions → runs, filtered) on a worker thread with its
// own SessionStore connection, and the store changes the library makes (rename, move,
// delete). Every function here opens the store itself: call them only off the UI
// thread (QtConcurrent), never from a widget's slot directly.
#include "model/error.h"
#include "store/sessionstore.h"

#include <QList>
#include <QStringList>

#include <functional>

namespace cm::ui {

struct LibraryRun {
    RunInfo run;
    QString figures; // key figures (keyFigures of its steps)
};

struct LibrarySession {
    SessionInfo session;
    QList<LibraryRun> runs; // newest first, only those the filter matched
    QDateTime lastActivity; // newest run start, else creation
};

struct LibraryData {
    QList<LibrarySession> sessions; // most recent activity first
    QStringList kinds, nodes, tags; // every value in the store (for the filter lists)
    QStringList sessionNames; // every session, by name
    QString recentSession; // the session with the newest run (else the newest session)
    int shownRuns = 0;
    int totalRuns = 0;
    Error error;
};

LibraryData loadLibrary(const QString &storePath, const RunFilter &filter);

// Opens the store at storePath and runs `job` on it (on the calling thread).
Error withStore(const QString &storePath, const std::function<Error(SessionStore &)> &job);

// What deleting takes with it: a session (runId 0) or a run. A run that is still
// running (or a session holding one) is an error: the engine is writing to it.
struct DeletionScope {
    qint64 sessionId = 0;
    RunId runId = 0;
    QString name; // session name, or run (plan) name
    QString sessionName; // for a run: the session it is in
    StoreCounts counts;
    Error error;
};
DeletionScope loadDeletionScope(const QString &storePath, qint64 sessionId, RunId runId);

// Moves a run into the session of that name, creating the session if there is none.
Error moveRunToSession(SessionStore &store, RunId run, const QString &sessionName);

} // namespace cm::ui
