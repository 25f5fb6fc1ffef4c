// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The layout of a temporary benchmark pool the user chose (docs/ARCHITECTURE.md §4,
// "Temporary pools"): replicated with size/min_size, or erasure-coded k+m with its
// profile. A plan names it under its target's "temporaryPool"; the kind turns it into
// the pools it needs (RBD on EC: a replicated pool for the image headers and an EC data
// pool), and the run creates them before its first step and removes them after its
// last. Having it in the plan is the user's consent to create and delete those pools.
#include "model/error.h"

#include <QJsonObject>
#include <QString>

namespace cm {

struct PoolLayout {
    enum class Type { Replicated, Erasure };
    Type type = Type::Replicated;
    int size = 3; // replicated
    int minSize = 2;
    int k = 2; // erasure-coded
    int m = 1;
    QString plugin = QStringLiteral("jerasure");
    QString failureDomain = QStringLiteral("host"); // osd, host, rack…
    QString deviceClass; // hdd, ssd, nvme; empty: any
    int pgNum = 0; // 0: from the OSD count

    bool isErasure() const { return type == Type::Erasure; }
    // OSDs (in distinct failure domains) the pool needs to place every object.
    int osdsNeeded() const { return isErasure() ? k + m : size; }
    // "replicated 3/2", "EC 4+2 (jerasure, failure domain osd, class ssd)".
    QString describe() const;

    // The target's "temporaryPool" object; `where` starts an error ("target.temporaryPool").
    static PoolLayout read(const QJsonObject &object, const QString &where, const QString &kind, Error *error);
    QJsonObject toJson() const;
    // A target's "temporaryPool": false when it has none (or on an error, then set with
    // the message naming "target: temporaryPool").
    static bool readTargetField(const QJsonObject &target, const QString &kind, PoolLayout *out, Error *error);
    // A short text for a command line: "replicated:3/2", "ec:4+2[:osd]" (the CLI's
    // --temporary-pool); refused texts leave `error` set.
    static PoolLayout fromText(const QString &text, Error *error);
};

// A pool a kind needs for a run: which target field gets the created pool's name, what
// layout, the application it is tagged with, and whether EC overwrites are needed
// (RBD, CephFS and partial RADOS writes).
struct TemporaryPoolRequest {
    TemporaryPoolRequest() = default;
    TemporaryPoolRequest(QString fieldName, PoolLayout poolLayout, QString app, bool overwrites)
        : field(std::move(fieldName))
        , layout(std::move(poolLayout))
        , application(std::move(app))
        , ecOverwrites(overwrites)
    { }
    QString field; // "pool", "dataPool"
    PoolLayout layout;
    QString application = QStringLiteral("rados");
    bool ecOverwrites = true;
    // CephFS: the pool is added to the file system as a data pool (`fileSystem`, empty:
    // the cluster's first) for the run, and taken off it before it is removed.
    bool fileSystemDataPool = false;
    QString fileSystem;
};

} // namespace cm
