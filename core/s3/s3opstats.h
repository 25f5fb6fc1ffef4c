// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the S3 load loop counts in one interval (or a whole step): per op (S3WorkloadSpec::Op)
// requests, bytes and latency, time to first byte of GETs, failed requests by HTTP
// status ("403") or "transport". GET and PUT are reported as read.* / write.* (the
// fio-shaped figures the results, compare and export code know), HEAD/DELETE/LIST as
// s3.<op>.*. Not thread-safe.
#include "ceph/aiostats.h"

#include <QJsonObject>
#include <QMap>

#include <array>

namespace cm {

class S3OpStats {
public:
    static constexpr int kOps = 5; // S3WorkloadSpec::OpCount

    void addOk(int op, quint64 latNs, quint64 ttfbNs); // one successful request
    void addBytes(int op, quint64 bytes); // moved by a request (or a multipart part)
    void addError(const QString &kind); // "403", "transport"
    void merge(const S3OpStats &other);
    void clear() { *this = S3OpStats(); }

    const IoDirStats &opStats(int op) const { return m_ops[size_t(op)]; }
    quint64 requests(int op) const { return m_ops[size_t(op)].ios; }
    quint64 bytes(int op) const { return m_ops[size_t(op)].bytes; }
    quint64 errorCount() const { return m_errorCount; }
    QMap<QString, quint64> errors() const { return m_errors; }

    // Samples of one interval of `secs` ending `t` s into the step, for the ops in
    // `used` (indexed by op); s3.errors always, s3.errors.<kind> for kinds seen; with
    // soFar (the step's requests up to and including this interval), each latency's
    // p50/p99 of the step so far (metric::stepSoFar).
    SampleList samples(double secs, double t, const IoSampleLabels &labels, const std::array<bool, kOps> &used,
        const S3OpStats *soFar = nullptr) const;
    // {"read"?, "write"?, "ops"?, "errors", "opsPerSecond"} for the ops in `used`.
    QJsonObject summary(qint64 runtimeMs, const std::array<bool, kOps> &used) const;

private:
    std::array<IoDirStats, kOps> m_ops;
    LatencyHistogram m_ttfb; // GETs
    QMap<QString, quint64> m_errors;
    quint64 m_errorCount = 0;
};

} // namespace cm
