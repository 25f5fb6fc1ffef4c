// SPDX-License-Identifier: GPL-3.0-or-later
// Bench files left on a node, through a real LocalTransport (`find` and `rm` run by
// /bin/sh exactly as on a remote node) in a temporary folder: only regular files named
// clustermark-bench-*.fio.dat directly in the folder are listed and removed.
#include "bench/diskfio/benchfilecleaner.h"
#include "bench/diskfio/diskfiokind.h"
#include "bench/rbd/rbdkind.h"
#include "ceph/rbdengine.h"
#include "transport/localtransport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

namespace {

bool writeFile(const QString &path, qint64 size)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    return f.write(QByteArray(size, 'x')) == size;
}

QStringList names(const QList<Leftover> &items)
{
    QStringList out;
    for (const Leftover &l : items)
        out << l.name.mid(l.name.lastIndexOf(QLatin1Char('/')) + 1);
    out.sort();
    return out;
}

} // namespace

class TestBenchFileCleaner : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;
    QString m_dir;

    // The app's own files, and everything that must survive.
    void populate()
    {
        m_dir = m_tmp.filePath(QStringLiteral("bench dir 'quoted'")); // a hostile folder name
        QDir().mkpath(m_dir + QStringLiteral("/sub"));
        // as mktemp makes it from DiskFioKind::benchFileTemplate
        QVERIFY(writeFile(m_dir + QStringLiteral("/clustermark-bench-node1-a1B2c3D4e5.fio.dat"), 4096));
        QVERIFY(writeFile(m_dir + QStringLiteral("/clustermark-bench-node2.fio.dat"), 100));
        QVERIFY(writeFile(m_dir + QStringLiteral("/clustermark-bench-$(touch pwned).fio.dat"), 1));
        // Not the app's:
        QVERIFY(writeFile(m_dir + QStringLiteral("/xclustermark-bench-node1.fio.dat"), 1));
        QVERIFY(writeFile(m_dir + QStringLiteral("/clustermark-benchX.fio.dat"), 1));
        QVERIFY(writeFile(m_dir + QStringLiteral("/clustermark-bench-node1.fio.dat.keep"), 1));
        QVERIFY(writeFile(m_dir + QStringLiteral("/clustermark-bench-.fio.dat"), 1)); // nothing after the prefix
        QVERIFY(
            writeFile(m_dir + QStringLiteral("/sub/clustermark-bench-deep.fio.dat"), 1)); // not directly in the folder
        QVERIFY(QDir().mkdir(m_dir + QStringLiteral("/clustermark-bench-folder.fio.dat")));
        QVERIFY(writeFile(m_tmp.filePath(QStringLiteral("outside.dat")), 1));
        QVERIFY(QFile::link(
            m_tmp.filePath(QStringLiteral("outside.dat")), m_dir + QStringLiteral("/clustermark-bench-link.fio.dat")));
    }

private Q_SLOTS:
    void init()
    {
        QVERIFY(m_tmp.isValid());
        QDir(m_tmp.path()).removeRecursively();
        QDir().mkpath(m_tmp.path());
        populate();
    }

    void onePrefixEverywhere()
    {
        // What the cleaners look for is what the runners create.
        QCOMPARE(Leftover::prefix(), RbdKind::imagePrefix());
        QCOMPARE(Leftover::prefix(), QLatin1String(RbdEngine::kImagePrefix));
        QVERIFY(DiskFioKind::benchFileTemplate(QStringLiteral("n")).startsWith(Leftover::prefix()));
    }

    void matchesOnlyTheExactPattern()
    {
        QVERIFY(BenchFileCleaner::matches(DiskFioKind::benchFileTemplate(QStringLiteral("pve1"))));
        QVERIFY(BenchFileCleaner::matches(QStringLiteral("clustermark-bench-pve1-Zx81kLm0Qa.fio.dat")));
        QVERIFY(!BenchFileCleaner::matches(QStringLiteral("xclustermark-bench-a.fio.dat")));
        QVERIFY(!BenchFileCleaner::matches(QStringLiteral("clustermark-benchX.fio.dat")));
        QVERIFY(!BenchFileCleaner::matches(QStringLiteral("clustermark-bench-.fio.dat")));
        QVERIFY(!BenchFileCleaner::matches(QStringLiteral("clustermark-bench-a.fio")));
        QVERIFY(!BenchFileCleaner::matches(QStringLiteral("clustermark-bench-a/b.fio.dat")));
    }

    void scanFindsOnlyTheAppsFiles()
    {
        LocalTransport t;
        Error e;
        const QList<Leftover> found = BenchFileCleaner::scan(t, m_dir + QLatin1Char('/'), &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(names(found),
            (QStringList {"clustermark-bench-$(touch pwned).fio.dat", "clustermark-bench-node1-a1B2c3D4e5.fio.dat",
                "clustermark-bench-node2.fio.dat"}));
        for (const Leftover &l : found) {
            QCOMPARE(l.kind, Leftover::Kind::NodeFile);
            QCOMPARE(l.location, QStringLiteral("local"));
            QVERIFY2(l.name.startsWith(m_dir + QLatin1Char('/')), qPrintable(l.name));
            QCOMPARE(l.bytes, QFileInfo(l.name).size());
        }
        QVERIFY(!QFile::exists(QStringLiteral("pwned")) && !QFile::exists(m_dir + QStringLiteral("/pwned")));
    }

    void removeTakesExactlyTheListedFiles()
    {
        LocalTransport t;
        Error e;
        QList<Leftover> found = BenchFileCleaner::scan(t, m_dir, &e);
        QVERIFY(!e);
        QCOMPARE(found.size(), 3);
        // Leave one out: it must survive.
        const Leftover kept = found.takeLast();
        const QStringList before = QDir(m_dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System);
        const CleanupReport rep = BenchFileCleaner::remove(t, found);
        QVERIFY(rep.ok());
        QCOMPARE(rep.removed.size(), 2);
        for (const Leftover &l : found)
            QVERIFY2(!QFile::exists(l.name), qPrintable(l.name));
        QVERIFY(QFile::exists(kept.name));
        const QStringList after = QDir(m_dir).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System);
        QCOMPARE(after.size(), before.size() - 2);
        QVERIFY(QFile::exists(m_tmp.filePath(QStringLiteral("outside.dat")))); // the link's target
        QVERIFY(QFileInfo(m_dir + QStringLiteral("/clustermark-bench-link.fio.dat")).isSymLink());
        QVERIFY(QFileInfo(m_dir + QStringLiteral("/clustermark-bench-folder.fio.dat")).isDir());
        QVERIFY(QFile::exists(m_dir + QStringLiteral("/sub/clustermark-bench-deep.fio.dat")));

        // Again: the scan sees only the one left.
        QCOMPARE(names(BenchFileCleaner::scan(t, m_dir, &e)), QStringList {kept.name.mid(m_dir.size() + 1)});
    }

    void removeRefusesWhatIsNotTheApps()
    {
        LocalTransport t;
        const QString other = m_dir + QStringLiteral("/xclustermark-bench-node1.fio.dat");
        const QString link = m_dir + QStringLiteral("/clustermark-bench-link.fio.dat");
        const QString folder = m_dir + QStringLiteral("/clustermark-bench-folder.fio.dat");
        const QList<Leftover> forged {Leftover::make(Leftover::Kind::NodeFile, QStringLiteral("local"), other),
            Leftover::make(Leftover::Kind::NodeFile, QStringLiteral("local"), link),
            Leftover::make(Leftover::Kind::NodeFile, QStringLiteral("local"), folder),
            Leftover::make(Leftover::Kind::NodeFile, QStringLiteral("local"),
                QStringLiteral("relative/clustermark-bench-a.fio.dat")),
            Leftover::make(Leftover::Kind::NodeFile, QStringLiteral("local"),
                m_dir + QStringLiteral("/sub/../clustermark-bench-node2.fio.dat")),
            Leftover::make(Leftover::Kind::Image, QStringLiteral("rbd"), QStringLiteral("clustermark-bench-x"))};
        const CleanupReport rep = BenchFileCleaner::remove(t, forged);
        QVERIFY(rep.removed.isEmpty());
        QCOMPARE(rep.failed.size(), forged.size());
        QCOMPARE(rep.failed.at(0).error.code, Error::Code::Unsafe); // name
        QCOMPARE(rep.failed.at(1).error.code, Error::Code::Unsafe); // symlink, checked on the node
        QCOMPARE(rep.failed.at(2).error.code, Error::Code::Unsafe); // folder, checked on the node
        QCOMPARE(rep.failed.at(3).error.code, Error::Code::Unsafe); // relative
        QCOMPARE(rep.failed.at(4).error.code, Error::Code::Unsafe); // dot-dot
        QCOMPARE(rep.failed.at(5).error.code, Error::Code::InvalidInput);
        QVERIFY(QFile::exists(other));
        QVERIFY(QFileInfo(link).isSymLink());
        QVERIFY(QFileInfo(folder).isDir());
        QVERIFY(QFile::exists(m_dir + QStringLiteral("/clustermark-bench-node2.fio.dat")));
    }

    void alreadyGoneIsReported()
    {
        LocalTransport t;
        Error e;
        const QList<Leftover> found = BenchFileCleaner::scan(t, m_dir, &e);
        QVERIFY(QFile::remove(found.first().name));
        const CleanupReport rep = BenchFileCleaner::remove(t, found);
        QCOMPARE(rep.removed.size(), found.size() - 1);
        QCOMPARE(rep.failed.size(), 1);
        QCOMPARE(rep.failed.first().error.code, Error::Code::PathMissing);
    }

    void badFolders()
    {
        LocalTransport t;
        Error e;
        QVERIFY(BenchFileCleaner::scan(t, QStringLiteral("relative/dir"), &e).isEmpty());
        QCOMPARE(e.code, Error::Code::InvalidInput);
        QVERIFY(BenchFileCleaner::scan(t, m_tmp.filePath(QStringLiteral("missing")), &e).isEmpty());
        QCOMPARE(e.code, Error::Code::PathMissing);
        QVERIFY2(e.message.contains(QStringLiteral("missing")), qPrintable(e.message));
        // A folder named like an option stays a folder.
        QVERIFY(BenchFileCleaner::scan(t, QStringLiteral("/-delete"), &e).isEmpty());
        QCOMPARE(e.code, Error::Code::PathMissing);
    }

    void cliCleanupNodeFiles()
    {
        auto cli = [](const QStringList &args, QByteArray *out, QByteArray *err) {
            QProcess p;
            p.start(qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"), args);
            if (!p.waitForFinished(60000)) {
                p.kill();
                p.waitForFinished();
                return -1;
            }
            *out = p.readAllStandardOutput();
            *err = p.readAllStandardError();
            return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        };
        QByteArray out, err;
        const QStringList args {QStringLiteral("cleanup"), QStringLiteral("--node"), QStringLiteral("local"),
            QStringLiteral("--dir"), m_dir, QStringLiteral("--json")};
        QCOMPARE(cli(args + QStringList {QStringLiteral("--dry-run")}, &out, &err), 0);
        // files only: --node also lists the CephFS benchmark's mounts, which are not this test's
        auto files = [](const QJsonArray &items) {
            int n = 0;
            for (const QJsonValue &v : items)
                n += v.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("file") ? 1 : 0;
            return n;
        };
        QJsonObject o = QJsonDocument::fromJson(out).object();
        QCOMPARE(files(o.value(QStringLiteral("found")).toArray()), 3);
        QCOMPARE(o.value(QStringLiteral("removed")).toArray().size(), 0);
        QVERIFY(QFile::exists(m_dir + QStringLiteral("/clustermark-bench-node2.fio.dat")));
        QCOMPARE(cli(args, &out, &err), 0);
        o = QJsonDocument::fromJson(out).object();
        QCOMPARE(files(o.value(QStringLiteral("removed")).toArray()), 3);
        QVERIFY(!QFile::exists(m_dir + QStringLiteral("/clustermark-bench-node2.fio.dat")));
        QVERIFY(QFile::exists(m_dir + QStringLiteral("/xclustermark-bench-node1.fio.dat")));
        // A missing folder: exit 1 with the reason.
        QCOMPARE(cli({QStringLiteral("cleanup"), QStringLiteral("--node"), QStringLiteral("local"),
                         QStringLiteral("--dir"), m_tmp.filePath(QStringLiteral("nope"))},
                     &out, &err),
            1);
        QVERIFY2(err.contains("path-missing"), err.constData());
    }
};

QTEST_GUILESS_MAIN(TestBenchFileCleaner)
#include "test_benchfilecleaner.moc"
