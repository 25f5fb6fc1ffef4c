// SPDX-License-Identifier: GPL-3.0-or-later
// The incremental HTTP/1.1 response parser: every answer is fed whole, cut at every
// byte boundary and byte by byte, and must give the same outcome each way; chunked
// bodies with extensions and trailers, 1xx interim answers, bodiless answers (HEAD,
// 204, 304), Content-Length mismatches, keep-alive decisions, limits and garbage with
// the byte offset in the error.
#include "parse/httpresponseparser.h"

#include <QTest>

using namespace cm;

namespace {

struct Outcome {
    QList<int> interim;
    int status = 0;
    QList<QPair<QByteArray, QByteArray>> headers;
    QList<QPair<QByteArray, QByteArray>> trailers;
    QByteArray body;
    bool complete = false;
    bool keepAlive = false;
    QString error;
    qint64 leftover = 0; // bytes after the end of the answer

    bool operator==(const Outcome &o) const
    {
        return interim == o.interim && status == o.status && headers == o.headers && trailers == o.trailers
            && body == o.body && complete == o.complete && keepAlive == o.keepAlive && error == o.error
            && leftover == o.leftover;
    }
};

// Feeds input in pieces of the given sizes (the rest as one last piece); eof: the
// connection closes after the last byte.
Outcome run(const QByteArray &input, const QList<qsizetype> &pieces, bool head = false, bool eof = false,
    const HttpParserLimits &limits = {})
{
    HttpResponseParser p(limits);
    p.reset(head);
    Outcome out;
    qsizetype pos = 0;
    int piece = 0;
    while (pos <= input.size()) {
        const qsizetype len = piece < pieces.size() ? qMin(pieces.at(piece), input.size() - pos) : input.size() - pos;
        ++piece;
        const char *data = input.constData() + pos;
        qsizetype left = len;
        while (true) {
            HttpResponseEvent ev;
            const qsizetype used = p.feed(data, left, &ev);
            data += used;
            left -= used;
            pos += used;
            if (ev.kind == HttpResponseEvent::Kind::Interim)
                out.interim.append(p.head().status);
            else if (ev.kind == HttpResponseEvent::Kind::Body)
                out.body.append(ev.data, ev.size);
            else if (ev.kind == HttpResponseEvent::Kind::Complete || ev.kind == HttpResponseEvent::Kind::Error)
                goto done;
            else if (ev.kind == HttpResponseEvent::Kind::NeedMore)
                break;
        }
        if (pos == input.size() && piece > pieces.size())
            break;
    }
    if (eof) {
        HttpResponseEvent ev;
        p.finish(&ev);
    }
done:
    out.status = p.head().status;
    out.headers = p.head().headers;
    out.trailers = p.trailers();
    out.complete = p.complete();
    out.keepAlive = p.head().keepAlive;
    out.error = p.error().message;
    out.leftover = out.complete ? input.size() - p.offset() : 0;
    return out;
}

Outcome whole(const QByteArray &in, bool head = false, bool eof = false)
{
    return run(in, {}, head, eof);
}

// Whole, cut in two at every position, byte by byte: all the same.
Outcome checkSplits(const QByteArray &in, bool head = false, bool eof = false)
{
    const Outcome w = whole(in, head, eof);
    for (qsizetype cut = 0; cut <= in.size(); ++cut) {
        const Outcome s = run(in, {cut}, head, eof);
        if (!(s == w))
            qWarning("split at %lld differs: error '%s' vs '%s', body %lld vs %lld", qint64(cut), qPrintable(s.error),
                qPrintable(w.error), qint64(s.body.size()), qint64(w.body.size()));
        [&] { QVERIFY(s == w); }();
    }
    const Outcome b = run(in, QList<qsizetype>(in.size() + 1, 1), head, eof);
    [&] { QVERIFY(b == w); }();
    return w;
}

} // namespace

class TestHttpResponseParser : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void contentLengthBody()
    {
        const QByteArray in
            = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nETag: \"abc\"\r\nX-Amz-Id:  spaced  \r\n\r\nhello";
        const Outcome o = checkSplits(in);
        QVERIFY(o.error.isEmpty());
        QVERIFY(o.complete);
        QCOMPARE(o.status, 200);
        QCOMPARE(o.body, QByteArray("hello"));
        QVERIFY(o.keepAlive);
        QCOMPARE(o.headers.size(), 3);
        QCOMPARE(o.headers.at(1), (QPair<QByteArray, QByteArray>("etag", "\"abc\"")));
        QCOMPARE(o.headers.at(2).second, QByteArray("spaced"));
        QCOMPARE(o.leftover, 0);
    }

    void bareLineFeedsAndEmptyReason()
    {
        const Outcome o = checkSplits("HTTP/1.1 404\nContent-Length: 3\n\nabc");
        QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
        QCOMPARE(o.status, 404);
        QCOMPARE(o.body, QByteArray("abc"));
    }

    void zeroLengthBodyCompletesWithoutMoreBytes()
    {
        const Outcome o = checkSplits("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n");
        QVERIFY(o.complete);
        QVERIFY(o.body.isEmpty());
    }

    void chunkedWithExtensionsAndTrailers()
    {
        const QByteArray in = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                              "5;name=value\r\nhello\r\n"
                              "1A ; ext\r\n"
            + QByteArray(26, 'x')
            + "\r\n"
              "0\r\nX-Checksum: 123\r\nX-Other: a\r\n\r\n";
        const Outcome o = checkSplits(in);
        QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
        QVERIFY(o.complete);
        QCOMPARE(o.body, QByteArray("hello") + QByteArray(26, 'x'));
        QCOMPARE(o.trailers.size(), 2);
        QCOMPARE(o.trailers.at(0), (QPair<QByteArray, QByteArray>("x-checksum", "123")));
        QVERIFY(o.keepAlive);
        QCOMPARE(o.leftover, 0);
    }

    void chunkedErrors()
    {
        const QByteArray head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"; // 47 bytes
        Outcome o = checkSplits(head + "zz\r\n");
        QVERIFY2(o.error.contains(QLatin1String("bad chunk size line 'zz' at byte 47")), qPrintable(o.error));
        o = checkSplits(head + "3\r\nabcX\r\n0\r\n\r\n");
        QVERIFY2(o.error.contains(QLatin1String("chunk data not followed by CRLF at byte 53")), qPrintable(o.error));
        o = checkSplits(head + "10000000000000000\r\n"); // 17 hex digits: would overflow
        QVERIFY2(o.error.contains(QLatin1String("bad chunk size")), qPrintable(o.error));
        o = checkSplits(head + "5\r\nhel", false, true);
        QVERIFY2(o.error.contains(QLatin1String("cut short")) && o.error.contains(QLatin1String("chunked")),
            qPrintable(o.error));
        QCOMPARE(o.body, QByteArray("hel"));
    }

    void interimAnswersAreSkipped()
    {
        const QByteArray in = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\nX-A: 1\r\n\r\n"
                              "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok";
        const Outcome o = checkSplits(in);
        QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
        QCOMPARE(o.interim, (QList<int> {100, 102}));
        QCOMPARE(o.status, 201);
        QCOMPARE(o.headers.size(), 1); // the final head's only
        QCOMPARE(o.body, QByteArray("ok"));
        const Outcome sw = checkSplits("HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\n");
        QVERIFY2(sw.error.contains(QLatin1String("101")), qPrintable(sw.error));
    }

    void answersWithoutBody()
    {
        // HEAD: Content-Length describes the object, no body follows; what follows is the next answer.
        const QByteArray next = "HTTP/1.1 200 OK\r\n";
        Outcome o = checkSplits("HTTP/1.1 200 OK\r\nContent-Length: 1048576\r\n\r\n" + next, true);
        QVERIFY(o.complete);
        QVERIFY(o.body.isEmpty());
        QCOMPARE(o.leftover, next.size());
        QVERIFY(o.keepAlive);
        for (const QByteArray &status : {QByteArray("204 No Content"), QByteArray("304 Not Modified")}) {
            o = checkSplits("HTTP/1.1 " + status + "\r\nContent-Length: 10\r\n\r\n");
            QVERIFY(o.complete);
            QVERIFY(o.body.isEmpty());
            QCOMPARE(o.leftover, 0);
        }
    }

    void contentLengthMismatch()
    {
        // Fewer bytes, then the connection closes.
        Outcome o = checkSplits("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", false, true);
        QVERIFY(!o.complete);
        QVERIFY2(o.error.contains(QLatin1String("after 3 of 10 body bytes")), qPrintable(o.error));
        // More bytes: the answer ends at Content-Length; the caller sees what is left over.
        o = checkSplits("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nabcdef");
        QVERIFY(o.complete);
        QCOMPARE(o.body, QByteArray("ab"));
        QCOMPARE(o.leftover, 4);
        o = checkSplits("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef");
        QVERIFY2(o.error.contains(QLatin1String("conflicting Content-Length values 5 and 6")), qPrintable(o.error));
        o = checkSplits("HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\n\r\nabc");
        QVERIFY2(o.complete && o.body == "abc", qPrintable(o.error));
        for (const QByteArray &bad :
            {QByteArray("-1"), QByteArray("12a"), QByteArray(""), QByteArray("99999999999999999999")}) {
            o = checkSplits("HTTP/1.1 200 OK\r\nContent-Length: " + bad + "\r\n\r\n");
            QVERIFY2(o.error.contains(QLatin1String("bad Content-Length")), qPrintable(o.error));
        }
    }

    void keepAliveDecisions()
    {
        QVERIFY(!checkSplits("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n").keepAlive);
        QVERIFY(!checkSplits("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n").keepAlive);
        QVERIFY(checkSplits("HTTP/1.0 200 OK\r\nConnection: Keep-Alive\r\nContent-Length: 0\r\n\r\n").keepAlive);
        QVERIFY(
            !checkSplits("HTTP/1.1 200 OK\r\nConnection: keep-alive, close\r\nContent-Length: 0\r\n\r\n").keepAlive);
        // Neither length nor chunked: the body runs until the server closes.
        Outcome o = checkSplits("HTTP/1.1 200 OK\r\n\r\nuntil close", false, true);
        QVERIFY(o.complete);
        QVERIFY(!o.keepAlive);
        QCOMPARE(o.body, QByteArray("until close"));
        // Transfer-Encoding with Content-Length: chunked wins, the connection is not reused.
        o = checkSplits(
            "HTTP/1.1 200 OK\r\nContent-Length: 99\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n");
        QVERIFY(o.complete);
        QCOMPARE(o.body, QByteArray("ab"));
        QVERIFY(!o.keepAlive);
    }

    void garbageGivesErrorWithOffset()
    {
        Outcome o = checkSplits("<html>hello</html>\r\n");
        QVERIFY2(o.error.contains(QLatin1String("not an HTTP/1.x status line '<html>hello</html>' at byte 0")),
            qPrintable(o.error));
        o = checkSplits("HTTP/2 200\r\n\r\n");
        QVERIFY2(o.error.contains(QLatin1String("status line")), qPrintable(o.error));
        o = checkSplits("HTTP/1.1 2x0 OK\r\n\r\n");
        QVERIFY2(o.error.contains(QLatin1String("status line")), qPrintable(o.error));
        o = checkSplits("HTTP/1.1 099 Low\r\n\r\n");
        QVERIFY2(o.error.contains(QLatin1String("status line")), qPrintable(o.error));
        o = checkSplits("HTTP/1.1 200 OK\r\nGood: 1\r\nno colon here\r\n\r\n"); // the bad line starts at 26
        QVERIFY2(o.error.contains(QLatin1String("header line without 'name:' 'no colon here' at byte 26")),
            qPrintable(o.error));
        o = checkSplits("HTTP/1.1 200 OK\r\nBad Name: 1\r\n\r\n");
        QVERIFY2(o.error.contains(QLatin1String("bad header name 'Bad Name' at byte 17")), qPrintable(o.error));
        o = checkSplits(QByteArray("HTTP/1.1 200 OK\r\n\x01\x02: x\r\n\r\n", 25));
        QVERIFY2(o.error.contains(QLatin1String("bad header name '?"
                                                "?' at byte 17")),
            qPrintable(o.error));
        o = checkSplits("HTTP/1.1 200 OK\r\n Folded: first\r\n\r\n");
        QVERIFY2(o.error.contains(QLatin1String("folded header line")), qPrintable(o.error));
        // After an error the parser stays failed.
        HttpResponseParser p;
        HttpResponseEvent ev;
        p.feed("nope\r\n", 6, &ev);
        QCOMPARE(ev.kind, HttpResponseEvent::Kind::Error);
        QCOMPARE(p.feed("HTTP/1.1 200 OK\r\n", 17, &ev), 0);
        QCOMPARE(ev.kind, HttpResponseEvent::Kind::Error);
        QCOMPARE(p.error().code, Error::Code::ParseError);
    }

    void foldedHeaderContinuesTheValue()
    {
        const Outcome o = checkSplits("HTTP/1.1 200 OK\r\nX-Long: first\r\n\tsecond\r\nContent-Length: 0\r\n\r\n");
        QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
        QCOMPARE(o.headers.at(0).second, QByteArray("first second"));
    }

    void limits()
    {
        // An oversized header line: refused when it passes the limit, before its end arrives.
        HttpParserLimits small;
        small.maxLineBytes = 64;
        small.maxHeadBytes = 200;
        small.maxHeaders = 3;
        const QByteArray longLine = "HTTP/1.1 200 OK\r\nX-Big: " + QByteArray(100, 'a');
        Outcome o = run(longLine, {}, false, false, small);
        QVERIFY2(o.error.contains(QLatin1String("line longer than 64 bytes at byte 17")), qPrintable(o.error));
        QCOMPARE(run(longLine, QList<qsizetype>(longLine.size(), 1), false, false, small).error, o.error);
        QByteArray many = "HTTP/1.1 200 OK\r\n";
        for (int i = 0; i < 4; ++i)
            many += "X-H" + QByteArray::number(i) + ": v\r\n";
        o = run(many + "\r\n", {}, false, false, small);
        QVERIFY2(o.error.contains(QLatin1String("more than 3 header lines")), qPrintable(o.error));
        QByteArray big = "HTTP/1.1 200 OK\r\n";
        for (int i = 0; i < 5; ++i)
            big += "X: " + QByteArray(50, 'b') + "\r\n";
        small.maxHeaders = 100;
        o = run(big + "\r\n", {}, false, false, small);
        QVERIFY2(o.error.contains(QLatin1String("head larger than 200 bytes")), qPrintable(o.error));
        // Default limits: a 20 KB header line is refused, a 10 KB one is fine.
        o = checkSplits("HTTP/1.1 200 OK\r\nX: " + QByteArray(20000, 'c') + "\r\n\r\n");
        QVERIFY2(o.error.contains(QLatin1String("line longer than 16384 bytes at byte 17")), qPrintable(o.error));
        o = whole("HTTP/1.1 200 OK\r\nX: " + QByteArray(10000, 'c') + "\r\nContent-Length: 0\r\n\r\n");
        QVERIFY2(o.complete, qPrintable(o.error));
    }

    void cutShortHeads()
    {
        QVERIFY(checkSplits("", false, true).error.contains(QLatin1String("before any answer")));
        QVERIFY(
            checkSplits("HTTP/1.1 20", false, true).error.contains(QLatin1String("inside the status line at byte 11")));
        QVERIFY(checkSplits("HTTP/1.1 200 OK\r\nA: b", false, true)
                    .error.contains(QLatin1String("inside the head at byte 21")));
    }

    void resetStartsTheNextAnswer()
    {
        HttpResponseParser p;
        const QByteArray two
            = "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\naHTTP/1.1 404 NF\r\nContent-Length: 2\r\n\r\nbc";
        const char *d = two.constData();
        qsizetype left = two.size();
        QList<int> statuses;
        QByteArray bodies;
        for (int answer = 0; answer < 2; ++answer) {
            p.reset();
            HttpResponseEvent ev;
            do {
                const qsizetype used = p.feed(d, left, &ev);
                d += used;
                left -= used;
                if (ev.kind == HttpResponseEvent::Kind::Body)
                    bodies.append(ev.data, ev.size);
            } while (ev.kind != HttpResponseEvent::Kind::Complete && ev.kind != HttpResponseEvent::Kind::Error);
            statuses << p.head().status;
        }
        QCOMPARE(statuses, (QList<int> {200, 404}));
        QCOMPARE(bodies, QByteArray("abc"));
        QCOMPARE(left, 0);
    }
};

QTEST_GUILESS_MAIN(TestHttpResponseParser)
#include "test_httpresponseparser.moc"
