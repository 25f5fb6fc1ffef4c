// SessionStore: a whole session in and out, for session files (store/sessionfile.h).
#include "store/sessionstore.h"
#include "store/storeschema.h"
#include "store/storesql.h"

#include <QJsonArray>

#include <cmath>

namespace cm {

using namespace storesql;

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
            r.steps << SessionFileStep{s.index,   s.iteration, s.testId,  s.title,       s.node,
                                       s.target,  s.status,    s.command, s.params,      s.summary,
                                       s.environment, s.rawOutput, s.error, s.started, s.finished};
        }
        if (m_lastError)
            return m_lastError;
        for (const SeriesData &s : series(ids[i]))
            r.series << SessionFileSeries{s.step, s.target, s.metric, s.t, s.v};
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
    for (const SessionFileRun &r : data.runs)
        for (const SessionFileSeries &s : r.series)
            if (s.t.size() != s.v.size())
                return setError(Error(Error::Code::InvalidInput,
                                      QStringLiteral("series %1 of run \"%2\" has %3 values for %4 times")
                                          .arg(s.metric, r.name)
                                          .arg(s.v.size())
                                          .arg(s.t.size())));
    const QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return setError(sqlError(q, QStringLiteral("cannot import the session"), m_path));
    auto rollback = [&](const Error &e) {
        QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
        return setError(e);
    };
    auto failed = [&](const QSqlQuery &query, const QString &what) {
        return rollback(sqlError(query, QStringLiteral("cannot import the session: %1").arg(what), m_path));
    };

    // A free name, inside the transaction so that no one takes it meanwhile.
    QString chosen = base;
    q.prepare(QStringLiteral("SELECT 1 FROM sessions WHERE name = ?"));
    for (int n = 1;; ++n) {
        q.bindValue(0, chosen);
        if (!q.exec())
            return failed(q, QStringLiteral("session names"));
        const bool taken = q.next();
        q.finish();
        if (!taken)
            break;
        chosen = n == 1 ? QStringLiteral("%1 (imported)").arg(base) : QStringLiteral("%1 (imported %2)").arg(base).arg(n);
    }
    q.prepare(QStringLiteral("INSERT INTO sessions(name, tags, note, created) VALUES(?, ?, ?, ?)"));
    q.addBindValue(chosen);
    q.addBindValue(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(data.tags)).toJson(QJsonDocument::Compact)));
    q.addBindValue(text(data.note));
    q.addBindValue(data.created.isValid() ? data.created.toMSecsSinceEpoch() : QDateTime::currentMSecsSinceEpoch());
    if (!q.exec())
        return failed(q, QStringLiteral("session"));
    const qint64 session = q.lastInsertId().toLongLong();

    QSqlQuery insRun(db), insStep(db), insOutput(db), insSeries(db), insSample(db);
    const bool prepared =
        insRun.prepare(QStringLiteral("INSERT INTO runs(session_id, kind, name, plan_json, environment_json, status,"
                                      " error, owner_pid, owner_host, owner_token, started, finished, last_sample_t,"
                                      " summary_json) VALUES(?, ?, ?, ?, ?, ?, ?, NULL, '', '', ?, ?, ?, ?)")) &&
        insStep.prepare(QStringLiteral("INSERT INTO steps(run_id, idx, iteration, test_id, title, node, target, status,"
                                       " command, params_json, summary_json, environment_json, error,"
                                       " started, finished) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) &&
        insOutput.prepare(QStringLiteral("INSERT INTO step_outputs(step_id, raw) VALUES(?, ?)")) &&
        insSeries.prepare(QStringLiteral("INSERT INTO series(run_id, step_idx, target, metric) VALUES(?, ?, ?, ?)")) &&
        insSample.prepare(QStringLiteral("INSERT INTO samples(series_id, t, v) VALUES(?, ?, ?)"));
    if (!prepared)
        return failed(insSample, QStringLiteral("cannot prepare queries"));

    // Nothing runs an imported run: one left running by its writer is interrupted.
    const QString running = runStatusName(RunStatus::Running);
    const QString interrupted = runStatusName(RunStatus::Interrupted);
    const QVariant gap(QMetaType(QMetaType::Double));
    QList<RunId> added;
    for (const SessionFileRun &r : data.runs) {
        const bool wasRunning = r.status == running;
        int i = 0;
        for (const QVariant &v :
             {QVariant(session), QVariant(text(r.kind)), QVariant(text(r.name)), QVariant(jsonText(r.plan)),
              QVariant(jsonText(r.environment)), QVariant(wasRunning ? interrupted : r.status), QVariant(text(r.error)),
              QVariant(r.started.toMSecsSinceEpoch()), msOrNull(r.finished), QVariant(r.lastSampleT),
              QVariant(jsonText(r.summary))})
            insRun.bindValue(i++, v);
        if (!insRun.exec())
            return failed(insRun, QStringLiteral("run \"%1\"").arg(r.name));
        const RunId run = insRun.lastInsertId().toLongLong();
        added << run;
        for (const SessionFileStep &s : r.steps) {
            i = 0;
            for (const QVariant &v :
                 {QVariant(run), QVariant(s.index), QVariant(s.iteration), QVariant(text(s.testId)),
                  QVariant(text(s.title)), QVariant(text(s.node)), QVariant(text(s.target)),
                  QVariant(s.status == running ? interrupted : text(s.status)), QVariant(text(s.command)),
                  QVariant(jsonText(s.params)), QVariant(jsonText(s.summary)), QVariant(jsonText(s.environment)),
                  QVariant(text(s.error)),
                  QVariant(s.started.toMSecsSinceEpoch()), msOrNull(s.finished)})
                insStep.bindValue(i++, v);
            if (!insStep.exec())
                return failed(insStep, QStringLiteral("a step of run \"%1\"").arg(r.name));
            if (s.rawOutput.isEmpty())
                continue;
            insOutput.bindValue(0, insStep.lastInsertId());
            insOutput.bindValue(1, s.rawOutput);
            if (!insOutput.exec())
                return failed(insOutput, QStringLiteral("the output of a step of run \"%1\"").arg(r.name));
        }
        for (const SessionFileSeries &s : r.series) {
            insSeries.bindValue(0, run);
            insSeries.bindValue(1, s.step);
            insSeries.bindValue(2, text(s.target));
            insSeries.bindValue(3, text(s.metric));
            if (!insSeries.exec())
                return failed(insSeries, QStringLiteral("series %1 of run \"%2\"").arg(s.metric, r.name));
            const qint64 series = insSeries.lastInsertId().toLongLong();
            insSample.bindValue(0, series);
            for (qsizetype k = 0; k < s.t.size(); ++k) {
                insSample.bindValue(1, s.t[k]);
                insSample.bindValue(2, std::isnan(s.v[k]) ? gap : QVariant(s.v[k]));
                if (!insSample.exec())
                    return failed(insSample, QStringLiteral("samples of run \"%1\"").arg(r.name));
            }
        }
    }
    if (!q.exec(QStringLiteral("COMMIT")))
        return failed(q, QStringLiteral("commit"));
    qCInfo(lcStore).noquote() << "imported session" << chosen << "with" << added.size() << "runs";
    if (sessionId) *sessionId = session;
    if (name) *name = chosen;
    if (runs) *runs = added;
    return setError({});
}

} // namespace cm
