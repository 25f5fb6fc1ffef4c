// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Ceph cluster the app is connected to: how to reach it (paths on this machine and
// a client name; a key only in memory) and whether it is the local throwaway lab from
// scripts/lab/ceph-lab.sh. probeCephCluster() is blocking: call it on a worker only.
#include "ceph/cephconnectionspec.h"
#include "model/cephinventory.h"
#include "model/error.h"
#include "model/nodespec.h"

#include <QJsonObject>
#include <QMetaType>
#include <QString>

namespace cm::ui {

struct CephConnection {
    CephConnectionSpec spec;
    QString labDir; // set: a local lab started by scripts/lab/ceph-lab.sh

    bool isValid() const { return !spec.confPath.isEmpty() || !spec.monHost.isEmpty(); }
    bool isLab() const { return !labDir.isEmpty(); }
    // "Local Ceph lab (throwaway, on this machine)" or the conf path / mon address.
    QString displayName() const;
    // Plan::ceph for health polling: {"conf","keyring","client"} (paths only, no key).
    QJsonObject planCeph() const;

    // DIR/ceph.conf and DIR/keyring of a lab folder.
    static CephConnection forLab(const QString &dir);
    // A folder holding a lab: the script's marker file, ceph.conf and keyring.
    static bool isLabDir(const QString &dir);
    // "client.admin" from "admin" or "client.admin".
    static QString normalizedClientName(const QString &name);
    static QString labText();
};

struct CephProbeResult {
    CephConnectionSpec spec; // the spec probed (a fetched key, in memory only)
    CephInventory inventory;
    Error error;
    qint64 elapsedMs = 0;
};

// Connects (bounded by spec.timeoutSec) and reads the inventory; a RadosClient of its
// own, created and destroyed on the calling thread.
CephProbeResult probeCephCluster(const CephConnectionSpec &spec);
// Fetches ceph.conf and the client key from a node over SSH (one round trip; the node's
// host key must already be trusted), then probes the cluster with the key in memory.
// Empty paths: the usual places (/etc/pve first, then /etc/ceph).
CephProbeResult fetchAndProbeCephCluster(const NodeSpec &node, const QString &clientName, int timeoutSec,
    const QString &confPath = {}, const QString &keyringPath = {});

// User text for a Ceph connection error: a short headline, and the full text.
QString cephErrorHeadline(const Error &e);
QString cephErrorText(const Error &e);

} // namespace cm::ui

Q_DECLARE_METATYPE(cm::ui::CephConnection)
