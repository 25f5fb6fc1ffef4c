// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The revert journal (docs/ARCHITECTURE.md §12): every knob an experiment changes is
// written to the session database, with the node to reach and the exact old value,
// before the change is made; it is marked restored once the old value reads back. An
// entry still open when its process is gone (a crash, a kill -9) is what the next start
// of the GUI or the CLI offers to restore (`clustermark-cli restore`).
#include "ceph/cephconnectionspec.h"
#include "model/knob.h"
#include "model/nodespec.h"
#include "store/sessionstore.h"

#include <QDateTime>

namespace cm {

struct KnobJournalEntry {
    enum class State { Applying, Applied, Restored, Failed };
    qint64 id = 0;
    QString experiment; // the experiment's id
    NodeSpec node; // how to reach the node again
    CephConnectionSpec cluster; // a Ceph option's: how to reach the cluster (never the key)
    QString knob;
    QString object;
    QString oldValue; // as read before the change; a Ceph option's: empty = was not set
    QString newValue;
    QString deadMan; // the node's dead-man switch, while armed (NodeKnobs)
    State state = State::Applying;
    QString error; // why the last restore failed
    qint64 ownerPid = 0;
    QString ownerHost;
    QString ownerToken;
    QDateTime created;
    QDateTime restored;

    // Open (not restored) and its writer is gone: nobody else will restore it.
    bool orphaned() const;
    bool isClusterKnob() const;
    // The node, or for a Ceph option the cluster: "pve1", "ceph (/etc/ceph/ceph.conf)".
    QString where() const;
    // The setting that puts the old value back.
    KnobSetting restoreSetting() const;
    QString describe() const; // "pve1: write-cache on sdb: write through → write back"
};

class KnobJournal {
public:
    // store: open, on this thread.
    explicit KnobJournal(SessionStore &store);

    // Written before the change (state Applying), owned by this process; *id is its id.
    Error add(KnobJournalEntry entry, qint64 *id);
    Error setState(qint64 id, KnobJournalEntry::State state, const QString &error = {});
    Error setDeadMan(qint64 id, const QString &handle);
    // Entries not restored yet, oldest first; only those whose writer is gone with
    // orphanedOnly.
    QList<KnobJournalEntry> open(bool orphanedOnly, Error *error = nullptr);
    // Adopted by this process (it is about to restore them).
    Error adopt(qint64 id);

private:
    SessionStore &m_store;
};

} // namespace cm
