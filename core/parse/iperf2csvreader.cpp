// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/iperf2csvreader.h"

#include <cmath>

namespace cm {

namespace {

constexpr int kMaxWarnings = 20;
constexpr qsizetype kMaxLine = 4096; // longer "lines" are not iperf CSV

qint64 msKey(double t)
{
    return qint64(std::llround(t * 1000.0));
}

} // namespace

Iperf2CsvReader::Iperf2CsvReader(int expectedStreams)
    : m_expected(qMax(0, expectedStreams))
{ }

void Iperf2CsvReader::warn(const QString &w)
{
    if (m_warnings.size() < kMaxWarnings && !m_warnings.contains(w))
        m_warnings << w;
}

QStringList Iperf2CsvReader::takeWarnings()
{
    QStringList w;
    w.swap(m_warnings);
    return w;
}

std::optional<Iperf2Interval> Iperf2CsvReader::total() const
{
    if (!m_haveTotal)
        return std::nullopt;
    return m_total;
}

void Iperf2CsvReader::emitPending(qint64 key, QList<Iperf2Interval> &out)
{
    auto it = m_pending.find(key);
    if (it == m_pending.end())
        return;
    if (m_expected > 0 && it->streams.size() < m_expected)
        warn(QStringLiteral("iperf: interval %1-%2 s has %3 of %4 streams")
                 .arg(it->start)
                 .arg(it->end)
                 .arg(it->streams.size())
                 .arg(m_expected));
    out << *it;
    m_pending.erase(it);
}

QList<Iperf2Interval> Iperf2CsvReader::feed(const QByteArray &chunk)
{
    QList<Iperf2Interval> out;
    m_buf.append(chunk);
    qsizetype nl;
    while ((nl = m_buf.indexOf('\n')) >= 0) {
        const QByteArray l = m_buf.left(nl);
        m_buf.remove(0, nl + 1);
        line(l, out);
    }
    if (m_buf.size() > kMaxLine) {
        warn(QStringLiteral("iperf: over-long line dropped"));
        m_buf.clear();
    }
    return out;
}

QList<Iperf2Interval> Iperf2CsvReader::finish()
{
    QList<Iperf2Interval> out;
    if (!m_buf.isEmpty()) {
        const QByteArray l = m_buf;
        m_buf.clear();
        line(l, out);
    }
    while (!m_pending.isEmpty())
        emitPending(m_pending.firstKey(), out);
    return out;
}

void Iperf2CsvReader::line(const QByteArray &raw, QList<Iperf2Interval> &out)
{
    const QByteArray l = raw.trimmed();
    if (l.isEmpty())
        return;
    const QList<QByteArray> f = l.split(',');
    bool okId = false, okBytes = false, okBps = false, okS = false, okE = false;
    const int id = f.size() >= 9 ? f.at(5).toInt(&okId) : 0;
    const QList<QByteArray> range = f.size() >= 9 ? f.at(6).split('-') : QList<QByteArray>();
    const double start = range.size() == 2 ? range.at(0).toDouble(&okS) : 0;
    const double end = range.size() == 2 ? range.at(1).toDouble(&okE) : 0;
    const quint64 bytes = f.size() >= 9 ? f.at(7).toULongLong(&okBytes) : 0;
    const double bps = f.size() >= 9 ? f.at(8).toDouble(&okBps) : 0;
    if (!okId || !okS || !okE || !okBytes || !okBps || !std::isfinite(start) || !std::isfinite(end)
        || !std::isfinite(bps) || end < start || start < 0 || end > 1e9) {
        warn(QStringLiteral("iperf: not a CSV report line: ") + QString::fromUtf8(l.left(120)));
        return;
    }
    ++m_lines;
    if (id < 0) {
        if (!m_sumRowsNoted)
            warn(QStringLiteral("iperf: SUM rows (id %1) ignored; streams are summed").arg(id));
        m_sumRowsNoted = true;
        return;
    }
    const Iperf2StreamSample sample {id, bytes, bps};
    // A stream's line that starts before its last interval ended is its whole-run line.
    const auto last = m_lastEnd.constFind(id);
    if (last != m_lastEnd.cend() && start < *last - 1e-6) {
        while (!m_pending.isEmpty())
            emitPending(m_pending.firstKey(), out);
        if (!m_haveTotal) {
            m_total = Iperf2Interval();
            m_total.start = start;
            m_total.end = end;
            m_total.timestamp = QString::fromUtf8(f.at(0));
            m_haveTotal = true;
        }
        m_total.start = qMin(m_total.start, start);
        m_total.end = qMax(m_total.end, end);
        m_total.bytes += bytes;
        m_total.bitsPerSecond += bps;
        m_total.streams << sample;
        return;
    }
    m_lastEnd[id] = end;
    const qint64 key = msKey(start);
    // Earlier intervals that can no longer complete: without a stream count, once the
    // next one starts; with it, once a later one starts than the one right after.
    while (!m_pending.isEmpty() && m_pending.firstKey() < key) {
        const Iperf2Interval &p = m_pending.first();
        if (m_expected > 0 && msKey(p.end) >= key)
            break;
        emitPending(m_pending.firstKey(), out);
    }
    auto it = m_pending.find(key);
    if (it == m_pending.end()) {
        Iperf2Interval in;
        in.start = start;
        in.end = end;
        in.timestamp = QString::fromUtf8(f.at(0));
        it = m_pending.insert(key, in);
    }
    for (const Iperf2StreamSample &s : it->streams) {
        if (s.id == id) {
            warn(QStringLiteral("iperf: stream %1 reported %2-%3 s twice").arg(id).arg(start).arg(end));
            return;
        }
    }
    it->streams << sample;
    it->bytes += bytes;
    it->bitsPerSecond += bps;
    if (m_expected > 0 && it->streams.size() >= m_expected) {
        while (!m_pending.isEmpty() && m_pending.firstKey() < key)
            emitPending(m_pending.firstKey(), out);
        emitPending(key, out);
    }
}

} // namespace cm
