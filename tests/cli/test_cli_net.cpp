// SPDX-License-Identifier: GPL-3.0-or-later
// clustermark-cli plan net: pair, star and mesh plans, clear refusals of bad arguments,
// and (with the network-namespace fixture; root) `run` of a pair plan end to end.
#include "netnsfixture.h"
#include "clirun.h"
#include "testutil.h"
#include "transport/sshtransport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

class TestCliNet : public QObject {
    Q_OBJECT

    QTemporaryDir m_data;

    using Result = cmtest::CliResult;
    Result cli(const QStringList &args, int timeoutMs = 60000)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), timeoutMs);
    }

private Q_SLOTS:
    void plans()
    {
        const QString nodes = QStringLiteral("root@10.0.0.1:2201,root@10.0.0.2,root@10.0.0.3:22");
        Result r = cli({QStringLiteral("plan"), QStringLiteral("net"), QStringLiteral("--nodes"), nodes,
            QStringLiteral("--mode"), QStringLiteral("mesh"), QStringLiteral("--streams"), QStringLiteral("8"),
            QStringLiteral("--duration"), QStringLiteral("5")});
        QVERIFY2(r.code == 0, r.err.constData());
        QJsonObject plan = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(plan.value(QStringLiteral("kind")).toString(), QStringLiteral("net-iperf"));
        QCOMPARE(plan.value(QStringLiteral("nodes")).toArray().size(), 3);
        const QJsonArray steps = plan.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 6); // every ordered pair
        const QJsonObject p0 = steps.at(0).toObject().value(QStringLiteral("params")).toObject();
        QCOMPARE(p0.value(QStringLiteral("client")).toString(), QStringLiteral("10.0.0.1"));
        QCOMPARE(p0.value(QStringLiteral("server")).toString(), QStringLiteral("10.0.0.2"));
        QCOMPARE(p0.value(QStringLiteral("streams")).toInt(), 8);
        QCOMPARE(p0.value(QStringLiteral("duration")).toInt(), 5);

        r = cli({QStringLiteral("plan"), QStringLiteral("net"), QStringLiteral("--nodes"), nodes,
            QStringLiteral("--mode"), QStringLiteral("mesh"), QStringLiteral("--direction"), QStringLiteral("bidir")});
        QCOMPARE(r.code, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("steps")).toArray().size(), 3);
        r = cli({QStringLiteral("plan"), QStringLiteral("net"), QStringLiteral("--nodes"), nodes,
            QStringLiteral("--mode"), QStringLiteral("star"), QStringLiteral("--tool"), QStringLiteral("iperf2")});
        QCOMPARE(r.code, 0);
        const QJsonArray star = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("steps")).toArray();
        QCOMPARE(star.size(), 2);
        QCOMPARE(
            star.at(1).toObject().value(QStringLiteral("params")).toObject().value(QStringLiteral("tool")).toString(),
            QStringLiteral("iperf2"));
    }

    void refusals()
    {
        const QString two = QStringLiteral("root@10.0.0.1,root@10.0.0.2");
        const QList<QPair<QStringList, QByteArray>> cases = {
            {{QStringLiteral("--nodes"), QStringLiteral("root@10.0.0.1")}, "at least two nodes"},
            {{QStringLiteral("--nodes"), two, QStringLiteral("--streams"), QStringLiteral("0")},
                "\"streams\" must be a whole number from 1 to 128, not 0"},
            {{QStringLiteral("--nodes"), two, QStringLiteral("--streams"), QStringLiteral("x")},
                "--streams needs a number"},
            {{QStringLiteral("--nodes"), two, QStringLiteral("--duration"), QStringLiteral("0")},
                "\"duration\" must be a whole number from 1 to 3600 (s), not 0"},
            {{QStringLiteral("--nodes"), two, QStringLiteral("--direction"), QStringLiteral("up")},
                "direction must be"},
            {{QStringLiteral("--nodes"), two, QStringLiteral("--tool"), QStringLiteral("netperf")}, "tool must be"},
            {{QStringLiteral("--nodes"), two, QStringLiteral("--mode"), QStringLiteral("ring")}, "unknown mode"},
            {{QStringLiteral("--nodes"), two + QStringLiteral(",root@10.0.0.3")}, "exactly two nodes"},
            {{QStringLiteral("--nodes"), two, QStringLiteral("--server-address"), QStringLiteral("-oProxy=x")},
                "not a host name"},
            {{QStringLiteral("--nodes"), QStringLiteral("root@10.0.0.1,root@10.0.0.1:22")}, "both named"},
        };
        for (const auto &c : cases) {
            const Result r = cli(QStringList {QStringLiteral("plan"), QStringLiteral("net")} + c.first);
            QVERIFY2(r.code == 2 && r.err.contains(c.second),
                qPrintable(c.first.join(QLatin1Char(' ')) + QStringLiteral(" -> ") + QString::fromUtf8(r.err)));
            QVERIFY(r.out.isEmpty());
        }
    }

    void runPairOnTheFixture()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::NetnsFixture::available(&why), why);
        cmtest::NetnsFixture net;
        QVERIFY2(net.up(2, QStringLiteral("1gbit")), qPrintable(net.whyNot()));
        QStringList specs;
        for (int k = 1; k <= 2; ++k) {
            cm::SshOptions o = net.options();
            o.knownHostsPath = m_data.filePath(QStringLiteral("known_hosts"));
            cm::SshTransport t(net.node(k), {}, o);
            QVERIFY(!t.connect());
            specs << QStringLiteral("%1@%2:%3").arg(net.nodeValue(k, "USER"), net.addr(k)).arg(net.port(k));
        }
        Result r = cli({QStringLiteral("plan"), QStringLiteral("net"), QStringLiteral("--nodes"),
            specs.join(QLatin1Char(',')), QStringLiteral("--streams"), QStringLiteral("2"),
            QStringLiteral("--duration"), QStringLiteral("2"), QStringLiteral("--server-address"), net.loAddr(2)});
        QVERIFY2(r.code == 0, r.err.constData());
        // the fixture's user key (a plan carries key paths, never keys)
        QJsonObject plan = QJsonDocument::fromJson(r.out).object();
        QJsonArray nodes = plan.value(QStringLiteral("nodes")).toArray();
        for (int k = 0; k < 2; ++k) {
            QJsonObject n = nodes.at(k).toObject();
            n.insert(QStringLiteral("identityFile"), net.keyPath(k + 1));
            nodes[k] = n;
        }
        plan.insert(QStringLiteral("nodes"), nodes);
        const QString planPath = m_data.filePath(QStringLiteral("net.json"));
        QFile f(planPath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(plan).toJson());
        f.close();
        const QString md = m_data.filePath(QStringLiteral("net.md"));
        r = cli({QStringLiteral("run"), planPath, QStringLiteral("--markdown-out"), md}, 90000);
        QVERIFY2(r.code == 0, r.err.constData());
        QFile mdFile(md);
        QVERIFY(mdFile.open(QIODevice::ReadOnly));
        const QString table = QString::fromUtf8(mdFile.readAll());
        qInfo("%s", qPrintable(table));
        QVERIFY(table.contains(QStringLiteral("| Pair | Tool | Streams | Gbit/s |")));
        QVERIFY(table.contains(QStringLiteral("| iperf3 | 2 | ")));
        QVERIFY(table.contains(QStringLiteral("s1a")) || table.contains(QStringLiteral("s1b")));
        QVERIFY2(r.out.contains("bitsPerSecond") && r.out.contains("findings"), r.out.left(2000).constData());
        QVERIFY2(r.err.contains("Gbit/s (iperf3, 2 streams"), r.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCliNet)
#include "test_cli_net.moc"
