// SPDX-License-Identifier: GPL-3.0-or-later
// `rados bench` and `rbd bench` (also the old `rbd bench-write`) text output into one
// step each, shaped like the RADOS and RBD runners' (a summary per direction: bw,
// iops, total_ios, runtime_ms, and for rados bench the mean, min and max latency; bw
// and iops series). Their quirks: rados bench's "MB/s" are MiB/s; a second with no
// finished op prints "-" for its latency; the header comes again every 20 s; a file may
// hold only the trailing summary. rbd bench prints bytes/s with a unit that changes as
// the rate does (B/s … GiB/s), older releases a bare number; its rates come from
// ops/s × io_size, which it prints exactly. No summary: the run was cut, and the file
// is refused with the last line read.
#include "model/metric.h"
#include "parse/resultdecoderparts.h"

#include <QRegularExpression>

#include <cmath>

namespace cm::resultdecode {

namespace {

constexpr double kMiB = 1048576.0;

Error cut(const QString &tool, int lastLine, const QString &what)
{
    return Error(Error::Code::ParseError,
        QStringLiteral("the %1 output is cut short: it ends at line %2 before %3").arg(tool).arg(lastLine).arg(what),
        QStringLiteral("line %1").arg(lastLine));
}

// "Total time run:         5.03201" → 5.03201 (the value after the colon).
double valueOf(const QString &line, bool *ok)
{
    return line.section(QLatin1Char(':'), 1).trimmed().section(QLatin1Char(' '), 0, 0).toDouble(ok);
}

bool finite(double d)
{
    return std::isfinite(d) && d >= 0 && d < 1e18;
}

void finishCeph(DecodedResult &out, DecodedStep &s, const QString &tool, const DecodeOptions &options)
{
    s.node = options.node.isEmpty() ? QStringLiteral("imported") : options.node;
    s.environment.insert(QStringLiteral("imported_tool"), tool);
    out.tool = tool;
    out.toolVersion = QStringLiteral("%1 (the output names no version)").arg(tool);
    out.nodes = {s.node};
    out.name = QStringLiteral("%1: %2").arg(tool, s.step.title);
    out.steps << s;
}

struct RadosSummary {
    QString dir; // "write" or "read"
    double seconds = 0, ops = 0, opSize = 0, mibPerSec = 0, iops = 0;
    double latMean = -1, latMax = -1, latMin = -1;
};

// One "Key: value" line of rados bench's trailing summary.
bool radosSummaryLine(const QString &l, RadosSummary *r)
{
    bool ok = false;
    const double v = valueOf(l, &ok);
    if (!ok || !finite(v))
        return false;
    if (l.startsWith(QLatin1String("Total time run")))
        r->seconds = v;
    else if (l.startsWith(QLatin1String("Total writes made")))
        r->ops = v, r->dir = QStringLiteral("write");
    else if (l.startsWith(QLatin1String("Total reads made")))
        r->ops = v, r->dir = QStringLiteral("read");
    else if (l.startsWith(QLatin1String("Write size")) || l.startsWith(QLatin1String("Read size")))
        r->opSize = v;
    else if (l.startsWith(QLatin1String("Bandwidth (MB/sec)")))
        r->mibPerSec = v;
    else if (l.startsWith(QLatin1String("Average IOPS")))
        r->iops = v;
    else if (l.startsWith(QLatin1String("Average Latency")))
        r->latMean = v;
    else if (l.startsWith(QLatin1String("Max latency")))
        r->latMax = v;
    else if (l.startsWith(QLatin1String("Min latency")))
        r->latMin = v;
    else
        return false;
    return true;
}

} // namespace

bool looksLikeCephBench(const QByteArray &bytes, QString *which)
{
    static const QRegularExpression radosHeader(
        QStringLiteral("^\\s*sec\\s+Cur ops\\s+started"), QRegularExpression::MultilineOption);
    static const QRegularExpression rbdHeader(
        QStringLiteral("^bench(-write)?\\s+(type\\s+\\S+\\s+)?(read:write=\\S+\\s+)?io_size\\s+\\d+"),
        QRegularExpression::MultilineOption);
    const QString text = QString::fromUtf8(bytes.left(64 * 1024));
    if (rbdHeader.match(text).hasMatch())
        *which = QStringLiteral("rbd bench");
    else if (radosHeader.match(text).hasMatch() || text.contains(QLatin1String("Total time run:")))
        *which = QStringLiteral("rados bench");
    else
        return false;
    return true;
}

DecodedResult decodeRadosBench(const QByteArray &bytes, const DecodeOptions &options, Error *err)
{
    DecodedResult out;
    static const QRegularExpression perSecond(QStringLiteral(
        "^\\s*(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+([0-9.]+)\\s+([0-9.]+)\\s+(\\S+)\\s+([0-9.e-]+)\\s*$"));
    static const QRegularExpression maintaining(
        QStringLiteral("Maintaining (\\d+) concurrent (writes|reads) of (\\d+) bytes to objects of size (\\d+)"));
    RadosSummary sum;
    int concurrency = 0, lastLine = 0;
    double objectSize = 0;
    SampleList samples;
    const QList<QByteArray> lines = bytes.split('\n');
    for (int i = 0; i < lines.size(); ++i) {
        const QString l = QString::fromUtf8(lines.at(i)).trimmed();
        if (l.isEmpty())
            continue;
        lastLine = i + 1;
        if (const QRegularExpressionMatch m = maintaining.match(l); m.hasMatch()) {
            concurrency = m.captured(1).toInt();
            objectSize = finite(m.captured(4).toDouble()) ? m.captured(4).toDouble() : 0;
        } else if (const QRegularExpressionMatch p = perSecond.match(l); p.hasMatch()) {
            const double t = p.captured(1).toDouble(), curMib = p.captured(6).toDouble();
            if (t > 0 && finite(curMib)) // second 0 is the start line
                samples << Sample {0, QString(), QStringLiteral("rados.cur.bw"), t, curMib * kMiB};
        } else if (l.startsWith(QLatin1String("Object size"))) {
            bool ok = false;
            objectSize = valueOf(l, &ok);
            if (!ok || !finite(objectSize))
                objectSize = 0;
        } else {
            radosSummaryLine(l, &sum);
        }
    }
    if (sum.dir.isEmpty() || sum.seconds <= 0 || sum.opSize <= 0) {
        *err = cut(QStringLiteral("rados bench"), lastLine,
            QStringLiteral("its summary (Total time run, Total writes or reads made, the op size)"));
        return out;
    }
    const bool write = sum.dir == QLatin1String("write");
    DecodedStep s;
    for (Sample &x : samples) // the series under the direction the summary names
        x.metric = write ? metric::WriteBw : metric::ReadBw;
    s.samples = samples;
    const double bw = sum.mibPerSec * kMiB;
    QJsonObject dir {{QStringLiteral("bw"), bw},
        {QStringLiteral("iops"), sum.iops > 0 ? sum.iops : sum.ops / sum.seconds},
        {QStringLiteral("total_ios"), sum.ops}, {QStringLiteral("io_bytes"), sum.ops * sum.opSize},
        {QStringLiteral("runtime_ms"), sum.seconds * 1000}};
    if (sum.latMean >= 0)
        dir.insert(QStringLiteral("lat_mean_ns"), sum.latMean * 1e9);
    if (sum.latMin >= 0)
        dir.insert(QStringLiteral("lat_min_ns"), sum.latMin * 1e9);
    if (sum.latMax >= 0)
        dir.insert(QStringLiteral("lat_max_ns"), sum.latMax * 1e9);
    s.summary = {{sum.dir, dir}, {QStringLiteral("engine"), QStringLiteral("rados bench")}};
    const QString size = QString::number(qint64(sum.opSize));
    s.step.id = QStringLiteral("rados-bench-%1-%2").arg(sum.dir, size);
    s.step.title
        = QStringLiteral("%1, %2-byte ops%3")
              .arg(sum.dir, size, concurrency > 0 ? QStringLiteral(", %1 in flight").arg(concurrency) : QString());
    s.step.params = {{QStringLiteral("op"), sum.dir},
        {QStringLiteral("objectSize"), qint64(objectSize > 0 ? objectSize : sum.opSize)},
        {QStringLiteral("runtime"), qint64(std::lround(sum.seconds))}};
    if (concurrency > 0)
        s.step.params.insert(QStringLiteral("concurrency"), concurrency);
    s.command = QStringLiteral("rados bench (imported)");
    s.target = QStringLiteral("rados bench");
    for (Sample &x : s.samples)
        x.target = s.target;
    if (samples.isEmpty())
        out.warnings << QStringLiteral("rados bench: only the summary, no per-second lines");
    out.format = QStringLiteral("rados-bench");
    finishCeph(out, s, QStringLiteral("rados bench"), options);
    *err = {};
    return out;
}

namespace {

struct RbdBench {
    QString type; // write, read, readwrite
    int readPct = -1;
    double ioSize = 0;
    int threads = 0;
    QString pattern;
    double ops = -1, opsPerSec = -1;
    double readOps = -1, readOpsPerSec = -1, writeOps = -1, writeOpsPerSec = -1;
};

// "29 MiB/s", "4.1 KiB/s", "512 B/s", or an older release's bare "30111788.45".
bool bytesPerSecond(const QString &text, double *out)
{
    static const QRegularExpression form(QStringLiteral("^([0-9.]+)\\s*(?:(|K|M|G|T)(i?)B/s)?$"));
    const QRegularExpressionMatch m = form.match(text.trimmed());
    if (!m.hasMatch())
        return false;
    bool ok = false;
    double v = m.captured(1).toDouble(&ok);
    const double base = m.captured(3).isEmpty() ? 1000.0 : 1024.0;
    const int power = QStringLiteral(" KMGT").indexOf(m.captured(2).isEmpty() ? QStringLiteral(" ") : m.captured(2));
    v *= std::pow(base, std::max(0, power));
    *out = v;
    return ok && finite(v);
}

QJsonObject rbdDir(double ops, double opsPerSec, double ioSize)
{
    return {{QStringLiteral("iops"), opsPerSec}, {QStringLiteral("bw"), opsPerSec * ioSize},
        {QStringLiteral("total_ios"), ops}, {QStringLiteral("io_bytes"), ops * ioSize},
        {QStringLiteral("runtime_ms"), opsPerSec > 0 ? ops / opsPerSec * 1000 : 0.0}};
}

} // namespace

DecodedResult decodeRbdBench(const QByteArray &bytes, const DecodeOptions &options, Error *err)
{
    DecodedResult out;
    static const QRegularExpression header(
        QStringLiteral("^bench(-write)?\\s+(?:type\\s+(\\S+)\\s+)?(?:read:write=(\\d+):(\\d+)\\s+)?io_size\\s+(\\d+)"
                       "\\s+io_threads\\s+(\\d+)\\s+bytes\\s+(\\d+)\\s+pattern\\s+(\\S+)"));
    static const QRegularExpression perSecond(QStringLiteral("^(\\d+)\\s+(\\d+)\\s+([0-9.]+)\\s+(.+)$"));
    static const QRegularExpression elapsed(
        QStringLiteral("^elapsed:\\s*(\\d+)\\s+ops:\\s*(\\d+)\\s+ops/sec:\\s*([0-9.]+)\\s+bytes/sec:\\s*(.+)$"));
    static const QRegularExpression mixed(QStringLiteral("^(read|write)_ops:\\s*(\\d+)\\s+\\1_ops/sec:\\s*([0-9.]+)"));
    RbdBench b;
    int lastLine = 0;
    QList<std::pair<double, double>> seconds; // (t, ops/s)
    for (const QByteArray &raw : bytes.split('\n')) {
        ++lastLine;
        const QString l = QString::fromUtf8(raw).trimmed();
        double unused = 0;
        if (const QRegularExpressionMatch m = header.match(l); m.hasMatch()) {
            b.type = !m.captured(1).isEmpty() ? QStringLiteral("write") : m.captured(2);
            b.readPct = m.captured(3).isEmpty() ? -1 : m.captured(3).toInt();
            b.ioSize = m.captured(5).toDouble();
            b.threads = m.captured(6).toInt();
            b.pattern = m.captured(8).left(32);
        } else if (const QRegularExpressionMatch e = elapsed.match(l); e.hasMatch()) {
            b.ops = e.captured(2).toDouble();
            b.opsPerSec = e.captured(3).toDouble();
        } else if (const QRegularExpressionMatch x = mixed.match(l); x.hasMatch()) {
            const bool read = x.captured(1) == QLatin1String("read");
            (read ? b.readOps : b.writeOps) = x.captured(2).toDouble();
            (read ? b.readOpsPerSec : b.writeOpsPerSec) = x.captured(3).toDouble();
        } else if (const QRegularExpressionMatch p = perSecond.match(l);
                   p.hasMatch() && bytesPerSecond(p.captured(4), &unused)) {
            seconds << std::make_pair(p.captured(1).toDouble(), p.captured(3).toDouble());
        }
    }
    if (!finite(b.ioSize))
        b.ioSize = 0; // not a size: refused below
    const bool known
        = b.type == QLatin1String("write") || b.type == QLatin1String("read") || b.type == QLatin1String("readwrite");
    if (!known || b.ioSize <= 0) {
        *err = Error(Error::Code::ParseError,
            QStringLiteral("not rbd bench output: no \"bench type … io_size … pattern …\" line"));
        return out;
    }
    if (b.ops < 0 || !finite(b.opsPerSec)) {
        *err = cut(QStringLiteral("rbd bench"), lastLine, QStringLiteral("its \"elapsed: … ops/sec: …\" line"));
        return out;
    }
    DecodedStep s;
    s.target = QStringLiteral("rbd bench");
    if (b.type == QLatin1String("readwrite")) {
        if (b.readOps < 0 || b.writeOps < 0) {
            *err = cut(QStringLiteral("rbd bench"), lastLine, QStringLiteral("its read_ops and write_ops lines"));
            return out;
        }
        s.summary = {{QStringLiteral("read"), rbdDir(b.readOps, b.readOpsPerSec, b.ioSize)},
            {QStringLiteral("write"), rbdDir(b.writeOps, b.writeOpsPerSec, b.ioSize)}};
        if (!seconds.isEmpty())
            out.warnings << QStringLiteral("rbd bench: the per-second lines add reads and writes up: no series");
    } else {
        s.summary = {{b.type, rbdDir(b.ops, b.opsPerSec, b.ioSize)}};
        const bool write = b.type == QLatin1String("write");
        for (const auto &[t, iops] : std::as_const(seconds)) {
            s.samples << Sample {0, s.target, write ? metric::WriteIops : metric::ReadIops, t, iops};
            s.samples << Sample {0, s.target, write ? metric::WriteBw : metric::ReadBw, t, iops * b.ioSize};
        }
    }
    s.summary.insert(QStringLiteral("engine"), QStringLiteral("rbd bench"));
    const QString size = QString::number(qint64(b.ioSize));
    const QString rw = b.type == QLatin1String("readwrite")
        ? QStringLiteral("%1 (%2 % reads)")
              .arg(b.pattern == QLatin1String("random") ? QStringLiteral("randrw") : QStringLiteral("rw"))
              .arg(b.readPct)
        : (b.pattern == QLatin1String("random") ? QStringLiteral("rand") : QString()) + b.type;
    s.step.id = QStringLiteral("rbd-bench-%1-%2").arg(b.type, size);
    s.step.title = QStringLiteral("%1, %2-byte I/Os, %3 threads").arg(rw, size).arg(b.threads);
    s.step.params = {{QStringLiteral("rw"), rw.section(QLatin1Char(' '), 0, 0)}, {QStringLiteral("bs"), size},
        {QStringLiteral("iodepth"), b.threads}};
    if (b.readPct >= 0)
        s.step.params.insert(QStringLiteral("rwmixread"), b.readPct);
    s.command = QStringLiteral("rbd bench (imported)");
    s.environment.insert(QStringLiteral("rbd_engine"), QStringLiteral("rbd bench"));
    out.format = QStringLiteral("rbd-bench");
    finishCeph(out, s, QStringLiteral("rbd bench"), options);
    *err = {};
    return out;
}

} // namespace cm::resultdecode
