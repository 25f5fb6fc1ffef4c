// SPDX-License-Identifier: GPL-3.0-or-later
// What the S3 load loop reports per interval: with the step's requests so far, each
// latency's p50/p99 of the whole step (merged histograms), not of the interval.
#include "model/metric.h"
#include "s3/s3opstats.h"
#include "s3/s3workload.h"

#include <QTest>

using namespace cm;

namespace {
double value(const SampleList &l, const QString &m)
{
    for (const Sample &s : l)
        if (s.metric == m)
            return s.value;
    return -1;
}
} // namespace

class TestS3OpStats : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void stepSoFarMergesEveryInterval()
    {
        std::array<bool, S3OpStats::kOps> used {};
        used[S3WorkloadSpec::Get] = true;
        used[S3WorkloadSpec::Head] = true;
        S3OpStats total, first, second;
        for (int i = 0; i < 90; ++i) // a fast first second
            first.addOk(S3WorkloadSpec::Get, 1000, 500), first.addOk(S3WorkloadSpec::Head, 2000, 0);
        for (int i = 0; i < 10; ++i) // a slow second one
            second.addOk(S3WorkloadSpec::Get, 900000, 500), second.addOk(S3WorkloadSpec::Head, 800000, 0);
        const IoSampleLabels labels {0, QStringLiteral("bucket"), 0};
        total.merge(first);
        SampleList one = first.samples(1, 1, labels, used, &total);
        QCOMPARE(value(one, metric::stepSoFar(metric::ReadLatP50)), value(one, metric::ReadLatP50));
        total.merge(second);
        const SampleList two = second.samples(1, 2, labels, used, &total);
        // the interval's own p50 is the slow one; the step's, over 100 requests, the fast one
        QVERIFY(value(two, metric::ReadLatP50) > 800000);
        QVERIFY(value(two, metric::stepSoFar(metric::ReadLatP50)) < 2000);
        QVERIFY(value(two, metric::stepSoFar(metric::ReadLatP99)) > 800000);
        const QString headP50 = metric::s3OpLat(QStringLiteral("head"), QStringLiteral("p50"));
        QVERIFY(value(two, headP50) > 700000);
        QVERIFY(value(two, metric::stepSoFar(headP50)) < 3000);
        // without a total, no step figures
        const SampleList plain = second.samples(1, 2, labels, used);
        QCOMPARE(value(plain, metric::stepSoFar(metric::ReadLatP50)), -1.0);
    }
};

QTEST_GUILESS_MAIN(TestS3OpStats)
#include "test_s3opstats.moc"
