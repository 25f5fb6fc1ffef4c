// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A native librbd benchmark job. run() works on the calling (worker) thread with a
// connected RadosClient: it creates its own image "clustermark-bench-<random>" in the
// pool, prefills it before reads (sequential 4 MiB writes, QD 16), keeps exactly
// queueDepth async ops in flight for the runtime, hands one set of samples per interval
// to the sink (on the calling thread), then drains, closes and removes the image — also
// after a cancel or an error. It never removes an image it did not create.
#include "ceph/aiostats.h"
#include "ceph/rbdworkload.h"
#include "model/error.h"
#include "model/sample.h"
#include "util/canceltoken.h"

#include <QJsonObject>

#include <functional>

namespace cm {

class RadosClient;

class RbdEngine {
public:
    // Every image the engine creates starts with this (for cleaning up leftovers).
    static constexpr const char *kImagePrefix = "clustermark-bench-";
    static constexpr quint64 kPrefillBlock = 4ull << 20;
    static constexpr int kPrefillDepth = 16;

    using SampleSink = std::function<void(const SampleList &)>;

    explicit RbdEngine(RadosClient &client)
        : m_client(client)
    { }

    // Blocks for about prefill + runtime; returns within ~2 s of cancel (in-flight ops
    // are drained first). Cancelled runs return Error::Code::Cancelled; the samples and
    // summary then cover the part that ran.
    Error run(const QString &pool, const RbdWorkload &workload, const CancelToken &cancel, const SampleSink &sink = {});

    // The fio disk runner's summary shape: {"read":{bw, iops, io_bytes, total_ios,
    // runtime_ms, lat_mean_ns, lat_min_ns, lat_max_ns, lat_p50_ns, lat_p99_ns,
    // lat_p999_ns, histogram{ns:count}}, "write":{…}} plus engine details
    // (image, pool, prefill_ms, intervals, queue_depth, block_size).
    QJsonObject summary() const { return m_summary; }
    QString imageName() const { return m_image; } // of the last run
    bool imageLeft() const { return m_imageLeft; } // the last run's image could not be removed
    qint64 prefillMs() const { return m_prefillMs; }

    static Error validate(const RbdWorkload &w);

private:
    // What the timed phase measured.
    struct IoOutcome {
        IoStats totals;
        qint64 runtimeMs = 0;
        int intervals = 0;
    };
    // The steps of run(); ioctx and image are librados' and librbd's handles.
    Error openImage(void *ioctx, const QString &name, const QString &context, const RbdWorkload &w, void **image);
    Error prefillAndMeasure(void *image, const QString &pool, quint64 size, const QString &context,
        const RbdWorkload &w, const CancelToken &cancel, const SampleSink &sink, IoOutcome *out);
    void closeAndRemove(void *ioctx, void *image, const QString &name, const QString &context, Error &err);
    void writeSummary(const QString &pool, const QString &name, const RbdWorkload &w, const IoOutcome &io);
    QString osdOfOffset(void *image, const QString &pool, quint64 offset);

    RadosClient &m_client;
    QJsonObject m_summary;
    QString m_image;
    bool m_imageLeft = false;
    qint64 m_prefillMs = 0;
};

} // namespace cm
