// SPDX-License-Identifier: GPL-3.0-or-later
// The step cross-check's judgement (stats/crosscheck.h) and how the exports word it
// (report/crosschecklines.h): differences, the 5 % flag, what is and is not compared,
// and a saved cross_check read back.
#include "report/crosschecklines.h"
#include "stats/crosscheck.h"

#include <QJsonArray>
#include <QTest>

using namespace cm;

class TestCrossCheck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void judgesEachDirection()
    {
        const IoCounts client {4096.0 * 1000, 1000, 1e9, 250};
        const IoCounts ceph {4096.0 * 1010, 1030, 0.93e9, 900}; // deletes inflate write ops
        const CrossCheck c = judgeCrossCheck({{QStringLiteral("rbd")}, true}, client, ceph, true);
        QCOMPARE(c.dirs.size(), 2);
        QCOMPARE(c.dirs.at(0).dir, QStringLiteral("read"));
        QCOMPARE(c.dirs.at(0).bytesDiffPercent(), 1.0);
        QCOMPARE(*c.dirs.at(0).opsDiffPercent(), 3.0);
        QCOMPARE(c.dirs.at(1).dir, QStringLiteral("write"));
        QVERIFY(qAbs(c.dirs.at(1).bytesDiffPercent() + 7.0) < 1e-9);
        QVERIFY(!c.dirs.at(1).opsDiffPercent()); // write ops never compared
        QVERIFY(c.flagged()); // 7 % > 5 %
        QVERIFY(qAbs(c.worstPercent() - 7.0) < 1e-9);
        QVERIFY2(c.describe().contains(QStringLiteral("write −7.0 % bytes")), qPrintable(c.describe()));
        QVERIFY2(c.describe().contains(QStringLiteral("more than 5 %")), qPrintable(c.describe()));
    }

    void withinTheGoalIsNotFlagged()
    {
        const CrossCheck c = judgeCrossCheck({{QStringLiteral("p")}, false}, {0, 0, 1000, 10}, {0, 0, 1049, 10}, true);
        QCOMPARE(c.dirs.size(), 1); // no read bytes: no read direction
        QVERIFY(!c.flagged());
        QVERIFY(!c.dirs.first().opsDiffPercent()); // ops not comparable for this kind
        const CrossCheck moving
            = judgeCrossCheck({{QStringLiteral("p")}, false}, {0, 0, 1000, 10}, {0, 0, 1000, 10}, false);
        QVERIFY(moving.flagged()); // a count still moving proves nothing
    }

    void savedAndReadBack()
    {
        const CrossCheck c = judgeCrossCheck({{QStringLiteral("bench")}, true}, {100, 1, 0, 0}, {100, 1, 0, 0}, true);
        StepRecord s;
        s.title = QStringLiteral("4k read");
        s.node = QStringLiteral("(total)");
        s.summary.insert(QStringLiteral("cross_check"), c.toJson());
        StepRecord other;
        other.title = QStringLiteral("stat");
        const QStringList lines = crossCheckLines({s, other});
        QCOMPARE(lines.size(), 1);
        QCOMPARE(lines.first(),
            QStringLiteral(
                "Checked against Ceph's count: 4k read on (total): read +0.0 % bytes, +0.0 % ops (pool bench)"));
        QVERIFY(!CrossCheck::fromJson(QJsonValue(QStringLiteral("x"))));
        QVERIFY(!CrossCheck::fromJson(QJsonObject {{QStringLiteral("dirs"), QJsonArray {}}}));
    }
};

QTEST_GUILESS_MAIN(TestCrossCheck)
#include "test_crosscheck.moc"
