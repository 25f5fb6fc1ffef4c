// SPDX-License-Identifier: GPL-3.0-or-later
// Knobs changed for real and put back: a loop device's write cache, read-ahead and
// scheduler through sysfs on this machine, and the MTU of a veth link on a
// network-namespace node over SSH, with its dead-man switch. The revert journal is
// written before every change, and what a crashed process left is restored from it.
#include "clirun.h"
#include "netnsfixture.h"
#include "testutil.h"
#include "transport/localtransport.h"
#include "transport/shellquote.h"
#include "transport/transportfactory.h"
#include "tuning/knobscope.h"
#include "tuning/knobsession.h"
#include "tuning/nodeknobs.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QFile>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

using namespace cm;

namespace {

QString sysfs(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()).trimmed() : QString();
}

KnobSetting setting(const QString &text)
{
    Error e;
    const KnobSetting s = KnobSetting::parse(text, &e);
    if (e)
        qWarning() << e.toString();
    return s;
}

// A PID no process has: a shell that ran and ended.
qint64 deadPid()
{
    QProcess p;
    p.start(QStringLiteral("true"), QStringList());
    p.waitForFinished();
    return p.processId() > 0 ? p.processId() : 999999;
}

TransportMaker localMaker()
{
    return [](const NodeSpec &n) { return std::unique_ptr<Transport>(new LocalTransport(n)); };
}

} // namespace

class TestNodeKnobs : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_loop; // "loop7"
    NodeSpec m_local = NodeSpec::parse(QStringLiteral("local"));

    QString queue(const QString &file) const
    {
        return sysfs(QStringLiteral("/sys/block/%1/queue/%2").arg(m_loop, file));
    }

private Q_SLOTS:
    void initTestCase()
    {
        CM_REQUIRE_FIXTURE(geteuid() == 0, QStringLiteral("loop devices and sysfs writes need root"));
        const QString img = m_dir.filePath(QStringLiteral("disk.img"));
        QFile f(img);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(64 << 20));
        f.close();
        const QString dev = cmtest::shell(QStringLiteral("losetup --find --show -- %1").arg(shellQuote(img)));
        QVERIFY2(dev.startsWith(QLatin1String("/dev/loop")), qPrintable(dev));
        m_loop = dev.mid(5);
    }

    void cleanupTestCase()
    {
        if (!m_loop.isEmpty())
            cmtest::shell(QStringLiteral("losetup -d /dev/%1").arg(m_loop));
    }

    void loopDeviceKnobsApplyAndRestore()
    {
        SessionStore store(m_dir.filePath(QStringLiteral("s.sqlite")));
        QVERIFY(!store.open());
        const QString cache = queue(QStringLiteral("write_cache"));
        const QString ahead = queue(QStringLiteral("read_ahead_kb"));
        const QString scheduler
            = knobCurrentValue(*findKnob(QStringLiteral("scheduler")), queue(QStringLiteral("scheduler")).toUtf8());
        const QString otherScheduler
            = scheduler == QLatin1String("none") ? QStringLiteral("mq-deadline") : QStringLiteral("none");
        QVERIFY2(queue(QStringLiteral("scheduler")).contains(otherScheduler), qPrintable(queue("scheduler")));
        const QString flipped = cache == QLatin1String("write back") ? QStringLiteral("off") : QStringLiteral("on");

        KnobSession session(store, QStringLiteral("exp-1"), localMaker());
        QVERIFY2(!session.apply(m_local, setting(QStringLiteral("local:write-cache@%1=%2").arg(m_loop, flipped))),
            "write-cache");
        QVERIFY(!session.apply(
            m_local, setting(QStringLiteral("local:read-ahead@%1=%2").arg(m_loop).arg(ahead.toInt() + 128))));
        QVERIFY(!session.apply(m_local, setting(QStringLiteral("local:scheduler@%1=%2").arg(m_loop, otherScheduler))));
        QVERIFY(queue(QStringLiteral("write_cache")) != cache);
        QCOMPARE(queue(QStringLiteral("read_ahead_kb")).toInt(), ahead.toInt() + 128);
        QVERIFY(queue(QStringLiteral("scheduler")).contains(QStringLiteral("[%1]").arg(otherScheduler)));

        // Written before the change: three open entries with the old values.
        KnobJournal journal(store);
        const QList<KnobJournalEntry> open = journal.open(false);
        QCOMPARE(open.size(), 3);
        QCOMPARE(open.at(0).oldValue, cache);
        QCOMPARE(open.at(1).oldValue, ahead);
        QCOMPARE(open.at(2).oldValue, scheduler);
        QVERIFY(!open.at(0).orphaned()); // this process still runs

        const Error e = session.restoreAll();
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(queue(QStringLiteral("write_cache")), cache);
        QCOMPARE(queue(QStringLiteral("read_ahead_kb")), ahead);
        QVERIFY(queue(QStringLiteral("scheduler")).contains(QStringLiteral("[%1]").arg(scheduler)));
        QVERIFY(journal.open(false).isEmpty());
    }

    void aValueAlreadySetIsNotJournaled()
    {
        SessionStore store(m_dir.filePath(QStringLiteral("same.sqlite")));
        QVERIFY(!store.open());
        const QString ahead = queue(QStringLiteral("read_ahead_kb"));
        KnobSession session(store, QStringLiteral("exp-same"), localMaker());
        QVERIFY(!session.apply(m_local, setting(QStringLiteral("local:read-ahead@%1=%2").arg(m_loop, ahead))));
        QCOMPARE(session.changes().size(), 1);
        QCOMPARE(session.changes().first().journalId, 0);
        QVERIFY(KnobJournal(store).open(false).isEmpty());
    }

    void refusedBeforeAnythingIsWritten()
    {
        SessionStore store(m_dir.filePath(QStringLiteral("refused.sqlite")));
        QVERIFY(!store.open());
        KnobSession session(store, QStringLiteral("exp-2"), localMaker());
        // A device this machine does not have: refused when its value is read.
        Error e = session.apply(m_local, setting(QStringLiteral("local:write-cache@cmnosuchdisk9=off")));
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(e.message.contains(QStringLiteral("cmnosuchdisk9")), qPrintable(e.message));
        // A scheduler the kernel does not have: refused by the node, the old one kept.
        const QString before = queue(QStringLiteral("scheduler"));
        e = session.apply(m_local, setting(QStringLiteral("local:scheduler@%1=cm-nosuch").arg(m_loop)));
        QCOMPARE(e.code, Error::Code::CommandFailed);
        QCOMPARE(queue(QStringLiteral("scheduler")), before);
        // Nothing open in the journal: the failed write was put back at once.
        QVERIFY(KnobJournal(store).open(false).isEmpty());
        // A setting that never parsed reaches no node.
        e = session.apply(m_local,
            KnobSetting {QStringLiteral("local"), QStringLiteral("read-ahead"), QStringLiteral("../../etc"),
                QStringLiteral("1"), QStringLiteral("1")});
        QCOMPARE(e.code, Error::Code::InvalidInput);
    }

    // What the run uses, found on the node: the loop device behind its path; this machine
    // has no CPU frequency scaling and no bond, so those knobs are refused clearly.
    void onlyWhatTheRunUses()
    {
        LocalTransport t(m_local);
        UsedObjects used;
        QVERIFY(!resolveUse(t, NodeUse {{QStringLiteral("/dev/") + m_loop}, {QStringLiteral("127.0.0.1")}}, &used));
        QCOMPARE(used.devices, QStringList {m_loop});
        QList<KnobSetting> scoped;
        QVERIFY(
            !scopeSettings(QStringLiteral("local"), used, {setting(QStringLiteral("local:read-ahead=512"))}, &scoped));
        QCOMPARE(scoped.size(), 1);
        QCOMPARE(scoped.first().object, m_loop); // none given: the one the run uses
        scoped.clear();
        Error e = scopeSettings(
            QStringLiteral("local"), used, {setting(QStringLiteral("local:read-ahead@cmother0=512"))}, &scoped);
        QCOMPARE(e.code, Error::Code::Unsafe);
        QVERIFY2(e.message.contains(QStringLiteral("cmother0 is not used by this run")), qPrintable(e.message));
        if (used.cpuPolicies.isEmpty()) {
            e = scopeSettings(
                QStringLiteral("local"), used, {setting(QStringLiteral("local:cpu-governor=performance"))}, &scoped);
            QVERIFY2(e.message.contains(QStringLiteral("no CPU frequency policy")), qPrintable(e.message));
        }
        e = scopeSettings(
            QStringLiteral("local"), used, {setting(QStringLiteral("local:bond-hash=layer3+4"))}, &scoped);
        QVERIFY2(e.message.contains(QStringLiteral("no bond")), qPrintable(e.message));
        QVERIFY(scoped.isEmpty());
    }

    void aCrashLeavesAJournalThatRestores()
    {
        SessionStore store(m_dir.filePath(QStringLiteral("crash.sqlite")));
        QVERIFY(!store.open());
        const QString cache = queue(QStringLiteral("write_cache"));
        const QString flipped = cache == QLatin1String("write back") ? QStringLiteral("off") : QStringLiteral("on");
        {
            KnobSession session(store, QStringLiteral("exp-crash"), localMaker());
            QVERIFY(!session.apply(m_local, setting(QStringLiteral("local:write-cache@%1=%2").arg(m_loop, flipped))));
        } // no restoreAll: what a kill -9 leaves
        QVERIFY(queue(QStringLiteral("write_cache")) != cache);
        KnobJournal journal(store);
        QVERIFY(journal.open(true).isEmpty()); // its writer (this process) still runs
        {
            QSqlQuery q(QSqlDatabase::database(store.connectionName()));
            QVERIFY(q.exec(QStringLiteral("UPDATE knob_journal SET owner_pid = %1").arg(deadPid())));
        }
        const QList<KnobJournalEntry> orphans = journal.open(true);
        QCOMPARE(orphans.size(), 1);
        QCOMPARE(orphans.first().describe(),
            QStringLiteral("local: write-cache on %1: %2 → %3")
                .arg(m_loop, cache,
                    cache == QLatin1String("write back") ? QStringLiteral("write through")
                                                         : QStringLiteral("write back")));
        const RestoreReport r = restoreJournal(store, orphans, localMaker(), CancelToken());
        QCOMPARE(r.restored.size(), 1);
        QVERIFY(r.failed.isEmpty());
        QCOMPARE(queue(QStringLiteral("write_cache")), cache);
        QVERIFY(journal.open(false).isEmpty());
    }

    // `clustermark-cli restore` finds what a dead process left in the journal and puts it
    // back; --dry-run only lists it.
    void cliRestorePutsBackWhatACrashLeft()
    {
        const QString data = m_dir.filePath(QStringLiteral("cli"));
        QDir().mkpath(data);
        const QString cache = queue(QStringLiteral("write_cache"));
        const QString flipped = cache == QLatin1String("write back") ? QStringLiteral("off") : QStringLiteral("on");
        {
            SessionStore store(QDir(data).filePath(QStringLiteral("clustermark.sqlite")));
            QVERIFY(!store.open());
            KnobSession session(store, QStringLiteral("exp-cli"), localMaker());
            QVERIFY(!session.apply(m_local, setting(QStringLiteral("local:write-cache@%1=%2").arg(m_loop, flipped))));
            QSqlQuery q(QSqlDatabase::database(store.connectionName()));
            QVERIFY(q.exec(QStringLiteral("UPDATE knob_journal SET owner_pid = %1").arg(deadPid())));
        }
        cmtest::CliResult r = cmtest::runBinary(QStringLiteral("clustermark-cli"),
            {QStringLiteral("restore"), QStringLiteral("--dry-run"), QStringLiteral("--json")}, data);
        QCOMPARE(r.code, 0);
        QCOMPARE(r.json().value(QStringLiteral("left")).toArray().size(), 1);
        QVERIFY(queue(QStringLiteral("write_cache")) != cache);
        r = cmtest::runBinary(QStringLiteral("clustermark-cli"), {QStringLiteral("restore")}, data);
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.err.contains("restored 1 of 1"), r.err.constData());
        QVERIFY2(r.err.contains(m_loop.toUtf8()), r.err.constData());
        QCOMPARE(queue(QStringLiteral("write_cache")), cache);
        r = cmtest::runBinary(QStringLiteral("clustermark-cli"), {QStringLiteral("restore")}, data);
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.contains("nothing to restore"), r.err.constData());
    }

    void mtuWithItsDeadManSwitch()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::NetnsFixture::available(&why), why);
        cmtest::NetnsFixture net;
        QVERIFY2(net.up(2, QString()), qPrintable(net.whyNot()));
        const QString link = net.linkNames(1).value(0);
        QVERIFY(!link.isEmpty());
        auto mtuOf = [&] {
            QByteArray out;
            net.exec(1, {QStringLiteral("cat"), QStringLiteral("/sys/class/net/%1/mtu").arg(link)}, &out);
            return QString::fromUtf8(out).trimmed();
        };
        const QString before = mtuOf();
        const NodeSpec node = net.node(1);
        const SshOptions options = net.options();
        const TransportMaker ssh = [options](const NodeSpec &n) { return makeTransport(n, {}, options); };
        SessionStore store(m_dir.filePath(QStringLiteral("mtu.sqlite")));
        QVERIFY(!store.open());

        // Applied, confirmed over a new connection: the switch is disarmed and the value
        // stays past its time.
        {
            KnobSession session(store, QStringLiteral("exp-mtu"), ssh);
            session.setDeadManSeconds(5);
            const Error e = session.apply(node, setting(QStringLiteral("%1:mtu@%2=1400").arg(node.name, link)));
            QVERIFY2(!e, qPrintable(e.toString()));
            QCOMPARE(mtuOf(), QStringLiteral("1400"));
            QVERIFY(
                cmtest::shell(QStringLiteral("pgrep -f clustermark-deadma[n] || true")).isEmpty()); // the timer ended
            QTest::qWait(6500);
            QCOMPARE(mtuOf(), QStringLiteral("1400"));
            QVERIFY(!session.restoreAll());
            QCOMPARE(mtuOf(), before);
        }

        // The app cannot reach the node after the change (here its second connection
        // goes to a port nobody listens on, as a cut network would): the node puts the
        // old value back by itself and the apply says so.
        {
            int made = 0;
            const TransportMaker cutAfterChange = [&](const NodeSpec &n) {
                NodeSpec target = n;
                if (made++ == 1)
                    target.port = 1; // nothing listens there
                return makeTransport(target, {}, options);
            };
            KnobSession session(store, QStringLiteral("exp-cut"), cutAfterChange);
            session.setDeadManSeconds(5);
            QElapsedTimer t;
            t.start();
            const Error e = session.apply(node, setting(QStringLiteral("%1:mtu@%2=1300").arg(node.name, link)));
            QCOMPARE(e.code, Error::Code::Unreachable);
            QVERIFY2(e.message.contains(QStringLiteral("put %1 back by itself").arg(before)), qPrintable(e.message));
            QVERIFY(t.elapsed() >= 5000);
            QCOMPARE(mtuOf(), before);
            QVERIFY(KnobJournal(store).open(false).isEmpty());
        }

        // The node's own timer, armed and never disarmed.
        {
            std::unique_ptr<Transport> t = ssh(node);
            QVERIFY(!t->connect());
            NodeKnobs nk(*t);
            QVERIFY(!nk.checkPrivilege(QStringLiteral("mtu")));
            const KnobSetting s = setting(QStringLiteral("%1:mtu@%2=1280").arg(node.name, link));
            QString handle;
            QVERIFY(!nk.armDeadMan(s, before, 5, &handle));
            QVERIFY2(NodeKnobs::isDeadManHandle(handle), qPrintable(handle));
            QVERIFY(!nk.write(s, s.raw));
            QCOMPARE(mtuOf(), QStringLiteral("1280"));
            QTest::qWait(7000);
            QCOMPARE(mtuOf(), before);
            QVERIFY(!QFile::exists(handle.section(QLatin1Char(' '), 0, 0)));
        }
    }
};

QTEST_GUILESS_MAIN(TestNodeKnobs)
#include "test_nodeknobs.moc"
