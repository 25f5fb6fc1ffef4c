// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/cephstatus.h"
#include "testutil.h"

#include <QFile>
#include <QTest>

using namespace cm;

namespace {
QByteArray data(const QString &name)
{
    QFile f(cmtest::testData(QStringLiteral("ceph-status/") + name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestCephStatus : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void healthOk()
    {
        Error e;
        const CephHealthSnapshot s = parseCephHealthSnapshot(data(QStringLiteral("health-ok.json")), &e);
        QVERIFY(!e);
        QCOMPARE(s.health, CephHealthSnapshot::Health::Ok);
        QVERIFY(s.checks.isEmpty());
        QCOMPARE(s.pgsTotal, 49);
        QCOMPARE(s.pgsRecovering + s.pgsBackfilling + s.pgsScrubbing, 0);
    }
    void warnWithCheck()
    {
        const CephHealthSnapshot s = parseCephHealthSnapshot(data(QStringLiteral("health-warn-noout.json")));
        QCOMPARE(s.health, CephHealthSnapshot::Health::Warn);
        QCOMPARE(s.checks.size(), 1);
        QVERIFY2(s.checks.first().startsWith(QStringLiteral("OSDMAP_FLAGS: noout flag(s) set")),
            qPrintable(s.checks.first()));
    }
    void recoveryAndScrubCounts()
    {
        const CephHealthSnapshot s = parseCephHealthSnapshot(data(QStringLiteral("recovering-derived.json")));
        QCOMPARE(s.pgsScrubbing, 3);
        QCOMPARE(s.pgsRecovering, 4);
        QCOMPARE(s.pgsBackfilling, 2);
        QCOMPARE(s.pgsDegraded, 4);
        QVERIFY(s.checks.first().startsWith(QStringLiteral("PG_DEGRADED")));
    }
    void badInput_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("garbage") << QByteArray("HEALTH_OK");
        QTest::newRow("array") << QByteArray("[1,2]");
        QTest::newRow("truncated") << data(QStringLiteral("health-ok.json")).left(300);
    }
    void badInput()
    {
        QFETCH(QByteArray, json);
        Error e;
        const CephHealthSnapshot s = parseCephHealthSnapshot(json, &e);
        QCOMPARE(e.code, Error::Code::ParseError);
        QCOMPARE(s.health, CephHealthSnapshot::Health::Unknown);
    }
    void oddButValid()
    {
        QStringList w;
        Error e;
        const CephHealthSnapshot s = parseCephHealthSnapshot(
            R"({"health":{"status":"HEALTH_FOO"},"pgmap":{"pgs_by_state":[{"state_name":"active+recovering","count":-5}]}})",
            &e, &w);
        QVERIFY(!e);
        QCOMPARE(s.health, CephHealthSnapshot::Health::Unknown);
        QCOMPARE(s.pgsRecovering, 0);
        QVERIFY(!w.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestCephStatus)
#include "test_cephstatus.moc"
