// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the incremental HTTP/1.1 response parser. Besides never crashing,
// hanging or leaking, the outcome must not depend on how the bytes were cut: fed in one
// piece, byte by byte and in pieces of a size taken from the input, it must end in the
// same state with the same head, body, trailers and error. Input: one flags byte (bit 0
// HEAD request, bit 1 the peer closes at the end, bits 2..7 the piece size), then the
// answer. Links clustermark_parse only.
#include "parse/httpresponseparser.h"

#include <cstddef>
#include <cstdint>

namespace {

struct Outcome {
    int interim = 0;
    cm::HttpResponseHead head;
    QList<QPair<QByteArray, QByteArray>> trailers;
    QByteArray body;
    bool complete = false;
    bool failed = false;
    QString error;
    qint64 offset = 0;
};

Outcome run(const QByteArray &in, qsizetype piece, bool headRequest, bool eof)
{
    cm::HttpResponseParser p;
    p.reset(headRequest);
    Outcome o;
    qsizetype pos = 0;
    bool ended = false;
    while (!ended) {
        const qsizetype len = qMin(piece, in.size() - pos);
        const char *data = in.constData() + pos;
        qsizetype left = len;
        while (true) {
            cm::HttpResponseEvent ev;
            const qsizetype used = p.feed(data, left, &ev);
            if (used < 0 || used > left)
                __builtin_trap();
            if (ev.kind == cm::HttpResponseEvent::Kind::Body) {
                if (ev.data < data || ev.data + ev.size > data + used || ev.size <= 0)
                    __builtin_trap(); // body spans lie inside what was used
                o.body.append(ev.data, ev.size);
            }
            data += used;
            left -= used;
            pos += used;
            if (ev.kind == cm::HttpResponseEvent::Kind::Interim)
                ++o.interim;
            if (ev.kind == cm::HttpResponseEvent::Kind::Complete || ev.kind == cm::HttpResponseEvent::Kind::Error) {
                ended = true;
                break;
            }
            if (ev.kind == cm::HttpResponseEvent::Kind::NeedMore) {
                if (left != 0)
                    __builtin_trap(); // NeedMore means every byte was used
                break;
            }
        }
        if (pos >= in.size())
            break;
    }
    if (!ended && eof) {
        cm::HttpResponseEvent ev;
        p.finish(&ev);
        if ((ev.kind == cm::HttpResponseEvent::Kind::Complete) != p.complete())
            __builtin_trap();
    }
    o.head = p.head();
    o.trailers = p.trailers();
    o.complete = p.complete();
    o.failed = p.failed();
    o.error = p.error().message;
    o.offset = p.offset();
    if (o.failed == o.error.isEmpty() || o.offset > in.size() || o.body.size() != p.bodyBytes())
        __builtin_trap();
    if (o.failed && !o.error.startsWith(QLatin1String("bad HTTP response: "))
        && !o.error.startsWith(QLatin1String("HTTP response cut short: ")))
        __builtin_trap();
    const bool bodiless = headRequest || o.head.status == 204 || o.head.status == 304;
    if (o.complete && !bodiless && !o.head.chunked && o.head.contentLength >= 0 && o.body.size() != o.head.contentLength
        && o.head.header("transfer-encoding").isEmpty())
        __builtin_trap(); // a complete fixed-length answer has exactly its length
    if (o.complete && bodiless && !o.body.isEmpty())
        __builtin_trap();
    return o;
}

bool same(const Outcome &a, const Outcome &b)
{
    return a.interim == b.interim && a.head.status == b.head.status && a.head.headers == b.head.headers
        && a.head.keepAlive == b.head.keepAlive && a.head.contentLength == b.head.contentLength
        && a.head.chunked == b.head.chunked && a.trailers == b.trailers && a.body == b.body && a.complete == b.complete
        && a.failed == b.failed && a.error == b.error
        && (a.failed || a.offset == b.offset); // after an error the message names the position
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const bool headRequest = data[0] & 1;
    const bool eof = data[0] & 2;
    const qsizetype piece = (data[0] >> 2) + 1;
    const QByteArray in(reinterpret_cast<const char *>(data + 1), static_cast<qsizetype>(size - 1));
    const Outcome whole = run(in, qMax<qsizetype>(1, in.size()), headRequest, eof);
    if (!same(whole, run(in, 1, headRequest, eof)) || !same(whole, run(in, piece, headRequest, eof)))
        __builtin_trap();
    return 0;
}
