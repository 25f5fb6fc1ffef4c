// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The RBD kind's plan values, typed: Plan.target and each step's params are read and
// checked here once (an unknown key, a bad name, size or number is refused, naming the
// field), and the runners, the preview and the ETA read only these structs.
#include "ceph/cephconnectionspec.h"
#include "model/error.h"
#include "model/plan.h"
#include "model/poollayout.h"

namespace cm {

struct RbdTarget {
    // Fio: fio's rbd engine (librbd) on the node. Native: the app's own librbd engine here.
    // Krbd, Nbd: the kernel's client on the node (`rbd device map -t krbd|nbd`), fio's
    // libaio engine on the mapped device (rbdkernelclient.h).
    enum class Engine { Fio, Native, Krbd, Nbd };
    Engine engine = Engine::Fio;
    bool kernelClient() const { return engine == Engine::Krbd || engine == Engine::Nbd; }
    QString engineName() const; // "fio", "native", "krbd", "nbd"

    QString pool = QStringLiteral("rbd");
    QString imageSize = QStringLiteral("1G");
    // The images' data in another pool (an erasure-coded one with allow_ec_overwrites,
    // as Proxmox puts them); their header and metadata stay in `pool`. Empty: all in pool.
    QString dataPool;
    // A temporary pool of this layout instead (the plan's consent): made before the run,
    // removed after it (engine/runpools.h). On EC, a replicated pool holds the images'
    // headers and the EC pool their data. Until the run names them, `pool` and `dataPool`
    // are placeholders (kTemporaryPool, kTemporaryDataPool) in previews.
    bool temporary = false;
    PoolLayout temporaryPool;
    static QString temporaryPlaceholder(bool data);
    // librbd's cache. Default: off for the latency rows (QD1), where a write acknowledged
    // from client memory would pass for a commit latency, and as the cluster configures it
    // (writeback by default) elsewhere. Cluster: the cluster's setting on every step.
    // Off: every write waits for the OSDs on every step.
    enum class Cache { Default, Cluster, Off };
    Cache cache = Cache::Default;
    // conf and keyring are paths on the client node; client is "client.NAME".
    CephConnectionSpec connection;

    static RbdTarget read(const QJsonObject &target, Error *error);
    QJsonObject toJson() const;
    QString clientId() const; // "admin" (fio's --clientname, the rbd CLI's --id)
    quint64 imageBytes() const;
    // Whether the step runs with librbd's cache turned off (its own "cache", else the rule
    // above).
    bool cacheOffFor(const struct RbdStepOptions &step) const;
};

struct RbdStepOptions {
    QString rw; // read, write, randread, randwrite, rw, randrw
    QString bs;
    int iodepth = 1;
    int runtimeSec = 30;
    QString cache; // "off", "writeback" (the cluster's setting) or "" (the target decides)

    static RbdStepOptions read(const PlanStep &step, Error *error);
    QJsonObject toJson() const;
    bool reads() const; // the image is prefilled first
    quint64 blockBytes() const;
};

} // namespace cm
