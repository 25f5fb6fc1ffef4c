// SPDX-License-Identifier: GPL-3.0-or-later
// SessionStore: sessions and steps.
#include "store/sessionstore.h"
#include "store/storesql.h"

#include <QJsonArray>

namespace cm {

using namespace storesql;

// ---- sessions

qint64 SessionStore::ensureSession(const QString &name)
{
    if (!m_prepared)
        return setError(notOpen()), 0;
    const QString n = name.trimmed().isEmpty() ? QStringLiteral("Default") : name.trimmed();
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("INSERT OR IGNORE INTO sessions(name, created) VALUES(?, ?)"));
    q.addBindValue(n);
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot create session \"%1\"").arg(n), m_path)), 0;
    q.prepare(QStringLiteral("SELECT id FROM sessions WHERE name = ?"));
    q.addBindValue(n);
    if (!q.exec() || !q.next())
        return setError(sqlError(q, QStringLiteral("cannot find session \"%1\"").arg(n), m_path)), 0;
    setError({});
    return q.value(0).toLongLong();
}

QList<SessionInfo> SessionStore::sessions()
{
    if (!m_prepared)
        return setError(notOpen()), QList<SessionInfo> {};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    if (!q.exec(
            QStringLiteral("SELECT s.id, s.name, s.tags, s.note, s.created,"
                           " (SELECT COUNT(*) FROM runs r WHERE r.session_id = s.id) FROM sessions s ORDER BY s.id")))
        return setError(sqlError(q, QStringLiteral("cannot list sessions"), m_path)), QList<SessionInfo> {};
    QList<SessionInfo> out;
    while (q.next()) {
        SessionInfo s;
        s.id = q.value(0).toLongLong();
        s.name = q.value(1).toString();
        for (const auto &t : QJsonDocument::fromJson(q.value(2).toString().toUtf8()).array())
            s.tags << t.toString();
        s.note = q.value(3).toString();
        s.created = fromMs(q.value(4));
        s.runCount = q.value(5).toInt();
        out << s;
    }
    setError({});
    return out;
}

Error SessionStore::updateSession(qint64 id, const QString &name, const QStringList &tags, const QString &note)
{
    if (!m_prepared)
        return setError(notOpen());
    if (name.trimmed().isEmpty())
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("a session needs a name")));
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    // Names are unique: say so rather than pass on SQLite's constraint message.
    q.prepare(QStringLiteral("SELECT COUNT(*) FROM sessions WHERE name = ? AND id <> ?"));
    q.addBindValue(name.trimmed());
    q.addBindValue(id);
    if (q.exec() && q.next() && q.value(0).toInt() > 0)
        return setError(Error(Error::Code::InvalidInput,
            QStringLiteral("a session named \"%1\" already exists").arg(name.trimmed()), m_path));
    q.prepare(QStringLiteral("UPDATE sessions SET name = ?, tags = ?, note = ? WHERE id = ?"));
    q.addBindValue(name.trimmed());
    q.addBindValue(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(tags)).toJson(QJsonDocument::Compact)));
    q.addBindValue(text(note));
    q.addBindValue(id);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot update session %1").arg(id), m_path));
    if (q.numRowsAffected() != 1)
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no session %1").arg(id), m_path));
    return setError({});
}

Error SessionStore::deleteSession(qint64 id)
{
    if (!m_prepared)
        return setError(notOpen());
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("DELETE FROM sessions WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot delete session %1").arg(id), m_path));
    if (q.numRowsAffected() != 1)
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no session %1").arg(id), m_path));
    m_seriesCache.clear();
    return setError({});
}

// ---- steps

qint64 SessionStore::beginStep(RunId run, int index, int iteration, const PlanStep &step, const QString &node,
    const QString &command, Error *error)
{
    auto fail = [&](const Error &e) {
        setError(e);
        if (error)
            *error = e;
        return qint64(0);
    };
    if (!m_prepared)
        return fail(notOpen());
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("INSERT INTO steps(run_id, idx, iteration, test_id, title, node, status, command,"
                             " params_json, started) VALUES(?, ?, ?, ?, ?, ?, 'running', ?, ?, ?)"));
    q.addBindValue(run);
    q.addBindValue(index);
    q.addBindValue(iteration);
    q.addBindValue(text(step.id));
    q.addBindValue(text(step.title));
    q.addBindValue(text(node));
    q.addBindValue(text(command));
    q.addBindValue(jsonText(step.params));
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    if (!q.exec())
        return fail(sqlError(q, QStringLiteral("cannot record step %1 of run %2").arg(index).arg(run), m_path));
    setError({});
    if (error)
        *error = {};
    return q.lastInsertId().toLongLong();
}

Error SessionStore::finishStep(qint64 stepId, const QString &status, const QString &target, const QJsonObject &summary,
    const QJsonObject &environment, const QByteArray &rawOutput, const QString &error)
{
    if (!m_prepared)
        return setError(notOpen());
    const QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return setError(sqlError(q, QStringLiteral("cannot finish step %1").arg(stepId), m_path));
    auto rollback = [&](const Error &e) {
        QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
        return setError(e);
    };
    q.prepare(QStringLiteral("UPDATE steps SET status = ?, target = ?, summary_json = ?, environment_json = ?,"
                             " error = ?, finished = ? WHERE id = ?"));
    q.addBindValue(text(status));
    q.addBindValue(text(target));
    q.addBindValue(jsonText(summary));
    q.addBindValue(jsonText(environment));
    q.addBindValue(text(error));
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    q.addBindValue(stepId);
    if (!q.exec())
        return rollback(sqlError(q, QStringLiteral("cannot finish step %1").arg(stepId), m_path));
    if (q.numRowsAffected() != 1)
        return rollback(Error(Error::Code::InvalidInput, QStringLiteral("no step %1").arg(stepId), m_path));
    q.prepare(rawOutput.isEmpty() ? QStringLiteral("DELETE FROM step_outputs WHERE step_id = ?")
                                  : QStringLiteral("INSERT OR REPLACE INTO step_outputs(step_id, raw) VALUES(?, ?)"));
    q.addBindValue(stepId);
    if (!rawOutput.isEmpty())
        q.addBindValue(rawOutput);
    if (!q.exec())
        return rollback(sqlError(q, QStringLiteral("cannot save the output of step %1").arg(stepId), m_path));
    if (!q.exec(QStringLiteral("COMMIT")))
        return rollback(sqlError(q, QStringLiteral("cannot finish step %1").arg(stepId), m_path));
    return setError({});
}

QList<StepRecord> SessionStore::steps(RunId run, bool withRawOutput)
{
    return loadSteps(run, withRawOutput);
}

QList<StepRecord> SessionStore::stepSummaries(RunId run)
{
    return loadSteps(run, false);
}

QList<StepRecord> SessionStore::loadSteps(RunId run, bool withRawOutput)
{
    if (!m_prepared)
        return setError(notOpen()), QList<StepRecord> {};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    // length() of the last column of a row is read from the record header: the blob
    // itself is not touched.
    q.prepare(
        QStringLiteral("SELECT s.id, s.idx, s.iteration, s.test_id, s.title, s.node, s.target, s.status, s.command,"
                       " s.params_json, s.summary_json, s.environment_json, %1,"
                       " COALESCE((SELECT length(o.raw) FROM step_outputs o WHERE o.step_id = s.id), 0),"
                       " s.error, s.started, s.finished FROM steps s WHERE s.run_id = ? ORDER BY s.id")
            .arg(withRawOutput ? QStringLiteral("(SELECT o.raw FROM step_outputs o WHERE o.step_id = s.id)")
                               : QStringLiteral("NULL")));
    q.addBindValue(run);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot read the steps of run %1").arg(run), m_path)),
               QList<StepRecord> {};
    QList<StepRecord> out;
    while (q.next()) {
        StepRecord s;
        s.id = q.value(0).toLongLong();
        s.index = q.value(1).toInt();
        s.iteration = q.value(2).toInt();
        s.testId = q.value(3).toString();
        s.title = q.value(4).toString();
        s.node = q.value(5).toString();
        s.target = q.value(6).toString();
        s.status = q.value(7).toString();
        s.command = q.value(8).toString();
        s.params = jsonObject(q.value(9));
        s.summary = jsonObject(q.value(10));
        s.environment = jsonObject(q.value(11));
        s.rawOutput = q.value(12).toByteArray();
        s.rawOutputSize = q.value(13).toLongLong();
        s.error = q.value(14).toString();
        s.started = fromMs(q.value(15));
        s.finished = fromMs(q.value(16));
        out << s;
    }
    setError({});
    return out;
}

QByteArray SessionStore::stepRawOutput(qint64 stepId)
{
    if (!m_prepared)
        return setError(notOpen()), QByteArray {};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(
        QStringLiteral("SELECT (SELECT o.raw FROM step_outputs o WHERE o.step_id = s.id) FROM steps s WHERE s.id = ?"));
    q.addBindValue(stepId);
    if (!q.exec() || !q.next())
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no step %1").arg(stepId), m_path)),
               QByteArray {};
    setError({});
    return q.value(0).toByteArray();
}

} // namespace cm
