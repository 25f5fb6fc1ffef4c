// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// S3Workload's state, shared by its two sources: s3workload.cpp (the loop and the
// answers) and s3workloadpick.cpp (which op, which object, which request). Private to
// core/s3.
#include "s3/s3opstats.h"
#include "s3/s3workload.h"

#include <condition_variable>
#include <mutex>
#include <random>
#include <vector>

namespace cm {

struct S3Workload::Impl {
    struct Slot {
        int op = -1;
        int key = -1;
        qint64 startNs = 0;
        qint64 parkedUntil = 0; // > 0: waiting after a transport failure
        bool idle = false; // nothing left to do (a DELETE step ran out of objects)
        // multipart
        QByteArray uploadId;
        int part = 0; // next part number (1-based); 0: initiate
        int parts = 0;
        QList<QByteArray> etags;
    };

    Impl(S3Client &c, S3WorkloadSpec s, S3ObjectSet &set)
        : client(c)
        , spec(std::move(s))
        , objects(set)
        , exists(set.exists(spec.objectSize, spec.objects))
        , busy(size_t(spec.objects), 0)
        , rng(std::random_device {}())
    { }

    S3Client &client;
    S3WorkloadSpec spec;
    S3ObjectSet &objects;
    std::vector<char> &exists;
    std::vector<char> busy;
    std::mt19937_64 rng;
    QByteArray body; // the one PUT body, shared by every request

    std::mutex m;
    std::condition_variable cv;
    std::vector<Slot> slots;
    int inFlight = 0;
    bool stopping = false;
    bool atDeadline = false; // stopping because the runtime is over
    bool prefillMode = false;
    int cursor = 0;
    Error firstError; // the error that stopped the loop
    Error firstSeen; // the first failed request (continue mode too)
    S3OpStats interval, total;
    std::array<bool, S3OpStats::kOps> used {};
    QString listToken;
    QList<QPair<QString, QByteArray>> openUploads; // key, upload id
    int prefilledCount = 0;
    qint64 runtimeMs = 0;
    // Stalls: spans with requests in flight and no answer at all (a frozen gateway
    // accepts connections and then says nothing; the curl stall limit may be longer
    // than the rest of the step).
    qint64 lastAnswerNs = 0; // the latest answer of any kind (ok or failed)
    qint64 longestQuietNs = 0; // the longest such span, the end of the step included
    int answersInTick = 0;
    int stalledTicks = 0; // 1 s intervals with requests in flight and no answer
    int stalledRequests = 0; // waiting past kStallNs when the runtime ended

    bool multipart() const { return spec.multipartThreshold > 0 && spec.objectSize >= spec.multipartThreshold; }
    QString keyName(int i) const { return objects.key(spec.objectSize, i); }

    int freeKey(bool wantExisting, bool sequential);
    // Picks the slot's next op and object (lock held); false when there is nothing to do.
    bool choose(Slot &s);
    S3HttpRequest request(Slot &s);
    // Sends the slot's current request (lock NOT held).
    void send(int slotIndex, S3HttpRequest req);
    // Picks and sends the slot's next request, or leaves it idle (lock held on entry, released).
    void next(int i, std::unique_lock<std::mutex> &lock);
    void fail(Slot &s, const S3HttpResponse &r, const QString &context);
    void onDone(int i, S3HttpResponse &&r);
    // The parts of onDone (lock held).
    void settleCutOff(Slot &s, const S3HttpResponse &r, qint64 end);
    QString requestContext(const Slot &s) const;
    bool advanceMultipart(Slot &s, const S3HttpResponse &r, bool *done);
    void recordDone(Slot &s, const S3HttpResponse &r, qint64 end);
    // Runs slots until the deadline (0: none), nothing is left, a stop or a cancel.
    Error loop(const CancelToken &cancel, qint64 deadlineNs, const std::function<void(double secs, double t)> &tick);
    // The parts of loop.
    void startSlots(qint64 start, std::unique_lock<std::mutex> &lock);
    void resumeParked(qint64 now, std::unique_lock<std::mutex> &lock);
    bool anyParked() const;
    Error loopError(bool cancelled) const;
    void abortOpenUploads();
    void makeBody();
};

} // namespace cm
