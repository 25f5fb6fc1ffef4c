// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A step's figures against the cluster's own count (docs/ARCHITECTURE.md §4): over the
// step's measured interval, the bytes (and, where one client op is one Ceph op, the
// ops) the clients counted beside what Ceph's pool counters gained. A direction off
// by more than kFlagPercent is flagged; the goal is 2 %.
//
// Bytes are what is judged. Ops are shown for reads only: a step's own clean-up after
// measuring (removing its image or objects) adds delete ops that count as writes in
// Ceph, and S3 or CephFS requests are several RADOS ops each.
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <optional>

namespace cm {

// What a runner kind says about step i (RunnerKind::crossCheckPools): the pools whose
// counters see its I/O, and whether one client op is one op there (RBD, RADOS). A pool
// may also be named by what it is, resolved on the cluster when the step runs:
// fsDataPools(NAME) (a CephFS's data pools; empty name: the only or first file system)
// and rgwDataPools() (pools named *.rgw.buckets.data).
struct CrossCheckPools {
    QStringList pools;
    bool opsComparable = false;
    bool measuresWrites = false; // a set-up's writes just before must be counted first
    bool isEmpty() const { return pools.isEmpty(); }

    static QString fsDataPools(const QString &fsName) { return QStringLiteral("@fs-data:") + fsName; }
    static QString rgwDataPools() { return QStringLiteral("@rgw-data"); }
};

struct IoCounts {
    double readBytes = 0;
    double readOps = 0;
    double writeBytes = 0;
    double writeOps = 0;
    // The read and write io_bytes / total_ios of a step summary.
    static IoCounts fromSummary(const QJsonObject &summary);
    bool operator==(const IoCounts &o) const
    {
        return readBytes == o.readBytes && readOps == o.readOps && writeBytes == o.writeBytes && writeOps == o.writeOps;
    }
    IoCounts operator-(const IoCounts &o) const
    {
        return {readBytes - o.readBytes, readOps - o.readOps, writeBytes - o.writeBytes, writeOps - o.writeOps};
    }
    IoCounts &operator+=(const IoCounts &o)
    {
        readBytes += o.readBytes;
        readOps += o.readOps;
        writeBytes += o.writeBytes;
        writeOps += o.writeOps;
        return *this;
    }
};

struct CrossCheckDirection {
    QString dir; // "read" or "write"
    double clientBytes = 0;
    double cephBytes = 0;
    double clientOps = 0;
    std::optional<double> cephOps; // only where ops compare
    double bytesDiffPercent() const; // (Ceph − client) / client
    std::optional<double> opsDiffPercent() const;
};

struct CrossCheck {
    static constexpr double kFlagPercent = 5.0;
    QStringList pools;
    QList<CrossCheckDirection> dirs;
    bool settled = true; // false: Ceph's count was still moving when the check gave up
    bool flagged() const;
    double worstPercent() const; // the largest |bytes difference| over the directions

    QJsonObject toJson() const; // step summary "cross_check"
    static std::optional<CrossCheck> fromJson(const QJsonValue &v);
    // "Ceph's count: write −0.4 % bytes (pool rbd)"
    QString describe() const;
};

CrossCheck judgeCrossCheck(
    const CrossCheckPools &spec, const IoCounts &client, const IoCounts &cephDelta, bool settled);

} // namespace cm
