// SPDX-License-Identifier: GPL-3.0-or-later
// SessionStore: what the session library needs beyond recording runs — creating and
// looking up sessions, moving runs between them, counting what a deletion takes,
// and searching runs by text, kind, node, tag and date.
#include "store/sessionstore.h"
#include "store/storesql.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace cm {

using namespace storesql;

namespace {

QStringList words(const QString &text)
{
    static const QRegularExpression space(QStringLiteral("\\s+"));
    return text.split(space, Qt::SkipEmptyParts);
}

bool allWordsIn(const QStringList &ws, const QString &haystack)
{
    for (const QString &w : ws)
        if (!haystack.contains(w, Qt::CaseInsensitive))
            return false;
    return true;
}

bool hasTag(const QStringList &tags, const QString &tag)
{
    for (const QString &t : tags)
        if (t.compare(tag.trimmed(), Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

QString sessionText(const SessionInfo &s)
{
    return QStringList {s.name, s.tags.join(QLatin1Char(' ')), s.note}.join(QLatin1Char('\n'));
}

} // namespace

bool RunFilter::isEmpty() const
{
    return text.trimmed().isEmpty() && tag.trimmed().isEmpty() && sessionId < 0 && !hasRunCriteria();
}

bool SessionStore::sessionMatches(const SessionInfo &s, const RunFilter &f)
{
    if (f.sessionId >= 0 && s.id != f.sessionId)
        return false;
    if (!f.tag.trimmed().isEmpty() && !hasTag(s.tags, f.tag))
        return false;
    return allWordsIn(words(f.text), sessionText(s));
}

qint64 SessionStore::createSession(const QString &name, const QStringList &tags, const QString &note, Error *error)
{
    auto done = [&](const Error &e, qint64 id) {
        setError(e);
        if (error)
            *error = e;
        return id;
    };
    if (!m_prepared)
        return done(notOpen(), 0);
    const QString n = name.trimmed();
    if (n.isEmpty())
        return done(Error(Error::Code::InvalidInput, QStringLiteral("a session needs a name")), 0);
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT id FROM sessions WHERE name = ?"));
    q.addBindValue(n);
    if (!q.exec())
        return done(sqlError(q, QStringLiteral("cannot look up session \"%1\"").arg(n), m_path), 0);
    if (q.next())
        return done(
            Error(Error::Code::InvalidInput, QStringLiteral("a session named \"%1\" already exists").arg(n), m_path),
            0);
    q.prepare(QStringLiteral("INSERT INTO sessions(name, tags, note, created) VALUES(?, ?, ?, ?)"));
    q.addBindValue(n);
    q.addBindValue(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(tags)).toJson(QJsonDocument::Compact)));
    q.addBindValue(text(note));
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    if (!q.exec())
        return done(sqlError(q, QStringLiteral("cannot create session \"%1\"").arg(n), m_path), 0);
    return done({}, q.lastInsertId().toLongLong());
}

SessionInfo SessionStore::session(qint64 id, Error *error)
{
    const QList<SessionInfo> all = sessions();
    Error e = m_lastError;
    SessionInfo found;
    if (!e) {
        for (const SessionInfo &s : all)
            if (s.id == id)
                found = s;
        if (found.id == 0)
            e = Error(Error::Code::InvalidInput, QStringLiteral("no session %1").arg(id), m_path);
    }
    setError(e);
    if (error)
        *error = e;
    return found;
}

StoreCounts SessionStore::sessionContents(qint64 id, Error *error)
{
    StoreCounts c;
    Error e;
    if (!m_prepared) {
        e = notOpen();
    } else {
        QSqlQuery q(QSqlDatabase::database(m_connection, false));
        q.prepare(
            QStringLiteral("SELECT (SELECT COUNT(*) FROM runs WHERE session_id = :s),"
                           " (SELECT COUNT(*) FROM steps WHERE run_id IN (SELECT id FROM runs WHERE session_id = :s)),"
                           " (SELECT COUNT(*) FROM samples WHERE series_id IN (SELECT se.id FROM series se"
                           "   JOIN runs r ON r.id = se.run_id WHERE r.session_id = :s)),"
                           " (SELECT COUNT(*) FROM sessions WHERE id = :s)"));
        q.bindValue(QStringLiteral(":s"), id);
        if (!q.exec() || !q.next())
            e = sqlError(q, QStringLiteral("cannot count the runs of session %1").arg(id), m_path);
        else if (q.value(3).toInt() == 0)
            e = Error(Error::Code::InvalidInput, QStringLiteral("no session %1").arg(id), m_path);
        else
            c = StoreCounts {q.value(0).toInt(), q.value(1).toLongLong(), q.value(2).toLongLong()};
    }
    setError(e);
    if (error)
        *error = e;
    return c;
}

StoreCounts SessionStore::runContents(RunId id, Error *error)
{
    StoreCounts c;
    Error e;
    if (!m_prepared) {
        e = notOpen();
    } else {
        QSqlQuery q(QSqlDatabase::database(m_connection, false));
        q.prepare(QStringLiteral(
            "SELECT (SELECT COUNT(*) FROM runs WHERE id = :r), (SELECT COUNT(*) FROM steps WHERE run_id = :r),"
            " (SELECT COUNT(*) FROM samples WHERE series_id IN (SELECT id FROM series WHERE run_id = :r))"));
        q.bindValue(QStringLiteral(":r"), id);
        if (!q.exec() || !q.next())
            e = sqlError(q, QStringLiteral("cannot count the steps of run %1").arg(id), m_path);
        else if (q.value(0).toInt() == 0)
            e = Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path);
        else
            c = StoreCounts {1, q.value(1).toLongLong(), q.value(2).toLongLong()};
    }
    setError(e);
    if (error)
        *error = e;
    return c;
}

Error SessionStore::moveRun(RunId id, qint64 sessionId)
{
    if (!m_prepared)
        return setError(notOpen());
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("SELECT COUNT(*) FROM sessions WHERE id = ?"));
    q.addBindValue(sessionId);
    if (!q.exec() || !q.next())
        return setError(sqlError(q, QStringLiteral("cannot look up session %1").arg(sessionId), m_path));
    if (q.value(0).toInt() == 0)
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no session %1").arg(sessionId), m_path));
    q.prepare(QStringLiteral("UPDATE runs SET session_id = ? WHERE id = ?"));
    q.addBindValue(sessionId);
    q.addBindValue(id);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot move run %1").arg(id), m_path));
    if (q.numRowsAffected() != 1)
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path));
    return setError({});
}

Error SessionStore::renameRun(RunId id, const QString &name)
{
    if (!m_prepared)
        return setError(notOpen());
    const QString n = name.trimmed();
    if (n.isEmpty())
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("a run needs a name"), m_path));
    QSqlQuery q(QSqlDatabase::database(m_connection, false));
    q.prepare(QStringLiteral("UPDATE runs SET name = ? WHERE id = ?"));
    q.addBindValue(n);
    q.addBindValue(id);
    if (!q.exec())
        return setError(sqlError(q, QStringLiteral("cannot rename run %1").arg(id), m_path));
    if (q.numRowsAffected() != 1)
        return setError(Error(Error::Code::InvalidInput, QStringLiteral("no run %1").arg(id), m_path));
    return setError({});
}

QList<RunInfo> SessionStore::findRuns(const RunFilter &f)
{
    const QList<SessionInfo> all = sessions();
    if (m_lastError)
        return {};
    QHash<qint64, SessionInfo> byId;
    for (const SessionInfo &s : all)
        byId.insert(s.id, s);
    const QList<RunInfo> runList = runs(f.sessionId);
    if (m_lastError)
        return {};
    const QStringList ws = words(f.text);
    QList<RunInfo> out;
    for (const RunInfo &r : runList) {
        const SessionInfo s = byId.value(r.sessionId);
        if (!f.kind.isEmpty() && r.kind != f.kind)
            continue;
        if (!f.node.isEmpty() && !r.nodes.contains(f.node))
            continue;
        if (!f.tag.trimmed().isEmpty() && !hasTag(s.tags, f.tag))
            continue;
        if (f.from.isValid() && r.started < f.from)
            continue;
        if (f.to.isValid() && r.started >= f.to)
            continue;
        const QString hay
            = QStringList {r.name, r.kind, r.nodes.join(QLatin1Char(' ')), sessionText(s)}.join(QLatin1Char('\n'));
        if (!allWordsIn(ws, hay))
            continue;
        out << r;
    }
    setError({});
    return out;
}

} // namespace cm
