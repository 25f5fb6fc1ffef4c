// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/knobjournal.h"

#include "store/processowner.h"
#include "store/storesql.h"

#include <QJsonDocument>
#include <QSqlDatabase>

namespace cm {

using namespace storesql;

namespace {

QString stateName(KnobJournalEntry::State s)
{
    switch (s) {
    case KnobJournalEntry::State::Applying: return QStringLiteral("applying");
    case KnobJournalEntry::State::Applied: return QStringLiteral("applied");
    case KnobJournalEntry::State::Restored: return QStringLiteral("restored");
    case KnobJournalEntry::State::Failed: return QStringLiteral("failed");
    }
    return QStringLiteral("applying");
}

KnobJournalEntry::State stateFromName(const QString &s)
{
    if (s == QLatin1String("applied"))
        return KnobJournalEntry::State::Applied;
    if (s == QLatin1String("restored"))
        return KnobJournalEntry::State::Restored;
    if (s == QLatin1String("failed"))
        return KnobJournalEntry::State::Failed;
    return KnobJournalEntry::State::Applying;
}

} // namespace

bool KnobJournalEntry::orphaned() const
{
    if (state == State::Restored)
        return false;
    if (ownerHost != processowner::currentHost())
        return true; // a database carried over from another machine: no owner here
    return processowner::isGone(ownerPid, ownerToken);
}

bool KnobJournalEntry::isClusterKnob() const
{
    const KnobInfo *k = findKnob(knob);
    return k && isClusterObject(k->object);
}

QString KnobJournalEntry::where() const
{
    if (!isClusterKnob())
        return node.displayName();
    return cluster.confPath.isEmpty() ? QStringLiteral("ceph (%1)").arg(cluster.monHost)
                                      : QStringLiteral("ceph (%1)").arg(cluster.confPath);
}

KnobSetting KnobJournalEntry::restoreSetting() const
{
    KnobSetting s;
    s.node = isClusterKnob() ? QString::fromLatin1(kCephKnobNode) : node.displayName();
    s.knob = knob;
    s.object = object;
    s.value = oldValue;
    s.raw = oldValue;
    return s;
}

QString KnobJournalEntry::describe() const
{
    const QString notSet = QStringLiteral("(not set)");
    return QStringLiteral("%1: %2 on %3: %4 → %5")
        .arg(where(), knob, object, oldValue.isEmpty() ? notSet : oldValue, newValue.isEmpty() ? notSet : newValue);
}

KnobJournal::KnobJournal(SessionStore &store)
    : m_store(store)
{ }

Error KnobJournal::add(KnobJournalEntry e, qint64 *id)
{
    if (!m_store.isOpen())
        return Error(Error::Code::Storage, QStringLiteral("the session database is not open"), m_store.path());
    QSqlQuery q(QSqlDatabase::database(m_store.connectionName(), false));
    q.prepare(QStringLiteral("INSERT INTO knob_journal(experiment, node_json, node, knob, object, old_value,"
                             " new_value, state, owner_pid, owner_host, owner_token, created)"
                             " VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    q.addBindValue(text(e.experiment));
    // A Ceph option's entry holds the cluster's connection where a node's holds the node.
    const bool cluster = findKnob(e.knob) && isClusterObject(findKnob(e.knob)->object);
    q.addBindValue(jsonText(cluster ? e.cluster.toJson() : e.node.toJson()));
    q.addBindValue(text(cluster ? QString::fromLatin1(kCephKnobNode) : e.node.displayName()));
    q.addBindValue(text(e.knob));
    q.addBindValue(text(e.object));
    q.addBindValue(text(e.oldValue));
    q.addBindValue(text(e.newValue));
    q.addBindValue(stateName(KnobJournalEntry::State::Applying));
    q.addBindValue(processowner::currentPid());
    q.addBindValue(processowner::currentHost());
    q.addBindValue(processowner::currentToken());
    q.addBindValue(QDateTime::currentMSecsSinceEpoch());
    if (!q.exec())
        return sqlError(q, QStringLiteral("cannot write the revert journal"), m_store.path());
    *id = q.lastInsertId().toLongLong();
    return {};
}

Error KnobJournal::setState(qint64 id, KnobJournalEntry::State state, const QString &error)
{
    QSqlQuery q(QSqlDatabase::database(m_store.connectionName(), false));
    q.prepare(QStringLiteral("UPDATE knob_journal SET state = ?, error = ?, restored = ?,"
                             " dead_man = CASE WHEN ? THEN '' ELSE dead_man END WHERE id = ?"));
    const bool done = state == KnobJournalEntry::State::Restored;
    q.addBindValue(stateName(state));
    q.addBindValue(text(error));
    q.addBindValue(done ? QVariant(QDateTime::currentMSecsSinceEpoch()) : QVariant(QMetaType(QMetaType::LongLong)));
    q.addBindValue(done);
    q.addBindValue(id);
    if (!q.exec())
        return sqlError(q, QStringLiteral("cannot update the revert journal"), m_store.path());
    return {};
}

Error KnobJournal::setDeadMan(qint64 id, const QString &handle)
{
    QSqlQuery q(QSqlDatabase::database(m_store.connectionName(), false));
    q.prepare(QStringLiteral("UPDATE knob_journal SET dead_man = ? WHERE id = ?"));
    q.addBindValue(text(handle));
    q.addBindValue(id);
    if (!q.exec())
        return sqlError(q, QStringLiteral("cannot update the revert journal"), m_store.path());
    return {};
}

Error KnobJournal::adopt(qint64 id)
{
    QSqlQuery q(QSqlDatabase::database(m_store.connectionName(), false));
    q.prepare(QStringLiteral("UPDATE knob_journal SET owner_pid = ?, owner_host = ?, owner_token = ? WHERE id = ?"));
    q.addBindValue(processowner::currentPid());
    q.addBindValue(processowner::currentHost());
    q.addBindValue(processowner::currentToken());
    q.addBindValue(id);
    if (!q.exec())
        return sqlError(q, QStringLiteral("cannot update the revert journal"), m_store.path());
    return {};
}

QList<KnobJournalEntry> KnobJournal::open(bool orphanedOnly, Error *error)
{
    QList<KnobJournalEntry> out;
    QSqlQuery q(QSqlDatabase::database(m_store.connectionName(), false));
    if (!q.exec(QStringLiteral("SELECT id, experiment, node_json, knob, object, old_value, new_value, dead_man,"
                               " state, error, owner_pid, owner_host, owner_token, created FROM knob_journal"
                               " WHERE state <> 'restored' ORDER BY id"))) {
        if (error)
            *error = sqlError(q, QStringLiteral("cannot read the revert journal"), m_store.path());
        return out;
    }
    while (q.next()) {
        KnobJournalEntry e;
        e.id = q.value(0).toLongLong();
        e.experiment = q.value(1).toString();
        const QJsonObject where = QJsonDocument::fromJson(q.value(2).toString().toUtf8()).object();
        e.knob = q.value(3).toString();
        if (findKnob(e.knob) && isClusterObject(findKnob(e.knob)->object))
            e.cluster = CephConnectionSpec::fromJson(where);
        else
            e.node = NodeSpec::fromJson(where);
        e.object = q.value(4).toString();
        e.oldValue = q.value(5).toString();
        e.newValue = q.value(6).toString();
        e.deadMan = q.value(7).toString();
        e.state = stateFromName(q.value(8).toString());
        e.error = q.value(9).toString();
        e.ownerPid = q.value(10).toLongLong();
        e.ownerHost = q.value(11).toString();
        e.ownerToken = q.value(12).toString();
        e.created = fromMs(q.value(13));
        if (!orphanedOnly || e.orphaned())
            out << e;
    }
    if (error)
        *error = {};
    return out;
}

} // namespace cm
