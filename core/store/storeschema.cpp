// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/storeschema.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QStringList>

Q_LOGGING_CATEGORY(lcStore, "clustermark.core.store", QtInfoMsg)

namespace cm::storeschema {

namespace {

// Index i takes version i to i+1.
const QList<QStringList> &steps()
{
    static const QList<QStringList> s = {
        // 0 → 1
        {
            QStringLiteral("CREATE TABLE sessions("
                           "id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,"
                           " tags TEXT NOT NULL DEFAULT '[]', note TEXT NOT NULL DEFAULT '',"
                           " created INTEGER NOT NULL)"),
            QStringLiteral("CREATE TABLE runs("
                           "id INTEGER PRIMARY KEY,"
                           " session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,"
                           " kind TEXT NOT NULL, name TEXT NOT NULL,"
                           " plan_json TEXT NOT NULL, environment_json TEXT NOT NULL DEFAULT '{}',"
                           " status TEXT NOT NULL, error TEXT NOT NULL DEFAULT '',"
                           " owner_pid INTEGER, owner_host TEXT,"
                           " started INTEGER NOT NULL, finished INTEGER)"),
            QStringLiteral("CREATE INDEX runs_session ON runs(session_id)"),
            QStringLiteral("CREATE TABLE steps("
                           "id INTEGER PRIMARY KEY,"
                           " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
                           " idx INTEGER NOT NULL, iteration INTEGER NOT NULL,"
                           " test_id TEXT NOT NULL, title TEXT NOT NULL, node TEXT NOT NULL,"
                           " target TEXT NOT NULL DEFAULT '', status TEXT NOT NULL,"
                           " command TEXT NOT NULL DEFAULT '', params_json TEXT NOT NULL DEFAULT '{}',"
                           " summary_json TEXT NOT NULL DEFAULT '{}',"
                           " environment_json TEXT NOT NULL DEFAULT '{}',"
                           " raw_output BLOB, error TEXT NOT NULL DEFAULT '',"
                           " started INTEGER NOT NULL, finished INTEGER)"),
            QStringLiteral("CREATE INDEX steps_run ON steps(run_id)"),
            QStringLiteral("CREATE TABLE series("
                           "id INTEGER PRIMARY KEY,"
                           " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
                           " step_idx INTEGER NOT NULL, target TEXT NOT NULL, metric TEXT NOT NULL,"
                           " UNIQUE(run_id, step_idx, target, metric))"),
            QStringLiteral("CREATE TABLE samples("
                           "series_id INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,"
                           " t REAL NOT NULL, v REAL)"),
            QStringLiteral("CREATE INDEX samples_series ON samples(series_id)"),
        },
        // 1 → 2
        {
            QStringLiteral("ALTER TABLE runs ADD COLUMN last_sample_t REAL NOT NULL DEFAULT 0"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN owner_token TEXT NOT NULL DEFAULT ''"),
            QStringLiteral("UPDATE runs SET last_sample_t = COALESCE((SELECT MAX(s.t) FROM samples s"
                           " JOIN series r ON r.id = s.series_id WHERE r.run_id = runs.id), 0)"),
        },
        // 2 → 3
        {
            QStringLiteral("ALTER TABLE runs ADD COLUMN summary_json TEXT NOT NULL DEFAULT '{}'"),
            QStringLiteral("CREATE TABLE step_outputs("
                           "step_id INTEGER PRIMARY KEY REFERENCES steps(id) ON DELETE CASCADE,"
                           " raw BLOB NOT NULL)"),
            QStringLiteral("INSERT INTO step_outputs(step_id, raw) SELECT id, raw_output FROM steps"
                           " WHERE length(raw_output) > 0"),
            QStringLiteral("UPDATE steps SET raw_output = NULL WHERE raw_output IS NOT NULL"),
        },
        // 3 → 4
        {
            QStringLiteral("CREATE TABLE knob_journal("
                           "id INTEGER PRIMARY KEY, experiment TEXT NOT NULL,"
                           " node_json TEXT NOT NULL, node TEXT NOT NULL,"
                           " knob TEXT NOT NULL, object TEXT NOT NULL,"
                           " old_value TEXT NOT NULL, new_value TEXT NOT NULL,"
                           " dead_man TEXT NOT NULL DEFAULT '', state TEXT NOT NULL,"
                           " error TEXT NOT NULL DEFAULT '',"
                           " owner_pid INTEGER NOT NULL, owner_host TEXT NOT NULL, owner_token TEXT NOT NULL,"
                           " created INTEGER NOT NULL, restored INTEGER)"),
            QStringLiteral("CREATE INDEX knob_journal_state ON knob_journal(state)"),
            QStringLiteral("CREATE TABLE experiments("
                           "id TEXT PRIMARY KEY, name TEXT NOT NULL, json TEXT NOT NULL,"
                           " status TEXT NOT NULL, error TEXT NOT NULL DEFAULT '',"
                           " created INTEGER NOT NULL, finished INTEGER)"),
            QStringLiteral("CREATE TABLE experiment_runs("
                           "experiment_id TEXT NOT NULL REFERENCES experiments(id) ON DELETE CASCADE,"
                           " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
                           " slot INTEGER NOT NULL, variant INTEGER NOT NULL, repetition INTEGER NOT NULL,"
                           " warm_up INTEGER NOT NULL, PRIMARY KEY(experiment_id, slot))"),
        },
    };
    return s;
}

Error sqlError(const QSqlError &e, const QString &what, const QSqlDatabase &db)
{
    return Error(Error::Code::Storage, QStringLiteral("%1: %2").arg(what, e.text()), db.databaseName());
}

} // namespace

int version(const QSqlDatabase &db, Error *error)
{
    QSqlQuery q(db);
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next()) {
        if (error)
            *error = sqlError(q.lastError(), QStringLiteral("cannot read the schema version"), db);
        return -1;
    }
    if (error)
        *error = {};
    return q.value(0).toInt();
}

Error migrate(const QSqlDatabase &db, int target)
{
    if (target < 1 || target > CurrentVersion)
        return Error(Error::Code::Internal, QStringLiteral("no schema version %1").arg(target));
    QSqlQuery q(db);
    // IMMEDIATE: two processes opening a new file at once must not both create tables.
    if (!q.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return sqlError(q.lastError(), QStringLiteral("cannot open the database"), db);
    auto rollback = [&](const Error &e) {
        QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
        return e;
    };
    Error err;
    const int from = version(db, &err);
    if (err)
        return rollback(err);
    if (from > CurrentVersion)
        return rollback(Error(Error::Code::Storage,
            QStringLiteral("the database was written by a newer ClusterMark (schema %1; this build "
                           "reads up to %2)")
                .arg(from)
                .arg(CurrentVersion),
            db.databaseName()));
    for (int v = from; v < target; ++v) {
        for (const QString &sql : steps().at(v)) {
            if (!q.exec(sql))
                return rollback(sqlError(q.lastError(), QStringLiteral("schema upgrade to %1 failed").arg(v + 1), db));
        }
        qCInfo(lcStore) << "schema of" << db.databaseName() << "upgraded to version" << v + 1;
    }
    if (target > from && !q.exec(QStringLiteral("PRAGMA user_version = %1").arg(target)))
        return rollback(sqlError(q.lastError(), QStringLiteral("cannot set the schema version"), db));
    if (!q.exec(QStringLiteral("COMMIT")))
        return rollback(sqlError(q.lastError(), QStringLiteral("cannot commit the schema"), db));
    return {};
}

} // namespace cm::storeschema
