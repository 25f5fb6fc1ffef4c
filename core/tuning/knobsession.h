// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Applies an experiment's knobs on their nodes and puts every one back
// (docs/ARCHITECTURE.md §12). For each change: the privilege is checked and the old
// value read, the journal entry written, then (a network knob) the node's dead-man
// switch armed, the new value written and read back, and the switch disarmed over a
// new connection: a node the app cannot reach any more puts the old value back by
// itself. restoreAll() writes the old values back newest first and reads them back.
// A knob of the cluster (node "ceph": a Ceph option, an OSD flag) goes to the cluster
// of setCluster() through librados (tuning/clusterknobs); its journal entry holds that
// connection instead of a node.
//
// Threading: one thread (it makes and keeps the nodes' transports).
#include "ceph/radosclient.h"
#include "tuning/knobjournal.h"
#include "transport/transport.h"

#include <functional>
#include <memory>

namespace cm {

using TransportMaker = std::function<std::unique_ptr<Transport>(const NodeSpec &)>;

struct KnobChange {
    NodeSpec node;
    KnobSetting setting;
    QString oldValue;
    qint64 journalId = 0; // 0: the value was already the asked one; nothing to restore
};

class KnobSession {
public:
    KnobSession(SessionStore &store, QString experiment, TransportMaker maker, CancelToken cancel = {});

    // Privilege and the current value; nothing is written. For the review, before a run.
    // *how: how the knob is set there (NodeKnobs::methodText).
    Error check(const NodeSpec &node, const KnobSetting &s, QString *current, QString *how = nullptr);
    Error apply(const NodeSpec &node, const KnobSetting &s);
    // Every change, newest first; the first error is returned, the others are in the
    // journal (state failed) and the log.
    Error restoreAll();
    const QList<KnobChange> &changes() const { return m_changes; }

    // The cluster its knobs are set on (the plan's).
    void setCluster(const CephConnectionSpec &spec) { m_cluster = spec; }
    // How long a node waits for the app before it restores a network knob by itself.
    void setDeadManSeconds(int seconds) { m_deadManSeconds = seconds; }

private:
    Transport *transportFor(const NodeSpec &node, Error *error);
    RadosClient *cluster(Error *error);
    Error checkClusterKnob(const KnobSetting &s, QString *current, QString *how);
    Error applyClusterKnob(const KnobSetting &s);
    Error record(const NodeSpec &node, const KnobSetting &s, const QString &old, qint64 *journalId);
    Error restoreOne(const KnobChange &c);
    Error confirmReachable(const NodeSpec &node, const QString &handle);
    Error waitForDeadMan(const NodeSpec &node, const KnobSetting &s, const QString &oldValue);

    SessionStore &m_store;
    KnobJournal m_journal;
    QString m_experiment;
    TransportMaker m_maker;
    CancelToken m_cancel;
    int m_deadManSeconds = 30;
    CephConnectionSpec m_cluster;
    std::unique_ptr<RadosClient> m_rados; // connected on first use
    QHash<QString, std::shared_ptr<Transport>> m_transports; // by NodeSpec::toSpecString
    QHash<QString, bool> m_privileged;
    QList<KnobChange> m_changes;
};

// What a restore of journal entries left (after a crash: `clustermark-cli restore`, the
// GUI's offer at start).
struct RestoreReport {
    QList<KnobJournalEntry> restored;
    QList<QPair<KnobJournalEntry, Error>> failed;
};
RestoreReport restoreJournal(SessionStore &store, const QList<KnobJournalEntry> &entries, const TransportMaker &maker,
    const CancelToken &cancel);

} // namespace cm
