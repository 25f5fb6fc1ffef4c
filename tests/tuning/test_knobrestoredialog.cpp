// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI's offer at start: the knobs an experiment that did not finish left changed,
// listed with where and what, and put back on "Restore now" (a loop device's read-ahead
// for real, through the journal).
#include "shots.h"
#include "testutil.h"
#include "transport/localtransport.h"
#include "transport/shellquote.h"
#include "tuning/knobrestoredialog.h"
#include "tuning/knobsession.h"

#include <QFile>
#include <QListWidget>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

using namespace cm;

class TestKnobRestoreDialog : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void listsAndRestores()
    {
        CM_REQUIRE_FIXTURE(geteuid() == 0, QStringLiteral("loop devices and sysfs writes need root"));
        QTemporaryDir dir;
        const QString img = dir.filePath(QStringLiteral("disk.img"));
        QFile f(img);
        QVERIFY(f.open(QIODevice::WriteOnly) && f.resize(32 << 20));
        f.close();
        QProcess p;
        p.start(QStringLiteral("losetup"), {QStringLiteral("--find"), QStringLiteral("--show"), img});
        QVERIFY(p.waitForFinished());
        const QString loop = QString::fromUtf8(p.readAllStandardOutput()).trimmed().mid(5);
        QVERIFY2(loop.startsWith(QLatin1String("loop")), qPrintable(loop));
        auto detach = qScopeGuard([&] {
            QProcess::execute(QStringLiteral("losetup"), {QStringLiteral("-d"), QStringLiteral("/dev/") + loop});
        });
        const QString path = QStringLiteral("/sys/block/%1/queue/read_ahead_kb").arg(loop);
        auto readAhead = [&] {
            QFile ra(path);
            return ra.open(QIODevice::ReadOnly) ? QString::fromUtf8(ra.readAll()).trimmed() : QString();
        };
        const QString before = readAhead();

        const QString storePath = dir.filePath(QStringLiteral("s.sqlite"));
        {
            SessionStore store(storePath);
            QVERIFY(!store.open());
            KnobSession s(store, QStringLiteral("exp-gui"),
                [](const NodeSpec &n) { return std::unique_ptr<Transport>(new LocalTransport(n)); });
            Error e;
            const KnobSetting k
                = KnobSetting::parse(QStringLiteral("local:read-ahead@%1=%2").arg(loop).arg(before.toInt() + 64), &e);
            QVERIFY(!e);
            QVERIFY(!s.apply(NodeSpec::parse(QStringLiteral("local")), k));
            QSqlQuery q(QSqlDatabase::database(store.connectionName()));
            QVERIFY(q.exec(QStringLiteral("UPDATE knob_journal SET owner_pid = 999999999")));
        }
        QList<KnobJournalEntry> left;
        {
            SessionStore store(storePath);
            QVERIFY(!store.open());
            left = KnobJournal(store).open(true);
        }
        QCOMPARE(left.size(), 1);
        QVERIFY(readAhead() != before);

        ui::KnobRestoreDialog d(storePath, left);
        d.show();
        QCOMPARE(d.list()->count(), 1);
        const QString item = d.list()->item(0)->text();
        QVERIFY2(
            item.contains(QStringLiteral("read-ahead on %1").arg(loop)) && item.contains(before), qPrintable(item));
        QVERIFY(cmtest::saveShot(&d, QStringLiteral("knob-restore")));
        QSignalSpy done(&d, &ui::KnobRestoreDialog::restoreFinished);
        d.restoreButton()->click();
        QVERIFY(done.wait(30000));
        QCOMPARE(done.first().at(0).toInt(), 1);
        QCOMPARE(done.first().at(1).toInt(), 0);
        QCOMPARE(readAhead(), before);
        QVERIFY2(d.statusText().contains(QStringLiteral("Restored 1")), qPrintable(d.statusText()));
        QVERIFY(cmtest::saveShot(&d, QStringLiteral("knob-restore-done")));
    }
};

QTEST_MAIN(TestKnobRestoreDialog)
#include "test_knobrestoredialog.moc"
