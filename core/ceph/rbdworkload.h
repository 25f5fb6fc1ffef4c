// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What one native librbd job does: the I/O pattern, its size and duration, and how its
// samples are labelled. Pure value type.
#include <QString>
#include <QtGlobal>

#include <optional>
#include <functional>

namespace cm {

struct RbdWorkload {
    enum class Mode { Read, Write, RandRead, RandWrite, RandRW };
    enum class Prefill { Auto, Always, Never }; // Auto: only when the mode reads
    // How the next op is issued once one completes: straight from librbd's completion
    // callback, or by the calling thread woken by the callback.
    enum class Issue { FromCompletion, FromWorker };
    // librbd's cache stays in writethrough mode until the first flush. Writeback: one
    // flush after open, as fio's rbd engine does (its cache invalidation flushes), so
    // writes are acknowledged by the cache (rbd_cache_policy). Off: the image gets
    // conf_rbd_cache=false, every write waits for the OSDs.
    enum class Cache { Writeback, Off };

    Mode mode = Mode::RandWrite;
    quint64 blockSize = 4096; // bytes, > 0, at most the image size
    int queueDepth = 16; // ops kept in flight, 1..1024
    int runtimeSec = 10; // > 0
    int readPercent = 50; // RandRW only, 0..100
    quint64 imageSize = 1ull << 30; // bytes; a multiple of the block size is used
    Prefill prefill = Prefill::Auto;
    Issue issue = Issue::FromCompletion;
    Cache cache = Cache::Writeback;
    int intervalMs = 1000; // sample interval
    // No op completed for this long while ops are in flight: the run fails with a
    // timeout (a frozen OSD behind a writeback cache never fails an op). 0 = off.
    int stallTimeoutSec = 0;

    // Sample labels: step index, target ("pool/image" when empty) and a time offset
    // (seconds since the run started when the workload begins).
    int step = 0;
    QString target;
    // The image's data pool (rbd_create4's RBD_IMAGE_OPTION_DATA_POOL); empty: its pool.
    QString dataPool;
    double timeOffset = 0;
    // Called once the set-up (prefill) is done, right before measuring (the step's start
    // gate); false: cancelled, do not measure.
    std::function<bool()> beforeMeasure;

    bool reads() const
    {
        return mode == Mode::Read || mode == Mode::RandRead || (mode == Mode::RandRW && readPercent > 0);
    }
    bool writes() const
    {
        return mode == Mode::Write || mode == Mode::RandWrite || (mode == Mode::RandRW && readPercent < 100);
    }
    bool random() const { return mode == Mode::RandRead || mode == Mode::RandWrite || mode == Mode::RandRW; }

    // fio's names: read, write, randread, randwrite, randrw.
    static std::optional<Mode> parseMode(const QString &s)
    {
        if (s == QLatin1String("read"))
            return Mode::Read;
        if (s == QLatin1String("write"))
            return Mode::Write;
        if (s == QLatin1String("randread"))
            return Mode::RandRead;
        if (s == QLatin1String("randwrite"))
            return Mode::RandWrite;
        if (s == QLatin1String("randrw"))
            return Mode::RandRW;
        return std::nullopt;
    }
    static QString modeName(Mode m)
    {
        switch (m) {
        case Mode::Read: return QStringLiteral("read");
        case Mode::Write: return QStringLiteral("write");
        case Mode::RandRead: return QStringLiteral("randread");
        case Mode::RandWrite: return QStringLiteral("randwrite");
        case Mode::RandRW: return QStringLiteral("randrw");
        }
        return {};
    }
};

} // namespace cm
