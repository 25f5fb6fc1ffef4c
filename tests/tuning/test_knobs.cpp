// SPDX-License-Identifier: GPL-3.0-or-later
// Knob settings as a user writes them ("pve1:write-cache@sdb=off"): what is accepted,
// the value written for it, and a clear refusal of everything else before anything
// reaches a node.
#include "model/knob.h"

#include <QJsonObject>
#include <QTest>

using namespace cm;

class TestKnobs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void accepted_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("node");
        QTest::addColumn<QString>("knob");
        QTest::addColumn<QString>("object");
        QTest::addColumn<QString>("raw");
        QTest::newRow("cache off") << "pve1:write-cache@sdb=off"
                                   << "pve1"
                                   << "write-cache"
                                   << "sdb"
                                   << "write through";
        QTest::newRow("cache on, no object") << "pve1:write-cache=on"
                                             << "pve1"
                                             << "write-cache"
                                             << ""
                                             << "write back";
        QTest::newRow("cache in the kernel's words") << "n2:write-cache@nvme0n1=write through"
                                                     << "n2"
                                                     << "write-cache"
                                                     << "nvme0n1"
                                                     << "write through";
        QTest::newRow("mtu") << "node1:mtu@eth0=9000"
                             << "node1"
                             << "mtu"
                             << "eth0"
                             << "9000";
        QTest::newRow("vlan interface") << "node1:mtu@eth0.100=1500"
                                        << "node1"
                                        << "mtu"
                                        << "eth0.100"
                                        << "1500";
        QTest::newRow("read-ahead") << "pve3:read-ahead@dm-0=4096"
                                    << "pve3"
                                    << "read-ahead"
                                    << "dm-0"
                                    << "4096";
        QTest::newRow("scheduler") << "pve3:scheduler@sda=mq-deadline"
                                   << "pve3"
                                   << "scheduler"
                                   << "sda"
                                   << "mq-deadline";
        QTest::newRow("governor, all") << "pve1:cpu-governor@all=performance"
                                       << "pve1"
                                       << "cpu-governor"
                                       << "all"
                                       << "performance";
        QTest::newRow("bond") << "pve1:bond-hash@bond0=layer3+4"
                              << "pve1"
                              << "bond-hash"
                              << "bond0"
                              << "layer3+4";
        QTest::newRow("ceph option") << "ceph:config@client/rbd_cache=false"
                                     << "ceph"
                                     << "config"
                                     << "client/rbd_cache"
                                     << "false";
        QTest::newRow("ceph option of one daemon") << "ceph:config@osd.3/osd_memory_target=4G"
                                                   << "ceph"
                                                   << "config"
                                                   << "osd.3/osd_memory_target"
                                                   << "4G";
        QTest::newRow("osd flag") << "ceph:osd-flag@noscrub=set"
                                  << "ceph"
                                  << "osd-flag"
                                  << "noscrub"
                                  << "set";
        QTest::newRow("ceph option of a gateway") << "ceph:config@client.rgw.gw1/rgw_thread_pool_size=512"
                                                  << "ceph"
                                                  << "config"
                                                  << "client.rgw.gw1/rgw_thread_pool_size"
                                                  << "512";
        QTest::newRow("user@host node") << "root@10.0.0.5:mtu@vmbr0=9000"
                                        << "root"
                                        << ""
                                        << ""
                                        << "";
    }
    void accepted()
    {
        QFETCH(QString, text);
        QFETCH(QString, node);
        QFETCH(QString, knob);
        QFETCH(QString, object);
        QFETCH(QString, raw);
        Error e;
        const KnobSetting s = KnobSetting::parse(text, &e);
        if (knob.isEmpty()) { // a node name with ':' cannot be told from the knob
            QVERIFY(e);
            return;
        }
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(s.node, node);
        QCOMPARE(s.knob, knob);
        QCOMPARE(s.object, object);
        QCOMPARE(s.raw, raw);
        QCOMPARE(KnobSetting::parse(s.toString(), &e), s); // writes back as it reads
        QCOMPARE(KnobSetting::fromJson(s.toJson(), &e), s);
        QVERIFY(!e);
    }

    void refused_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("says");
        QTest::newRow("no value") << "pve1:write-cache@sdb"
                                  << "NODE:KNOB=VALUE";
        QTest::newRow("unknown knob") << "pve1:turbo=on"
                                      << "unknown knob \"turbo\"";
        QTest::newRow("cache maybe") << "pve1:write-cache@sdb=maybe"
                                     << "on or off";
        QTest::newRow("mtu too small") << "pve1:mtu@eth0=500"
                                       << "576 to 65535";
        QTest::newRow("mtu not a number") << "pve1:mtu@eth0=9k"
                                          << "whole number";
        QTest::newRow("read-ahead negative") << "pve1:read-ahead@sda=-1"
                                             << "0 to 65536";
        QTest::newRow("path in device") << "pve1:write-cache@../../etc=off"
                                        << "not a block device";
        QTest::newRow("slash in device") << "pve1:write-cache@sd/b=off"
                                         << "not a block device";
        QTest::newRow("dot dot") << "pve1:read-ahead@..=128"
                                 << "not a block device";
        QTest::newRow("long interface") << "pve1:mtu@averyveryverylongname=1500"
                                        << "not a network interface";
        QTest::newRow("shell in value") << "pve1:scheduler@sda=none;reboot"
                                        << "scheduler is one of";
        QTest::newRow("governor unknown") << "pve1:cpu-governor@all=turbo"
                                          << "cpu-governor is one of";
        QTest::newRow("policy name") << "pve1:cpu-governor@cpu0=performance"
                                     << "CPU frequency policy";
        QTest::newRow("bond policy") << "pve1:bond-hash@bond0=layer4"
                                     << "bond-hash is one of";
        QTest::newRow("space in node") << "pve 1:mtu@eth0=1500"
                                       << "NODE:KNOB=VALUE";
        QTest::newRow("empty") << ""
                               << "NODE:KNOB=VALUE";
        QTest::newRow("ceph option on a node") << "pve1:config@client/rbd_cache=false"
                                               << "ceph:config@client/rbd_cache=false";
        QTest::newRow("osd flag that stops i/o") << "ceph:osd-flag@pause=set"
                                                 << "not an OSD flag an experiment may set";
        QTest::newRow("osd flag on a node") << "pve1:osd-flag@noscrub=set"
                                            << "ceph:osd-flag@noscrub=set";
        QTest::newRow("osd flag maybe") << "ceph:osd-flag@noscrub=maybe"
                                        << "osd-flag is one of set | unset";
        QTest::newRow("ceph option unnamed") << "ceph:config=false"
                                             << "name the option's section and name";
        QTest::newRow("ceph section unknown") << "ceph:config@daemon/rbd_cache=false"
                                              << "not a Ceph section and option";
        QTest::newRow("ceph option no name") << "ceph:config@client/=false"
                                             << "not a Ceph section and option";
        QTest::newRow("ceph option path") << "ceph:config@client/../x=false"
                                          << "not a Ceph section and option";
        QTest::newRow("ceph value control")
            << QStringLiteral("ceph:config@client/rbd_cache=a\x01b") << "printable characters";
    }
    void refused()
    {
        QFETCH(QString, text);
        QFETCH(QString, says);
        Error e;
        const KnobSetting s = KnobSetting::parse(text, &e);
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY2(e.message.contains(says), qPrintable(e.message));
        QVERIFY(s.knob.isEmpty());
    }

    void jsonRefusesWhatItDoesNotKnow()
    {
        Error e;
        KnobSetting::fromJson(QJsonObject {{QStringLiteral("node"), QStringLiteral("pve1")},
                                  {QStringLiteral("knob"), QStringLiteral("mtu")}, {QStringLiteral("value"), 9000}},
            &e);
        QVERIFY2(e.message.contains(QStringLiteral("\"value\" must be a string")), qPrintable(e.message));
        KnobSetting::fromJson(
            QJsonObject {{QStringLiteral("node"), QStringLiteral("pve1")},
                {QStringLiteral("knob"), QStringLiteral("mtu")}, {QStringLiteral("value"), QStringLiteral("9000")},
                {QStringLiteral("command"), QStringLiteral("reboot")}},
            &e);
        QVERIFY2(e.message.contains(QStringLiteral("unknown key \"command\"")), qPrintable(e.message));
    }

    void currentValues()
    {
        QCOMPARE(knobCurrentValue(*findKnob(QStringLiteral("scheduler")), "[none] mq-deadline kyber bfq \n"),
            QStringLiteral("none"));
        QCOMPARE(knobCurrentValue(*findKnob(QStringLiteral("scheduler")), "none [mq-deadline] kyber\n"),
            QStringLiteral("mq-deadline"));
        QCOMPARE(knobCurrentValue(*findKnob(QStringLiteral("bond-hash")), "layer3+4 1\n"), QStringLiteral("layer3+4"));
        QCOMPARE(
            knobCurrentValue(*findKnob(QStringLiteral("write-cache")), "write back\n"), QStringLiteral("write back"));
    }

    void everyKnobIsDescribed()
    {
        for (const KnobInfo &k : knobCatalogue()) {
            QVERIFY(findKnob(k.id) == &k);
            QVERIFY(qstrlen(k.title) > 0 && qstrlen(k.values) > 0);
        }
        QVERIFY(findKnob(QStringLiteral("mtu"))->network);
        QVERIFY(!findKnob(QStringLiteral("write-cache"))->network);
    }
};

QTEST_GUILESS_MAIN(TestKnobs)
#include "test_knobs.moc"
