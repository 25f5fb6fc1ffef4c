// SPDX-License-Identifier: GPL-3.0-or-later
// The live cluster total (stats/livetotal.h): an interval is emitted once every running
// client reported it, with summed rates and percentiles of the merged bins; a client
// that ended is not waited for, and each interval says how many clients it counts.
#include "model/metric.h"
#include "stats/clustertotal.h"
#include "stats/livetotal.h"

#include <QTest>

using namespace cm;

namespace {

ClientInterval interval(const QString &client, double t, double bw, quint64 ns, quint64 ios)
{
    ClientInterval c;
    c.client = client;
    c.read = true;
    c.t = t;
    c.bwBytesPerSec = bw;
    c.iops = double(ios);
    c.ios = ios;
    c.latMeanNs = double(ns);
    c.latSamples = ios;
    c.bins.insert(ns, ios);
    return c;
}

double value(const SampleList &s, const QString &metric)
{
    for (const Sample &x : s)
        if (x.metric == metric) {
            if (x.target != clusterTotalNode())
                return -2;
            return x.value;
        }
    return -1;
}

} // namespace

class TestLiveTotal : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void waitsForEveryClient()
    {
        LiveTotal total(3, {QStringLiteral("a"), QStringLiteral("b")});
        QVERIFY(total.add(interval(QStringLiteral("a"), 1.0, 100, 1000, 900)).isEmpty());
        // a's second interval before b's first: still nothing complete.
        QVERIFY(total.add(interval(QStringLiteral("a"), 2.0, 100, 1000, 900)).isEmpty());
        const SampleList first = total.add(interval(QStringLiteral("b"), 1.1, 50, 9000, 100));
        QCOMPARE(value(first, metric::ReadBw), 150.0);
        QCOMPARE(value(first, metric::ReadIops), 1000.0);
        QCOMPARE(value(first, metric::TotalClients), 2.0);
        // Merged, not averaged: 900 requests at 1 µs and 100 at 9 µs.
        QCOMPARE(value(first, metric::ReadLatP50), 1000.0);
        QCOMPARE(value(first, metric::ReadLatP99), 9000.0);
        QCOMPARE(value(first, metric::ReadLatMean), (900 * 1000.0 + 100 * 9000.0) / 1000);
        QCOMPARE(first.first().step, 3);
        QCOMPARE(first.first().t, 1.1); // when the last of them arrived
        // b's second completes a's waiting second interval.
        const SampleList second = total.add(interval(QStringLiteral("b"), 2.1, 60, 2000, 10));
        QCOMPARE(value(second, metric::ReadBw), 160.0);
    }

    void endedClientIsNotWaitedFor()
    {
        LiveTotal total(0, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
        total.add(interval(QStringLiteral("a"), 1, 10, 1000, 1));
        total.add(interval(QStringLiteral("b"), 1, 10, 1000, 1));
        total.add(interval(QStringLiteral("a"), 2, 10, 1000, 1));
        QVERIFY(total.add(interval(QStringLiteral("b"), 2, 10, 1000, 1)).isEmpty()); // c is late
        // c is lost: both waiting intervals come out, counting a and b only.
        const SampleList out = total.clientEnded(QStringLiteral("c"));
        int intervals = 0;
        for (const Sample &s : out)
            if (s.metric == metric::TotalClients) {
                QCOMPARE(s.value, 2.0);
                ++intervals;
            }
        QCOMPARE(intervals, 2);
        QCOMPARE(value(out, metric::ReadBw), 20.0);
        // A late report of an interval already emitted is dropped, not added twice.
        QVERIFY(total.add(interval(QStringLiteral("c"), 1.5, 10, 1000, 1)).isEmpty());
    }

    void noPercentilesWithoutEveryHistogram()
    {
        LiveTotal total(0, {QStringLiteral("a"), QStringLiteral("b")});
        ClientInterval unbinned = interval(QStringLiteral("b"), 1, 10, 1000, 5);
        unbinned.bins.clear();
        total.add(interval(QStringLiteral("a"), 1, 10, 1000, 5));
        const SampleList out = total.add(unbinned);
        QCOMPARE(value(out, metric::ReadBw), 20.0);
        QCOMPARE(value(out, metric::ReadLatP99), -1.0); // left out, not guessed
    }

    // The step so far: the merged bins of every interval and client, not an average of
    // the intervals' percentiles. Interval 1: 900 at 1 µs; interval 2: 1000 at 9 µs. Their
    // p50s are 1 µs and 9 µs; of all 1900 I/Os it is 9 µs, and p99 9 µs.
    void stepSoFarMergesEveryInterval()
    {
        LiveTotal total(0, {QStringLiteral("a"), QStringLiteral("b")});
        total.add(interval(QStringLiteral("a"), 1, 10, 1000, 500));
        const SampleList one = total.add(interval(QStringLiteral("b"), 1, 10, 1000, 400));
        QCOMPARE(value(one, metric::stepSoFar(metric::ReadLatP50)), 1000.0);
        total.add(interval(QStringLiteral("a"), 2, 10, 9000, 600));
        const SampleList two = total.add(interval(QStringLiteral("b"), 2, 10, 9000, 400));
        QCOMPARE(value(two, metric::ReadLatP50), 9000.0);
        QCOMPARE(value(two, metric::stepSoFar(metric::ReadLatP50)), 9000.0);
        total.add(interval(QStringLiteral("a"), 3, 10, 1000, 3000));
        const SampleList three = total.add(interval(QStringLiteral("b"), 3, 10, 1000, 100));
        // 4000 at 1 µs and 1000 at 9 µs so far: p50 1 µs, p99 9 µs
        QCOMPARE(value(three, metric::stepSoFar(metric::ReadLatP50)), 1000.0);
        QCOMPARE(value(three, metric::stepSoFar(metric::ReadLatP99)), 9000.0);
        // an interval without bins ends the step-so-far figure (it would leave I/Os out)
        ClientInterval unbinned = interval(QStringLiteral("b"), 4, 10, 1000, 5);
        unbinned.bins.clear();
        total.add(interval(QStringLiteral("a"), 4, 10, 1000, 5));
        QCOMPARE(value(total.add(unbinned), metric::stepSoFar(metric::ReadLatP50)), -1.0);
    }
};

QTEST_GUILESS_MAIN(TestLiveTotal)
#include "test_livetotal.moc"
