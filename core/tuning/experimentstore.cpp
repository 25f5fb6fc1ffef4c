// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/experimentstore.h"

#include "store/storesql.h"

#include <QJsonDocument>
#include <QSqlDatabase>
#include <QUuid>

namespace cm {

using namespace storesql;

ExperimentStore::ExperimentStore(SessionStore &store)
    : m_store(store)
{ }

Error ExperimentStore::create(const Experiment &x, QString *id)
{
    if (!m_store.isOpen())
        return Error(Error::Code::Storage, QStringLiteral("the session database is not open"), m_store.path());
    *id = QUuid::createUuid().toString(QUuid::WithoutBraces).left(13);
    QSqlQuery q(QSqlDatabase::database(m_store.connectionName(), false));
    q.prepare(QStringLiteral("INSERT INTO experiments(id, name, json, status, created) VALUES(?, ?, ?, ?, ?)"));
    q.addBindValue(*id);
    q.addBindValue(text(x.name));
    q.addBindValue(jsonText(x.toJson()));
    q.addBindValue(runStatusName(RunStatus::Running));
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    if (!q.exec())
        return sqlError(q, QStringLiteral("cannot save the experiment"), m_store.path());
    return {};
}

Error ExperimentStore::update(const QString &id, const Experiment &x)
{
    QSqlQuery q(QSqlDatabase::database(m_store.connectionName(), false));
    q.prepare(QStringLiteral("UPDATE experiments SET json = ? WHERE id = ?"));
    q.addBindValue(jsonText(x.toJson()));
    q.addBindValue(id);
    if (!q.exec())
        return sqlError(q, QStringLiteral("cannot save the experiment"), m_store.path());
    return {};
}

Error ExperimentStore::addRun(const QString &id, const ExperimentRun &r)
{
    QSqlQuery q(QSqlDatabase::database(m_store.connectionName(), false));
    q.prepare(QStringLiteral("INSERT INTO experiment_runs(experiment_id, run_id, slot, variant, repetition, warm_up)"
                             " VALUES(?, ?, ?, ?, ?, ?)"));
    q.addBindValue(id);
    q.addBindValue(r.run);
    q.addBindValue(r.slot);
    q.addBindValue(r.variant);
    q.addBindValue(r.repetition);
    q.addBindValue(r.warmUp ? 1 : 0);
    if (!q.exec())
        return sqlError(q, QStringLiteral("cannot save the experiment's run"), m_store.path());
    return {};
}

Error ExperimentStore::finish(const QString &id, RunStatus status, const QString &error)
{
    QSqlQuery q(QSqlDatabase::database(m_store.connectionName(), false));
    q.prepare(QStringLiteral("UPDATE experiments SET status = ?, error = ?, finished = ? WHERE id = ?"));
    q.addBindValue(runStatusName(status));
    q.addBindValue(text(error));
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    q.addBindValue(id);
    if (!q.exec())
        return sqlError(q, QStringLiteral("cannot finish the experiment"), m_store.path());
    return {};
}

ExperimentRecord ExperimentStore::load(const QString &id, Error *error)
{
    ExperimentRecord r;
    auto fail = [&](const Error &e) {
        if (error)
            *error = e;
        return ExperimentRecord();
    };
    QSqlQuery q(QSqlDatabase::database(m_store.connectionName(), false));
    q.prepare(QStringLiteral("SELECT json, status, error, created, finished FROM experiments WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return fail(sqlError(q, QStringLiteral("cannot read the experiment"), m_store.path()));
    if (!q.next())
        return fail(Error(Error::Code::PathMissing, QStringLiteral("no experiment %1").arg(id), id));
    Error e;
    r.id = id;
    r.experiment = Experiment::fromJsonBytes(q.value(0).toString().toUtf8(), &e);
    if (e)
        return fail(e);
    r.status = runStatusFromName(q.value(1).toString());
    r.error = q.value(2).toString();
    r.created = fromMs(q.value(3));
    r.finished = fromMs(q.value(4));
    QSqlQuery runs(QSqlDatabase::database(m_store.connectionName(), false));
    runs.prepare(QStringLiteral("SELECT slot, run_id, variant, repetition, warm_up FROM experiment_runs"
                                " WHERE experiment_id = ? ORDER BY slot"));
    runs.addBindValue(id);
    if (!runs.exec())
        return fail(sqlError(runs, QStringLiteral("cannot read the experiment's runs"), m_store.path()));
    while (runs.next())
        r.runs << ExperimentRun {runs.value(0).toInt(), runs.value(1).toLongLong(), runs.value(2).toInt(),
            runs.value(3).toInt(), runs.value(4).toInt() != 0};
    if (error)
        *error = {};
    return r;
}

QList<ExperimentRecord> ExperimentStore::list(Error *error)
{
    QList<ExperimentRecord> out;
    QSqlQuery q(QSqlDatabase::database(m_store.connectionName(), false));
    if (!q.exec(QStringLiteral("SELECT id, json, status, error, created, finished FROM experiments"
                               " ORDER BY created DESC"))) {
        if (error)
            *error = sqlError(q, QStringLiteral("cannot read the experiments"), m_store.path());
        return out;
    }
    while (q.next()) {
        ExperimentRecord r;
        r.id = q.value(0).toString();
        r.experiment = Experiment::fromJsonBytes(q.value(1).toString().toUtf8(), nullptr);
        r.status = runStatusFromName(q.value(2).toString());
        r.error = q.value(3).toString();
        r.created = fromMs(q.value(4));
        r.finished = fromMs(q.value(5));
        out << r;
    }
    if (error)
        *error = {};
    return out;
}

} // namespace cm
