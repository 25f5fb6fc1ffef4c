// SPDX-License-Identifier: GPL-3.0-or-later
// The start barrier (engine/startgate.h) with real threads, and the node-side wait for
// its common moment (fiostep::startingAt) run by a real shell.
#include "bench/fiostep.h"
#include "engine/startgate.h"

#include <QDateTime>
#include <QProcess>
#include <QTest>

#include <thread>
#include <vector>

using namespace cm;

class TestStartGate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyoneGetsTheSameMoment()
    {
        StartGate gate(3);
        CancelToken cancel;
        std::vector<qint64> got(2, 0);
        std::vector<std::thread> threads;
        for (size_t i = 0; i < 2; ++i)
            threads.emplace_back([&, i] { got[i] = gate.arrive(cancel); });
        QTest::qWait(100); // both wait for the third
        QCOMPARE(got[0], qint64(0));
        const qint64 released = QDateTime::currentMSecsSinceEpoch();
        gate.leave(); // the third failed before measuring: the others go
        for (std::thread &t : threads)
            t.join();
        QCOMPARE(got[0], got[1]);
        QVERIFY(got[0] >= released + StartGate::kStartMarginMs - 5);
        QVERIFY(got[0] <= released + StartGate::kStartMarginMs + 100);
    }

    void cancelOpensIt()
    {
        StartGate gate(2);
        CancelToken cancel;
        qint64 got = 0;
        std::thread t([&] { got = gate.arrive(cancel); });
        QTest::qWait(50);
        cancel.cancel();
        t.join();
        QCOMPARE(got, qint64(-1));
    }

    // The shell waits on the node's clock until the moment, then runs the command.
    void shellWaitsForTheMoment()
    {
        const qint64 at = QDateTime::currentMSecsSinceEpoch() + 300;
        QStringList argv = fiostep::startingAt(at, {QStringLiteral("date"), QStringLiteral("+%s%3N")});
        QProcess p;
        p.start(argv.takeFirst(), argv);
        QVERIFY(p.waitForFinished(5000));
        QCOMPARE(p.exitCode(), 0);
        const qint64 ran = p.readAllStandardOutput().trimmed().toLongLong();
        QVERIFY2(ran >= at && ran < at + 100, qPrintable(QStringLiteral("ran %1 ms after the moment").arg(ran - at)));
        // A moment in the past, or one a disagreeing clock puts far away, starts at once.
        for (qint64 late : {QDateTime::currentMSecsSinceEpoch() - 1000, QDateTime::currentMSecsSinceEpoch() + 60000}) {
            QStringList a = fiostep::startingAt(late, {QStringLiteral("true")});
            QProcess q;
            const qint64 t0 = QDateTime::currentMSecsSinceEpoch();
            q.start(a.takeFirst(), a);
            QVERIFY(q.waitForFinished(5000));
            QVERIFY(QDateTime::currentMSecsSinceEpoch() - t0 < 1000);
        }
    }
};

QTEST_GUILESS_MAIN(TestStartGate)
#include "test_startgate.moc"
