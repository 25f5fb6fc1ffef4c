// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/httpresponseparser.h"

#include <cstring>

namespace cm {

namespace {

using Kind = HttpResponseEvent::Kind;

bool isSpace(char c)
{
    return c == ' ' || c == '\t';
}

QByteArray trimSpaces(const QByteArray &s)
{
    qsizetype b = 0, e = s.size();
    while (b < e && isSpace(s.at(b)))
        ++b;
    while (e > b && isSpace(s.at(e - 1)))
        --e;
    return s.mid(b, e - b);
}

// A printable excerpt for error messages.
QString excerpt(const QByteArray &s)
{
    QString out;
    for (char c : s.left(60))
        out += (c >= 0x20 && c < 0x7f) ? QChar::fromLatin1(c) : QChar(u'?');
    return s.size() > 60 ? out + QStringLiteral("…") : out;
}

bool isTokenChar(char c)
{
    return c > 0x20 && c < 0x7f && !std::strchr("\"(),/:;<=>?@[\\]{}", c);
}

// Comma-separated list items, trimmed and lowercased, empty ones dropped.
QList<QByteArray> listItems(const QByteArray &v)
{
    QList<QByteArray> out;
    for (const QByteArray &part : v.split(',')) {
        const QByteArray t = trimSpaces(part).toLower();
        if (!t.isEmpty())
            out.append(t);
    }
    return out;
}

} // namespace

QByteArray HttpResponseHead::header(const QByteArray &lowerName) const
{
    for (const auto &h : headers)
        if (h.first == lowerName)
            return h.second;
    return {};
}

HttpResponseParser::HttpResponseParser(const HttpParserLimits &limits)
    : m_limits(limits)
{
    reset();
}

void HttpResponseParser::reset(bool headRequest)
{
    m_state = State::StatusLine;
    m_headRequest = headRequest;
    m_head = HttpResponseHead();
    m_trailers.clear();
    m_line.clear();
    m_lineStart = 0;
    m_headBytes = 0;
    m_remaining = 0;
    m_bodyBytes = 0;
    m_offset = 0;
    m_error = Error();
}

bool HttpResponseParser::fail(HttpResponseEvent *event, const QString &what)
{
    m_state = State::Failed;
    m_error = Error(Error::Code::ParseError, QStringLiteral("bad HTTP response: %1").arg(what));
    event->kind = Kind::Error;
    return true;
}

void HttpResponseParser::cutShort(HttpResponseEvent *event, const QString &what)
{
    fail(event, what);
    m_error.message = QStringLiteral("HTTP response cut short: %1").arg(what);
}

bool HttpResponseParser::takeLine(const char *data, qsizetype size, qsizetype *used, bool *tooLong)
{
    if (m_line.isEmpty())
        m_lineStart = m_offset + *used;
    const char *p = data + *used;
    const qsizetype avail = size - *used;
    const void *nl = avail > 0 ? std::memchr(p, '\n', size_t(avail)) : nullptr;
    const qsizetype take = nl ? static_cast<const char *>(nl) - p : avail;
    *tooLong = m_line.size() + take > m_limits.maxLineBytes;
    if (*tooLong)
        return false;
    m_line.append(p, take);
    *used += nl ? take + 1 : take;
    if (!nl)
        return false;
    if (m_line.endsWith('\r'))
        m_line.chop(1);
    return true;
}

qsizetype HttpResponseParser::feed(const char *data, qsizetype size, HttpResponseEvent *event)
{
    event->kind = Kind::NeedMore;
    event->data = nullptr;
    event->size = 0;
    qsizetype used = 0;
    bool reported = false;
    while (!reported) {
        switch (m_state) {
        case State::Failed:
            event->kind = Kind::Error;
            reported = true;
            break;
        case State::Done:
            event->kind = Kind::Complete;
            reported = true;
            break;
        case State::Body:
        case State::ChunkData:
        case State::UntilClose: {
            const qsizetype avail = size - used;
            if (avail == 0) {
                m_offset += used;
                return used; // NeedMore
            }
            const qsizetype take = m_state == State::UntilClose ? avail : qsizetype(qMin<qint64>(avail, m_remaining));
            event->kind = Kind::Body;
            event->data = data + used;
            event->size = take;
            used += take;
            m_bodyBytes += take;
            if (m_state != State::UntilClose) {
                m_remaining -= take;
                if (m_remaining == 0)
                    m_state = m_state == State::Body ? State::Done : State::ChunkDataEnd;
            }
            reported = true;
            break;
        }
        case State::StatusLine:
        case State::HeaderLine:
        case State::ChunkSize:
        case State::ChunkDataEnd:
        case State::TrailerLine: {
            if (used == size) {
                m_offset += used;
                return used; // NeedMore
            }
            const qsizetype before = used;
            bool tooLong = false;
            const bool line = takeLine(data, size, &used, &tooLong);
            const bool inHead
                = m_state == State::HeaderLine || m_state == State::TrailerLine || m_state == State::StatusLine;
            if (inHead)
                m_headBytes += used - before;
            if (tooLong) {
                reported = fail(event,
                    QStringLiteral("line longer than %1 bytes at byte %2").arg(m_limits.maxLineBytes).arg(m_lineStart));
                break;
            }
            if (inHead && m_headBytes > m_limits.maxHeadBytes) {
                reported = fail(event,
                    QStringLiteral("head larger than %1 bytes at byte %2").arg(m_limits.maxHeadBytes).arg(m_lineStart));
                break;
            }
            if (m_state == State::ChunkDataEnd && !line && !m_line.isEmpty() && m_line != "\r") {
                reported = fail(event, QStringLiteral("chunk data not followed by CRLF at byte %1").arg(m_lineStart));
                break;
            }
            if (!line)
                break; // loops to NeedMore
            switch (m_state) {
            case State::StatusLine: reported = onStatusLine(event); break;
            case State::HeaderLine: reported = onHeaderLine(event, &m_head.headers); break;
            case State::TrailerLine:
                if (m_line.isEmpty()) {
                    m_state = State::Done;
                } else {
                    reported = onHeaderLine(event, &m_trailers);
                }
                break;
            case State::ChunkSize: reported = onChunkSize(event); break;
            case State::ChunkDataEnd:
                if (!m_line.isEmpty())
                    reported
                        = fail(event, QStringLiteral("chunk data not followed by CRLF at byte %1").arg(m_lineStart));
                else
                    m_state = State::ChunkSize;
                break;
            default: break;
            }
            m_line.clear();
            break;
        }
        }
    }
    m_offset += used;
    return used;
}

bool HttpResponseParser::onStatusLine(HttpResponseEvent *event)
{
    const QByteArray &l = m_line;
    // HTTP/1.x SP 3DIGIT [SP reason]
    const bool shapeOk = l.size() >= 12 && l.startsWith("HTTP/1.") && l.at(7) >= '0' && l.at(7) <= '9' && l.at(8) == ' '
        && (l.size() == 12 || l.at(12) == ' ');
    int code = 0;
    for (int i = 9; shapeOk && i < 12; ++i) {
        if (l.at(i) < '0' || l.at(i) > '9')
            code = -1000;
        code = code * 10 + (l.at(i) - '0');
    }
    if (!shapeOk || code < 100)
        return fail(
            event, QStringLiteral("not an HTTP/1.x status line '%1' at byte %2").arg(excerpt(l)).arg(m_lineStart));
    m_head = HttpResponseHead();
    m_head.status = code;
    m_head.minorVersion = l.at(7) - '0';
    m_head.reason = l.size() > 13 ? l.mid(13) : QByteArray();
    m_state = State::HeaderLine;
    return false;
}

bool HttpResponseParser::onHeaderLine(HttpResponseEvent *event, QList<QPair<QByteArray, QByteArray>> *into)
{
    if (m_line.isEmpty())
        return onHeadEnd(event);
    if (isSpace(m_line.at(0))) { // obsolete line folding: continues the previous value
        if (into->isEmpty())
            return fail(event, QStringLiteral("folded header line without a header at byte %1").arg(m_lineStart));
        QByteArray &v = into->last().second;
        const QByteArray more = trimSpaces(m_line);
        if (!more.isEmpty())
            v += (v.isEmpty() ? QByteArray() : QByteArray(" ")) + more;
        return false;
    }
    const qsizetype colon = m_line.indexOf(':');
    if (colon <= 0)
        return fail(
            event, QStringLiteral("header line without 'name:' '%1' at byte %2").arg(excerpt(m_line)).arg(m_lineStart));
    for (qsizetype i = 0; i < colon; ++i)
        if (!isTokenChar(m_line.at(i)))
            return fail(event,
                QStringLiteral("bad header name '%1' at byte %2").arg(excerpt(m_line.left(colon))).arg(m_lineStart));
    if (into->size() >= m_limits.maxHeaders)
        return fail(
            event, QStringLiteral("more than %1 header lines at byte %2").arg(m_limits.maxHeaders).arg(m_lineStart));
    into->append({m_line.left(colon).toLower(), trimSpaces(m_line.mid(colon + 1))});
    return false;
}

bool HttpResponseParser::onHeadEnd(HttpResponseEvent *event)
{
    if (m_state == State::TrailerLine) {
        m_state = State::Done;
        return false;
    }
    const qint64 headEnd = m_lineStart;
    HttpResponseHead &h = m_head;
    if (h.status == 101)
        return fail(event, QStringLiteral("101 Switching Protocols is not supported (at byte %1)").arg(headEnd));
    qint64 length = -1;
    QList<QByteArray> codings;
    bool close = false, keepAliveToken = false;
    for (const auto &hd : std::as_const(h.headers)) {
        if (hd.first == "content-length") {
            const QList<QByteArray> values = hd.second.split(',');
            for (const QByteArray &raw : values) {
                const QByteArray v = trimSpaces(raw);
                bool digits = !v.isEmpty() && v.size() <= 18;
                for (char c : v)
                    digits = digits && c >= '0' && c <= '9';
                if (!digits)
                    return fail(event,
                        QStringLiteral("bad Content-Length '%1' (head ends at byte %2)")
                            .arg(excerpt(hd.second))
                            .arg(headEnd));
                const qint64 n = v.toLongLong();
                if (length >= 0 && n != length)
                    return fail(event,
                        QStringLiteral("conflicting Content-Length values %1 and %2 (head ends at byte %3)")
                            .arg(length)
                            .arg(n)
                            .arg(headEnd));
                length = n;
            }
        } else if (hd.first == "transfer-encoding") {
            codings += listItems(hd.second);
        } else if (hd.first == "connection") {
            for (const QByteArray &t : listItems(hd.second)) {
                close = close || t == "close";
                keepAliveToken = keepAliveToken || t == "keep-alive";
            }
        }
    }
    h.contentLength = length;
    h.chunked = !codings.isEmpty() && codings.last() == "chunked";
    h.keepAlive = !close && (h.minorVersion >= 1 || keepAliveToken);
    if (h.status < 200) { // 100 Continue and friends: no body, the real answer follows
        m_state = State::StatusLine;
        m_headBytes = 0;
        event->kind = Kind::Interim;
        return true;
    }
    event->kind = Kind::Head;
    if (m_headRequest || h.status == 204 || h.status == 304) {
        m_state = State::Done;
    } else if (!codings.isEmpty()) {
        // Transfer-Encoding overrides Content-Length; such a connection is not reused.
        if (length >= 0)
            h.keepAlive = false;
        if (h.chunked) {
            m_state = State::ChunkSize;
            m_headBytes = 0; // the trailer has its own budget
        } else {
            m_state = State::UntilClose;
            h.keepAlive = false;
        }
    } else if (length >= 0) {
        m_remaining = length;
        m_state = length == 0 ? State::Done : State::Body;
    } else {
        m_state = State::UntilClose;
        h.keepAlive = false;
    }
    return true;
}

bool HttpResponseParser::onChunkSize(HttpResponseEvent *event)
{
    const qsizetype semi = m_line.indexOf(';');
    const QByteArray hex = trimSpaces(semi < 0 ? m_line : m_line.left(semi));
    bool ok = !hex.isEmpty() && hex.size() <= 15;
    qint64 n = 0;
    for (qsizetype i = 0; ok && i < hex.size(); ++i) {
        const char c = hex.at(i);
        int d = -1;
        if (c >= '0' && c <= '9')
            d = c - '0';
        else if (c >= 'a' && c <= 'f')
            d = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            d = c - 'A' + 10;
        ok = ok && d >= 0;
        n = n * 16 + qMax(d, 0);
    }
    if (!ok)
        return fail(event, QStringLiteral("bad chunk size line '%1' at byte %2").arg(excerpt(m_line)).arg(m_lineStart));
    if (n == 0) {
        m_state = State::TrailerLine;
    } else {
        m_remaining = n;
        m_state = State::ChunkData;
    }
    return false;
}

void HttpResponseParser::finish(HttpResponseEvent *event)
{
    event->data = nullptr;
    event->size = 0;
    event->kind = Kind::Error;
    switch (m_state) {
    case State::UntilClose:
    case State::Done:
        m_state = State::Done;
        event->kind = Kind::Complete;
        return;
    case State::Failed: return;
    case State::StatusLine:
        cutShort(event,
            m_offset == 0 ? QStringLiteral("connection closed before any answer")
                          : QStringLiteral("connection closed inside the status line at byte %1").arg(m_offset));
        return;
    case State::HeaderLine:
        cutShort(event, QStringLiteral("connection closed inside the head at byte %1").arg(m_offset));
        return;
    case State::Body:
        cutShort(event,
            QStringLiteral("connection closed after %1 of %2 body bytes (Content-Length mismatch)")
                .arg(m_bodyBytes)
                .arg(m_head.contentLength));
        return;
    case State::ChunkSize:
    case State::ChunkData:
    case State::ChunkDataEnd:
    case State::TrailerLine:
        cutShort(event, QStringLiteral("connection closed inside the chunked body at byte %1").arg(m_offset));
        return;
    }
}

} // namespace cm
