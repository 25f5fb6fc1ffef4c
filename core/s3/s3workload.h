// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The S3 load loop: keeps `concurrency` requests in flight on S3Client::submit for
// `runtimeSec` seconds (the next request is sent from the callback of the previous one),
// choosing ops by the step's op or mix, and measures per 1 s interval per op: count,
// bytes, latency (request handed to a connection -> last byte) and, for GETs, time to
// first byte, in LatencyHistograms; failed requests by HTTP status or "transport".
//
// Each request in flight has an object of its own (concurrency ≤ objects). PUTs all send
// one shared body buffer (implicitly shared, never copied per request); objects at or
// above multipartThreshold go multipart (initiate, parts one after another, complete:
// one PUT in the figures, its latency the whole upload; unfinished uploads are aborted
// at the end). At the deadline or on cancel every request in flight is ended at once
// (S3HttpPool::cancelAll) and not counted as requests; the bytes a GET cut off at the
// deadline had received still count (a large object's GET can outlast the step), so
// read bytes can exceed requests × size. stopOnError ends the step at the first failed
// request with that error (HTTP status and S3 code); otherwise failures are counted and
// the loop goes on (after a transport failure the request's slot waits 100 ms, so a
// dead gateway is not hammered).
#include "model/error.h"
#include "model/sample.h"
#include "s3/s3client.h"
#include "s3/s3objectset.h"
#include "util/canceltoken.h"

#include <QJsonObject>

#include <array>
#include <functional>
#include <memory>

namespace cm {

struct S3WorkloadSpec {
    enum Op { Get, Put, Head, Delete, List, OpCount };
    static QString opName(int op); // "get", "put", "head", "delete", "list"
    static int opFromName(const QString &name); // -1 when unknown

    QString op; // put | get | head | delete | list | mixed
    qint64 objectSize = 0;
    int objects = 1;
    int concurrency = 1;
    int runtimeSec = 10;
    std::array<int, OpCount> mix {}; // mixed: percent per Op
    qint64 rangeSize = 0; // > 0: ranged GETs of this size at random offsets
    qint64 multipartThreshold = 0; // 0: never multipart
    qint64 partSize = 16 * 1024 * 1024;
    bool stopOnError = false;
    QString bucket;
    // sample labels
    int step = 0;
    QString target;
    double timeOffset = 0; // seconds since the run started when the step began
};

class S3Workload {
public:
    S3Workload(S3Client &client, S3WorkloadSpec spec, S3ObjectSet &objects);
    ~S3Workload();
    S3Workload(const S3Workload &) = delete;
    S3Workload &operator=(const S3Workload &) = delete;

    // Writes the objects of the working set that do not exist yet (not measured); stops
    // at the first failure. Every op but put needs it.
    Error prefill(const CancelToken &cancel);
    // The measured phase; `emit` gets each interval's samples on the calling thread.
    Error run(const CancelToken &cancel, const std::function<void(const SampleList &)> &emit);
    // After run(): see S3Kind's summary shape (read, write, ops, errors, opsPerSecond, …).
    QJsonObject summary() const;
    int prefilled() const;
    // Seconds since the run started when the measured phase begins (after the prefill).
    void setTimeOffset(double seconds);
    quint64 failedRequests() const;
    // Requests the end of the runtime cut off after the gateway had answered nothing for
    // over 2 s (counted as failed, status "stalled"), and the longest span with requests
    // in flight and no answer (the summary's "stall" object).
    int stalledRequests() const;
    double longestStallSeconds() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace cm
