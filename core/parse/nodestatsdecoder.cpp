#include "parse/nodestatsdecoder.h"

#include "model/metric.h"

#include <QRegularExpression>

namespace cm {

namespace {
constexpr qsizetype MaxPending = 4 * 1024 * 1024;
}

bool isWholeDiskName(const QString &name)
{
    static const QRegularExpression re(QStringLiteral(R"(^((sd|vd|xvd|hd)[a-z]+|nvme\d+n\d+|md\d+|mmcblk\d+)$)"));
    return re.match(name).hasMatch();
}

NodeStatsDecoder::NodeStatsDecoder(QString nodeName) : m_node(std::move(nodeName)) {}

QStringList NodeStatsDecoder::takeWarnings()
{
    QStringList w;
    w.swap(m_warnings);
    return w;
}

SampleList NodeStatsDecoder::feed(const QByteArray &chunk, double t)
{
    SampleList out;
    m_pending.append(chunk);
    for (;;) {
        const qsizetype end = m_pending.indexOf("@@end\n");
        if (end < 0)
            break;
        out += decodeBlock(m_pending.left(end), t);
        m_pending.remove(0, end + 6);
    }
    if (m_pending.size() > MaxPending) {
        m_warnings << QStringLiteral("monitor stream without block ends; %1 bytes dropped").arg(m_pending.size());
        m_pending.clear();
    }
    return out;
}

SampleList NodeStatsDecoder::decodeBlock(const QByteArray &block, double t)
{
    SampleList out;
    Cpu cpu;
    QHash<QString, Disk> disks;
    enum { None, Stat, DiskStats } section = None;
    const QList<QByteArray> lines = block.split('\n');
    for (const QByteArray &raw : lines) {
        const QByteArray line = raw.trimmed();
        if (line == "@@stat") { section = Stat; continue; }
        if (line == "@@diskstats") { section = DiskStats; continue; }
        if (line.isEmpty())
            continue;
        const QList<QByteArray> f = line.simplified().split(' ');
        if (section == Stat && f.value(0) == "cpu" && f.size() >= 8) {
            // user nice system idle iowait irq softirq steal…
            quint64 vals[10] = {};
            bool ok = true;
            for (int i = 1; i < f.size() && i <= 10; ++i) {
                bool k = false;
                vals[i - 1] = f.at(i).toULongLong(&k);
                ok = ok && k;
            }
            if (!ok) {
                m_warnings << QStringLiteral("unreadable /proc/stat cpu line");
                continue;
            }
            // guest and guest_nice (9, 10) are already inside user and nice.
            quint64 total = 0;
            for (int i = 0; i < 8; ++i)
                total += vals[i];
            cpu.total = total;
            cpu.iowait = vals[4];
            cpu.busy = total - vals[3] - vals[4];
            cpu.valid = true;
        } else if (section == DiskStats && f.size() >= 14) {
            const QString name = QString::fromLatin1(f.at(2));
            if (!isWholeDiskName(name))
                continue;
            Disk d;
            bool a = false, b = false, c = false;
            d.sectorsRead = f.at(5).toULongLong(&a);
            d.sectorsWritten = f.at(9).toULongLong(&b);
            d.ioTicksMs = f.at(12).toULongLong(&c);
            if (a && b && c)
                disks.insert(name, d);
        }
    }
    const double dt = m_prevT >= 0 ? t - m_prevT : 0;
    if (cpu.valid && m_prevCpu.valid && cpu.total > m_prevCpu.total && cpu.busy >= m_prevCpu.busy) {
        const double dTotal = double(cpu.total - m_prevCpu.total);
        out.append(Sample{-1, m_node, metric::CpuBusy, t, 100.0 * double(cpu.busy - m_prevCpu.busy) / dTotal});
        if (cpu.iowait >= m_prevCpu.iowait)
            out.append(Sample{-1, m_node, metric::CpuIowait, t, 100.0 * double(cpu.iowait - m_prevCpu.iowait) / dTotal});
    }
    if (dt > 0.2) {
        for (auto it = disks.cbegin(); it != disks.cend(); ++it) {
            const auto prev = m_prevDisks.constFind(it.key());
            if (prev == m_prevDisks.cend())
                continue;
            const Disk &d = it.value(), &p = prev.value();
            if (d.sectorsRead < p.sectorsRead || d.sectorsWritten < p.sectorsWritten || d.ioTicksMs < p.ioTicksMs)
                continue;   // counter reset
            out.append(Sample{-1, m_node, metric::diskReadBytes(it.key()), t, double(d.sectorsRead - p.sectorsRead) * 512.0 / dt});
            out.append(Sample{-1, m_node, metric::diskWriteBytes(it.key()), t, double(d.sectorsWritten - p.sectorsWritten) * 512.0 / dt});
            out.append(Sample{-1, m_node, metric::diskUtil(it.key()), t, qMin(100.0, double(d.ioTicksMs - p.ioTicksMs) / (dt * 10.0))});
        }
    }
    if (cpu.valid)
        m_prevCpu = cpu;
    m_prevDisks = disks;
    m_prevT = t;
    return out;
}

} // namespace cm
