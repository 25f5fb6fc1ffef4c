// SPDX-License-Identifier: GPL-3.0-or-later
// The Ceph environment parsers on replies recorded on the lab (tests/data/ceph/README.md):
// the version shortened, OSD counts, only the flags a benchmark notices, an EC pool in
// words with its rule, and the step environment's keys; a cut or foreign reply is an
// error that says which command.
#include "parse/cephenvironment.h"
#include "testutil.h"

#include <QTest>

using namespace cm;

namespace {

QByteArray recorded(const QString &name)
{
    return cmtest::readTestData(QStringLiteral("ceph/env-%1.json").arg(name));
}

} // namespace

class TestCephEnvironment : public QObject {
    Q_OBJECT private Q_SLOTS : void clusterFacts()
    {
        CephEnvironment env;
        QVERIFY(!parseCephVersionSummary(recorded(QStringLiteral("versions")), &env.version));
        QCOMPARE(env.version, QStringLiteral("16.2.15 pacific"));
        QVERIFY(!parseCephOsdStat(recorded(QStringLiteral("osd-stat")), &env));
        QCOMPARE(env.osds, 3);
        QCOMPARE(env.osdsUp, 3);
        QVERIFY(!parseCephOsdFlags(recorded(QStringLiteral("osd-dump-noscrub")), &env));
        QCOMPARE(env.osdFlags, (QStringList {QStringLiteral("noscrub"), QStringLiteral("nodeep-scrub")}));
        QVERIFY(!parseCephScrubbing(recorded(QStringLiteral("status")), &env));
        QVERIFY(env.scrubKnown);
        QCOMPARE(env.scrubbingPgs + env.deepScrubbingPgs, 0);
        QVERIFY(!parseCephBalancer(recorded(QStringLiteral("balancer-status")), &env));
        QCOMPARE(env.balancer, QStringLiteral("on (upmap)"));
        const QJsonObject e = env.toEnvironment();
        QCOMPARE(e.value(QStringLiteral("ceph_version")).toString(), QStringLiteral("16.2.15 pacific"));
        QCOMPARE(e.value(QStringLiteral("osd_count")).toString(), QStringLiteral("3 (3 up, 3 in)"));
        QCOMPARE(e.value(QStringLiteral("osd_flags")).toString(), QStringLiteral("noscrub, nodeep-scrub"));
        QCOMPARE(e.value(QStringLiteral("scrubbing")).toString(), QStringLiteral("none"));
        QVERIFY(!e.contains(QStringLiteral("pool_type"))); // no pool asked
        QVERIFY(CephEnvironment().toEnvironment().isEmpty()); // nothing read: nothing said
    }

    void mixedVersionsAreCounted()
    {
        QString v;
        QVERIFY(!parseCephVersionSummary(
            R"J({"overall":{"ceph version 16.2.15 (618f) pacific (stable)":6,"ceph version 17.2.7 (b12291d1) quincy (stable)":1
}
})J",
            &v));
        QCOMPARE(v, QStringLiteral("16.2.15 pacific ×6, 17.2.7 quincy ×1"));
    }

    void scrubbingIsCounted()
    {
        CephEnvironment env;
        QVERIFY(!parseCephScrubbing(
            R"J({"pgmap":{"pgs_by_state":[{"state_name":"active+clean","count":60},{"state_name":"active+clean+scrubbing","count":2},{"state_name":"active+clean+scrubbing+deep","count":1}]}})J",
            &env));
        QCOMPARE(env.scrubbingPgs, 2);
        QCOMPARE(env.deepScrubbingPgs, 1);
        QCOMPARE(env.toEnvironment().value(QStringLiteral("scrubbing")).toString(),
            QStringLiteral("3 PGs scrubbing, 1 deep"));
    }

    void anErasurePoolInWords()
    {
        CephPoolEnvironment p;
        p.name = QStringLiteral("ecpool");
        QVERIFY(!parseCephPoolEnvironment(recorded(QStringLiteral("osd-pool-ls-detail")), &p));
        QVERIFY(p.erasure);
        QCOMPARE(p.size, 3);
        QCOMPARE(p.minSize, 2);
        QCOMPARE(p.pgNum, 8);
        QCOMPARE(p.autoscale, QStringLiteral("off"));
        QCOMPARE(p.ecProfileName, QStringLiteral("ec21"));
        QVERIFY(!parseCephCrushRule(recorded(QStringLiteral("osd-crush-rule-dump")), &p));
        QCOMPARE(p.crushRule, QStringLiteral("ecpool: default, osd"));
        QVERIFY(!parseCephEcProfileText(recorded(QStringLiteral("ec-profile-get")), &p));
        QCOMPARE(p.ecProfile, QStringLiteral("ec21: k=2 m=1, jerasure, failure domain osd"));
        CephEnvironment env;
        env.pools << p;
        const QJsonObject e = env.toEnvironment();
        QCOMPARE(e.value(QStringLiteral("pool_type")).toString(), QStringLiteral("erasure"));
        QCOMPARE(e.value(QStringLiteral("pool_size")).toInt(), 3);
        QCOMPARE(e.value(QStringLiteral("ec_profile")).toString(), p.ecProfile);
    }

    void aReplicatedPoolAndADeviceClass()
    {
        CephPoolEnvironment p;
        p.name = QStringLiteral("reppool");
        QVERIFY(!parseCephPoolEnvironment(recorded(QStringLiteral("osd-pool-ls-detail")), &p));
        QVERIFY(!p.erasure);
        QCOMPARE(p.size, 1);
        QVERIFY(!parseCephCrushRule(recorded(QStringLiteral("osd-crush-rule-dump")), &p));
        QCOMPARE(p.crushRule, QStringLiteral("replicated_rule: default, osd"));
        // A rule that takes a device class's shadow root (as `ceph osd crush rule
        // create-replicated fast default host ssd` makes).
        p.crushRuleId = 4;
        QVERIFY(!parseCephCrushRule(
            R"J([{"rule_id":4,"rule_name":"fast","steps":[{"op":"take","item":-2,"item_name":"default~ssd"},{"op":"chooseleaf_firstn","num":0,"type":"host"},{"op":"emit"}]}])J",
            &p));
        QCOMPARE(p.crushRule, QStringLiteral("fast: default, host"));
        QCOMPARE(p.deviceClass, QStringLiteral("ssd"));
    }

    void badRepliesSayWhich_data()
    {
        QTest::addColumn<QByteArray>("reply");
        QTest::addColumn<int>("parser");
        QTest::addColumn<QString>("says");
        QTest::newRow("versions cut") << QByteArray(R"J({"overall":{"ceph version)J") << 0 << "versions: not JSON";
        QTest::newRow("versions empty") << QByteArray("{}") << 0 << "no \"overall\"";
        QTest::newRow("osd stat array") << QByteArray("[]") << 1 << "osd stat: expected a JSON object";
        QTest::newRow("osd dump no flags") << QByteArray(R"J({"epoch":3})J") << 2 << "osd dump: no flags";
        QTest::newRow("balancer html") << QByteArray("<html>") << 3 << "balancer status: not JSON";
        QTest::newRow("pool missing") << recorded(QStringLiteral("osd-pool-ls-detail")) << 4
                                      << "pool gone does not exist";
        QTest::newRow("profile without k") << QByteArray(R"J({"m":"1"})J") << 5 << "no k and m";
    }
    void badRepliesSayWhich()
    {
        QFETCH(QByteArray, reply);
        QFETCH(int, parser);
        QFETCH(QString, says);
        CephEnvironment env;
        CephPoolEnvironment pool;
        pool.name = QStringLiteral("gone");
        QString v;
        Error e;
        switch (parser) {
        case 0: e = parseCephVersionSummary(reply, &v); break;
        case 1: e = parseCephOsdStat(reply, &env); break;
        case 2: e = parseCephOsdFlags(reply, &env); break;
        case 3: e = parseCephBalancer(reply, &env); break;
        case 4: e = parseCephPoolEnvironment(reply, &pool); break;
        default: e = parseCephEcProfileText(reply, &pool); break;
        }
        QVERIFY(e);
        QVERIFY2(e.message.contains(says), qPrintable(e.message));
    }
};

QTEST_GUILESS_MAIN(TestCephEnvironment)
#include "test_cephenvironment.moc"
