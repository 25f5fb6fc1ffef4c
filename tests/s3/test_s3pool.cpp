// S3HttpPool against a server that accepts connections and never answers (a listening
// socket whose connections are never read): cancelAll() ends every request at once, the
// stall timeout ends them with Timeout, and a destroyed pool ends what it still holds.
#include "s3/s3httppool.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QTcpServer>
#include <QTest>

#include <atomic>
#include <mutex>

using namespace cm;

namespace {

struct Results {
    std::mutex m;
    QList<Error::Code> codes;
    std::atomic<int> done{0};
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

    void cancelAllEndsEverythingAtOnce()
    {
        S3HttpPool::Options o;
        o.maxConnections = 4;
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

    void stalledRequestTimesOut()
    {
        S3HttpPool::Options o;
        o.stallTimeoutMs = 1000;
        S3HttpPool pool(o);
        QElapsedTimer t;
        t.start();
        const S3HttpResponse r = pool.execute(request(m_silent.serverPort()));
        QCOMPARE(r.error.code, Error::Code::Timeout);
        QVERIFY2(t.elapsed() >= 900 && t.elapsed() < 5000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(r.error.context, QStringLiteral("GET bucket/key"));
    }

    void wholeRequestTimeout()
    {
        S3HttpPool pool(S3HttpPool::Options{});
        S3HttpRequest req = request(m_silent.serverPort());
        req.timeoutMs = 500;
        QElapsedTimer t;
        t.start();
        QCOMPARE(pool.execute(req).error.code, Error::Code::Timeout);
        QVERIFY(t.elapsed() < 3000);
    }

    void destroyedPoolEndsItsRequests()
    {
        Results res;
        {
            S3HttpPool pool(S3HttpPool::Options{});
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

    void malformedUrlIsAnError()
    {
        S3HttpPool pool(S3HttpPool::Options{});
        S3HttpRequest r;
        r.method = "GET";
        r.url = "notaurl://";
        QVERIFY(pool.execute(r).error.isError());
    }
};

QTEST_GUILESS_MAIN(TestS3Pool)
#include "test_s3pool.moc"
