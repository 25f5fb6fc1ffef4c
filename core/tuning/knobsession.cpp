// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/knobsession.h"

#include "tuning/clusterknobs.h"
#include "tuning/nodeknobs.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QThread>

Q_LOGGING_CATEGORY(lcKnobs, "clustermark.core.tuning", QtInfoMsg)

namespace cm {

namespace {

// A fresh connection that runs a command answers within this.
constexpr int kReachMs = 15000;

QString what(const KnobSetting &s)
{
    return QStringLiteral("%1 on %2").arg(s.knob, s.object);
}

// Sleeps up to ms, in slices, returning early on a cancel.
void sleepFor(int ms, const CancelToken &cancel)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms && !cancel.isCancelled())
        QThread::msleep(100);
}

} // namespace

KnobSession::KnobSession(SessionStore &store, QString experiment, TransportMaker maker, CancelToken cancel)
    : m_store(store)
    , m_journal(store)
    , m_experiment(std::move(experiment))
    , m_maker(std::move(maker))
    , m_cancel(std::move(cancel))
{ }

Transport *KnobSession::transportFor(const NodeSpec &node, Error *error)
{
    const QString key = node.toSpecString();
    std::shared_ptr<Transport> &t = m_transports[key];
    if (!t)
        t = m_maker(node);
    *error = t ? t->connect() : Error(Error::Code::Internal, QStringLiteral("no transport"), node.displayName());
    if (*error) {
        m_transports.remove(key);
        return nullptr;
    }
    return t.get();
}

RadosClient *KnobSession::cluster(Error *error)
{
    *error = {};
    if (m_rados)
        return m_rados.get();
    auto client = std::make_unique<RadosClient>();
    if ((*error = client->connect(m_cluster)))
        return nullptr;
    m_rados = std::move(client);
    return m_rados.get();
}

Error KnobSession::checkClusterKnob(const KnobSetting &s, QString *current, QString *how)
{
    Error e;
    RadosClient *c = cluster(&e);
    if (!c)
        return e;
    if (how)
        *how = clusterKnobCommand(s, s.raw);
    return readClusterKnob(*c, s, current);
}

// Notes the change, its journal entry written first (*journalId); a value that already
// is the asked one has none (0): nothing to write, nothing to restore.
Error KnobSession::record(const NodeSpec &node, const KnobSetting &s, const QString &old, qint64 *journalId)
{
    KnobChange change {node, s, old, 0};
    if (old != s.raw) {
        KnobJournalEntry entry;
        entry.experiment = m_experiment;
        if (s.isClusterKnob())
            entry.cluster = m_cluster;
        else
            entry.node = node;
        entry.knob = s.knob;
        entry.object = s.object;
        entry.oldValue = old;
        entry.newValue = s.raw;
        if (Error e = m_journal.add(entry, &change.journalId))
            return e; // nothing is changed without its journal entry
    }
    m_changes << change;
    *journalId = change.journalId;
    return {};
}

Error KnobSession::applyClusterKnob(const KnobSetting &s)
{
    QString old;
    if (Error e = checkClusterKnob(s, &old, nullptr))
        return e;
    qint64 id = 0;
    if (Error e = record(NodeSpec(), s, old, &id); e || id == 0)
        return e;
    Error e;
    RadosClient *c = cluster(&e);
    if (!c)
        return e;
    qCInfo(lcKnobs) << "applies" << clusterKnobCommand(s, s.raw) << "(was"
                    << (old.isEmpty() ? QStringLiteral("not set") : old) << ")";
    if (Error w = writeClusterKnob(*c, s, s.raw)) {
        const Error back = writeClusterKnob(*c, s, old);
        m_journal.setState(
            id, back ? KnobJournalEntry::State::Failed : KnobJournalEntry::State::Restored, back.message);
        return w;
    }
    return m_journal.setState(id, KnobJournalEntry::State::Applied);
}

Error KnobSession::check(const NodeSpec &node, const KnobSetting &s, QString *current, QString *how)
{
    const KnobInfo *k = s.info();
    if (!k)
        return Error(Error::Code::InvalidInput, QStringLiteral("unknown knob \"%1\"").arg(s.knob));
    if (Error e = checkKnobObject(k->object, s.object))
        return e;
    if (isClusterObject(k->object))
        return checkClusterKnob(s, current, how);
    Error e;
    Transport *t = transportFor(node, &e);
    if (!t)
        return e;
    NodeKnobs nk(*t, m_cancel);
    const QString key = node.toSpecString();
    if (const auto known = m_privileged.constFind(key); known != m_privileged.cend())
        nk.setUsesSudo(*known);
    else if (Error p = nk.checkPrivilege(what(s)))
        return p;
    m_privileged.insert(key, nk.usesSudo());
    const Error e2 = nk.read(s, current);
    if (how)
        *how = nk.methodText(s);
    return e2;
}

Error KnobSession::apply(const NodeSpec &node, const KnobSetting &s)
{
    if (s.isClusterKnob())
        return applyClusterKnob(s);
    QString old;
    if (Error e = check(node, s, &old))
        return e;
    qint64 id = 0;
    if (Error e = record(node, s, old, &id); e || id == 0)
        return e;
    Error e;
    Transport *t = transportFor(node, &e);
    if (!t)
        return e;
    NodeKnobs nk(*t, m_cancel);
    nk.setUsesSudo(m_privileged.value(node.toSpecString())); // found by check()
    QString handle;
    if (s.info()->network) {
        if (Error a = nk.armDeadMan(s, old, m_deadManSeconds, &handle))
            return a;
        m_journal.setDeadMan(id, handle);
    }
    qCInfo(lcKnobs) << node.displayName() << "applies" << s.toString() << "(was" << old << ")";
    if (Error w = nk.write(s, s.raw)) {
        const Error back = nk.write(s, old);
        if (!handle.isEmpty() && !back)
            nk.disarmDeadMan(handle);
        m_journal.setState(
            id, back ? KnobJournalEntry::State::Failed : KnobJournalEntry::State::Restored, back.message);
        return w;
    }
    if (!handle.isEmpty())
        if (Error r = confirmReachable(node, handle)) {
            const Error back = waitForDeadMan(node, s, old);
            m_journal.setState(
                id, back ? KnobJournalEntry::State::Failed : KnobJournalEntry::State::Restored, back.message);
            return Error(Error::Code::Unreachable,
                QStringLiteral("%1 could not be reached after %2 = %3 (%4); %5")
                    .arg(node.displayName(), what(s), s.raw, r.message,
                        back ? QStringLiteral("it did not put %1 back: %2").arg(old, back.message)
                             : QStringLiteral("it put %1 back by itself").arg(old)),
                node.displayName());
        }
    return m_journal.setState(id, KnobJournalEntry::State::Applied);
}

Error KnobSession::confirmReachable(const NodeSpec &node, const QString &handle)
{
    // A new connection: the old one may survive a change that breaks new ones.
    m_transports.remove(node.toSpecString());
    std::unique_ptr<Transport> fresh = m_maker(node);
    if (!fresh)
        return Error(Error::Code::Internal, QStringLiteral("no transport"), node.displayName());
    if (Error e = fresh->connect())
        return e;
    Command probe;
    probe.argv = {QStringLiteral("true")};
    probe.timeoutMs = kReachMs;
    const ExecResult r = fresh->run(probe, {}, m_cancel);
    if (!r.ok())
        return r.error ? r.error : Error(Error::Code::Unreachable, QStringLiteral("no answer"), node.displayName());
    NodeKnobs nk(*fresh, m_cancel);
    nk.setUsesSudo(m_privileged.value(node.toSpecString()));
    if (Error d = nk.disarmDeadMan(handle))
        return d;
    m_transports.insert(node.toSpecString(), std::shared_ptr<Transport>(fresh.release()));
    return {};
}

Error KnobSession::waitForDeadMan(const NodeSpec &node, const KnobSetting &s, const QString &oldValue)
{
    m_transports.remove(node.toSpecString());
    sleepFor(m_deadManSeconds * 1000 + 3000, CancelToken()); // the node's own timer, then a margin
    std::unique_ptr<Transport> t = m_maker(node);
    if (!t)
        return Error(Error::Code::Internal, QStringLiteral("no transport"), node.displayName());
    if (Error e = t->connect())
        return e;
    NodeKnobs nk(*t);
    QString now;
    if (Error e = nk.read(s, &now))
        return e;
    return now == oldValue
        ? Error()
        : Error(Error::Code::CommandFailed, QStringLiteral("%1 reads %2 = %3").arg(node.displayName(), what(s), now),
            node.displayName());
}

Error KnobSession::restoreAll()
{
    Error first;
    const QList<KnobJournalEntry> open = m_journal.open(false);
    for (qsizetype i = m_changes.size() - 1; i >= 0; --i) {
        const KnobChange &c = m_changes.at(i);
        if (c.journalId == 0)
            continue;
        const bool stillOpen
            = std::any_of(open.cbegin(), open.cend(), [&](const KnobJournalEntry &e) { return e.id == c.journalId; });
        if (!stillOpen)
            continue; // restored when its apply failed, or by the node itself
        const Error e = restoreOne(c);
        qCInfo(lcKnobs) << c.setting.node << "restores" << what(c.setting) << "="
                        << (c.oldValue.isEmpty() ? QStringLiteral("(not set)") : c.oldValue)
                        << (e ? e.message : QStringLiteral("ok"));
        m_journal.setState(
            c.journalId, e ? KnobJournalEntry::State::Failed : KnobJournalEntry::State::Restored, e.message);
        if (e && !first)
            first = e;
    }
    return first;
}

Error KnobSession::restoreOne(const KnobChange &c)
{
    Error e;
    if (c.setting.isClusterKnob()) {
        if (RadosClient *client = cluster(&e))
            e = writeClusterKnob(*client, c.setting, c.oldValue);
        return e;
    }
    if (Transport *t = transportFor(c.node, &e)) {
        NodeKnobs nk(*t); // a restore runs to its end, also after a cancel
        nk.setUsesSudo(m_privileged.value(c.node.toSpecString()));
        e = nk.write(c.setting, c.oldValue);
    }
    return e;
}

namespace {

Error restoreEntry(const KnobJournalEntry &entry, const TransportMaker &maker)
{
    const KnobSetting s = entry.restoreSetting();
    if (entry.isClusterKnob()) {
        RadosClient client;
        if (Error e = client.connect(entry.cluster))
            return e;
        return writeClusterKnob(client, s, entry.oldValue);
    }
    std::unique_ptr<Transport> t = maker(entry.node);
    Error e = t ? t->connect() : Error(Error::Code::Internal, QStringLiteral("no transport"));
    if (e)
        return e;
    NodeKnobs nk(*t);
    if ((e = nk.checkPrivilege(what(s))))
        return e;
    if ((e = nk.write(s, entry.oldValue)))
        return e;
    if (NodeKnobs::isDeadManHandle(entry.deadMan))
        nk.disarmDeadMan(entry.deadMan);
    return {};
}

} // namespace

RestoreReport restoreJournal(
    SessionStore &store, const QList<KnobJournalEntry> &entries, const TransportMaker &maker, const CancelToken &cancel)
{
    RestoreReport report;
    KnobJournal journal(store);
    // Newest first: a knob changed twice gets its first old value last.
    for (qsizetype i = entries.size() - 1; i >= 0; --i) {
        const KnobJournalEntry &entry = entries.at(i);
        if (cancel.isCancelled()) {
            report.failed << qMakePair(entry, Error(Error::Code::Cancelled, QStringLiteral("cancelled")));
            continue;
        }
        journal.adopt(entry.id);
        const Error e = restoreEntry(entry, maker);
        journal.setState(entry.id, e ? KnobJournalEntry::State::Failed : KnobJournalEntry::State::Restored, e.message);
        if (e)
            report.failed << qMakePair(entry, e);
        else
            report.restored << entry;
    }
    return report;
}

} // namespace cm
