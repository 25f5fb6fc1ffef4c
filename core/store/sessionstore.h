// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The session database (docs/ARCHITECTURE.md §6): SQLite through Qt Sql, WAL mode, under
// QStandardPaths::AppDataLocation. Session → Run (plan, environment, status) → Step
// (one test on one node: summary, raw tool output, error) → Series → samples.
//
// Threading: one SessionStore per thread (each opens its own named connection);
// the engine's run thread writes, the UI/CLI read through their own instance.
// Secrets never enter this database.
#include "model/error.h"
#include "model/plan.h"
#include "model/runstatus.h"
#include "model/sessionfiledata.h"
#include "model/sample.h"

#include <QDateTime>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <memory>

namespace cm {

struct SessionInfo {
    qint64 id = 0;
    QString name;
    QStringList tags;
    QString note;
    QDateTime created;
    int runCount = 0;
};

struct RunInfo {
    RunId id = 0;
    qint64 sessionId = 0;
    QString sessionName;
    QString kind;
    QString name; // plan name
    QStringList nodes; // node display names
    RunStatus status = RunStatus::Running;
    QDateTime started;
    QDateTime finished; // invalid while running / when interrupted
    double lastSampleT = 0; // seconds: how far the saved samples reach
    QString error;
    qint64 ownerPid = 0; // process that wrote it (meaningful while running)
    QString ownerHost;
};

struct StepRecord {
    qint64 id = 0;
    int index = 0; // step index in the plan (repeats share it)
    int iteration = 0; // 0..repeat-1
    QString testId;
    QString title;
    QString node;
    QString target;
    QString status; // "running", "completed", "failed", "cancelled"
    QString command;
    QJsonObject params;
    QJsonObject summary;
    QJsonObject environment;
    QByteArray rawOutput; // empty when loaded without it (runToJson)
    qint64 rawOutputSize = 0; // bytes, always set
    QString error;
    QDateTime started;
    QDateTime finished; // invalid while running
};

// What the session library searches for; empty fields match everything.
struct RunFilter {
    QString text; // every word must occur (any case) in the run's name, kind, node names,
        // or its session's name, tags or note
    QString kind; // runner kind id
    QString node; // node display name
    QString tag; // a tag of the run's session (exact, any case)
    QDateTime from; // started at or after (invalid = open)
    QDateTime to; // started before (invalid = open)
    qint64 sessionId = -1; // -1 = all sessions
    bool isEmpty() const;
    bool hasRunCriteria() const { return !kind.isEmpty() || !node.isEmpty() || from.isValid() || to.isValid(); }
};

// What deleting a session or a run takes with it (for the confirmation).
struct StoreCounts {
    int runs = 0;
    qint64 steps = 0;
    qint64 samples = 0;
};

struct SeriesData {
    qint64 id = 0;
    int step = 0;
    QString target;
    QString metric;
    QList<double> t;
    QList<double> v;
};

class SessionStore {
public:
    static QString defaultPath(); // AppDataLocation/clustermark.sqlite (folder created)
    explicit SessionStore(QString path = defaultPath());
    ~SessionStore();
    SessionStore(const SessionStore &) = delete;
    SessionStore &operator=(const SessionStore &) = delete;

    // Creates/migrates the schema, WAL, foreign keys. Call it on the thread that
    // uses this instance: the connection belongs to that thread.
    Error open();
    bool isOpen() const { return m_prepared != nullptr; }
    QString path() const { return m_path; }
    // Error of the last call (None when it succeeded); for calls that return lists.
    Error lastError() const { return m_lastError; }
    // Value of "PRAGMA <name>" on this connection (journal_mode, foreign_keys, ...);
    // invalid for anything but a plain name.
    QVariant pragma(const QString &name);
    // This instance's connection, for what keeps its own tables in the same database
    // (tuning/knobjournal.h); valid on this instance's thread while it is open.
    QString connectionName() const { return m_connection; }

    // Sessions
    qint64 ensureSession(const QString &name); // "" → "Default"
    QList<SessionInfo> sessions(); // oldest first
    Error updateSession(qint64 id, const QString &name, const QStringList &tags, const QString &note);
    Error deleteSession(qint64 id); // with its runs
    // A new session; an existing name is an error (InvalidInput), never merged.
    qint64 createSession(const QString &name, const QStringList &tags, const QString &note, Error *error = nullptr);
    SessionInfo session(qint64 id, Error *error = nullptr);
    StoreCounts sessionContents(qint64 id, Error *error = nullptr);
    // Does the session itself (name, tags, note) match the filter's text and tag?
    static bool sessionMatches(const SessionInfo &s, const RunFilter &f);

    // Runs. A run records the writer's PID; markInterruptedRuns() turns runs left
    // "running" by a process that no longer exists into "interrupted".
    RunId createRun(const Plan &plan, const QJsonObject &environment, Error *error = nullptr);
    Error finishRun(RunId id, RunStatus status, const QString &error = {});
    Error setRunEnvironment(RunId id, const QJsonObject &environment);
    // What the run as a whole came to, written when it ends: {"repetition": {…}}
    // (engine/repetitiontracker.h). {} for runs from before it existed.
    Error setRunSummary(RunId id, const QJsonObject &summary);
    QJsonObject runSummary(RunId id);
    int markInterruptedRuns(); // how many it marked
    QList<RunInfo> runs(qint64 sessionId = -1); // newest first; -1 = all sessions
    RunInfo run(RunId id, Error *error = nullptr);
    Plan runPlan(RunId id);
    QJsonObject runEnvironment(RunId id);
    Error deleteRun(RunId id);
    Error moveRun(RunId id, qint64 sessionId); // to another existing session
    Error renameRun(RunId id, const QString &name); // the name it is listed by; not empty
    StoreCounts runContents(RunId id, Error *error = nullptr);
    // Runs matching the filter, newest first (see RunFilter).
    QList<RunInfo> findRuns(const RunFilter &filter);

    // Steps
    qint64 beginStep(RunId run, int index, int iteration, const PlanStep &step, const QString &node,
        const QString &command, Error *error = nullptr);
    Error finishStep(qint64 stepId, const QString &status, const QString &target, const QJsonObject &summary,
        const QJsonObject &environment, const QByteArray &rawOutput, const QString &error);
    // In the order they began. Without raw output (a one-hour fio run prints ~40 MB of
    // status reports per step) only rawOutputSize is set: lists and detail views.
    QList<StepRecord> steps(RunId run, bool withRawOutput = true);
    QList<StepRecord> stepSummaries(RunId run); // steps(run, false)
    QByteArray stepRawOutput(qint64 stepId);

    // Samples: all of them in one transaction, committed before returning.
    Error appendSamples(RunId run, const SampleList &samples);
    // Samples in the order appended; a NaN value (a gap) is stored as NULL and reads back
    // as NaN. One read transaction: concurrent appends never show half a batch.
    QList<SeriesData> series(RunId run);

    // Exports of one run
    QJsonObject runToJson(RunId id); // run, plan, environment, steps, series
    QString runToMarkdown(RunId id); // summary table for forum posts

    // A whole session with its runs, steps (raw output included) and samples, for a
    // session file (store/sessionfile.h). Runs oldest first.
    Error readSessionData(qint64 sessionId, SessionFileData *out);
    // Adds it as a new session in one transaction: all of it or nothing. A name that is
    // taken gets " (imported)", " (imported 2)", …; runs keep their times; a run that
    // was still running when exported comes in as interrupted.
    Error addSessionData(const SessionFileData &data, qint64 *sessionId = nullptr, QString *name = nullptr,
        QList<RunId> *runs = nullptr);

private:
    struct Prepared;
    struct SeriesKey {
        RunId run;
        int step;
        QString target;
        QString metric;
        friend bool operator==(const SeriesKey &, const SeriesKey &) = default;
        friend size_t qHash(const SeriesKey &k, size_t seed = 0) noexcept
        {
            return qHashMulti(seed, k.run, k.step, k.target, k.metric);
        }
    };
    qint64 seriesId(RunId run, const Sample &s, Error *error);
    QList<StepRecord> loadSteps(RunId run, bool withRawOutput);
    Error notOpen() const;
    Error setError(const Error &e);
    void forgetSeries(RunId run);

    QString m_path;
    QString m_connection;
    std::unique_ptr<Prepared> m_prepared; // prepared queries; gone before the connection
    Error m_lastError;
    QHash<SeriesKey, qint64> m_seriesCache; // series ids seen by this instance
    QList<SeriesKey> m_newSeries; // cache keys added by the open transaction
};

} // namespace cm
