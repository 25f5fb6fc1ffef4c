// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/curltransfer.h"

#include <cmath>

namespace cm {

namespace {

constexpr qsizetype kMaxLine = 4096; // a longer "line" is not curl's write-out
constexpr double kMaxSeconds = 1e6; // a request of eleven days is a broken number

bool seconds(const QByteArray &field, quint64 *ns)
{
    bool ok = false;
    const double s = field.toDouble(&ok);
    if (!ok || !std::isfinite(s) || s < 0 || s > kMaxSeconds)
        return false;
    *ns = quint64(std::llround(s * 1e9));
    return true;
}

bool byteCount(const QByteArray &field, quint64 *bytes)
{
    bool ok = false;
    const qulonglong b = field.toULongLong(&ok);
    if (!ok || b > (quint64(1) << 53))
        return false;
    *bytes = b;
    return true;
}

} // namespace

bool parseCurlTransfer(const QByteArray &line, CurlTransfer *out)
{
    if (!line.startsWith("cm ") || line.size() > kMaxLine)
        return false;
    const QList<QByteArray> f = line.split(' ');
    if (f.size() < 6)
        return false;
    CurlTransfer t;
    bool ok = false;
    t.status = f.at(1).toInt(&ok);
    if (!ok || t.status < 0 || t.status > 999)
        return false;
    if (!seconds(f.at(2), &t.totalNs) || !seconds(f.at(3), &t.firstByteNs) || !byteCount(f.at(4), &t.bytesUp)
        || !byteCount(f.at(5), &t.bytesDown))
        return false;
    if (t.firstByteNs > t.totalNs)
        t.firstByteNs = t.totalNs; // curl rounds each on its own
    t.error = QString::fromUtf8(f.mid(6).join(' ')).trimmed();
    *out = t;
    return true;
}

void CurlTransferStream::take(const QByteArray &line, QList<CurlTransfer> &out)
{
    QByteArray l = line;
    if (l.endsWith('\r'))
        l.chop(1);
    if (l.isEmpty())
        return;
    CurlTransfer t;
    if (parseCurlTransfer(l, &t)) {
        out << t;
        return;
    }
    ++m_rejected;
    m_lastRejected = l.left(200);
}

QList<CurlTransfer> CurlTransferStream::feed(const QByteArray &chunk)
{
    QList<CurlTransfer> out;
    m_buffer += chunk;
    qsizetype start = 0;
    for (qsizetype nl = m_buffer.indexOf('\n'); nl >= 0; nl = m_buffer.indexOf('\n', start)) {
        take(m_buffer.mid(start, nl - start), out);
        start = nl + 1;
    }
    m_buffer.remove(0, start);
    if (m_buffer.size() > kMaxLine) { // no newline in sight: not curl's output
        take(m_buffer, out);
        m_buffer.clear();
    }
    return out;
}

QList<CurlTransfer> CurlTransferStream::finish()
{
    QList<CurlTransfer> out;
    take(m_buffer, out);
    m_buffer.clear();
    return out;
}

} // namespace cm
