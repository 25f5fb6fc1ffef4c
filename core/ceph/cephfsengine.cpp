// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephfsengine.h"

#include "ceph/aiostats.h"
#include "ceph/cephfsmount.h"
#include "ceph/cephfsoploop.h"
#include "model/metric.h"

#include <QElapsedTimer>
#include <QLoggingCategory>
#include <QRandomGenerator>

#include <atomic>
#include <cephfs/libcephfs.h>
#include <cerrno>
#include <fcntl.h>
#include <random>
#include <thread>

Q_DECLARE_LOGGING_CATEGORY(lcCephFs)

namespace cm {

namespace {

qint64 monotonicNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

std::vector<char> randomBuffer(size_t size)
{
    std::vector<char> b((size + 3) / 4 * 4);
    QRandomGenerator gen(QRandomGenerator::global()->generate());
    gen.fillRange(reinterpret_cast<quint32 *>(b.data()), qsizetype(b.size() / 4));
    return b;
}

// One op's summary: ioDirSummary without the byte figures, total_ios → total_ops.
QJsonObject opSummary(const IoDirStats &s, qint64 runtimeMs)
{
    QJsonObject o = ioDirSummary(s, runtimeMs);
    o.insert(QStringLiteral("total_ops"), o.take(QStringLiteral("total_ios")));
    o.remove(QStringLiteral("bw"));
    o.remove(QStringLiteral("io_bytes"));
    return o;
}

// The phases of the metadata workload. Thread t works on <folder>/t<t>/f<i>.
class MetadataPhases {
public:
    MetadataPhases(CephFsMount &mount, const CephFsWorkload &w, const CancelToken &cancel,
        const CephFsEngine::SampleSink &sink, QString folder, qint64 startNs)
        : m_mount(mount)
        , m_w(w)
        , m_cancel(cancel)
        , m_sink(sink)
        , m_folder(std::move(folder))
        , m_startNs(startNs)
        , m_created(size_t(w.threads), 0)
    { }

    Error makeFolders();
    Error create();
    // Stats every created file through a second, fresh mount; also checks their size.
    Error stat(const CephConnectionSpec &spec, const QString &fsName);
    Error remove();

    quint64 created() const;
    quint64 deleted() const { return m_deleted; }
    const QJsonObject &meta() const { return m_meta; }

private:
    QByteArray path(int t, quint64 i) const { return m_bases[size_t(t)] + QByteArray::number(i); }
    double elapsed() const { return double(monotonicNs() - m_startNs) / 1e9; }
    Error phase(CephFsWorkload::MetaOp op, const CephFsOpLoop::Op &fn);

    CephFsMount &m_mount;
    const CephFsWorkload &m_w;
    const CancelToken &m_cancel;
    const CephFsEngine::SampleSink &m_sink;
    QString m_folder;
    qint64 m_startNs;
    std::vector<QByteArray> m_bases; // per thread: "<folder>/t<t>/f"
    std::vector<quint64> m_created; // per thread: files the create phase made
    quint64 m_deleted = 0;
    QJsonObject m_meta; // per timed op: its summary
};

Error MetadataPhases::makeFolders()
{
    ceph_mount_info *m = m_mount.handle();
    for (int t = 0; t < m_w.threads; ++t) {
        const QString sub = m_folder + QStringLiteral("/t%1").arg(t);
        const int r = ceph_mkdir(m, sub.toUtf8().constData(), 0755);
        if (r < 0)
            return CephFsMount::errnoError(r, QStringLiteral("cannot create folder %1").arg(sub), m_mount.context());
    }
    m_bases.resize(size_t(m_w.threads));
    for (int t = 0; t < m_w.threads; ++t)
        m_bases[size_t(t)] = (m_folder + QStringLiteral("/t%1/f").arg(t)).toUtf8();
    return {};
}

// One op on every thread; timed (samples, summary) only when the workload asks for it.
Error MetadataPhases::phase(CephFsWorkload::MetaOp op, const CephFsOpLoop::Op &fn)
{
    const QString name = CephFsWorkload::opName(op);
    const bool timed = m_w.hasOp(op);
    const double offset = m_w.timeOffset + elapsed();
    const QString target = m_w.target.isEmpty() ? m_folder : m_w.target;
    CephFsOpLoop loop;
    IoDirStats soFar; // the phase's percentiles so far, from all its ops
    CephFsOpLoop::Config c;
    c.threads = m_w.threads;
    c.runtimeSec = timed ? m_w.runtimeSec : 86400;
    c.intervalMs = m_w.intervalMs;
    c.opName = name;
    c.context = m_folder;
    const Error e = loop.run(c, fn, m_cancel, [&](const IoStats &s, double secs, double t) {
        if (!timed || !m_sink || secs <= 0)
            return;
        const IoDirStats &d = s[1];
        soFar.lat.merge(d.lat);
        SampleList out;
        out << Sample {m_w.step, target, metric::metaIops(name), offset + t, double(d.ios) / secs};
        if (!d.lat.isEmpty())
            out << Sample {m_w.step, target, metric::metaLatP50(name), offset + t, d.lat.percentile(50)}
                << Sample {m_w.step, target, metric::metaLatP99(name), offset + t, d.lat.percentile(99)}
                << Sample {m_w.step, target, metric::metaLatP999(name), offset + t, d.lat.percentile(99.9)}
                << Sample {m_w.step, target, metric::metaLatMean(name), offset + t, d.lat.mean()}
                << Sample {m_w.step, target, metric::stepSoFar(metric::metaLatP50(name)), offset + t,
                       soFar.lat.percentile(50)}
                << Sample {m_w.step, target, metric::stepSoFar(metric::metaLatP99(name)), offset + t,
                       soFar.lat.percentile(99)};
        m_sink(out);
    });
    if (op == CephFsWorkload::MetaOp::Create)
        for (int t = 0; t < m_w.threads; ++t)
            m_created[size_t(t)] = loop.opsPerThread(t);
    if (timed)
        m_meta.insert(name, opSummary(loop.totals()[1], loop.runtimeMs()));
    return e;
}

Error MetadataPhases::create()
{
    ceph_mount_info *m = m_mount.handle();
    const std::vector<char> data = randomBuffer(size_t(m_w.fileSize));
    return phase(CephFsWorkload::MetaOp::Create, [&](int t, quint64 i) -> qint64 {
        if (i >= quint64(m_w.files))
            return CephFsOpLoop::kDone;
        const int fd = ceph_open(m, path(t, i).constData(), O_CREAT | O_EXCL | O_WRONLY, 0644);
        if (fd < 0)
            return fd;
        int r = 0;
        if (m_w.fileSize > 0)
            r = ceph_write(m, fd, data.data(), qint64(m_w.fileSize), 0);
        const int rc = ceph_close(m, fd);
        if (r >= 0 && m_w.fileSize > 0 && quint64(r) != m_w.fileSize)
            r = -EIO;
        return r < 0 ? r : (rc < 0 ? rc : 0);
    });
}

Error MetadataPhases::stat(const CephConnectionSpec &spec, const QString &fsName)
{
    // Written data still in this client's cache would make each stat wait for a
    // flush: write it out first (untimed).
    if (m_w.fileSize > 0)
        ceph_sync_fs(m_mount.handle());
    std::atomic<quint64> wrongSize {0};
    // A fresh client holds no capabilities on the files: each stat asks the MDS.
    CephFsMount second;
    Error err = second.mount(spec, fsName);
    if (!err) {
        ceph_mount_info *m2 = second.handle();
        err = phase(CephFsWorkload::MetaOp::Stat, [&](int t, quint64 i) -> qint64 {
            if (i >= m_created[size_t(t)])
                return CephFsOpLoop::kDone;
            struct ceph_statx sx = {};
            const int r = ceph_statx(m2, path(t, i).constData(), &sx, CEPH_STATX_SIZE | CEPH_STATX_MODE, 0);
            if (r < 0)
                return r;
            if (sx.stx_size != m_w.fileSize || !S_ISREG(sx.stx_mode))
                ++wrongSize;
            return 0;
        });
    }
    second.unmount(); // gives its capabilities back before the deletes
    if (!err && wrongSize > 0)
        err = Error(Error::Code::CommandFailed,
            QStringLiteral("stat found %1 file(s) that are not regular files of %2 bytes")
                .arg(wrongSize.load())
                .arg(m_w.fileSize),
            m_folder);
    return err;
}

Error MetadataPhases::remove()
{
    ceph_mount_info *m = m_mount.handle();
    std::vector<std::atomic<quint64>> perThread(size_t(m_w.threads));
    const Error err = phase(CephFsWorkload::MetaOp::Delete, [&](int t, quint64 i) -> qint64 {
        if (i >= m_created[size_t(t)])
            return CephFsOpLoop::kDone;
        const int r = ceph_unlink(m, path(t, i).constData());
        if (r == 0)
            ++perThread[size_t(t)];
        return r < 0 ? r : 0;
    });
    for (const auto &n : perThread)
        m_deleted += n.load();
    return err;
}

quint64 MetadataPhases::created() const
{
    quint64 total = 0;
    for (const quint64 n : m_created)
        total += n;
    return total;
}

} // namespace

CephFsEngine::CephFsEngine(CephFsMount &mount, CephConnectionSpec spec, QString fsName)
    : m_mount(mount)
    , m_spec(std::move(spec))
    , m_fsName(std::move(fsName))
{ }

double CephFsEngine::elapsed() const
{
    return double(monotonicNs() - m_startNs) / 1e9;
}

Error CephFsEngine::validate(const CephFsWorkload &w)
{
    auto bad = [](const QString &m) { return Error(Error::Code::InvalidInput, m); };
    if (w.threads < 1 || w.threads > 256)
        return bad(QStringLiteral("threads must be 1..256 (got %1)").arg(w.threads));
    if (w.runtimeSec < 1)
        return bad(QStringLiteral("runtime must be at least 1 s (got %1)").arg(w.runtimeSec));
    if (w.intervalMs < 100)
        return bad(QStringLiteral("sample interval must be at least 100 ms"));
    if (w.isMetadata()) {
        if (w.files < 1)
            return bad(QStringLiteral("files must be at least 1 per thread"));
        if (w.fileSize > (64ull << 20))
            return bad(QStringLiteral("small files must be at most 64 MiB"));
        if (w.ops.isEmpty())
            return bad(QStringLiteral("no metadata op to run"));
        return {};
    }
    if (w.blockSize == 0 || w.blockSize > (64ull << 20))
        return bad(QStringLiteral("block size must be between 1 byte and 64 MiB (got %1)").arg(w.blockSize));
    if (w.fileSize < w.blockSize)
        return bad(QStringLiteral("file size %1 is smaller than the block size %2").arg(w.fileSize).arg(w.blockSize));
    return {};
}

Error CephFsEngine::run(
    const QString &dirIn, const CephFsWorkload &w, const CancelToken &cancel, const SampleSink &sink)
{
    m_summary = {};
    m_folder.clear();
    m_removed = false;
    m_entriesRemoved = 0;
    m_startNs = monotonicNs();
    if (Error e = validate(w))
        return e;
    if (!m_mount.isMounted())
        return Error(Error::Code::Internal, QStringLiteral("the file system is not mounted"), m_mount.context());
    QString dir = dirIn.isEmpty() ? QStringLiteral("/") : dirIn;
    while (dir.size() > 1 && dir.endsWith(QLatin1Char('/')))
        dir.chop(1);
    if (!m_mount.isDir(dir))
        return Error(Error::Code::PathMissing, QStringLiteral("folder %1 does not exist in the file system").arg(dir),
            m_mount.context());
    const QString folder = (dir == QLatin1String("/") ? QString() : dir) + QLatin1Char('/')
        + QLatin1String(kFolderPrefix)
        + QString::number(QRandomGenerator::global()->generate64() & 0xffffffffffffull, 16)
              .rightJustified(12, QLatin1Char('0'));
    int r = ceph_mkdir(m_mount.handle(), folder.toUtf8().constData(), 0755);
    if (r < 0)
        return CephFsMount::errnoError(r, QStringLiteral("cannot create folder %1").arg(folder), m_mount.context());
    m_folder = folder;
    qCInfo(lcCephFs) << "created" << folder;
    Error err;
    if (!m_layoutPool.isEmpty()) {
        const QByteArray pool = m_layoutPool.toUtf8();
        r = ceph_setxattr(m_mount.handle(), folder.toUtf8().constData(), "ceph.dir.layout.pool", pool.constData(),
            size_t(pool.size()), 0);
        if (r < 0)
            err = CephFsMount::errnoError(
                r, QStringLiteral("cannot lay out folder %1 on pool %2").arg(folder, m_layoutPool), m_mount.context());
    }

    if (!err)
        err = w.isMetadata() ? runMetadata(w, cancel, sink) : runThroughput(w, cancel, sink);
    if (!err && cancel.isCancelled())
        err = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), folder);
    const double ioEnded = elapsed();
    // Always, with no cancel token: the folder is the step's own. The metadata threads'
    // folders go in parallel (many small files: one unlink round trip each).
    Error rm;
    if (w.isMetadata()) {
        std::vector<std::thread> removers;
        std::vector<Error> errors(size_t(w.threads));
        std::vector<quint64> counts(size_t(w.threads), 0);
        for (int t = 0; t < w.threads; ++t)
            removers.emplace_back([&, t] {
                const QString sub = folder + QStringLiteral("/t%1").arg(t);
                if (m_mount.isDir(sub))
                    errors[size_t(t)] = m_mount.removeTree(sub, &counts[size_t(t)]);
            });
        for (int t = 0; t < w.threads; ++t) {
            removers[size_t(t)].join();
            m_entriesRemoved += counts[size_t(t)];
            if (errors[size_t(t)] && !rm)
                rm = errors[size_t(t)];
        }
    }
    if (const Error e = m_mount.removeTree(folder, &m_entriesRemoved); e && !rm)
        rm = e;
    m_removed = !rm;
    if (rm) {
        qCWarning(lcCephFs) << "cannot remove" << folder << rm.message;
        if (!err)
            err = rm;
    }
    m_summary.insert(QStringLiteral("engine"), QStringLiteral("libcephfs"));
    m_summary.insert(QStringLiteral("folder"), folder);
    m_summary.insert(QStringLiteral("workload"), CephFsWorkload::modeName(w.mode));
    m_summary.insert(QStringLiteral("threads"), w.threads);
    m_summary.insert(QStringLiteral("cleanup_ms"), (elapsed() - ioEnded) * 1000.0);
    m_summary.insert(QStringLiteral("entries_removed"), double(m_entriesRemoved));
    if (err)
        qCInfo(lcCephFs) << "run in" << folder << "ended:" << err.toString();
    return err;
}

Error CephFsEngine::prefill(const CephFsWorkload &w, const std::vector<int> &fds, const CancelToken &cancel)
{
    const quint64 block = std::min(kPrefillBlock, w.fileSize);
    const std::vector<char> buf = randomBuffer(size_t(block));
    CephFsOpLoop loop;
    CephFsOpLoop::Config c;
    c.threads = w.threads;
    c.runtimeSec = 86400;
    c.opName = QStringLiteral("prefill write");
    c.context = m_folder;
    ceph_mount_info *m = m_mount.handle();
    return loop.run(c,
        [&](int t, quint64 i) -> qint64 {
            const quint64 off = i * block;
            if (off >= w.fileSize)
                return CephFsOpLoop::kDone;
            const quint64 len = std::min(block, w.fileSize - off);
            const int r = ceph_write(m, fds[size_t(t)], buf.data(), qint64(len), qint64(off));
            return r < 0 ? r : (quint64(r) == len ? r : -EIO);
        },
        cancel, {});
}

Error CephFsEngine::runThroughput(const CephFsWorkload &w, const CancelToken &cancel, const SampleSink &sink)
{
    ceph_mount_info *m = m_mount.handle();
    std::vector<int> fds;
    Error err;
    for (int t = 0; t < w.threads && !err; ++t) {
        const QString path = m_folder + QStringLiteral("/t%1.dat").arg(t);
        const int fd = ceph_open(m, path.toUtf8().constData(), O_CREAT | O_RDWR | O_DIRECT, 0644);
        if (fd < 0)
            err = CephFsMount::errnoError(fd, QStringLiteral("cannot create %1").arg(path), m_mount.context());
        else
            fds.push_back(fd);
    }
    qint64 prefillMs = 0;
    if (!err && (w.reads() || w.random())) {
        QElapsedTimer t;
        t.start();
        err = prefill(w, fds, cancel);
        prefillMs = t.elapsed();
        qCInfo(lcCephFs) << "prefilled" << w.threads << "files of" << w.fileSize << "bytes in" << prefillMs << "ms";
    }
    if (!err && w.beforeMeasure && !w.beforeMeasure())
        err = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), m_folder);
    CephFsOpLoop loop;
    if (!err && !cancel.isCancelled()) {
        const quint64 bs = w.blockSize;
        const quint64 blocks = w.fileSize / bs;
        std::vector<std::vector<char>> buffers;
        for (int t = 0; t < w.threads; ++t)
            buffers.push_back(randomBuffer(size_t(bs)));
        std::vector<std::mt19937_64> rngs;
        for (int t = 0; t < w.threads; ++t)
            rngs.emplace_back(QRandomGenerator::global()->generate64());
        const bool reads = w.reads();
        const bool random = w.random();
        CephFsOpLoop::Config c;
        c.threads = w.threads;
        c.runtimeSec = w.runtimeSec;
        c.intervalMs = w.intervalMs;
        c.direction = reads ? 0 : 1;
        c.opName = reads ? QStringLiteral("read") : QStringLiteral("write");
        c.context = m_folder;
        IoSampleLabels labels;
        labels.step = w.step;
        labels.target = w.target.isEmpty() ? m_folder : w.target;
        labels.timeOffset = w.timeOffset + elapsed();
        labels.reads = reads;
        labels.writes = !reads;
        IoStats soFar {};
        labels.stepSoFar = &soFar;
        err = loop.run(
            c,
            [&](int t, quint64 i) -> qint64 {
                const quint64 block
                    = random ? std::uniform_int_distribution<quint64>(0, blocks - 1)(rngs[size_t(t)]) : i % blocks;
                char *buf = buffers[size_t(t)].data();
                const int r = reads ? ceph_read(m, fds[size_t(t)], buf, qint64(bs), qint64(block * bs))
                                    : ceph_write(m, fds[size_t(t)], buf, qint64(bs), qint64(block * bs));
                if (r < 0)
                    return r;
                return r == 0 ? -EIO : r; // nothing read where the prefill wrote: a lie, not an op
            },
            cancel,
            [&](const IoStats &s, double secs, double t) {
                addIoStats(soFar, s); // the step's percentiles so far, from all its I/Os
                if (sink && secs > 0)
                    sink(ioIntervalSamples(s, secs, t, labels));
            });
    }
    double fileBytes = 0;
    for (const int fd : fds) {
        struct ceph_statx sx = {};
        if (ceph_fstatx(m, fd, &sx, CEPH_STATX_SIZE, 0) == 0)
            fileBytes += double(sx.stx_size);
        ceph_close(m, fd);
    }
    const char *dirs[2] = {"read", "write"};
    for (int d = 0; d < 2; ++d)
        if (loop.totals()[size_t(d)].ios > 0)
            m_summary.insert(QLatin1String(dirs[d]), ioDirSummary(loop.totals()[size_t(d)], loop.runtimeMs()));
    m_summary.insert(QStringLiteral("block_size"), double(w.blockSize));
    m_summary.insert(QStringLiteral("file_size"), double(w.fileSize));
    m_summary.insert(QStringLiteral("file_bytes"), fileBytes); // the files' sizes, as the fs reports them
    m_summary.insert(QStringLiteral("prefill_ms"), double(prefillMs));
    m_summary.insert(QStringLiteral("intervals"), loop.intervals());
    m_summary.insert(QStringLiteral("direct"), true);
    return err;
}

Error CephFsEngine::runMetadata(const CephFsWorkload &w, const CancelToken &cancel, const SampleSink &sink)
{
    MetadataPhases phases(m_mount, w, cancel, sink, m_folder, m_startNs);
    if (Error e = phases.makeFolders())
        return e;
    if (w.beforeMeasure && !w.beforeMeasure())
        return Error(Error::Code::Cancelled, QStringLiteral("cancelled"), m_folder);
    // Create always runs: the other phases need the files.
    Error err = phases.create();
    if (!err && !cancel.isCancelled() && w.hasOp(CephFsWorkload::MetaOp::Stat))
        err = phases.stat(m_spec, m_fsName);
    if (!err && !cancel.isCancelled() && w.hasOp(CephFsWorkload::MetaOp::Delete))
        err = phases.remove();
    const QJsonObject &meta = phases.meta();
    m_summary.insert(QStringLiteral("meta"), meta);
    m_summary.insert(QStringLiteral("files"), w.files);
    m_summary.insert(QStringLiteral("file_size"), double(w.fileSize));
    m_summary.insert(QStringLiteral("files_created"), double(phases.created()));
    m_summary.insert(QStringLiteral("files_deleted"), double(phases.deleted()));
    for (const auto op : w.ops) {
        const QJsonObject o = meta.value(CephFsWorkload::opName(op)).toObject();
        if (!o.isEmpty()) {
            m_summary.insert(QStringLiteral("opsPerSecond"), o.value(QStringLiteral("iops")));
            break;
        }
    }
    return err;
}

} // namespace cm
