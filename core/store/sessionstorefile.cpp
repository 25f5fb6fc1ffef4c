// SPDX-License-Identifier: GPL-3.0-or-later
// SessionStore: a whole session in and out, for session files (store/sessionfile.h).
#include "store/sessionstore.h"
#include "store/storeschema.h"
#include "store/storesql.h"

#include <QJsonArray>

#include <cmath>

namespace cm {

using namespace storesql;

namespace {

Error importError(const QSqlQuery &q, const QString &what, const QString &path)
{
    return sqlError(q, QStringLiteral("cannot import the session: %1").arg(what), path);
}

Error checkSeriesLengths(const SessionFileData &data)
{
    for (const SessionFileRun &r : data.runs)
        for (const SessionFileSeries &s : r.series)
            if (s.t.size() != s.v.size())
                return Error(Error::Code::InvalidInput,
                    QStringLiteral("series %1 of run \"%2\" has %3 values for %4 times")
                        .arg(s.metric, r.name)
                        .arg(s.v.size())
                        .arg(s.t.size()));
    return {};
}

// Inside the transaction, so that no one takes the name meanwhile.
Error chooseFreeName(QSqlQuery &q, const QString &base, const QString &path, QString *chosen)
{
    *chosen = base;
    q.prepare(QStringLiteral("SELECT 1 FROM sessions WHERE name = ?"));
    for (int n = 1;; ++n) {
        q.bindValue(0, *chosen);
        if (!q.exec())
            return importError(q, QStringLiteral("session names"), path);
        const bool taken = q.next();
        q.finish();
        if (!taken)
            return {};
        *chosen
            = n == 1 ? QStringLiteral("%1 (imported)").arg(base) : QStringLiteral("%1 (imported %2)").arg(base).arg(n);
    }
}

Error insertSession(
    QSqlQuery &q, const QString &name, const SessionFileData &data, const QString &path, qint64 *session)
{
    q.prepare(QStringLiteral("INSERT INTO sessions(name, tags, note, created) VALUES(?, ?, ?, ?)"));
    q.addBindValue(name);
    q.addBindValue(
        QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(data.tags)).toJson(QJsonDocument::Compact)));
    q.addBindValue(text(data.note));
    q.addBindValue(data.created.isValid() ? data.created.toMSecsSinceEpoch() : QDateTime::currentMSecsSinceEpoch());
    if (!q.exec())
        return importError(q, QStringLiteral("session"), path);
    *session = q.lastInsertId().toLongLong();
    return {};
}

// The prepared inserts of one import, and the runs, steps and series through them.
class RunImporter {
public:
    RunImporter(const QSqlDatabase &db, QString path)
        : m_run(db)
        , m_step(db)
        , m_output(db)
        , m_series(db)
        , m_sample(db)
        , m_path(std::move(path))
    { }
    Error prepare();
    Error addRun(qint64 session, const SessionFileRun &r, RunId *run);

private:
    Error addSteps(RunId run, const SessionFileRun &r);
    Error addSeries(RunId run, const SessionFileRun &r);

    QSqlQuery m_run, m_step, m_output, m_series, m_sample;
    QString m_path;
    // Nothing runs an imported run: one left running by its writer is interrupted.
    const QString m_running = runStatusName(RunStatus::Running);
    const QString m_interrupted = runStatusName(RunStatus::Interrupted);
    const QVariant m_gap {QMetaType(QMetaType::Double)};
};

Error RunImporter::prepare()
{
    const bool prepared
        = m_run.prepare(QStringLiteral("INSERT INTO runs(session_id, kind, name, plan_json, environment_json, status,"
                                       " error, owner_pid, owner_host, owner_token, started, finished, last_sample_t,"
                                       " summary_json) VALUES(?, ?, ?, ?, ?, ?, ?, NULL, '', '', ?, ?, ?, ?)"))
        && m_step.prepare(
            QStringLiteral("INSERT INTO steps(run_id, idx, iteration, test_id, title, node, target, status,"
                           " command, params_json, summary_json, environment_json, error,"
                           " started, finished) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"))
        && m_output.prepare(QStringLiteral("INSERT INTO step_outputs(step_id, raw) VALUES(?, ?)"))
        && m_series.prepare(QStringLiteral("INSERT INTO series(run_id, step_idx, target, metric) VALUES(?, ?, ?, ?)"))
        && m_sample.prepare(QStringLiteral("INSERT INTO samples(series_id, t, v) VALUES(?, ?, ?)"));
    if (!prepared)
        return importError(m_sample, QStringLiteral("cannot prepare queries"), m_path);
    return {};
}

Error RunImporter::addRun(qint64 session, const SessionFileRun &r, RunId *run)
{
    const bool wasRunning = r.status == m_running;
    int i = 0;
    for (const QVariant &v :
        {QVariant(session), QVariant(text(r.kind)), QVariant(text(r.name)), QVariant(jsonText(r.plan)),
            QVariant(jsonText(r.environment)), QVariant(wasRunning ? m_interrupted : r.status), QVariant(text(r.error)),
            QVariant(r.started.toMSecsSinceEpoch()), msOrNull(r.finished), QVariant(r.lastSampleT),
            QVariant(jsonText(r.summary))})
        m_run.bindValue(i++, v);
    if (!m_run.exec())
        return importError(m_run, QStringLiteral("run \"%1\"").arg(r.name), m_path);
    *run = m_run.lastInsertId().toLongLong();
    if (Error e = addSteps(*run, r))
        return e;
    return addSeries(*run, r);
}

Error RunImporter::addSteps(RunId run, const SessionFileRun &r)
{
    for (const SessionFileStep &s : r.steps) {
        int i = 0;
        for (const QVariant &v : {QVariant(run), QVariant(s.index), QVariant(s.iteration), QVariant(text(s.testId)),
                 QVariant(text(s.title)), QVariant(text(s.node)), QVariant(text(s.target)),
                 QVariant(s.status == m_running ? m_interrupted : text(s.status)), QVariant(text(s.command)),
                 QVariant(jsonText(s.params)), QVariant(jsonText(s.summary)), QVariant(jsonText(s.environment)),
                 QVariant(text(s.error)), QVariant(s.started.toMSecsSinceEpoch()), msOrNull(s.finished)})
            m_step.bindValue(i++, v);
        if (!m_step.exec())
            return importError(m_step, QStringLiteral("a step of run \"%1\"").arg(r.name), m_path);
        if (s.rawOutput.isEmpty())
            continue;
        m_output.bindValue(0, m_step.lastInsertId());
        m_output.bindValue(1, s.rawOutput);
        if (!m_output.exec())
            return importError(m_output, QStringLiteral("the output of a step of run \"%1\"").arg(r.name), m_path);
    }
    return {};
}

Error RunImporter::addSeries(RunId run, const SessionFileRun &r)
{
    for (const SessionFileSeries &s : r.series) {
        m_series.bindValue(0, run);
        m_series.bindValue(1, s.step);
        m_series.bindValue(2, text(s.target));
        m_series.bindValue(3, text(s.metric));
        if (!m_series.exec())
            return importError(m_series, QStringLiteral("series %1 of run \"%2\"").arg(s.metric, r.name), m_path);
        const qint64 series = m_series.lastInsertId().toLongLong();
        m_sample.bindValue(0, series);
        for (qsizetype k = 0; k < s.t.size(); ++k) {
            m_sample.bindValue(1, s.t[k]);
            m_sample.bindValue(2, std::isnan(s.v[k]) ? m_gap : QVariant(s.v[k]));
            if (!m_sample.exec())
                return importError(m_sample, QStringLiteral("samples of run \"%1\"").arg(r.name), m_path);
        }
    }
    return {};
}

} // namespace

Error SessionStore::readSessionData(qint64 sessionId, SessionFileData *out)
{
    if (!m_prepared)
        return setError(notOpen());
    const QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    SessionFileData d;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT name, tags, note, created FROM sessions WHERE id = ?"));
    q.addBindValue(sessionId);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot read session %1").arg(sessionId), m_path));
    if (!q.next())
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no session %1").arg(sessionId), m_path));
    d.name = q.value(0).toString();
    for (const auto &t : QJsonDocument::fromJson(q.value(1).toString().toUtf8()).array())
        d.tags << t.toString();
    d.note = q.value(2).toString();
    d.created = fromMs(q.value(3));

    q.prepare(QStringLiteral("SELECT id, kind, name, status, error, started, finished, last_sample_t, plan_json,"
                             " environment_json, summary_json FROM runs WHERE session_id = ? ORDER BY id"));
    q.addBindValue(sessionId);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot list the runs of session %1").arg(sessionId), m_path));
    QList<RunId> ids;
    while (q.next()) {
        SessionFileRun r;
        ids << q.value(0).toLongLong();
        r.kind = q.value(1).toString();
        r.name = q.value(2).toString();
        r.status = q.value(3).toString();
        r.error = q.value(4).toString();
        r.started = fromMs(q.value(5));
        r.finished = fromMs(q.value(6));
        r.lastSampleT = q.value(7).toDouble();
        r.plan = jsonObject(q.value(8));
        r.environment = jsonObject(q.value(9));
        r.summary = jsonObject(q.value(10));
        d.runs << r;
    }
    q.finish();
    for (qsizetype i = 0; i < d.runs.size(); ++i) {
        SessionFileRun &r = d.runs[i];
        for (const StepRecord &s : loadSteps(ids[i], true)) {
            r.steps << SessionFileStep {s.index, s.iteration, s.testId, s.title, s.node, s.target, s.status, s.command,
                s.params, s.summary, s.environment, s.rawOutput, s.error, s.started, s.finished};
        }
        if (m_lastError)
            return m_lastError;
        for (const SeriesData &s : series(ids[i]))
            r.series << SessionFileSeries {s.step, s.target, s.metric, s.t, s.v};
        if (m_lastError)
            return m_lastError;
    }
    *out = std::move(d);
    return setError({});
}

Error SessionStore::addSessionData(const SessionFileData &data, qint64 *sessionId, QString *name, QList<RunId> *runs)
{
    if (!m_prepared)
        return setError(notOpen());
    const QString base = data.name.trimmed();
    if (base.isEmpty())
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("a session needs a name")));
    if (Error e = checkSeriesLengths(data))
        return setError(e);
    const QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return setError(sqlError(q, QStringLiteral("cannot import the session"), m_path));
    auto rollback = [&](const Error &e) {
        QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
        return setError(e);
    };

    QString chosen;
    if (Error e = chooseFreeName(q, base, m_path, &chosen))
        return rollback(e);
    qint64 session = 0;
    if (Error e = insertSession(q, chosen, data, m_path, &session))
        return rollback(e);
    RunImporter importer(db, m_path);
    if (Error e = importer.prepare())
        return rollback(e);
    QList<RunId> added;
    for (const SessionFileRun &r : data.runs) {
        RunId run = 0;
        if (Error e = importer.addRun(session, r, &run))
            return rollback(e);
        added << run;
    }
    if (!q.exec(QStringLiteral("COMMIT")))
        return rollback(importError(q, QStringLiteral("commit"), m_path));
    qCInfo(lcStore).noquote() << "imported session" << chosen << "with" << added.size() << "runs";
    if (sessionId)
        *sessionId = session;
    if (name)
        *name = chosen;
    if (runs)
        *runs = added;
    return setError({});
}

} // namespace cm
