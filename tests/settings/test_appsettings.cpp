// SPDX-License-Identifier: GPL-3.0-or-later
// AppSettings over a real INI file: saved nodes, defaults, and no secrets on disk.
#include "io/appsettings.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

class TestAppSettings : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void roundTripAndDefaults()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("s.ini"));
        {
            AppSettings s(ini);
            QCOMPARE(s.nodes().size(), 0);
            QCOMPARE(s.lastPreset(), QStringLiteral("quick"));
            QCOMPARE(s.lastTargetDir(), settingsdefault::lastTargetDir());
            NodeSpec a = NodeSpec::parse(QStringLiteral("root@pve1:2222"));
            a.auth = NodeSpec::Auth::Password;
            a.rememberSecret = true;
            s.saveNode(a);
            s.saveNode(NodeSpec::parse(QStringLiteral("pve2")));
            a.name = QStringLiteral("first");
            s.saveNode(a); // same node: replaced, not added
            s.setLastPreset(QStringLiteral("standard"));
            s.setLastTargetDir(QStringLiteral("/srv/bench"));
            s.setWindowGeometry(QByteArray("geom"));
            s.sync();
        }
        AppSettings s(ini);
        const QList<NodeSpec> nodes = s.nodes();
        QCOMPARE(nodes.size(), 2);
        QCOMPARE(nodes.at(0).name, QStringLiteral("first"));
        QCOMPARE(nodes.at(0).port, 2222);
        QCOMPARE(nodes.at(0).auth, NodeSpec::Auth::Password);
        QVERIFY(nodes.at(0).rememberSecret);
        QCOMPARE(nodes.at(1).host, QStringLiteral("pve2"));
        QCOMPARE(s.lastPreset(), QStringLiteral("standard"));
        QCOMPARE(s.lastTargetDir(), QStringLiteral("/srv/bench"));
        QCOMPARE(s.windowGeometry(), QByteArray("geom"));
        s.removeNode(nodes.at(1));
        QCOMPARE(s.nodes().size(), 1);
        s.sync();
        // What is on disk: NodeSpec fields only, no secret field.
        QSettings raw(ini, QSettings::IniFormat);
        const QJsonArray arr = QJsonDocument::fromJson(raw.value(settingskey::Nodes).toByteArray()).array();
        QCOMPARE(arr.size(), 1);
        const QStringList allowed {QStringLiteral("name"), QStringLiteral("host"), QStringLiteral("port"),
            QStringLiteral("user"), QStringLiteral("identityFile"), QStringLiteral("auth"),
            QStringLiteral("rememberSecret"), QStringLiteral("procRoot"), QStringLiteral("sysRoot")};
        for (const QString &k : arr.at(0).toObject().keys())
            QVERIFY2(allowed.contains(k), qPrintable(k));
    }

    void garbageIsIgnored()
    {
        QTemporaryDir dir;
        const QString ini = dir.filePath(QStringLiteral("s.ini"));
        {
            QSettings raw(ini, QSettings::IniFormat);
            raw.setValue(settingskey::Nodes, QByteArray("{not json"));
        }
        AppSettings s(ini);
        QCOMPARE(s.nodes().size(), 0);
    }
};

QTEST_MAIN(TestAppSettings)
#include "test_appsettings.moc"
