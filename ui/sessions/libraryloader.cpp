// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessions/libraryloader.h"

#include "results/resultsloader.h"

#include <QSet>

#include <algorithm>

namespace cm::ui {

namespace {
QStringList sortedCaseless(const QSet<QString> &set)
{
    QStringList l(set.begin(), set.end());
    l.removeAll(QString());
    std::sort(
        l.begin(), l.end(), [](const QString &a, const QString &b) { return a.compare(b, Qt::CaseInsensitive) < 0; });
    return l;
}
} // namespace

LibraryData loadLibrary(const QString &storePath, const RunFilter &filter)
{
    LibraryData d;
    SessionStore store(storePath);
    if ((d.error = store.open()))
        return d;
    const QList<SessionInfo> sessions = store.sessions();
    const QList<RunInfo> all = store.runs();
    if ((d.error = store.lastError()))
        return d;
    const QList<RunInfo> matched = filter.isEmpty() ? all : store.findRuns(filter);
    if ((d.error = store.lastError()))
        return d;

    QSet<QString> kinds, nodes, tags;
    QHash<qint64, QDateTime> latest;
    for (const RunInfo &r : all) {
        kinds.insert(r.kind);
        for (const QString &n : r.nodes)
            nodes.insert(n);
        if (!latest.value(r.sessionId).isValid() || latest.value(r.sessionId) < r.started)
            latest.insert(r.sessionId, r.started);
    }
    QHash<qint64, QList<LibraryRun>> byS;
    for (const RunInfo &r : matched)
        byS[r.sessionId] << LibraryRun {r, keyFigures(store.stepSummaries(r.id))};

    QDateTime newest;
    for (const SessionInfo &s : sessions) {
        d.sessionNames << s.name;
        const QDateTime active = latest.value(s.id, s.created);
        if (!newest.isValid() || active >= newest) {
            newest = active;
            d.recentSession = s.name;
        }
        for (const QString &t : s.tags)
            tags.insert(t);
        const QList<LibraryRun> runs = byS.value(s.id);
        // A session whose runs all fail the filter still shows when the session itself
        // matches and the filter says nothing about runs (e.g. a new, empty session).
        const bool show = !runs.isEmpty() || filter.isEmpty()
            || (!filter.hasRunCriteria() && SessionStore::sessionMatches(s, filter));
        if (!show)
            continue;
        d.sessions << LibrarySession {s, runs, latest.value(s.id, s.created)};
        d.shownRuns += int(runs.size());
    }
    std::stable_sort(d.sessions.begin(), d.sessions.end(),
        [](const LibrarySession &a, const LibrarySession &b) { return a.lastActivity > b.lastActivity; });
    d.totalRuns = int(all.size());
    d.kinds = sortedCaseless(kinds);
    d.nodes = sortedCaseless(nodes);
    d.tags = sortedCaseless(tags);
    return d;
}

Error withStore(const QString &storePath, const std::function<Error(SessionStore &)> &job)
{
    SessionStore store(storePath);
    if (const Error e = store.open())
        return e;
    return job(store);
}

DeletionScope loadDeletionScope(const QString &storePath, qint64 sessionId, RunId runId)
{
    DeletionScope d;
    d.sessionId = sessionId;
    d.runId = runId;
    d.error = withStore(storePath, [&](SessionStore &s) {
        Error e;
        if (runId) {
            const RunInfo r = s.run(runId, &e);
            if (e)
                return e;
            d.name = r.name;
            d.sessionName = r.sessionName;
            d.sessionId = r.sessionId;
            // The engine is still writing its steps and samples.
            if (r.status == RunStatus::Running)
                return Error(Error::Code::InvalidInput,
                    QStringLiteral("the run \"%1\" is still running: stop it before deleting it").arg(r.name));
            d.counts = s.runContents(runId, &e);
            return e;
        }
        d.name = s.session(sessionId, &e).name;
        if (e)
            return e;
        for (const RunInfo &r : s.runs(sessionId))
            if (r.status == RunStatus::Running)
                return Error(Error::Code::InvalidInput,
                    QStringLiteral(
                        "the run \"%1\" of this session is still running: stop it before deleting the session")
                        .arg(r.name));
        d.counts = s.sessionContents(sessionId, &e);
        return e;
    });
    return d;
}

Error moveRunToSession(SessionStore &store, RunId run, const QString &sessionName)
{
    if (sessionName.trimmed().isEmpty())
        return Error(Error::Code::InvalidInput, QStringLiteral("choose or type a session name"));
    const qint64 id = store.ensureSession(sessionName);
    if (id == 0)
        return store.lastError();
    return store.moveRun(run, id);
}

} // namespace cm::ui
