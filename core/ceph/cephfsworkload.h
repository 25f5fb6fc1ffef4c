// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What one native libcephfs job does (CephFsEngine). Pure value type.
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <optional>
#include <functional>

namespace cm {

struct CephFsWorkload {
    enum class Mode { SeqRead, SeqWrite, RandRead, RandWrite, Metadata };
    enum class MetaOp { Create, Stat, Delete };

    Mode mode = Mode::SeqWrite;
    quint64 blockSize = 4ull << 20; // bytes per read/write, 1 byte..64 MiB
    quint64 fileSize = 1ull << 30; // per thread (throughput); bytes written into each
        // small file (metadata, 0 = empty files)
    int threads = 4; // each thread: one file (throughput) or one folder (metadata)
    int files = 1000; // metadata: files per thread
    QList<MetaOp> ops {MetaOp::Create, MetaOp::Stat, MetaOp::Delete};
    int runtimeSec = 30; // throughput: the timed phase; metadata: a cap per op phase
    int intervalMs = 1000; // sample interval

    // Sample labels: step index, target and the time offset (seconds since the run
    // started when the job begins).
    int step = 0;
    QString target;
    double timeOffset = 0;
    // Called once the set-up (prefill) is done, right before measuring (the step's start
    // gate); false: cancelled, do not measure.
    std::function<bool()> beforeMeasure;

    bool isMetadata() const { return mode == Mode::Metadata; }
    bool reads() const { return mode == Mode::SeqRead || mode == Mode::RandRead; }
    bool random() const { return mode == Mode::RandRead || mode == Mode::RandWrite; }
    bool hasOp(MetaOp op) const { return ops.contains(op); }
    quint64 workingSetBytes() const { return isMetadata() ? 0 : fileSize * quint64(qMax(0, threads)); }

    static std::optional<Mode> parseMode(const QString &s)
    {
        if (s == QLatin1String("seq-read"))
            return Mode::SeqRead;
        if (s == QLatin1String("seq-write"))
            return Mode::SeqWrite;
        if (s == QLatin1String("rand-read"))
            return Mode::RandRead;
        if (s == QLatin1String("rand-write"))
            return Mode::RandWrite;
        if (s == QLatin1String("metadata"))
            return Mode::Metadata;
        return std::nullopt;
    }
    static QString modeName(Mode m)
    {
        switch (m) {
        case Mode::SeqRead: return QStringLiteral("seq-read");
        case Mode::SeqWrite: return QStringLiteral("seq-write");
        case Mode::RandRead: return QStringLiteral("rand-read");
        case Mode::RandWrite: return QStringLiteral("rand-write");
        case Mode::Metadata: return QStringLiteral("metadata");
        }
        return {};
    }
    static std::optional<MetaOp> parseOp(const QString &s)
    {
        if (s == QLatin1String("create"))
            return MetaOp::Create;
        if (s == QLatin1String("stat"))
            return MetaOp::Stat;
        if (s == QLatin1String("delete"))
            return MetaOp::Delete;
        return std::nullopt;
    }
    static QString opName(MetaOp op)
    {
        switch (op) {
        case MetaOp::Create: return QStringLiteral("create");
        case MetaOp::Stat: return QStringLiteral("stat");
        case MetaOp::Delete: return QStringLiteral("delete");
        }
        return {};
    }
};

} // namespace cm
