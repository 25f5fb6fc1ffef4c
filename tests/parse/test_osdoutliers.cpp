// SPDX-License-Identifier: GPL-3.0-or-later
// The outlier rule of the per-OSD latency benchmark: p50 above 2× the median p50 of the
// OTHER OSDs of the same device class, with at least 2 such peers.
#include "stats/osdoutliers.h"

#include <QTest>

using namespace cm;

namespace {
OsdLatencyPoint pt(int id, const QString &cls, double p50Us, quint64 ops = 100)
{
    return OsdLatencyPoint {id, cls, p50Us * 1000, ops};
}
} // namespace

class TestOsdOutliers : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void median()
    {
        QCOMPARE(OsdOutliers::median({}), 0.0);
        QCOMPARE(OsdOutliers::median({3}), 3.0);
        QCOMPARE(OsdOutliers::median({5, 1, 3}), 3.0);
        QCOMPARE(OsdOutliers::median({4, 1, 3, 2}), 2.5);
    }

    void oneSlowSsd()
    {
        const auto v
            = OsdOutliers::judge({pt(0, "ssd", 500), pt(1, "ssd", 520), pt(2, "ssd", 480), pt(3, "ssd", 2000)});
        QCOMPARE(v.size(), 4);
        for (int i = 0; i < 3; ++i) {
            QVERIFY(!v.at(i).outlier);
            QVERIFY(v.at(i).reason.isEmpty());
            QCOMPARE(v.at(i).peers, 3);
        }
        QVERIFY(v.at(3).outlier);
        QCOMPARE(v.at(3).id, 3);
        QCOMPARE(v.at(3).peerMedian, 500000.0); // median of 500, 520, 480 µs
        QVERIFY2(v.at(3).reason.contains(QStringLiteral("4.0×")) && v.at(3).reason.contains(QLatin1String("ssd")),
            qPrintable(v.at(3).reason));
    }

    void thresholdIsStrict()
    {
        // Exactly 2× the peers' median is not an outlier; a bit more is.
        auto v = OsdOutliers::judge({pt(0, "hdd", 1000), pt(1, "hdd", 1000), pt(2, "hdd", 2000)});
        QVERIFY(!v.at(2).outlier);
        v = OsdOutliers::judge({pt(0, "hdd", 1000), pt(1, "hdd", 1000), pt(2, "hdd", 2001)});
        QVERIFY(v.at(2).outlier);
    }

    void classesAreSeparate()
    {
        // HDDs are slower than SSDs, but no HDD is an outlier among HDDs.
        const auto v = OsdOutliers::judge({pt(0, "ssd", 300), pt(1, "ssd", 310), pt(2, "ssd", 290), pt(3, "hdd", 8000),
            pt(4, "hdd", 9000), pt(5, "hdd", 8500)});
        for (const auto &x : v)
            QVERIFY2(!x.outlier, qPrintable(QString::number(x.id) + x.reason));
    }

    void tooFewPeers()
    {
        // Two NVMe OSDs: each has one peer only — never flagged, the reason says why.
        const auto v = OsdOutliers::judge(
            {pt(0, "nvme", 100), pt(1, "nvme", 900), pt(2, "ssd", 300), pt(3, "ssd", 310), pt(4, "ssd", 320)});
        QVERIFY(!v.at(0).outlier);
        QVERIFY(!v.at(1).outlier);
        QVERIFY2(v.at(1).reason.contains(QLatin1String("too few peers")), qPrintable(v.at(1).reason));
        QCOMPARE(v.at(1).peers, 1);
        QCOMPARE(v.at(1).peerMedian, 0.0);
        const auto single = OsdOutliers::judge({pt(0, "hdd", 100)});
        QVERIFY(!single.at(0).outlier);
        QVERIFY(single.at(0).reason.contains(QLatin1String("too few peers")));
    }

    void failedOsdsAreNoPeers()
    {
        // osd.2 measured nothing: it is not judged and not a peer, so osd.0/1 lack peers.
        const auto v = OsdOutliers::judge({pt(0, "hdd", 100), pt(1, "hdd", 900), pt(2, "hdd", 0, 0)});
        QCOMPARE(v.at(2).reason, QStringLiteral("no measurement"));
        QVERIFY(!v.at(1).outlier);
        QVERIFY(v.at(1).reason.contains(QLatin1String("too few peers")));
    }

    void medianResistsAnotherSlowOsd()
    {
        // Two slow OSDs among five: each is judged against the others' median, which the
        // other slow one cannot drag up.
        const auto v = OsdOutliers::judge(
            {pt(0, "ssd", 400), pt(1, "ssd", 410), pt(2, "ssd", 420), pt(3, "ssd", 5000), pt(4, "ssd", 6000)});
        QVERIFY(v.at(3).outlier);
        QVERIFY(v.at(4).outlier);
        QVERIFY(!v.at(0).outlier);
    }

    void emptyInput() { QVERIFY(OsdOutliers::judge({}).isEmpty()); }
};

QTEST_GUILESS_MAIN(TestOsdOutliers)
#include "test_osdoutliers.moc"
