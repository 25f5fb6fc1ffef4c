#include "store/sessionstore.h"

#include "store/processowner.h"
#include "store/storeschema.h"

#include <QAtomicInteger>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>

#include <cmath>
#include <limits>

namespace cm {

struct SessionStore::Prepared {
    explicit Prepared(const QSqlDatabase &db)
        : insertSample(db), insertSeries(db), findSeries(db), bumpLastT(db), readSeries(db)
    {
    }
    QSqlQuery insertSample;
    QSqlQuery insertSeries;
    QSqlQuery findSeries;
    QSqlQuery bumpLastT;
    QSqlQuery readSeries;
};

namespace {

QAtomicInteger<quint64> s_connectionCounter;

Error sqlError(const QSqlQuery &q, const QString &what, const QString &path)
{
    return Error(Error::Code::Storage, QStringLiteral("%1: %2").arg(what, q.lastError().text()), path);
}

QVariant msOrNull(const QDateTime &d)
{
    return d.isValid() ? QVariant(d.toMSecsSinceEpoch()) : QVariant(QMetaType(QMetaType::LongLong));
}

QDateTime fromMs(const QVariant &v)
{
    return v.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(v.toLongLong());
}

QString jsonText(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QJsonObject jsonObject(const QVariant &v)
{
    return QJsonDocument::fromJson(v.toString().toUtf8()).object();
}

QString seriesKey(RunId run, int step, const QString &target, const QString &metric)
{
    return QStringLiteral("%1|%2|%3|%4").arg(run).arg(step).arg(target, metric);
}

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
    : m_path(std::move(path)),
      m_connection(QStringLiteral("clustermark-store-%1").arg(s_connectionCounter.fetchAndAddRelaxed(1)))
{
}

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
    if (e)
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
                              QStringLiteral("the folder is not writable (the database needs to create files there)"),
                              dir));
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
        return setError(Error(Error::Code::Storage,
                              QStringLiteral("cannot open the database: %1").arg(db.lastError().text()), m_path));

    auto fail = [&](const Error &e) {
        db.close();
        return setError(e);
    };
    {
        QSqlQuery q(db);
        // journal_mode is the first statement that reads the file: a file that is not
        // SQLite fails here ("file is not a database").
        if (!q.exec(QStringLiteral("PRAGMA busy_timeout = 10000")) || !q.exec(QStringLiteral("PRAGMA journal_mode = WAL")))
            return fail(sqlError(q, QStringLiteral("cannot open the database"), m_path));
        const QString mode = q.next() ? q.value(0).toString() : QString();
        if (mode.compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
            return fail(Error(Error::Code::Storage,
                              QStringLiteral("cannot switch the database to WAL mode (journal mode is \"%1\")").arg(mode),
                              m_path));
        if (!q.exec(QStringLiteral("PRAGMA synchronous = NORMAL")) || !q.exec(QStringLiteral("PRAGMA foreign_keys = ON")))
            return fail(sqlError(q, QStringLiteral("cannot configure the database"), m_path));
    }
    if (Error e = storeschema::migrate(db))
        return fail(e);

    auto p = std::make_unique<Prepared>(db);
    const bool ok =
        p->insertSample.prepare(QStringLiteral("INSERT INTO samples(series_id, t, v) VALUES(?, ?, ?)")) &&
        p->insertSeries.prepare(
            QStringLiteral("INSERT OR IGNORE INTO series(run_id, step_idx, target, metric) VALUES(?, ?, ?, ?)")) &&
        p->findSeries.prepare(
            QStringLiteral("SELECT id FROM series WHERE run_id = ? AND step_idx = ? AND target = ? AND metric = ?")) &&
        p->bumpLastT.prepare(QStringLiteral("UPDATE runs SET last_sample_t = MAX(last_sample_t, ?) WHERE id = ?")) &&
        p->readSeries.prepare(QStringLiteral("SELECT t, v FROM samples WHERE series_id = ? ORDER BY rowid"));
    if (!ok)
        return fail(Error(Error::Code::Storage, QStringLiteral("cannot prepare queries"), m_path));
    p->readSeries.setForwardOnly(true);
    m_prepared = std::move(p);
    return setError({});
}

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
        return setError(notOpen()), QList<SessionInfo>{};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT s.id, s.name, s.tags, s.note, s.created,"
                               " (SELECT COUNT(*) FROM runs r WHERE r.session_id = s.id) FROM sessions s ORDER BY s.id")))
        return setError(sqlError(q, QStringLiteral("cannot list sessions"), m_path)), QList<SessionInfo>{};
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
    q.prepare(QStringLiteral("UPDATE sessions SET name = ?, tags = ?, note = ? WHERE id = ?"));
    q.addBindValue(name.trimmed());
    q.addBindValue(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(tags)).toJson(QJsonDocument::Compact)));
    q.addBindValue(note);
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

// ---- runs

RunId SessionStore::createRun(const Plan &plan, const QJsonObject &environment, Error *error)
{
    auto fail = [&](const Error &e) {
        setError(e);
        if (error) *error = e;
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
    q.addBindValue(plan.kind);
    q.addBindValue(plan.name);
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
    if (error) *error = {};
    return q.lastInsertId().toLongLong();
}

Error SessionStore::finishRun(RunId id, RunStatus status, const QString &error)
{
    if (!m_prepared)
        return setError(notOpen());
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE runs SET status = ?, error = ?, finished = ? WHERE id = ?"));
    q.addBindValue(runStatusName(status));
    q.addBindValue(error);
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
        u.prepare(QStringLiteral("UPDATE runs SET status = 'interrupted', finished = NULL WHERE id = ? AND status = 'running'"));
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
        return setError(notOpen()), QList<RunInfo>{};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(RunColumns + (sessionId >= 0 ? QStringLiteral("WHERE r.session_id = ? ") : QString()) +
              QStringLiteral("ORDER BY r.id DESC"));
    if (sessionId >= 0)
        q.addBindValue(sessionId);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot list runs"), m_path)), QList<RunInfo>{};
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
        if (error) *error = e;
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
        return setError(notOpen()), Plan{};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT plan_json FROM runs WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path)), Plan{};
    Error e;
    Plan p = Plan::fromJsonBytes(q.value(0).toString().toUtf8(), &e);
    setError(e);
    return p;
}

QJsonObject SessionStore::runEnvironment(RunId id)
{
    if (!m_prepared)
        return setError(notOpen()), QJsonObject{};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT environment_json FROM runs WHERE id = ?"));
    q.addBindValue(id);
    if (!q.exec() || !q.next())
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path)), QJsonObject{};
    setError({});
    return jsonObject(q.value(0));
}

void SessionStore::forgetSeries(RunId run)
{
    const QString prefix = QString::number(run) + QLatin1Char('|');
    m_seriesCache.removeIf([&](const auto &it) { return it.key().startsWith(prefix); });
}

Error SessionStore::deleteRun(RunId id)
{
    if (!m_prepared)
        return setError(notOpen());
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("DELETE FROM runs WHERE id = ?"));   // steps, series, samples cascade
    q.addBindValue(id);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot delete run %1").arg(id), m_path));
    forgetSeries(id);
    if (q.numRowsAffected() != 1)
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path));
    return setError({});
}

// ---- steps

qint64 SessionStore::beginStep(RunId run, int index, int iteration, const PlanStep &step, const QString &node,
                               const QString &command, Error *error)
{
    auto fail = [&](const Error &e) {
        setError(e);
        if (error) *error = e;
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
    q.addBindValue(step.id);
    q.addBindValue(step.title);
    q.addBindValue(node);
    q.addBindValue(command);
    q.addBindValue(jsonText(step.params));
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    if (!q.exec())
        return fail(sqlError(q, QStringLiteral("cannot record step %1 of run %2").arg(index).arg(run), m_path));
    setError({});
    if (error) *error = {};
    return q.lastInsertId().toLongLong();
}

Error SessionStore::finishStep(qint64 stepId, const QString &status, const QString &target, const QJsonObject &summary,
                               const QJsonObject &environment, const QByteArray &rawOutput, const QString &error)
{
    if (!m_prepared)
        return setError(notOpen());
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE steps SET status = ?, target = ?, summary_json = ?, environment_json = ?,"
                             " raw_output = ?, error = ?, finished = ? WHERE id = ?"));
    q.addBindValue(status);
    q.addBindValue(target);
    q.addBindValue(jsonText(summary));
    q.addBindValue(jsonText(environment));
    q.addBindValue(rawOutput.isNull() ? QByteArray("") : rawOutput);
    q.addBindValue(error);
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    q.addBindValue(stepId);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot finish step %1").arg(stepId), m_path));
    if (q.numRowsAffected() != 1)
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no step %1").arg(stepId), m_path));
    return setError({});
}

QList<StepRecord> SessionStore::steps(RunId run)
{
    return loadSteps(run, true);
}

QList<StepRecord> SessionStore::loadSteps(RunId run, bool withRawOutput)
{
    if (!m_prepared)
        return setError(notOpen()), QList<StepRecord>{};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id, idx, iteration, test_id, title, node, target, status, command, params_json,"
                             " summary_json, environment_json, %1, COALESCE(length(raw_output), 0), error, started,"
                             " finished FROM steps WHERE run_id = ? ORDER BY id")
                  .arg(withRawOutput ? QStringLiteral("raw_output") : QStringLiteral("NULL")));
    q.addBindValue(run);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot read the steps of run %1").arg(run), m_path)),
               QList<StepRecord>{};
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
        return setError(notOpen()), QByteArray{};
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT raw_output FROM steps WHERE id = ?"));
    q.addBindValue(stepId);
    if (!q.exec() || !q.next())
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no step %1").arg(stepId), m_path)), QByteArray{};
    setError({});
    return q.value(0).toByteArray();
}

// ---- samples

qint64 SessionStore::seriesId(RunId run, const Sample &s, Error *error)
{
    const QString key = seriesKey(run, s.step, s.target, s.metric);
    if (const auto it = m_seriesCache.constFind(key); it != m_seriesCache.cend())
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
        *error = Error(Error::Code::Storage, QStringLiteral("series %1 of run %2 was not created").arg(s.metric).arg(run),
                       m_path);
        return 0;
    }
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
        for (const QString &k : std::as_const(m_newSeries))
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
        return setError(notOpen()), QList<SeriesData>{};
    const QSqlDatabase db = QSqlDatabase::database(m_connection, false);
    // One read transaction: a writer appending meanwhile cannot make series disagree.
    QSqlQuery tx(db);
    if (!tx.exec(QStringLiteral("BEGIN")))
        return setError(sqlError(tx, QStringLiteral("cannot read series of run %1").arg(run), m_path)),
               QList<SeriesData>{};
    QList<SeriesData> out;
    QSqlQuery q(db);
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id, step_idx, target, metric FROM series WHERE run_id = ? ORDER BY id"));
    q.addBindValue(run);
    Error err;
    if (q.exec()) {
        while (q.next()) {
            SeriesData s;
            s.id = q.value(0).toLongLong();
            s.step = q.value(1).toInt();
            s.target = q.value(2).toString();
            s.metric = q.value(3).toString();
            out << s;
        }
    } else {
        err = sqlError(q, QStringLiteral("cannot read series of run %1").arg(run), m_path);
    }
    QSqlQuery &r = m_prepared->readSeries;
    for (SeriesData &s : out) {
        if (err)
            break;
        r.bindValue(0, s.id);
        if (!r.exec()) {
            err = sqlError(r, QStringLiteral("cannot read samples of run %1").arg(run), m_path);
            break;
        }
        while (r.next()) {
            s.t << r.value(0).toDouble();
            const QVariant v = r.value(1);
            s.v << (v.isNull() ? std::numeric_limits<double>::quiet_NaN() : v.toDouble());
        }
        r.finish();
    }
    tx.exec(QStringLiteral("COMMIT"));
    if (err)
        return setError(err), QList<SeriesData>{};
    setError({});
    return out;
}

} // namespace cm
