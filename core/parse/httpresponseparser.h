// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An incremental HTTP/1.1 response parser: bytes in, events out, no I/O. Feed whatever
// the socket gave (any split, down to one byte at a time); body bytes come back as
// spans into the fed buffer, never copied. Handles the status line, headers (names
// lowercased, values trimmed), 1xx interim answers, Content-Length, chunked bodies
// (extensions ignored, trailers kept), bodies read until the connection closes, and
// responses that carry no body (HEAD, 204, 304). Every malformed input ends in an
// Error event whose message names the problem and the byte offset in the stream.
//
//   HttpResponseParser p;
//   p.reset(/*headRequest=*/false);
//   while (size > 0) {
//       HttpResponseEvent ev;
//       const qsizetype used = p.feed(data, size, &ev);
//       data += used; size -= used;
//       ... ev.kind: NeedMore (all used), Interim, Head, Body (ev.data/ev.size),
//           Complete (bytes left over are beyond this answer), Error (p.error())
//   }
//   on EOF: p.finish(&ev) -> Complete (read-until-close body) or Error (cut short)
#include "model/error.h"

#include <QByteArray>
#include <QList>
#include <QPair>

namespace cm {

struct HttpResponseHead {
    int status = 0;
    int minorVersion = 1; // HTTP/1.x
    QByteArray reason;
    QList<QPair<QByteArray, QByteArray>> headers; // lowercased names, trimmed values, in order
    qint64 contentLength = -1; // -1: none
    bool chunked = false;
    bool keepAlive = true; // the connection may carry the next request

    QByteArray header(const QByteArray &lowerName) const;
};

struct HttpResponseEvent {
    enum class Kind {
        NeedMore, // every byte given was used; feed more
        Interim, // a 1xx head was read (head() has it); the real answer follows
        Head, // the final head was read (head())
        Body, // data/size: body bytes, pointing into the fed buffer
        Complete, // the answer ended; unused bytes belong to whatever follows
        Error, // error() says what and where; the parser stays failed until reset()
    };
    Kind kind = Kind::NeedMore;
    const char *data = nullptr;
    qsizetype size = 0;
};

struct HttpParserLimits {
    int maxLineBytes = 16384; // status line, one header line, a chunk-size line
    int maxHeadBytes = 65536; // all header lines of one head (and of the trailer)
    int maxHeaders = 256;
};

class HttpResponseParser {
public:
    explicit HttpResponseParser(const HttpParserLimits &limits = {});

    // Starts a new answer. headRequest: the answer to a HEAD carries no body whatever its
    // headers say.
    void reset(bool headRequest = false);

    // Uses a prefix of [data, data + size) and reports one event; returns the bytes used.
    // Call again with the rest until NeedMore (or Complete / Error).
    qsizetype feed(const char *data, qsizetype size, HttpResponseEvent *event);
    // The peer closed the connection: Complete for a body that runs until close,
    // otherwise an Error saying what was cut short.
    void finish(HttpResponseEvent *event);

    const HttpResponseHead &head() const { return m_head; }
    const QList<QPair<QByteArray, QByteArray>> &trailers() const { return m_trailers; }
    const Error &error() const { return m_error; }
    // Bytes used since reset(); after an error, how far it read depends on the cuts (the
    // error message names the position).
    qint64 offset() const { return m_offset; }
    qint64 bodyBytes() const { return m_bodyBytes; }
    bool started() const { return m_offset > 0; } // any byte of this answer seen
    bool complete() const { return m_state == State::Done; }
    bool failed() const { return m_state == State::Failed; }
    bool readsUntilClose() const { return m_state == State::UntilClose; }

private:
    enum class State {
        StatusLine,
        HeaderLine,
        Body,
        UntilClose,
        ChunkSize,
        ChunkData,
        ChunkDataEnd,
        TrailerLine,
        Done,
        Failed
    };

    // Collects one line into m_line; true when it is complete (without its CR LF).
    bool takeLine(const char *data, qsizetype size, qsizetype *used, bool *tooLong);
    bool fail(HttpResponseEvent *event, const QString &what);
    void cutShort(HttpResponseEvent *event, const QString &what);
    bool onStatusLine(HttpResponseEvent *event);
    bool onHeaderLine(HttpResponseEvent *event, QList<QPair<QByteArray, QByteArray>> *into);
    bool onHeadEnd(HttpResponseEvent *event);
    bool onChunkSize(HttpResponseEvent *event);

    HttpParserLimits m_limits;
    State m_state = State::StatusLine;
    bool m_headRequest = false;
    HttpResponseHead m_head;
    QList<QPair<QByteArray, QByteArray>> m_trailers;
    QByteArray m_line;
    qint64 m_lineStart = 0; // stream offset of the line in m_line
    qint64 m_headBytes = 0;
    qint64 m_remaining = 0; // of the body or the current chunk
    qint64 m_bodyBytes = 0;
    qint64 m_offset = 0;
    Error m_error;
};

} // namespace cm
