// SPDX-License-Identifier: GPL-3.0-or-later
// The Ceph option knob ("ceph:config@WHO/NAME") on the loopback lab: an option that was
// not set is removed again, one that was set gets its exact old value back, a value or
// an option the mons refuse is a clear error that leaves nothing set, and a journal
// left by a crash is restored over a new connection; an OSD flag (noscrub) likewise. Then `clustermark-cli experiment`
// with the RBD client cache turned off through the cluster's configuration: 4k QD1
// writes are judged worse beyond noise, and the option is gone afterwards.
#include "ceph/radosclient.h"
#include "cephlabfixture.h"
#include "clirun.h"
#include "testutil.h"
#include "tuning/knobsession.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

namespace {

KnobSetting setting(const QString &text)
{
    Error e;
    KnobSetting s = KnobSetting::parse(text, &e);
    if (e)
        qWarning("%s", qPrintable(e.toString()));
    return s;
}

} // namespace

class TestCephConfigKnob : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    QTemporaryDir m_dir;
    CephConnectionSpec m_spec;
    RadosClient m_client;

    // The value the mons hold for exactly WHO/NAME, "" when not set.
    QString configured(const QString &who, const QString &name)
    {
        QByteArray out;
        if (Error e = m_client.monCommand({{QStringLiteral("prefix"), QStringLiteral("config dump")},
                                              {QStringLiteral("format"), QStringLiteral("json")}},
                &out))
            return QStringLiteral("<%1>").arg(e.message);
        for (const QJsonValue &v : QJsonDocument::fromJson(out).array())
            if (v[QStringLiteral("section")].toString() == who && v[QStringLiteral("name")].toString() == name)
                return v[QStringLiteral("value")].toString();
        return {};
    }

    QString flags()
    {
        QByteArray out;
        m_client.monCommand({{QStringLiteral("prefix"), QStringLiteral("osd dump")},
                                {QStringLiteral("format"), QStringLiteral("json")}},
            &out);
        return QJsonDocument::fromJson(out).object().value(QStringLiteral("flags")).toString();
    }

    std::unique_ptr<KnobSession> session(SessionStore &store)
    {
        auto s = std::make_unique<KnobSession>(
            store, QStringLiteral("x"), [](const NodeSpec &) { return std::unique_ptr<Transport>(); });
        s->setCluster(m_spec);
        return s;
    }

    QString data() const { return m_dir.filePath(QStringLiteral("data")); }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        QVERIFY(m_lab.createPool(QStringLiteral("rbd"), QStringLiteral("rbd"), 8));
        QCOMPARE(m_lab.client(
                     QStringLiteral("rbd"), {QStringLiteral("pool"), QStringLiteral("init"), QStringLiteral("rbd")}),
            0);
        m_spec.confPath = m_lab.confPath();
        m_spec.keyringPath = m_lab.keyringPath();
        QVERIFY(!m_client.connect(m_spec));
    }
    void cleanupTestCase() { m_lab.stop(); }

    void notSetIsPutBackAsNotSet()
    {
        SessionStore store(m_dir.filePath(QStringLiteral("unset.sqlite")));
        QVERIFY(!store.open());
        QCOMPARE(configured(QStringLiteral("client"), QStringLiteral("rbd_cache")), QString());
        const std::unique_ptr<KnobSession> s = session(store);
        QString current, how;
        const KnobSetting off = setting(QStringLiteral("ceph:config@client/rbd_cache=false"));
        QVERIFY(!s->check(NodeSpec(), off, &current, &how));
        QCOMPARE(current, QString());
        QCOMPARE(how, QStringLiteral("ceph config set client rbd_cache false"));
        QVERIFY(!s->apply(NodeSpec(), off));
        QCOMPARE(configured(QStringLiteral("client"), QStringLiteral("rbd_cache")), QStringLiteral("false"));
        const QList<KnobJournalEntry> open = KnobJournal(store).open(false);
        QCOMPARE(open.size(), 1);
        QCOMPARE(open.first().where(), QStringLiteral("ceph (%1)").arg(m_lab.confPath()));
        QVERIFY2(
            open.first().describe().contains(QStringLiteral("(not set) → false")), qPrintable(open.first().describe()));
        QVERIFY(!s->restoreAll());
        QCOMPARE(configured(QStringLiteral("client"), QStringLiteral("rbd_cache")), QString());
        QVERIFY(KnobJournal(store).open(false).isEmpty());
    }

    void aSetValueIsPutBackExactly()
    {
        QVERIFY(!m_client.monCommand({{QStringLiteral("prefix"), QStringLiteral("config set")},
                                         {QStringLiteral("who"), QStringLiteral("client")},
                                         {QStringLiteral("name"), QStringLiteral("rbd_cache_size")},
                                         {QStringLiteral("value"), QStringLiteral("33554432")}},
            nullptr));
        SessionStore store(m_dir.filePath(QStringLiteral("set.sqlite")));
        QVERIFY(!store.open());
        const std::unique_ptr<KnobSession> s = session(store);
        QVERIFY(!s->apply(NodeSpec(), setting(QStringLiteral("ceph:config@client/rbd_cache_size=64M"))));
        const QString during = configured(QStringLiteral("client"), QStringLiteral("rbd_cache_size"));
        QVERIFY2(during == QStringLiteral("64M") || during == QStringLiteral("67108864"), qPrintable(during));
        QVERIFY(!s->restoreAll());
        QCOMPARE(configured(QStringLiteral("client"), QStringLiteral("rbd_cache_size")), QStringLiteral("33554432"));
        m_client.monCommand(
            {{QStringLiteral("prefix"), QStringLiteral("config rm")}, {QStringLiteral("who"), QStringLiteral("client")},
                {QStringLiteral("name"), QStringLiteral("rbd_cache_size")}},
            nullptr);
    }

    void refusedByTheMonsLeavesNothing_data()
    {
        QTest::addColumn<QString>("knob");
        QTest::newRow("not a boolean") << "ceph:config@client/rbd_cache=maybe";
        QTest::newRow("unknown option") << "ceph:config@client/no_such_option_here=1";
    }
    void refusedByTheMonsLeavesNothing()
    {
        QFETCH(QString, knob);
        SessionStore store(m_dir.filePath(QStringLiteral("bad.sqlite")));
        QVERIFY(!store.open());
        const std::unique_ptr<KnobSession> s = session(store);
        const KnobSetting bad = setting(knob);
        const Error e = s->apply(NodeSpec(), bad);
        QVERIFY(e);
        QVERIFY2(e.message.contains(QStringLiteral("config set")), qPrintable(e.toString()));
        QCOMPARE(configured(bad.cephWho(), bad.cephName()), QString());
        QVERIFY(KnobJournal(store).open(false).isEmpty()); // tried, put back
        QVERIFY(!s->restoreAll());
    }

    // A cluster-wide flag: set for the variant, unset again, and a flag already set is
    // left alone.
    void anOsdFlagIsPutBack()
    {
        SessionStore store(m_dir.filePath(QStringLiteral("flag.sqlite")));
        QVERIFY(!store.open());
        const std::unique_ptr<KnobSession> s = session(store);
        QString current, how;
        const KnobSetting noscrub = setting(QStringLiteral("ceph:osd-flag@noscrub=set"));
        QVERIFY(!s->check(NodeSpec(), noscrub, &current, &how));
        QCOMPARE(current, QStringLiteral("unset"));
        QCOMPARE(how, QStringLiteral("ceph osd set noscrub"));
        QVERIFY(!s->apply(NodeSpec(), noscrub));
        QVERIFY(flags().contains(QStringLiteral("noscrub")));
        QCOMPARE(KnobJournal(store).open(false).size(), 1);
        QVERIFY(!s->restoreAll());
        QVERIFY(!flags().contains(QStringLiteral("noscrub")));
        QVERIFY(KnobJournal(store).open(false).isEmpty());
    }

    // The app gone without restoring (its session dropped): the journal holds the
    // cluster's connection and a restore from it removes the option again.
    void aJournalLeftByACrashIsRestored()
    {
        SessionStore store(m_dir.filePath(QStringLiteral("crash.sqlite")));
        QVERIFY(!store.open());
        {
            const std::unique_ptr<KnobSession> s = session(store);
            QVERIFY(!s->apply(NodeSpec(), setting(QStringLiteral("ceph:config@osd/osd_max_backfills=3"))));
        }
        QCOMPARE(configured(QStringLiteral("osd"), QStringLiteral("osd_max_backfills")), QStringLiteral("3"));
        const QList<KnobJournalEntry> left = KnobJournal(store).open(false);
        QCOMPARE(left.size(), 1);
        QCOMPARE(left.first().cluster.confPath, m_lab.confPath());
        const RestoreReport r = restoreJournal(
            store, left, [](const NodeSpec &) { return std::unique_ptr<Transport>(); }, CancelToken());
        QVERIFY2(r.failed.isEmpty(), r.failed.isEmpty() ? "" : qPrintable(r.failed.first().second.toString()));
        QCOMPARE(r.restored.size(), 1);
        QCOMPARE(configured(QStringLiteral("osd"), QStringLiteral("osd_max_backfills")), QString());
        QVERIFY(KnobJournal(store).open(false).isEmpty());
    }

    void experimentWithTheRbdCacheOff()
    {
        QDir().mkpath(data());
        const cmtest::CliResult plan = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("plan"), QStringLiteral("rbd"), QStringLiteral("--engine"), QStringLiteral("native"),
                QStringLiteral("--lab"), m_lab.dir(), QStringLiteral("--image-size"), QStringLiteral("16M"),
                QStringLiteral("--runtime"), QStringLiteral("1"), QStringLiteral("--cache"),
                QStringLiteral("writeback")},
            data());
        QVERIFY2(plan.code == 0, plan.err.constData());
        QJsonObject p = plan.json();
        QJsonArray qd1;
        for (const QJsonValue &st : p.value(QStringLiteral("steps")).toArray())
            if (st[QStringLiteral("id")].toString() == QLatin1String("randwrite-4k-qd1"))
                qd1 << st;
        QCOMPARE(qd1.size(), 1);
        p.insert(QStringLiteral("steps"), qd1);
        const QString planFile = m_dir.filePath(QStringLiteral("rbd.json"));
        QFile f(planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(p).toJson());
        f.close();

        const cmtest::CliResult r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("experiment"), planFile, QStringLiteral("--knob"),
                QStringLiteral("ceph:config@client/rbd_cache=false"), QStringLiteral("--variant"),
                QStringLiteral("cache off"), QStringLiteral("--repetitions"), QStringLiteral("5"),
                QStringLiteral("--json")},
            data(), 300000);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(
            r.err.contains("variant \"cache off\" runs ceph config set client rbd_cache false"), r.err.constData());
        QCOMPARE(configured(QStringLiteral("client"), QStringLiteral("rbd_cache")), QString()); // removed again
        const QJsonObject j = r.json();
        QCOMPARE(j.value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        bool judged = false;
        for (const QJsonValue &v : j.value(QStringLiteral("figures")).toArray()) {
            if (v[QStringLiteral("figure")].toString() != QLatin1String("write.iops"))
                continue;
            judged = true;
            qInfo("write IOPS %+.1f %% (95 %% CI %.0f … %.0f), noise %.1f %%: %s",
                v[QStringLiteral("changePct")].toDouble(), v[QStringLiteral("ciLow")].toDouble(),
                v[QStringLiteral("ciHigh")].toDouble(), v[QStringLiteral("noiseFloorPct")].toDouble(),
                qPrintable(v[QStringLiteral("verdict")].toString()));
            QCOMPARE(v[QStringLiteral("verdict")].toString(), QStringLiteral("worse"));
            QVERIFY(v[QStringLiteral("ciHigh")].toDouble() < 0); // the interval excludes 0
        }
        QVERIFY(judged);
        const cmtest::CliResult md = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("experiment"), QStringLiteral("--show"), j.value(QStringLiteral("id")).toString(),
                QStringLiteral("--format"), QStringLiteral("md")},
            data());
        QVERIFY2(md.out.contains("cache off: ceph:config@client/rbd_cache=false"), md.out.constData());
        const cmtest::CliResult left = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("restore"), QStringLiteral("--dry-run"), QStringLiteral("--json")}, data());
        QCOMPARE(left.json().value(QStringLiteral("left")).toArray().size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestCephConfigKnob)
#include "test_cephconfigknob.moc"
