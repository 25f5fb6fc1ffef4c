// An OSD that stops answering mid-run (SIGSTOP: no connection reset, ops just hang —
// the hard case) must turn into an error within the OSD op timeout, not a hang. The
// native RBD engine against a real single-OSD lab whose only OSD is frozen at 2 s.
#include "ceph/radosclient.h"
#include "ceph/rbdengine.h"
#include "cephlabfixture.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTest>

#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

using namespace cm;

class TestRbdOsdLoss : public QObject {
    Q_OBJECT
private:
    cmtest::CephLabFixture m_lab;
    qint64 m_osdPid = 0;

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        QVERIFY(m_lab.createPool(QStringLiteral("rbd"), QStringLiteral("rbd"), 8));
        QFile pidFile(m_lab.dir() + QStringLiteral("/run/osd.0.pid"));
        QVERIFY2(pidFile.open(QIODevice::ReadOnly), qPrintable(pidFile.fileName()));
        m_osdPid = pidFile.readAll().trimmed().toLongLong();
        QVERIFY(m_osdPid > 1 && cmtest::processAlive(m_osdPid));
    }

    void frozenOsdGivesATimeoutError_data()
    {
        QTest::addColumn<bool>("cacheOff");
        QTest::newRow("cache off") << true;
        QTest::newRow("writeback cache") << false;
    }

    void frozenOsdGivesATimeoutError()
    {
        QFETCH(bool, cacheOff);
        constexpr int timeoutSec = 4;
        CephConnectionSpec spec;
        spec.confPath = m_lab.confPath();
        spec.keyringPath = m_lab.keyringPath();
        spec.timeoutSec = timeoutSec;
        RadosClient client;
        const Error ce = client.connect(spec);
        QVERIFY2(!ce, qPrintable(ce.toString()));

        RbdWorkload w;
        w.mode = RbdWorkload::Mode::RandWrite;
        w.queueDepth = 8;
        w.runtimeSec = 60;
        w.imageSize = 64ull << 20;
        w.cache = cacheOff ? RbdWorkload::Cache::Off : RbdWorkload::Cache::Writeback;
        RbdEngine engine(client);
        std::atomic<qint64> frozenAt{0};
        QElapsedTimer clock;
        clock.start();
        std::thread freezer([&] {
            std::this_thread::sleep_for(std::chrono::seconds(2));
            ::kill(pid_t(m_osdPid), SIGSTOP);
            frozenAt = clock.nsecsElapsed();
        });
        const Error e = engine.run(QStringLiteral("rbd"), w, {}, [](const SampleList &) {});
        const qint64 returnedAt = clock.nsecsElapsed();
        freezer.join();
        ::kill(pid_t(m_osdPid), SIGCONT);
        const double secs = double(returnedAt - frozenAt) / 1e9;
        qInfo("returned %.1f s after the OSD froze: %s", secs, qPrintable(e.toString()));
        QVERIFY2(e, "a frozen OSD must fail the run");
        QCOMPARE(e.code, Error::Code::Timeout);
        // Measured with timeoutSec 4: cache off, the write fails 4 s after the freeze;
        // writeback, the cache absorbs writes ~6 s, then the stall watchdog fires 4 s later.
        // Then rbd_close waits out ~3 op timeouts (lock release, header watch) and
        // rbd_remove one more: 20 s and 30 s in all. Bounded, never a hang.
        QVERIFY2(secs < 9 * timeoutSec, qPrintable(QString::number(secs)));
        QVERIFY2(e.message.contains(QLatin1String("timed out")) || e.message.contains(QLatin1String("not answering")),
                 qPrintable(e.toString()));
        QVERIFY(engine.summary().value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble() > 0);
    }

    void cleanupTestCase()
    {
        if (m_osdPid > 1)
            ::kill(pid_t(m_osdPid), SIGCONT);
        m_lab.stop();
    }
};

QTEST_GUILESS_MAIN(TestRbdOsdLoss)
#include "test_rbdosdloss.moc"
