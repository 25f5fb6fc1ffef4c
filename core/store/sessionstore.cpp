// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/sessionstore.h"

#include "store/processowner.h"
#include "store/samplereader.h"
#include "store/storeschema.h"
#include "store/storesql.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>

#include <cmath>
#include <limits>

namespace cm {

struct SessionStore::Prepared {
    explicit Prepared(const QSqlDatabase &db)
        : insertSample(db)
        , insertSeries(db)
        , findSeries(db)
        , bumpLastT(db)
    { }
    QSqlQuery insertSample;
    QSqlQuery insertSeries;
    QSqlQuery findSeries;
    QSqlQuery bumpLastT;
};

using namespace storesql;

namespace {

QAtomicInteger<quint64> s_connectionCounter;

const QString RunColumns = QStringLiteral(
    "SELECT r.id, r.session_id, s.name, r.kind, r.name, r.plan_json, r.status, r.started, r.finished,"
    " r.last_sample_t, r.error, r.owner_pid, r.owner_host FROM runs r JOIN sessions s ON s.id = r.session_id ");

RunInfo readRun(const QSqlQuery &q)
{
    RunInfo r;
    r.id = q.value(0).toLongLong();
    r.sessionId = q.value(1).toLongLong();
    r.sessionName = q.value(2).toString();
    r.kind = q.value(3).toString();
    r.name = q.value(4).toString();
    const QJsonArray nodes = jsonObject(q.value(5)).value(QStringLiteral("nodes")).toArray();
    for (const auto &n : nodes)
        r.nodes << NodeSpec::fromJson(n.toObject()).displayName();
    r.status = runStatusFromName(q.value(6).toString());
    r.started = fromMs(q.value(7));
    r.finished = fromMs(q.value(8));
    r.lastSampleT = q.value(9).toDouble();
    r.error = q.value(10).toString();
    r.ownerPid = q.value(11).toLongLong();
    r.ownerHost = q.value(12).toString();
    return r;
}

} // namespace

QString SessionStore::defaultPath()
{
    QString dir = qEnvironmentVariable("CLUSTERMARK_DATA_DIR");
    if (dir.isEmpty())
        dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (!QDir().mkpath(dir))
        qCWarning(lcStore) << "cannot create the data folder" << dir;
    return QDir(dir).filePath(QStringLiteral("clustermark.sqlite"));
}

SessionStore::SessionStore(QString path)
    : m_path(std::move(path))
    , m_connection(QStringLiteral("clustermark-store-%1").arg(s_connectionCounter.fetchAndAddRelaxed(1)))
{ }

SessionStore::~SessionStore()
{
    // Every QSqlQuery and QSqlDatabase copy must be gone before removeDatabase().
    m_prepared.reset();
    if (QSqlDatabase::contains(m_connection))
        QSqlDatabase::removeDatabase(m_connection);
}

Error SessionStore::notOpen() const
{
    return Error(Error::Code::Storage, QStringLiteral("the session database is not open"), m_path);
}

Error SessionStore::setError(const Error &e)
{
    m_lastError = e;
    // A missing run or step is the caller's business; storage trouble is logged.
    if (e.code == Error::Code::InvalidInput)
        qCDebug(lcStore).noquote() << e.toString();
    else if (e)
        qCWarning(lcStore).noquote() << e.toString();
    return e;
}

Error SessionStore::open()
{
    if (m_prepared)
        return setError({});
    const QFileInfo fi(m_path);
    const QString dir = fi.absolutePath();
    if (m_path.isEmpty() || fi.isDir())
        return setError(Error(Error::Code::Storage, QStringLiteral("not a database file path"), m_path));
    if (!QFileInfo(dir).isDir())
        return setError(Error(Error::Code::Storage, QStringLiteral("the folder does not exist"), dir));
    // WAL needs the -wal and -shm files next to the database.
    if (!QFileInfo(dir).isWritable())
        return setError(Error(Error::Code::Storage,
            QStringLiteral("the folder is not writable (the database needs to create files there)"), dir));
    if (fi.exists() && !fi.isWritable())
        return setError(Error(Error::Code::Storage, QStringLiteral("the database file is not writable"), m_path));

    QSqlDatabase db = QSqlDatabase::contains(m_connection)
        ? QSqlDatabase::database(m_connection, false)
        : QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_connection);
    if (!db.isValid())
        return setError(Error(Error::Code::Storage,
            QStringLiteral("the Qt SQLite driver (QSQLITE) is missing: install libqt6sql6-sqlite")));
    db.setDatabaseName(m_path);
    db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=10000"));
    if (!db.open())
        return setError(Error(
            Error::Code::Storage, QStringLiteral("cannot open the database: %1").arg(db.lastError().text()), m_path));

    auto fail = [&](const Error &e) {
        db.close();
        return setError(e);
    };
    {
        QSqlQuery q(db);
        // journal_mode is the first statement that reads the file: a file that is not
        // SQLite fails here ("file is not a database").
        if (!q.exec(QStringLiteral("PRAGMA busy_timeout = 10000"))
            || !q.exec(QStringLiteral("PRAGMA journal_mode = WAL")))
            return fail(sqlError(q, QStringLiteral("cannot open the database"), m_path));
        const QString mode = q.next() ? q.value(0).toString() : QString();
        if (mode.compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
            return fail(Error(Error::Code::Storage,
                QStringLiteral("cannot switch the database to WAL mode (journal mode is \"%1\")").arg(mode), m_path));
        // 16 MiB page cache: a one-hour run's samples (~8 MB) stay cached between loads.
        if (!q.exec(QStringLiteral("PRAGMA synchronous = NORMAL"))
            || !q.exec(QStringLiteral("PRAGMA foreign_keys = ON"))
            || !q.exec(QStringLiteral("PRAGMA cache_size = -16384")))
            return fail(sqlError(q, QStringLiteral("cannot configure the database"), m_path));
    }
    if (Error e = storeschema::migrate(db))
        return fail(e);

    auto p = std::make_unique<Prepared>(db);
    const bool ok = p->insertSample.prepare(QStringLiteral("INSERT INTO samples(series_id, t, v) VALUES(?, ?, ?)"))
        && p->insertSeries.prepare(
            QStringLiteral("INSERT OR IGNORE INTO series(run_id, step_idx, target, metric) VALUES(?, ?, ?, ?)"))
        && p->findSeries.prepare(
            QStringLiteral("SELECT id FROM series WHERE run_id = ? AND step_idx = ? AND target = ? AND metric = ?"))
        && p->bumpLastT.prepare(QStringLiteral("UPDATE runs SET last_sample_t = MAX(last_sample_t, ?) WHERE id = ?"));
    if (!ok)
        return fail(Error(Error::Code::Storage, QStringLiteral("cannot prepare queries"), m_path));
    m_prepared = std::move(p);
    return setError({});
}

QVariant SessionStore::pragma(const QString &name)
{
    static const QRegularExpression plain(QStringLiteral("^[a-z_]+$"));
    if (!m_prepared || !plain.match(name).hasMatch())
        return {};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    if (!q.exec(QStringLiteral("PRAGMA ") + name) || !q.next())
        return {};
    return q.value(0);
}

// ---- runs

RunId SessionStore::createRun(const Plan &plan, const QJsonObject &environment, Error *error)
{
    auto fail = [&](const Error &e) {
        setError(e);
        if (error)
            *error = e;
        return RunId(0);
    };
    if (!m_prepared)
        return fail(notOpen());
    const qint64 session = ensureSession(plan.session);
    if (session == 0)
        return fail(m_lastError);
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("INSERT INTO runs(session_id, kind, name, plan_json, environment_json, status,"
                             " owner_pid, owner_host, owner_token, started) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(session);
    q.addBindValue(text(plan.kind));
    q.addBindValue(text(plan.name));
    q.addBindValue(jsonText(plan.toJson()));
    q.addBindValue(jsonText(environment));
    q.addBindValue(runStatusName(RunStatus::Running));
    q.addBindValue(processowner::currentPid());
    q.addBindValue(processowner::currentHost());
    q.addBindValue(processowner::currentToken());
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    if (!q.exec())
        return fail(sqlError(q, QStringLiteral("cannot record the run"), m_path));
    setError({});
    if (error)
        *error = {};
    return q.lastInsertId().toLongLong();
}

Error SessionStore::finishRun(RunId id, RunStatus status, const QString &error)
{
    if (!m_prepared)
        return setError(notOpen());
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE runs SET status = ?, error = ?, finished = ? WHERE id = ?"));
    q.addBindValue(runStatusName(status));
    q.addBindValue(text(error));
    const bool ended = status != RunStatus::Running && status != RunStatus::Interrupted;
    q.addBindValue(msOrNull(ended ? QDateTime::currentDateTime() : QDateTime()));
    q.addBindValue(id);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot finish run %1").arg(id), m_path));
    if (q.numRowsAffected() != 1)
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path));
    return setError({});
}

Error SessionStore::setRunEnvironment(RunId id, const QJsonObject &environment)
{
    if (!m_prepared)
        return setError(notOpen());
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE runs SET environment_json = ? WHERE id = ?"));
    q.addBindValue(jsonText(environment));
    q.addBindValue(id);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot save the environment of run %1").arg(id), m_path));
    if (q.numRowsAffected() != 1)
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path));
    return setError({});
}

Error SessionStore::setRunSummary(RunId id, const QJsonObject &summary)
{
    if (!m_prepared)
        return setError(notOpen());
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE runs SET summary_json = ? WHERE id = ?"));
    q.addBindValue(jsonText(summary));
    q.addBindValue(id);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot save the summary of run %1").arg(id), m_path));
    if (q.numRowsAffected() != 1)
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path));
    return setError({});
}

QJsonObject SessionStore::runSummary(RunId id)
{
    if (!m_prepared)
        return setError(notOpen()), QJsonObject {};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT summary_json FROM runs WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path)), QJsonObject {};
    setError({});
    return jsonObject(q.value(0));
}

int SessionStore::markInterruptedRuns()
{
    if (!m_prepared)
        return setError(notOpen()), 0;
    const QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery q(db);
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT id, owner_pid, owner_host, owner_token FROM runs WHERE status = 'running'")))
        return setError(sqlError(q, QStringLiteral("cannot list running runs"), m_path)), 0;
    const QString host = processowner::currentHost();
    QList<RunId> dead;
    while (q.next()) {
        // A run owned by another host cannot be checked from here: left alone.
        if (q.value(2).toString() == host && processowner::isGone(q.value(1).toLongLong(), q.value(3).toString()))
            dead << q.value(0).toLongLong();
    }
    q.finish();
    int marked = 0;
    for (RunId id : dead) {
        QSqlQuery u(db);
        u.prepare(QStringLiteral(
            "UPDATE runs SET status = 'interrupted', finished = NULL WHERE id = ? AND status = 'running'"));
        u.addBindValue(id);
        if (!u.exec())
            return setError(sqlError(u, QStringLiteral("cannot mark run %1 interrupted").arg(id), m_path)), marked;
        marked += u.numRowsAffected();
        u.prepare(QStringLiteral("UPDATE steps SET status = 'interrupted' WHERE run_id = ? AND status = 'running'"));
        u.addBindValue(id);
        u.exec();
        qCInfo(lcStore) << "run" << id << "was left running by a process that is gone: interrupted";
    }
    setError({});
    return marked;
}

QList<RunInfo> SessionStore::runs(qint64 sessionId)
{
    if (!m_prepared)
        return setError(notOpen()), QList<RunInfo> {};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(RunColumns + (sessionId >= 0 ? QStringLiteral("WHERE r.session_id = ? ") : QString())
        + QStringLiteral("ORDER BY r.id DESC"));
    if (sessionId >= 0)
        q.addBindValue(sessionId);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot list runs"), m_path)), QList<RunInfo> {};
    QList<RunInfo> out;
    while (q.next())
        out << readRun(q);
    setError({});
    return out;
}

RunInfo SessionStore::run(RunId id, Error *error)
{
    auto done = [&](const Error &e, const RunInfo &r) {
        setError(e);
        if (error)
            *error = e;
        return r;
    };
    if (!m_prepared)
        return done(notOpen(), {});
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(RunColumns + QStringLiteral("WHERE r.id = ?"));
    q.addBindValue(id);
    if (!q.exec())
        return done(sqlError(q, QStringLiteral("cannot read run %1").arg(id), m_path), {});
    if (!q.next())
        return done(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path), {});
    return done({}, readRun(q));
}

Plan SessionStore::runPlan(RunId id)
{
    if (!m_prepared)
        return setError(notOpen()), Plan {};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT plan_json FROM runs WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path)), Plan {};
    Error e;
    Plan p = Plan::fromJsonBytes(q.value(0).toString().toUtf8(), &e);
    setError(e);
    return p;
}

QJsonObject SessionStore::runEnvironment(RunId id)
{
    if (!m_prepared)
        return setError(notOpen()), QJsonObject {};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT environment_json FROM runs WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path)), QJsonObject {};
    setError({});
    return jsonObject(q.value(0));
}

void SessionStore::forgetSeries(RunId run)
{
    m_seriesCache.removeIf([&](const auto &it) { return it.key().run == run; });
}

Error SessionStore::deleteRun(RunId id)
{
    if (!m_prepared)
        return setError(notOpen());
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?")); // steps, series, samples cascade
    q.addBindValue(id);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot delete run %1").arg(id), m_path));
    forgetSeries(id);
    if (q.numRowsAffected() != 1)
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path));
    return setError({});
}

// ---- samples

qint64 SessionStore::seriesId(RunId run, const Sample &s, Error *error)
{
    if (const auto it = m_seriesCache.constFind(SeriesKey {run, s.step, s.target, s.metric});
        it != m_seriesCache.cend())
        return it.value();
    for (QSqlQuery *q : {&m_prepared->insertSeries, &m_prepared->findSeries}) {
        q->bindValue(0, run);
        q->bindValue(1, s.step);
        q->bindValue(2, s.target);
        q->bindValue(3, s.metric);
        if (!q->exec()) {
            *error = sqlError(*q, QStringLiteral("cannot record series %1 of run %2").arg(s.metric).arg(run), m_path);
            return 0;
        }
    }
    QSqlQuery &f = m_prepared->findSeries;
    const qint64 id = f.next() ? f.value(0).toLongLong() : 0;
    f.finish();
    if (id == 0) {
        *error = Error(
            Error::Code::Storage, QStringLiteral("series %1 of run %2 was not created").arg(s.metric).arg(run), m_path);
        return 0;
    }
    const SeriesKey key {run, s.step, s.target, s.metric};
    m_seriesCache.insert(key, id);
    m_newSeries << key;
    return id;
}

Error SessionStore::appendSamples(RunId run, const SampleList &samples)
{
    if (!m_prepared)
        return setError(notOpen());
    if (samples.isEmpty())
        return setError({});
    const QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    QSqlQuery tx(db);
    if (!tx.exec(QStringLiteral("BEGIN IMMEDIATE")))
        return setError(sqlError(tx, QStringLiteral("cannot save samples of run %1").arg(run), m_path));
    m_newSeries.clear();
    auto rollback = [&](const Error &e) {
        QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
        for (const SeriesKey &k : std::as_const(m_newSeries))
            m_seriesCache.remove(k);
        m_newSeries.clear();
        return setError(e);
    };
    double lastT = -std::numeric_limits<double>::infinity();
    QSqlQuery &ins = m_prepared->insertSample;
    for (const Sample &s : samples) {
        Error e;
        const qint64 sid = seriesId(run, s, &e);
        if (e)
            return rollback(e);
        ins.bindValue(0, sid);
        ins.bindValue(1, s.t);
        ins.bindValue(2, std::isnan(s.value) ? QVariant(QMetaType(QMetaType::Double)) : QVariant(s.value));
        if (!ins.exec())
            return rollback(sqlError(ins, QStringLiteral("cannot save samples of run %1").arg(run), m_path));
        lastT = std::max(lastT, s.t);
    }
    QSqlQuery &bump = m_prepared->bumpLastT;
    bump.bindValue(0, lastT);
    bump.bindValue(1, run);
    if (!bump.exec())
        return rollback(sqlError(bump, QStringLiteral("cannot save samples of run %1").arg(run), m_path));
    if (!tx.exec(QStringLiteral("COMMIT")))
        return rollback(sqlError(tx, QStringLiteral("cannot commit samples of run %1").arg(run), m_path));
    m_newSeries.clear();
    return setError({});
}

QList<SeriesData> SessionStore::series(RunId run)
{
    if (!m_prepared)
        return setError(notOpen()), QList<SeriesData> {};
    const QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    // One read transaction: a writer appending meanwhile cannot make series disagree.
    QSqlQuery tx(db);
    if (!tx.exec(QStringLiteral("BEGIN")))
        return setError(sqlError(tx, QStringLiteral("cannot read series of run %1").arg(run), m_path)),
               QList<SeriesData> {};
    QList<SeriesData> out;
    QHash<qint64, qsizetype> index; // series id → position in out
    qint64 lo = std::numeric_limits<qint64>::max();
    qint64 hi = 0;
    Error err;
    {
        // With each series' first and last sample rowid, so that the samples can be
        // read below in one sequential range scan rather than 64 index walks that jump
        // all over the table (samples of one batch are interleaved across series).
        QSqlQuery q(db);
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT s.id, s.step_idx, s.target, s.metric,"
                                 " (SELECT rowid FROM samples WHERE series_id = s.id ORDER BY rowid LIMIT 1),"
                                 " (SELECT rowid FROM samples WHERE series_id = s.id ORDER BY rowid DESC LIMIT 1)"
                                 " FROM series s WHERE s.run_id = ? ORDER BY s.id"));
        q.addBindValue(run);
        if (q.exec()) {
            while (q.next()) {
                SeriesData s;
                s.id = q.value(0).toLongLong();
                s.step = q.value(1).toInt();
                s.target = q.value(2).toString();
                s.metric = q.value(3).toString();
                if (!q.value(4).isNull()) {
                    lo = std::min(lo, q.value(4).toLongLong());
                    hi = std::max(hi, q.value(5).toLongLong());
                }
                index.insert(s.id, out.size());
                out << s;
            }
        } else {
            err = sqlError(q, QStringLiteral("cannot read series of run %1").arg(run), m_path);
        }
    }
    // Rows of other runs written at the same time may sit in the range: skipped.
    if (!err && lo <= hi)
        err = readSampleRange(db, lo, hi, index, out);
    tx.exec(QStringLiteral("COMMIT"));
    if (err)
        return setError(err), QList<SeriesData> {};
    setError({});
    return out;
}

} // namespace cm
