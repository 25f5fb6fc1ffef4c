// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How the UI reaches nodes: blocking functions that the UI only ever calls on worker
// threads (QtConcurrent). defaultNodeConnector() uses core's transports and probe;
// tests may pass their own.
#include "model/error.h"
#include "model/nodespec.h"

#include <QList>
#include <QString>

#include <functional>

namespace cm::ui {

// One row under a node in the cluster panel.
struct ClusterChild {
    enum class Kind { Disk, Partition, Nic };
    Kind kind = Kind::Disk;
    QString name; // "sda", "eno1"
    QString detail; // "Samsung 870 · 1.0 TB · SSD", "10 Gbit/s · 192.0.2.2/24"
    QString devicePath; // "/dev/sda" (disks)
    QString mountpoint; // first real mountpoint, if any (a file target goes there)
    QList<ClusterChild> children;
};

struct NodeProbeResult {
    QString summary; // "pve1 · Debian 12 · 16 CPUs · 64 GB"
    QList<ClusterChild> children;
    Error error;
    Credentials credentials; // what connected (remembered secrets included), memory only
};

struct NodeConnector {
    // Connects (and authenticates). `expectedFingerprint` trusts an unknown host key
    // with exactly that SHA256 fingerprint. Errors: Unreachable, Timeout, AuthDenied,
    // HostKeyUnknown (fingerprint in detail), HostKeyChanged.
    std::function<Error(const NodeSpec &, const Credentials &, const QString &expectedFingerprint)> testConnection;
    // Connects and reads the node's inventory.
    std::function<NodeProbeResult(const NodeSpec &, const Credentials &)> probe;
};

NodeConnector defaultNodeConnector();

// A node that failed to connect: not offered for runs until it is retried.
struct OfflineNode {
    NodeSpec node;
    QString reason; // connectionErrorText()
};

// User text for a connection error (unreachable, refused auth, changed host key…).
QString connectionErrorText(const Error &e);

} // namespace cm::ui
