// SPDX-License-Identifier: GPL-3.0-or-later
// S3HttpPool against a server that accepts connections and never answers (a listening
// socket whose connections are never read): cancelAll() ends every request at once, the
// stall timeout ends them with Timeout, and a destroyed pool ends what it still holds.
// Each case runs on both engines: the built-in plain-HTTP loop and libcurl.
#include "s3/s3httppool.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>

#include <atomic>
#include <mutex>

using namespace cm;

namespace {

struct Results {
    std::mutex m;
    QList<Error::Code> codes;
    std::atomic<int> done {0};
};

S3HttpRequest request(quint16 port)
{
    S3HttpRequest r;
    r.method = "GET";
    r.url = "http://127.0.0.1:" + QByteArray::number(port) + "/bucket/key";
    r.context = QStringLiteral("GET bucket/key");
    return r;
}

} // namespace

class TestS3Pool : public QObject {
    Q_OBJECT

    QTcpServer m_silent; // listens; nobody ever reads what arrives

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_silent.listen(QHostAddress::LocalHost, 0)); }

    static void engines()
    {
        QTest::addColumn<bool>("plain");
        QTest::newRow("plain") << true;
        QTest::newRow("curl") << false;
    }

    void cancelAllEndsEverythingAtOnce_data() { engines(); }
    void cancelAllEndsEverythingAtOnce()
    {
        QFETCH(bool, plain);
        S3HttpPool::Options o;
        o.maxConnections = 4;
        o.plainHttpEngine = plain;
        o.stallTimeoutMs = 60000;
        S3HttpPool pool(o);
        Results res;
        for (int i = 0; i < 10; ++i) // 4 on connections, 6 queued
            pool.submit(request(m_silent.serverPort()), [&](S3HttpResponse &&r) {
                std::lock_guard g(res.m);
                res.codes.append(r.error.code);
                ++res.done;
            });
        QTest::qWait(300);
        QCOMPARE(res.done.load(), 0);
        QCOMPARE(pool.inFlight(), 10);
        QElapsedTimer t;
        t.start();
        pool.cancelAll();
        QTRY_COMPARE_WITH_TIMEOUT(res.done.load(), 10, 2000);
        qInfo("10 requests cancelled in %lld ms", t.elapsed());
        QCOMPARE(res.codes.count(Error::Code::Cancelled), 10);
        QCOMPARE(pool.inFlight(), 0);
    }

    void stalledRequestTimesOut_data() { engines(); }
    void stalledRequestTimesOut()
    {
        QFETCH(bool, plain);
        S3HttpPool::Options o;
        o.stallTimeoutMs = 1000;
        o.plainHttpEngine = plain;
        S3HttpPool pool(o);
        QElapsedTimer t;
        t.start();
        const S3HttpResponse r = pool.execute(request(m_silent.serverPort()));
        QCOMPARE(r.error.code, Error::Code::Timeout);
        QVERIFY2(t.elapsed() >= 900 && t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(r.error.context, QStringLiteral("GET bucket/key"));
    }

    void wholeRequestTimeout_data() { engines(); }
    void wholeRequestTimeout()
    {
        QFETCH(bool, plain);
        S3HttpPool::Options o;
        o.plainHttpEngine = plain;
        S3HttpPool pool(o);
        S3HttpRequest req = request(m_silent.serverPort());
        req.timeoutMs = 500;
        QElapsedTimer t;
        t.start();
        QCOMPARE(pool.execute(req).error.code, Error::Code::Timeout);
        QVERIFY(t.elapsed() < 3000);
    }

    void destroyedPoolEndsItsRequests_data() { engines(); }
    void destroyedPoolEndsItsRequests()
    {
        QFETCH(bool, plain);
        Results res;
        {
            S3HttpPool::Options o;
            o.plainHttpEngine = plain;
            S3HttpPool pool(o);
            for (int i = 0; i < 3; ++i)
                pool.submit(request(m_silent.serverPort()), [&](S3HttpResponse &&r) {
                    std::lock_guard g(res.m);
                    res.codes.append(r.error.code);
                    ++res.done;
                });
            QTest::qWait(100);
        }
        QCOMPARE(res.done.load(), 3);
        QCOMPARE(res.codes.count(Error::Code::Cancelled), 3);
    }

    void malformedUrlIsAnError_data() { engines(); }
    void malformedUrlIsAnError()
    {
        QFETCH(bool, plain);
        S3HttpPool::Options o;
        o.plainHttpEngine = plain;
        S3HttpPool pool(o);
        S3HttpRequest r;
        r.method = "GET";
        r.url = plain ? "http://" : "notaurl://";
        QVERIFY(pool.execute(r).error.isError());
    }

    // The built-in loop on answers a tiny server writes by hand (this thread's event loop
    // serves them while the test waits in QTRY_*).
    void handWrittenAnswers_data()
    {
        QTest::addColumn<QByteArray>("answer");
        QTest::addColumn<int>("status");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<int>("error");
        QTest::newRow("not http") << QByteArray("SSH-2.0-OpenSSH_9.2\r\n\r\n") << 0 << QByteArray()
                                  << int(Error::Code::ParseError);
        QTest::newRow("until close") << QByteArray("HTTP/1.0 200 OK\r\n\r\nhello") << 200 << QByteArray("hello")
                                     << int(Error::Code::None);
        QTest::newRow("chunked") << QByteArray(
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x=y\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
                                 << 200 << QByteArray("hello world") << int(Error::Code::None);
        QTest::newRow("continue first") << QByteArray(
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 3\r\n\r\nabc")
                                        << 404 << QByteArray("abc") << int(Error::Code::None);
        QTest::newRow("bad length") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n") << 0 << QByteArray()
                                    << int(Error::Code::ParseError);
        QTest::newRow("cut body") << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc") << 0 << QByteArray()
                                  << int(Error::Code::Unreachable);
    }

    void handWrittenAnswers()
    {
        QFETCH(QByteArray, answer);
        QFETCH(int, status);
        QFETCH(QByteArray, body);
        QFETCH(int, error);
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost, 0));
        connect(&server, &QTcpServer::newConnection, &server, [&] {
            QTcpSocket *s = server.nextPendingConnection();
            connect(s, &QTcpSocket::readyRead, s, [s, answer] {
                s->readAll();
                s->write(answer);
                s->disconnectFromHost(); // close after the answer
            });
        });
        S3HttpPool pool(S3HttpPool::Options {});
        std::atomic<bool> done {false};
        S3HttpResponse got;
        pool.submit(request(server.serverPort()), [&](S3HttpResponse &&r) {
            got = std::move(r);
            done = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(done.load(), 5000);
        QCOMPARE(int(got.error.code), error);
        if (!error) {
            QCOMPARE(got.status, status);
            QCOMPARE(got.body, body);
        }
    }
};

QTEST_GUILESS_MAIN(TestS3Pool)
#include "test_s3pool.moc"
