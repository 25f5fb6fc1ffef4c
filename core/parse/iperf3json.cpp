// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/iperf3json.h"

#include "util/saturate.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cctype>
#include <cmath>

namespace cm {

namespace {

bool isLineStart(const QByteArray &t, qsizetype i)
{
    for (qsizetype k = i - 1; k >= 0; --k) {
        const char c = t.at(k);
        if (c == '\n')
            return true;
        if (c != ' ' && c != '\t' && c != '\r')
            return false;
    }
    return true;
}

// End (exclusive) of the object starting at `from`, or -1 when it never closes.
qsizetype objectEnd(const QByteArray &t, qsizetype from)
{
    int depth = 0;
    bool inString = false, escape = false;
    for (qsizetype i = from; i < t.size(); ++i) {
        const char c = t.at(i);
        if (inString) {
            if (escape)
                escape = false;
            else if (c == '\\')
                escape = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '{' || c == '[')
            ++depth;
        else if (c == '}' || c == ']') {
            if (--depth == 0)
                return i + 1;
            if (depth < 0)
                return -1;
        }
    }
    return -1;
}

std::optional<double> optNum(const QJsonObject &o, const char *key)
{
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isDouble() || !std::isfinite(v.toDouble()))
        return std::nullopt;
    return v.toDouble();
}

double num(const QJsonObject &o, const char *key)
{
    return optNum(o, key).value_or(0.0);
}

qint64 integer(const QJsonObject &o, const char *key, qint64 dflt = -1)
{
    const auto v = optNum(o, key);
    return v ? saturatingI64(*v) : dflt;
}

quint64 bytesOf(const QJsonObject &o)
{
    const double b = num(o, "bytes");
    return saturatingU64(b);
}

// bits_per_second may be null (nan): recompute from bytes and seconds then.
double bpsOf(const QJsonObject &o)
{
    if (const auto v = optNum(o, "bits_per_second"))
        return *v;
    const double s = num(o, "seconds");
    return s > 0 ? double(bytesOf(o)) * 8.0 / s : 0.0;
}

Iperf3Sum sumOf(const QJsonValue &v)
{
    Iperf3Sum s;
    if (!v.isObject())
        return s;
    const QJsonObject o = v.toObject();
    s.present = true;
    s.start = num(o, "start");
    s.end = num(o, "end");
    s.seconds = num(o, "seconds");
    s.bytes = bytesOf(o);
    s.bitsPerSecond = bpsOf(o);
    s.retransmits = int(integer(o, "retransmits"));
    s.sender = o.value(QLatin1String("sender")).toBool(true);
    s.jitterMs = optNum(o, "jitter_ms");
    s.lostPackets = integer(o, "lost_packets");
    s.packets = integer(o, "packets");
    s.lostPercent = optNum(o, "lost_percent");
    return s;
}

Iperf3Stream streamOf(const QJsonObject &o)
{
    Iperf3Stream s;
    s.socket = int(integer(o, "socket"));
    s.start = num(o, "start");
    s.end = num(o, "end");
    s.seconds = num(o, "seconds");
    s.bytes = bytesOf(o);
    s.bitsPerSecond = bpsOf(o);
    s.retransmits = int(integer(o, "retransmits"));
    s.sender = o.value(QLatin1String("sender")).toBool(true);
    s.rttUs = optNum(o, "rtt");
    return s;
}

} // namespace

QByteArray extractJsonObject(const QByteArray &text, qsizetype *begin, qsizetype *end)
{
    for (qsizetype i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
        if (!isLineStart(text, i))
            continue;
        const qsizetype e = objectEnd(text, i);
        if (e < 0)
            return {}; // a cut document: nothing later can be complete either
        if (begin)
            *begin = i;
        if (end)
            *end = e;
        return text.mid(i, e - i);
    }
    return {};
}

QByteArray nullifyNonFiniteTokens(const QByteArray &json, int *count)
{
    QByteArray out;
    out.reserve(json.size());
    int n = 0;
    bool inString = false, escape = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char c = json.at(i);
        if (inString) {
            out.append(c);
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
            out.append(c);
            continue;
        }
        const bool sign = (c == '-' || c == '+') && i + 1 < json.size() && std::isalpha(uchar(json.at(i + 1)));
        if (sign || std::isalpha(uchar(c))) {
            qsizetype j = i + (sign ? 1 : 0);
            while (j < json.size() && std::isalpha(uchar(json.at(j))))
                ++j;
            const QByteArray word = json.mid(i + (sign ? 1 : 0), j - i - (sign ? 1 : 0)).toLower();
            if (word == "nan" || word == "inf" || word == "infinity") {
                out.append("null");
                ++n;
            } else {
                out.append(json.mid(i, j - i));
            }
            i = j - 1;
            continue;
        }
        out.append(c);
    }
    if (count)
        *count = n;
    return out;
}

Error Iperf3Result::toolError(const QString &context) const
{
    if (error.isEmpty())
        return {};
    const QString low = error.toLower();
    const bool unreachable = low.contains(QLatin1String("connection refused"))
        || low.contains(QLatin1String("no route")) || low.contains(QLatin1String("unable to connect"))
        || low.contains(QLatin1String("unreachable"));
    return Error(unreachable ? Error::Code::Unreachable : Error::Code::CommandFailed,
        QStringLiteral("iperf3: ") + error, context);
}

double Iperf3Result::receivedBitsPerSecond() const
{
    if (sumReceived.present)
        return sumReceived.bitsPerSecond;
    if (udpSum.present)
        return udpSum.bitsPerSecond;
    return sumSent.bitsPerSecond;
}

Iperf3Result parseIperf3Json(const QByteArray &output, Error *err, QStringList *warnings)
{
    if (err)
        *err = Error();
    Iperf3Result r;
    auto warn = [warnings](const QString &w) {
        if (warnings && !warnings->contains(w))
            *warnings << w;
    };
    qsizetype b = 0, e = 0;
    const QByteArray raw = extractJsonObject(output, &b, &e);
    if (raw.isEmpty()) {
        if (err)
            *err = Error(Error::Code::ParseError,
                output.trimmed().isEmpty() ? QStringLiteral("iperf3: no output")
                                           : QStringLiteral("iperf3: no complete JSON document in the output"),
                QStringLiteral("iperf3"), QString::fromUtf8(output.left(200)));
        return r;
    }
    if (!output.left(b).trimmed().isEmpty())
        warn(QStringLiteral("iperf3: text before the JSON document: ")
            + QString::fromUtf8(output.left(b).trimmed().left(120)));
    if (!output.mid(e).trimmed().isEmpty())
        warn(QStringLiteral("iperf3: text after the JSON document ignored"));
    int nans = 0;
    const QByteArray json = nullifyNonFiniteTokens(raw, &nans);
    if (nans > 0)
        warn(QStringLiteral("iperf3: %1 nan/inf value(s) taken as unknown").arg(nans));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        if (err)
            *err = Error(Error::Code::ParseError,
                QStringLiteral("iperf3: malformed JSON: %1 at offset %2").arg(pe.errorString()).arg(pe.offset),
                QStringLiteral("iperf3"));
        return r;
    }
    const QJsonObject root = doc.object();
    r.error = root.value(QLatin1String("error")).toString();

    const QJsonObject start = root.value(QLatin1String("start")).toObject();
    if (start.isEmpty())
        warn(QStringLiteral("iperf3: no \"start\" section"));
    r.version = start.value(QLatin1String("version")).toString();
    r.systemInfo = start.value(QLatin1String("system_info")).toString();
    r.connectedStreams = int(start.value(QLatin1String("connected")).toArray().size());
    const QJsonObject to = start.value(QLatin1String("connecting_to")).toObject();
    r.remoteHost = to.value(QLatin1String("host")).toString();
    r.remotePort = int(integer(to, "port", 0));
    const QJsonObject ts = start.value(QLatin1String("test_start")).toObject();
    r.protocol = ts.value(QLatin1String("protocol")).toString();
    r.numStreams = int(integer(ts, "num_streams", 0));
    r.duration = num(ts, "duration");
    r.blksize = int(integer(ts, "blksize", 0));
    r.reverse = integer(ts, "reverse", 0) != 0;
    r.bidir = integer(ts, "bidir", 0) != 0;

    for (const QJsonValue &iv : root.value(QLatin1String("intervals")).toArray()) {
        const QJsonObject io = iv.toObject();
        Iperf3Interval in;
        in.sum = sumOf(io.value(QLatin1String("sum")));
        in.sumReverse = sumOf(io.value(QLatin1String("sum_bidir_reverse")));
        for (const QJsonValue &sv : io.value(QLatin1String("streams")).toArray())
            in.streams << streamOf(sv.toObject());
        if (in.sum.present) {
            in.start = in.sum.start;
            in.end = in.sum.end;
        } else if (!in.streams.isEmpty()) {
            in.start = in.streams.first().start;
            in.end = in.streams.first().end;
        } else {
            warn(QStringLiteral("iperf3: an interval without sum or streams skipped"));
            continue;
        }
        in.omitted = io.value(QLatin1String("sum")).toObject().value(QLatin1String("omitted")).toBool();
        if (io.contains(QLatin1String("sum_bidir_reverse")))
            r.bidir = true;
        r.intervals << in;
    }

    const QJsonObject end = root.value(QLatin1String("end")).toObject();
    r.sumSent = sumOf(end.value(QLatin1String("sum_sent")));
    r.sumReceived = sumOf(end.value(QLatin1String("sum_received")));
    r.sumSentReverse = sumOf(end.value(QLatin1String("sum_sent_bidir_reverse")));
    r.sumReceivedReverse = sumOf(end.value(QLatin1String("sum_received_bidir_reverse")));
    r.bidir = r.bidir || r.sumSentReverse.present;
    r.udpSum = sumOf(end.value(QLatin1String("sum")));
    const QJsonObject cpu = end.value(QLatin1String("cpu_utilization_percent")).toObject();
    r.cpuHostTotal = optNum(cpu, "host_total");
    r.cpuHostUser = optNum(cpu, "host_user");
    r.cpuHostSystem = optNum(cpu, "host_system");
    r.cpuRemoteTotal = optNum(cpu, "remote_total");
    r.cpuRemoteUser = optNum(cpu, "remote_user");
    r.cpuRemoteSystem = optNum(cpu, "remote_system");
    r.senderCongestion = end.value(QLatin1String("sender_tcp_congestion")).toString();
    r.receiverCongestion = end.value(QLatin1String("receiver_tcp_congestion")).toString();
    if (r.error.isEmpty() && !r.sumSent.present && !r.sumReceived.present && !r.udpSum.present)
        warn(QStringLiteral("iperf3: no end sums (the run was cut short?)"));
    return r;
}

} // namespace cm
