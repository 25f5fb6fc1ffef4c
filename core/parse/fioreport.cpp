// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/fioreport.h"

#include "util/saturate.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cm {

namespace {

constexpr int kMaxWarnings = 60;

bool isIdentChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
}

bool matchesWord(const char *p, qsizetype left, const char *word, qsizetype len)
{
    if (left < len)
        return false;
    for (qsizetype i = 0; i < len; ++i) {
        const char c = p[i];
        const char lower = (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
        if (lower != word[i])
            return false;
    }
    return left == len || !isIdentChar(p[len]);
}

// fio prints non-finite floats as bare -nan / nan / inf, which is not JSON. Outside
// strings they become null (read back as "not a number" warnings).
QByteArray replaceNonFinite(const QByteArray &in, int *replaced)
{
    *replaced = 0;
    QByteArray out;
    const char *p = in.constData();
    const qsizetype n = in.size();
    bool inString = false, escape = false;
    qsizetype copied = 0;
    for (qsizetype i = 0; i < n; ++i) {
        const char c = p[i];
        if (inString) {
            if (escape)
                escape = false;
            else if (c == '\\')
                escape = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            continue;
        }
        if (i > 0 && isIdentChar(p[i - 1]))
            continue;
        qsizetype len = 0;
        qsizetype at = i;
        if (c == '-' || c == '+')
            ++at;
        static const char *const words[] = {"nan", "infinity", "inf"};
        for (const char *w : words) {
            const qsizetype wl = qsizetype(qstrlen(w));
            if (matchesWord(p + at, n - at, w, wl)) {
                len = (at - i) + wl;
                break;
            }
        }
        if (!len)
            continue;
        out.append(p + copied, i - copied);
        out.append("null");
        copied = i + len;
        i += len - 1;
        ++*replaced;
    }
    if (!*replaced)
        return in;
    out.append(p + copied, n - copied);
    return out;
}

class Reader {
public:
    explicit Reader(QStringList *w)
        : m_out(w)
    { }

    void warn(const QString &w)
    {
        if (!m_out || m_seen.contains(w))
            return;
        m_seen.insert(w);
        if (m_count++ < kMaxWarnings)
            m_out->append(w);
        else if (m_count == kMaxWarnings + 1)
            m_out->append(QStringLiteral("further fio parse warnings dropped"));
    }

    // A finite number, or `def` with a warning when missing / null / not a number.
    double num(const QJsonObject &o, const QString &key, const QString &where, bool required = true, double def = 0)
    {
        const auto it = o.constFind(key);
        if (it == o.constEnd()) {
            if (required)
                warn(QStringLiteral("fio output: %1.%2 missing").arg(where, key));
            return def;
        }
        double v = def;
        if (it->isDouble()) {
            v = it->toDouble();
        } else if (it->isString()) {
            bool ok = false;
            v = it->toString().toDouble(&ok);
            if (!ok)
                v = std::numeric_limits<double>::quiet_NaN();
        } else {
            v = std::numeric_limits<double>::quiet_NaN();
        }
        if (!std::isfinite(v)) {
            warn(QStringLiteral("fio output: %1.%2 is not a number").arg(where, key));
            return def;
        }
        return v;
    }

    quint64 u64(const QJsonObject &o, const QString &key, const QString &where, bool required = true)
    {
        return toU64(num(o, key, where, required), where + QLatin1Char('.') + key);
    }

    quint64 toU64(double v, const QString &what)
    {
        if (v < 0) {
            warn(QStringLiteral("fio output: %1 is negative").arg(what));
            return 0;
        }
        if (v >= 18446744073709549568.0) // largest double below 2^64
            return std::numeric_limits<quint64>::max();
        return quint64(v);
    }

    static qint64 toI64(double v) { return saturatingI64(v); }

    static int toInt(double v)
    {
        return int(std::clamp(v, double(std::numeric_limits<int>::min()), double(std::numeric_limits<int>::max())));
    }

private:
    QStringList *m_out;
    QSet<QString> m_seen;
    int m_count = 0;
};

FioLatencyStat readLatency(Reader &r, const QJsonObject &o, const QString &where, double scale)
{
    FioLatencyStat s;
    s.present = true;
    s.minNs = r.num(o, QStringLiteral("min"), where) * scale;
    s.maxNs = r.num(o, QStringLiteral("max"), where) * scale;
    s.meanNs = r.num(o, QStringLiteral("mean"), where) * scale;
    s.stddevNs = r.num(o, QStringLiteral("stddev"), where, false) * scale;
    s.n = r.u64(o, QStringLiteral("N"), where, false);
    return s;
}

void readPercentiles(Reader &r, const QJsonObject &o, const QString &where, double scale, QMap<double, double> *out)
{
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        bool ok = false;
        const double q = it.key().toDouble(&ok);
        if (!ok || !std::isfinite(q) || q > 100.0) {
            r.warn(QStringLiteral("fio output: %1.percentile has a bad key \"%2\"").arg(where, it.key().left(40)));
            continue;
        }
        if (q <= 0)
            continue; // fio 2.x pads the list with "0.00" : 0
        if (!it->isDouble() || !std::isfinite(it->toDouble())) {
            r.warn(QStringLiteral("fio output: %1.percentile.%2 is not a number").arg(where, it.key()));
            continue;
        }
        out->insert(q, it->toDouble() * scale);
    }
}

void readBins(Reader &r, const QJsonObject &o, const QString &where, double scale, LatencyBins *out)
{
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        bool ok = false;
        const qulonglong key = it.key().toULongLong(&ok);
        if (!ok) {
            // fio 2.x json+ also lists FIO_IO_U_PLAT_BITS / _VAL / _NR here
            r.warn(QStringLiteral("fio output: %1.bins key \"%2\" ignored").arg(where, it.key().left(40)));
            continue;
        }
        if (!it->isDouble()) {
            r.warn(QStringLiteral("fio output: %1.bins.%2 is not a number").arg(where, it.key()));
            continue;
        }
        const quint64 count = r.toU64(it->toDouble(), where + QStringLiteral(".bins"));
        if (!count)
            continue;
        const double ns = double(key) * scale;
        const quint64 k = ns >= 1.8e19 ? std::numeric_limits<quint64>::max() : quint64(ns);
        (*out)[k] += count;
    }
}

FioDirStats readDir(Reader &r, const QJsonObject &d, const QString &where, const FioReport &rep, bool *legacy)
{
    FioDirStats s;
    const bool nsKeys = d.contains(QStringLiteral("clat_ns")) || d.contains(QStringLiteral("lat_ns"));
    const bool usKeys = d.contains(QStringLiteral("clat")) || d.contains(QStringLiteral("lat"));
    const bool oldFio = rep.versionMajor > 0 && rep.versionMajor < 3;
    const bool usec = !nsKeys && (usKeys || oldFio);
    if (usec)
        *legacy = true;
    const double scale = usec ? 1000.0 : 1.0;
    const QString sfx = usec ? QString() : QStringLiteral("_ns");

    const bool hasKBytes = d.contains(QStringLiteral("io_kbytes"));
    if (d.contains(QStringLiteral("io_bytes"))) {
        const quint64 v = r.u64(d, QStringLiteral("io_bytes"), where);
        const bool kib = !hasKBytes && (usec || oldFio); // fio 2.x: KiB in io_bytes
        s.ioBytes = kib ? v * 1024 : v;
    } else if (hasKBytes) {
        s.ioBytes = r.u64(d, QStringLiteral("io_kbytes"), where) * 1024;
    } else {
        r.warn(QStringLiteral("fio output: %1.io_bytes missing").arg(where));
    }
    if (d.contains(QStringLiteral("bw_bytes")))
        s.bwBytes = r.num(d, QStringLiteral("bw_bytes"), where);
    else
        s.bwBytes = r.num(d, QStringLiteral("bw"), where) * 1024.0;
    s.iops = r.num(d, QStringLiteral("iops"), where);
    s.runtimeMs = r.u64(d, QStringLiteral("runtime"), where);
    if (d.contains(QStringLiteral("total_ios"))) {
        s.totalIos = r.u64(d, QStringLiteral("total_ios"), where);
    } else {
        r.warn(QStringLiteral("fio output: %1.total_ios missing, estimated from iops x runtime").arg(where));
        s.totalIos = r.toU64(std::round(s.iops * double(s.runtimeMs) / 1000.0), where);
    }

    const auto obj = [&](const QString &name) { return d.value(name).toObject(); };
    const QString slatKey = QStringLiteral("slat") + sfx, clatKey = QStringLiteral("clat") + sfx,
                  latKey = QStringLiteral("lat") + sfx;
    if (d.contains(slatKey))
        s.slat = readLatency(r, obj(slatKey), where + QLatin1Char('.') + slatKey, scale);
    if (d.contains(clatKey))
        s.clat = readLatency(r, obj(clatKey), where + QLatin1Char('.') + clatKey, scale);
    else
        r.warn(QStringLiteral("fio output: %1.%2 missing").arg(where, clatKey));
    if (d.contains(latKey))
        s.lat = readLatency(r, obj(latKey), where + QLatin1Char('.') + latKey, scale);
    for (FioLatencyStat *st : {&s.clat, &s.lat}) {
        if (st->present && st->n == 0 && st->meanNs > 0)
            st->n = s.totalIos; // before fio 3.3 there is no "N"
    }

    const QJsonObject clat = obj(clatKey), lat = obj(latKey);
    const QString pKey = QStringLiteral("percentile"), bKey = QStringLiteral("bins");
    if (clat.contains(pKey)) {
        readPercentiles(r, clat.value(pKey).toObject(), where + QLatin1Char('.') + clatKey, scale, &s.percentiles);
    } else if (lat.contains(pKey)) {
        readPercentiles(r, lat.value(pKey).toObject(), where + QLatin1Char('.') + latKey, scale, &s.percentiles);
        s.percentilesOfTotalLatency = true;
    }
    if (clat.contains(bKey))
        readBins(r, clat.value(bKey).toObject(), where + QLatin1Char('.') + clatKey, scale, &s.bins);
    else if (lat.contains(bKey))
        readBins(r, lat.value(bKey).toObject(), where + QLatin1Char('.') + latKey, scale, &s.bins);
    if (s.totalIos == 0) {
        s.percentiles.clear(); // fio prints zeros for directions without I/O
        s.bins.clear();
    }
    return s;
}

FioLatencyStat pool(const QList<const FioLatencyStat *> &stats)
{
    FioLatencyStat out;
    long double n = 0, sum = 0;
    for (const FioLatencyStat *s : stats) {
        if (!s->present || s->n == 0)
            continue;
        if (!out.present) {
            out.present = true;
            out.minNs = s->minNs;
            out.maxNs = s->maxNs;
        }
        out.minNs = std::min(out.minNs, s->minNs);
        out.maxNs = std::max(out.maxNs, s->maxNs);
        n += s->n;
        sum += static_cast<long double>(s->meanNs) * s->n;
    }
    if (!out.present)
        return out;
    const long double mean = sum / n;
    long double ss = 0;
    for (const FioLatencyStat *s : stats) {
        if (!s->present || s->n == 0)
            continue;
        const long double dm = s->meanNs - mean;
        ss += (static_cast<long double>(s->n) - 1) * s->stddevNs * s->stddevNs + s->n * dm * dm;
    }
    out.n = quint64(n);
    out.meanNs = double(mean);
    out.stddevNs = n > 1 ? double(std::sqrt(ss / (n - 1))) : 0.0;
    return out;
}

} // namespace

QString fioDirName(FioDir d)
{
    switch (d) {
    case FioDir::Read: return QStringLiteral("read");
    case FioDir::Write: return QStringLiteral("write");
    case FioDir::Trim: return QStringLiteral("trim");
    }
    return QString();
}

double FioDirStats::percentile(double q) const
{
    if (!bins.isEmpty()) {
        const quint64 n = percentilesOfTotalLatency ? lat.n : clat.n;
        return n ? binsPercentile(bins, q, n) : binsPercentile(bins, q);
    }
    for (auto it = percentiles.cbegin(); it != percentiles.cend(); ++it) {
        if (std::abs(it.key() - q) < 1e-6)
            return it.value();
    }
    return 0;
}

bool FioReport::hasJobErrors() const
{
    return std::any_of(jobs.cbegin(), jobs.cend(), [](const FioJob &j) { return j.error != 0; });
}

QString FioReport::firstJobError() const
{
    for (const FioJob &j : jobs) {
        if (j.error)
            return QStringLiteral("job '%1': error %2 (%3)").arg(j.name).arg(j.error).arg(j.errorText);
    }
    return QString();
}

FioDirStats FioReport::aggregate(FioDir d) const
{
    FioDirStats out;
    QList<const FioDirStats *> active;
    for (const FioJob &j : jobs) {
        if (j.allClientsSummary)
            continue;
        const FioDirStats &s = j.dir(d);
        out.ioBytes += s.ioBytes;
        out.totalIos += s.totalIos;
        out.bwBytes += s.bwBytes;
        out.iops += s.iops;
        out.runtimeMs = std::max(out.runtimeMs, s.runtimeMs);
        mergeBins(out.bins, s.bins);
        if (s.active())
            active << &s;
    }
    QList<const FioLatencyStat *> slat, clat, lat;
    for (const FioDirStats *s : active) {
        slat << &s->slat;
        clat << &s->clat;
        lat << &s->lat;
    }
    out.slat = pool(slat);
    out.clat = pool(clat);
    out.lat = pool(lat);
    if (active.size() == 1) {
        out.percentiles = active.first()->percentiles;
        out.percentilesOfTotalLatency = active.first()->percentilesOfTotalLatency;
    } else if (!active.isEmpty()) {
        out.percentilesOfTotalLatency = active.first()->percentilesOfTotalLatency;
    }
    if (!out.bins.isEmpty()) {
        const QList<double> qs = out.percentiles.isEmpty() && !active.isEmpty() ? active.first()->percentiles.keys()
                                                                                : out.percentiles.keys();
        out.percentiles.clear();
        for (double q : qs)
            out.percentiles.insert(q, out.percentile(q));
        for (double q : {kP50, kP99, kP999})
            out.percentiles.insert(q, out.percentile(q));
    }
    return out;
}

FioReport FioReport::parse(const QByteArray &json, Error *err, QStringList *warnings)
{
    if (err)
        *err = Error();
    Reader r(warnings);
    auto fail = [&](const QString &msg) {
        if (err)
            *err = Error(Error::Code::ParseError, msg, QStringLiteral("fio"));
        return FioReport();
    };

    int replaced = 0;
    const QByteArray clean = replaceNonFinite(json, &replaced);
    if (replaced)
        r.warn(QStringLiteral("fio output: %1 non-finite number(s) (nan/inf) read as missing").arg(replaced));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(clean, &pe);
    if (pe.error != QJsonParseError::NoError)
        return fail(QStringLiteral("fio output is not valid JSON: %1 at byte %2").arg(pe.errorString()).arg(pe.offset));
    if (!doc.isObject())
        return fail(QStringLiteral("fio output is not a JSON object"));
    const QJsonObject root = doc.object();

    FioReport rep;
    rep.fioVersion = root.value(QStringLiteral("fio version")).toString();
    static const QRegularExpression versionRe(QStringLiteral("^fio-(\\d+)\\.(\\d+)"));
    const auto m = versionRe.match(rep.fioVersion);
    if (m.hasMatch()) {
        rep.versionMajor = Reader::toInt(m.captured(1).toDouble());
        rep.versionMinor = Reader::toInt(m.captured(2).toDouble());
    } else {
        r.warn(QStringLiteral("fio output: no usable \"fio version\" (%1)").arg(rep.fioVersion.left(40)));
    }
    if (m.hasMatch() && rep.versionMajor < 2)
        return fail(QStringLiteral("%1 output is not supported (fio 2.0 or newer is needed)").arg(rep.fioVersion));

    if (root.contains(QStringLiteral("timestamp_ms")))
        rep.timestampMs = Reader::toI64(r.num(root, QStringLiteral("timestamp_ms"), QStringLiteral("fio")));
    else if (root.contains(QStringLiteral("timestamp")))
        rep.timestampMs = Reader::toI64(r.num(root, QStringLiteral("timestamp"), QStringLiteral("fio")) * 1000.0);

    QJsonValue jobsValue = root.value(QStringLiteral("jobs"));
    const bool clientMode = !jobsValue.isArray() && root.value(QStringLiteral("client_stats")).isArray();
    if (clientMode)
        jobsValue = root.value(QStringLiteral("client_stats"));
    if (!jobsValue.isArray())
        return fail(QStringLiteral("fio output has no \"jobs\" array"));
    const QJsonArray jobs = jobsValue.toArray();

    static const char *const dirKeys[kFioDirCount] = {"read", "write", "trim"};
    for (qsizetype i = 0; i < jobs.size(); ++i) {
        if (!jobs.at(i).isObject()) {
            r.warn(QStringLiteral("fio output: jobs[%1] is not an object").arg(i));
            continue;
        }
        const QJsonObject jo = jobs.at(i).toObject();
        FioJob job;
        job.name = jo.value(QStringLiteral("jobname")).toString();
        const QString where = QStringLiteral("jobs[%1]").arg(i);
        if (job.name.isEmpty())
            r.warn(QStringLiteral("fio output: %1.jobname missing").arg(where));
        job.hostname = jo.value(QStringLiteral("hostname")).toString();
        job.allClientsSummary = clientMode && job.name == QLatin1String("All clients");
        job.groupId = Reader::toInt(r.num(jo, QStringLiteral("groupid"), where, false));
        job.error = Reader::toInt(r.num(jo, QStringLiteral("error"), where));
        if (job.error)
            job.errorText = qt_error_string(job.error);
        job.elapsedSec = Reader::toI64(r.num(jo, QStringLiteral("elapsed"), where, false));
        job.jobRuntimeMs = Reader::toI64(r.num(jo, QStringLiteral("job_runtime"), where, false));
        bool anyDir = false;
        for (int d = 0; d < kFioDirCount; ++d) {
            const QString key = QLatin1String(dirKeys[d]);
            if (jo.value(key).isObject()) {
                job.dirs[size_t(d)]
                    = readDir(r, jo.value(key).toObject(), where + QLatin1Char('.') + key, rep, &rep.legacyUnits);
                anyDir = true;
            }
        }
        if (jo.value(QStringLiteral("mixed")).isObject()) {
            r.warn(QStringLiteral("fio output: unified_rw_reporting \"mixed\" figures reported as read"));
            job.dirs[0] = readDir(r, jo.value(QStringLiteral("mixed")).toObject(), where + QStringLiteral(".mixed"),
                rep, &rep.legacyUnits);
            anyDir = true;
        }
        if (!anyDir)
            r.warn(QStringLiteral("fio output: %1 has no read/write/trim figures").arg(where));
        for (const FioDirStats &s : job.dirs)
            rep.jsonPlus = rep.jsonPlus || !s.bins.isEmpty();
        rep.jobs << job;
    }
    if (rep.jobs.isEmpty())
        return fail(QStringLiteral("fio output lists no jobs"));
    if (rep.legacyUnits)
        r.warn(QStringLiteral("%1 output: latencies converted from microseconds, sizes from KiB")
                   .arg(rep.fioVersion.isEmpty() ? QStringLiteral("old fio") : rep.fioVersion));

    const QJsonArray disks = root.value(QStringLiteral("disk_util")).toArray();
    for (qsizetype i = 0; i < disks.size(); ++i) {
        const QJsonObject o = disks.at(i).toObject();
        const QString where = QStringLiteral("disk_util[%1]").arg(i);
        FioDiskUtil du;
        du.name = o.value(QStringLiteral("name")).toString();
        du.utilPercent = r.num(o, QStringLiteral("util"), where);
        du.readIos = r.u64(o, QStringLiteral("read_ios"), where, false);
        du.writeIos = r.u64(o, QStringLiteral("write_ios"), where, false);
        du.readTicksMs = r.u64(o, QStringLiteral("read_ticks"), where, false);
        du.writeTicksMs = r.u64(o, QStringLiteral("write_ticks"), where, false);
        du.inQueueMs = r.u64(o, QStringLiteral("in_queue"), where, false);
        rep.diskUtil << du;
    }
    return rep;
}

} // namespace cm
