// SPDX-License-Identifier: GPL-3.0-or-later
// RandomBlockMap: every block exactly once per pass, in an order that is not sequential.
#include "util/randomblockmap.h"

#include <QTest>

using namespace cm;

class TestRandomBlockMap : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void eachBlockOncePerPass_data()
    {
        QTest::addColumn<quint64>("blocks");
        for (quint64 n : {1ull, 2ull, 63ull, 64ull, 65ull, 1000ull, 262144ull})
            QTest::newRow(qPrintable(QString::number(n))) << n;
    }

    void eachBlockOncePerPass()
    {
        QFETCH(quint64, blocks);
        RandomBlockMap map(blocks);
        std::mt19937_64 rng(42);
        for (int pass = 0; pass < 2; ++pass) {
            std::vector<int> seen(size_t(blocks), 0);
            for (quint64 i = 0; i < blocks; ++i) {
                const quint64 b = map.next(rng);
                if (b >= blocks)
                    QFAIL(qPrintable(QStringLiteral("block %1 out of range").arg(b)));
                if (++seen[size_t(b)] != 1)
                    QFAIL(qPrintable(QStringLiteral("block %1 twice in pass %2").arg(b).arg(pass)));
            }
            QCOMPARE(map.usedInPass(), blocks);
        }
    }

    void orderIsNotSequential()
    {
        RandomBlockMap map(100000);
        std::mt19937_64 rng(7);
        quint64 prev = map.next(rng);
        int successors = 0;
        quint64 firstHalf = 0;
        for (int i = 1; i < 50000; ++i) {
            const quint64 b = map.next(rng);
            successors += b == prev + 1;
            firstHalf += b < 50000;
            prev = b;
        }
        // Half the blocks used: a pick lands on a used one half the time and takes the
        // next free one, so some successors are expected, but far from all.
        QVERIFY2(successors < 25000, qPrintable(QString::number(successors)));
        // Spread over the whole range, not filling it from the start.
        QVERIFY2(firstHalf > 22000 && firstHalf < 28000, qPrintable(QString::number(firstHalf)));
    }
};

QTEST_GUILESS_MAIN(TestRandomBlockMap)
#include "test_randomblockmap.moc"
