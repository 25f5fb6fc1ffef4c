// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What one native librados object job does (RadosObjectEngine). Pure value type.
#include <QString>
#include <QtGlobal>

#include <optional>
#include <functional>

namespace cm {

struct RadosWorkload {
    enum class Op { Write, Read, Stat };
    // Auto: read and stat jobs first write every object of the working set once (reads
    // of missing objects fail, and a small set would be served from the OSDs' caches).
    // Never: read what is there (a missing object is an error, never a counted op).
    enum class Prefill { Auto, Never };

    Op op = Op::Write;
    quint64 objectSize = 4ull << 20; // bytes per object, 1 byte..64 MiB
    quint64 blockSize = 4ull << 20; // bytes per op, divides objectSize (= objectSize: whole objects)
    int objects = 2048; // the working set: objects × objectSize
    int queueDepth = 16; // rados_aio ops kept in flight, 1..1024
    int runtimeSec = 30; // > 0
    Prefill prefill = Prefill::Auto;
    int intervalMs = 1000; // sample interval

    // Sample labels: step index, target and the time offset (seconds since the run
    // started when the job begins).
    int step = 0;
    QString target;
    double timeOffset = 0;
    // Called once the set-up (prefill) is done, right before measuring (the step's start
    // gate); false: cancelled, do not measure.
    std::function<bool()> beforeMeasure;

    quint64 workingSetBytes() const { return objectSize * quint64(qMax(0, objects)); }
    bool reads() const { return op != Op::Write; }

    static std::optional<Op> parseOp(const QString &s)
    {
        if (s == QLatin1String("write"))
            return Op::Write;
        if (s == QLatin1String("read"))
            return Op::Read;
        if (s == QLatin1String("stat"))
            return Op::Stat;
        return std::nullopt;
    }
    static QString opName(Op op)
    {
        switch (op) {
        case Op::Write: return QStringLiteral("write");
        case Op::Read: return QStringLiteral("read");
        case Op::Stat: return QStringLiteral("stat");
        }
        return {};
    }
};

} // namespace cm
