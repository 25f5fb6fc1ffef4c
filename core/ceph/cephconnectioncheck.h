// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Test the connection" for a CephConnectionSpec (a fetched one, or one with a key
// from the keychain): connects a RadosClient and reads the cluster's fsid and health.
// Blocks for up to about 2 × spec.timeoutSec: a worker thread or the CLI, never the
// UI thread.
#include "ceph/cephconnectionspec.h"
#include "model/error.h"

#include <QJsonObject>
#include <QStringList>

namespace cm {

class RadosClient;

struct CephConnectionCheck {
    QString fsid; // the cluster's, as the mons report it
    QString health; // "HEALTH_OK", "HEALTH_WARN", "HEALTH_ERR"
    QStringList checks; // the health checks' summaries
    QJsonObject toJson() const;

    // Connects `client` with spec (left connected for the caller) and reads status.
    static CephConnectionCheck run(RadosClient &client, const CephConnectionSpec &spec, Error *error);
};

} // namespace cm
