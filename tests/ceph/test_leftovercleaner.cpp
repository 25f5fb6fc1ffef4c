// SPDX-License-Identifier: GPL-3.0-or-later
// "Clean leftovers" against a real lab cluster (scripts/lab/ceph-lab.sh, 1 OSD): the
// app-prefixed pool, images and objects are found and removed; everything else —
// non-prefixed names, near misses ("xclustermark-bench-…", "clustermark-benchX",
// the bare prefix), objects in an RGW pool — survives. Prefixed raw objects in an RBD
// pool (the per-OSD latency runner may write there) are found along with its images.
// Also: the dry run of the CLI, a refused pool deletion, an image in use.
#include "ceph/leftovercleaner.h"
#include "cephlabfixture.h"
#include "testutil.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

#include <rados/librados.h>
#include <rbd/librbd.h>

using namespace cm;

namespace {

const QString kRbdPool = QStringLiteral("cm-test-rbd");
const QString kDataPool = QStringLiteral("cm-test-data");
const QString kRgwPool = QStringLiteral("cm-test-rgwlike");
const QString kKeepPool = QStringLiteral("keep-pool");
const QString kBenchPool = QStringLiteral("clustermark-bench-osdlat-0");

QStringList describe(const QList<Leftover> &items)
{
    QStringList out;
    for (const Leftover &l : items)
        out << l.describe();
    out.sort();
    return out;
}

} // namespace

class TestLeftoverCleaner : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    QTemporaryDir m_tmp;

    bool run(const QString &program, const QStringList &args)
    {
        QByteArray out, err;
        const int rc = m_lab.client(program, args, &out, &err);
        if (rc != 0)
            qWarning("%s %s: %d %s", qPrintable(program), qPrintable(args.join(QLatin1Char(' '))), rc, err.constData());
        return rc == 0;
    }
    bool putObject(const QString &pool, const QString &name, const QString &nspace = {})
    {
        QStringList args {QStringLiteral("-p"), pool};
        if (!nspace.isEmpty())
            args << QStringLiteral("-N") << nspace;
        return run(
            QStringLiteral("rados"), args << QStringLiteral("put") << name << m_tmp.filePath(QStringLiteral("obj")));
    }
    bool hasObject(const QString &pool, const QString &name, const QString &nspace = {})
    {
        QStringList args {QStringLiteral("-p"), pool};
        if (!nspace.isEmpty())
            args << QStringLiteral("-N") << nspace;
        return m_lab.client(QStringLiteral("rados"), args << QStringLiteral("stat") << name) == 0;
    }
    bool createImage(const QString &name)
    {
        if (images().contains(name))
            return true;
        return run(QStringLiteral("rbd"),
            {QStringLiteral("create"), QStringLiteral("--size"), QStringLiteral("8M"),
                kRbdPool + QLatin1Char('/') + name});
    }
    QStringList images()
    {
        QByteArray out;
        m_lab.client(QStringLiteral("rbd"), {QStringLiteral("ls"), kRbdPool}, &out);
        QStringList l = QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        l.sort();
        return l;
    }
    QStringList pools()
    {
        QByteArray out;
        m_lab.client(QStringLiteral("rados"), {QStringLiteral("lspools")}, &out);
        return QString::fromUtf8(out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    }
    CephConnectionSpec spec() const
    {
        CephConnectionSpec s;
        s.confPath = m_lab.confPath();
        s.keyringPath = m_lab.keyringPath();
        s.timeoutSec = 10;
        return s;
    }

    // The app's leftovers, plus everything that looks close but is not the app's.
    void populate()
    {
        QVERIFY(m_lab.createPool(kBenchPool, QStringLiteral("rados")));
        QVERIFY(putObject(kBenchPool, QStringLiteral("any-object-in-a-bench-pool")));
        for (const QString &img :
            {QStringLiteral("clustermark-bench-node1-0001"), QStringLiteral("clustermark-bench-0a1b2c"),
                QStringLiteral("keep-image"), QStringLiteral("xclustermark-bench-1"),
                QStringLiteral("clustermark-benchX"), QStringLiteral("clustermark-bench-")})
            QVERIFY(createImage(img));
        QVERIFY(putObject(kRbdPool, QStringLiteral("clustermark-bench-raw-in-rbd-pool")));
        for (const QString &o : {QStringLiteral("clustermark-bench-obj-1"), QStringLiteral("keep-object"),
                 QStringLiteral("xclustermark-bench-o"), QStringLiteral("clustermark-benchX"),
                 QStringLiteral("clustermark-bench-")})
            QVERIFY(putObject(kDataPool, o));
        QVERIFY(putObject(kDataPool, QStringLiteral("clustermark-bench-obj-ns"), QStringLiteral("ns1")));
        QVERIFY(putObject(kDataPool, QStringLiteral("keep-object-ns"), QStringLiteral("ns1")));
        QVERIFY(putObject(kRgwPool, QStringLiteral("clustermark-bench-bucket"))); // like RGW's bucket metadata
        QVERIFY(putObject(kKeepPool, QStringLiteral("keep")));
    }

    QStringList expected() const
    {
        QStringList e {QStringLiteral("image cm-test-rbd/clustermark-bench-0a1b2c"),
            QStringLiteral("image cm-test-rbd/clustermark-bench-node1-0001"),
            QStringLiteral("object cm-test-data/clustermark-bench-obj-1"),
            QStringLiteral("object cm-test-rbd/clustermark-bench-raw-in-rbd-pool"),
            QStringLiteral("object cm-test-data/ns1/clustermark-bench-obj-ns"),
            QStringLiteral("pool clustermark-bench-osdlat-0")};
        e.sort();
        return e;
    }

    void verifySurvivors()
    {
        const QStringList imgs = images();
        for (const QString &i : {QStringLiteral("clustermark-bench-"), QStringLiteral("clustermark-benchX"),
                 QStringLiteral("keep-image"), QStringLiteral("xclustermark-bench-1")})
            QVERIFY2(imgs.contains(i), qPrintable(i));
        for (const QString &o : {QStringLiteral("keep-object"), QStringLiteral("xclustermark-bench-o"),
                 QStringLiteral("clustermark-benchX"), QStringLiteral("clustermark-bench-")})
            QVERIFY2(hasObject(kDataPool, o), qPrintable(o));
        QVERIFY(hasObject(kDataPool, QStringLiteral("keep-object-ns"), QStringLiteral("ns1")));
        QVERIFY(hasObject(kRgwPool, QStringLiteral("clustermark-bench-bucket")));
        QVERIFY(hasObject(kKeepPool, QStringLiteral("keep")));
        for (const QString &p : {kRbdPool, kDataPool, kRgwPool, kKeepPool})
            QVERIFY2(pools().contains(p), qPrintable(p));
    }

    struct Cli {
        int code;
        QByteArray out, err;
    };
    Cli cli(const QStringList &args)
    {
        QProcess p;
        p.start(qEnvironmentVariable("CLUSTERMARK_BIN") + QStringLiteral("/clustermark-cli"), args);
        if (!p.waitForFinished(120000)) {
            p.kill();
            p.waitForFinished();
            return {-1, {}, "timed out"};
        }
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        qInfo("lab started in %lld ms", m_lab.startMs());
        QFile obj(m_tmp.filePath(QStringLiteral("obj")));
        QVERIFY(obj.open(QIODevice::WriteOnly) && obj.write(QByteArray(4096, 'o')) == 4096);
        obj.close();
        QVERIFY(m_lab.createPool(kRbdPool, QStringLiteral("rbd")));
        QVERIFY(m_lab.createPool(kDataPool, QStringLiteral("rados")));
        QVERIFY(m_lab.createPool(kRgwPool, QStringLiteral("rgw")));
        QVERIFY(m_lab.createPool(kKeepPool, QStringLiteral("rados")));
    }

    void init() { populate(); }

    void prefixMatchesExactly()
    {
        QCOMPARE(Leftover::prefix(), QStringLiteral("clustermark-bench-"));
        QVERIFY(Leftover::hasPrefix(QStringLiteral("clustermark-bench-a")));
        QVERIFY(!Leftover::hasPrefix(QStringLiteral("clustermark-bench-")));
        QVERIFY(!Leftover::hasPrefix(QStringLiteral("xclustermark-bench-a")));
        QVERIFY(!Leftover::hasPrefix(QStringLiteral("clustermark-benchX")));
        QVERIFY(!Leftover::hasPrefix(QStringLiteral("Clustermark-bench-a")));
    }

    void scanFindsExactlyTheApps()
    {
        RadosClient c;
        QVERIFY(!c.connect(spec()));
        const LeftoverScan s = LeftoverCleaner::scan(c);
        QVERIFY2(!s.error, qPrintable(s.error.toString()));
        QVERIFY2(s.warnings.isEmpty(), qPrintable(s.warnings.join(QLatin1Char('\n'))));
        QCOMPARE(describe(s.items), expected());
        for (const Leftover &l : s.items) {
            if (l.kind == Leftover::Kind::Image)
                QCOMPARE(l.bytes, 8ll << 20);
            if (l.kind == Leftover::Kind::Pool)
                QVERIFY(l.objects >= 0);
        }
        // A bounded listing says it stopped.
        LeftoverScanOptions bounded;
        bounded.maxObjectsPerPool = 1;
        const LeftoverScan cut = LeftoverCleaner::scan(c, {}, bounded);
        QVERIFY(!cut.error);
        QVERIFY2(cut.warnings.join(QLatin1Char('\n'))
                     .contains(QStringLiteral("pool cm-test-data: listing stopped after 1 objects")),
            qPrintable(cut.warnings.join(QLatin1Char('\n'))));
        // Scanning changes nothing.
        QCOMPARE(describe(LeftoverCleaner::scan(c).items), expected());
        verifySurvivors();
        // Leave the cluster clean for the next test.
        QVERIFY(LeftoverCleaner::remove(c, s.items).ok());
    }

    void removeTakesExactlyThose()
    {
        RadosClient c;
        QVERIFY(!c.connect(spec()));
        const LeftoverScan s = LeftoverCleaner::scan(c);
        QCOMPARE(s.items.size(), 6);
        const CleanupReport rep = LeftoverCleaner::remove(c, s.items);
        for (const LeftoverFailure &f : rep.failed)
            qWarning("%s: %s", qPrintable(f.item.describe()), qPrintable(f.error.toString()));
        QVERIFY(rep.ok());
        QCOMPARE(describe(rep.removed), expected());
        QVERIFY(!pools().contains(kBenchPool));
        QVERIFY(!hasObject(kDataPool, QStringLiteral("clustermark-bench-obj-1")));
        QVERIFY(!hasObject(kDataPool, QStringLiteral("clustermark-bench-obj-ns"), QStringLiteral("ns1")));
        QVERIFY(!hasObject(kRbdPool, QStringLiteral("clustermark-bench-raw-in-rbd-pool")));
        QCOMPARE(
            images(), (QStringList {"clustermark-bench-", "clustermark-benchX", "keep-image", "xclustermark-bench-1"}));
        verifySurvivors();
        QCOMPARE(LeftoverCleaner::scan(c).items.size(), 0);
    }

    void removeRefusesUnprefixedNames()
    {
        RadosClient c;
        QVERIFY(!c.connect(spec()));
        const QList<Leftover> forged {Leftover::make(Leftover::Kind::Image, kRbdPool, QStringLiteral("keep-image")),
            Leftover::make(Leftover::Kind::Image, kRbdPool, QStringLiteral("xclustermark-bench-1")),
            Leftover::make(Leftover::Kind::Object, kDataPool, QStringLiteral("clustermark-bench-")),
            Leftover::make(Leftover::Kind::Pool, QString(), kKeepPool)};
        const CleanupReport rep = LeftoverCleaner::remove(c, forged);
        QVERIFY(rep.removed.isEmpty());
        QCOMPARE(rep.failed.size(), forged.size());
        for (const LeftoverFailure &f : rep.failed)
            QCOMPARE(f.error.code, Error::Code::Unsafe);
        verifySurvivors();
        QVERIFY(LeftoverCleaner::remove(c, LeftoverCleaner::scan(c).items).ok());
    }

    void refusedPoolDeletionNamesTheOption()
    {
        RadosClient c;
        QVERIFY(!c.connect(spec()));
        // The lab's conf allows pool deletion; a runtime override on the mon refuses it.
        QVERIFY(run(QStringLiteral("ceph"),
            {QStringLiteral("tell"), QStringLiteral("mon.*"), QStringLiteral("config"), QStringLiteral("set"),
                QStringLiteral("mon_allow_pool_delete"), QStringLiteral("false")}));
        const CleanupReport rep = LeftoverCleaner::remove(c, LeftoverCleaner::scan(c).items);
        QVERIFY(run(QStringLiteral("ceph"),
            {QStringLiteral("tell"), QStringLiteral("mon.*"), QStringLiteral("config"), QStringLiteral("set"),
                QStringLiteral("mon_allow_pool_delete"), QStringLiteral("true")}));
        QCOMPARE(rep.failed.size(), 1);
        QCOMPARE(rep.failed.first().item.kind, Leftover::Kind::Pool);
        QCOMPARE(rep.failed.first().error.code, Error::Code::Unsafe);
        QVERIFY2(rep.failed.first().error.message.contains(QStringLiteral("mon_allow_pool_delete")),
            qPrintable(rep.failed.first().error.toString()));
        QCOMPARE(rep.removed.size(), 5); // images and objects went
        QVERIFY(pools().contains(kBenchPool));
        QVERIFY(LeftoverCleaner::remove(c, LeftoverCleaner::scan(c).items).ok());
        QVERIFY(!pools().contains(kBenchPool));
    }

    void imageInUseIsNotForced()
    {
        // A running benchmark holds its image open (librbd keeps a watch on it).
        const QString busy = QStringLiteral("clustermark-bench-busy");
        QVERIFY(createImage(busy));
        RadosClient c;
        QVERIFY(!c.connect(spec()));
        rados_ioctx_t io = nullptr;
        QCOMPARE(rados_ioctx_create(static_cast<rados_t>(c.handle()), kRbdPool.toUtf8().constData(), &io), 0);
        rbd_image_t image = nullptr;
        QCOMPARE(rbd_open(io, busy.toUtf8().constData(), &image, nullptr), 0);
        const QList<Leftover> items = LeftoverCleaner::scan(c).items;
        const CleanupReport rep = LeftoverCleaner::remove(c, items);
        rbd_close(image);
        QCOMPARE(rep.failed.size(), 1);
        QCOMPARE(rep.failed.first().item.name, busy);
        QVERIFY2(rep.failed.first().error.message.contains(QStringLiteral("in use")),
            qPrintable(rep.failed.first().error.toString()));
        QVERIFY(images().contains(busy));
        QCOMPARE(rep.removed.size(), items.size() - 1);
        // Closed: now it goes.
        QVERIFY(LeftoverCleaner::remove(c, {rep.failed.first().item}).ok());
        rados_ioctx_destroy(io);
        QVERIFY(!images().contains(busy));
    }

    void cancelledScan()
    {
        RadosClient c;
        QVERIFY(!c.connect(spec()));
        CancelToken cancel;
        cancel.cancel();
        const LeftoverScan s = LeftoverCleaner::scan(c, cancel);
        QCOMPARE(s.error.code, Error::Code::Cancelled);
        QVERIFY(LeftoverCleaner::remove(c, LeftoverCleaner::scan(c).items).ok());
    }

    void notConnected()
    {
        RadosClient c;
        QCOMPARE(LeftoverCleaner::scan(c).error.code, Error::Code::Internal);
        const CleanupReport rep
            = LeftoverCleaner::remove(c, {Leftover::make(Leftover::Kind::Pool, QString(), kBenchPool)});
        QCOMPARE(rep.failed.size(), 1);
        RadosClient live;
        QVERIFY(!live.connect(spec()));
        QVERIFY(LeftoverCleaner::remove(live, LeftoverCleaner::scan(live).items).ok());
    }

    void cliDryRunThenClean()
    {
        const QStringList ceph {
            QStringLiteral("--conf"), m_lab.confPath(), QStringLiteral("--keyring"), m_lab.keyringPath()};
        Cli r = cli(QStringList {QStringLiteral("cleanup")} + ceph
            + QStringList {QStringLiteral("--dry-run"), QStringLiteral("--json")});
        QVERIFY2(r.code == 0, r.err.constData());
        QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o.value(QStringLiteral("dryRun")).toBool(), true);
        QCOMPARE(o.value(QStringLiteral("found")).toArray().size(), 6);
        QCOMPARE(o.value(QStringLiteral("removed")).toArray().size(), 0);
        RadosClient c;
        QVERIFY(!c.connect(spec()));
        QCOMPARE(describe(LeftoverCleaner::scan(c).items), expected()); // nothing removed
        verifySurvivors();

        r = cli(QStringList {QStringLiteral("cleanup")} + ceph); // text output
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(r.out.contains("removed pool clustermark-bench-osdlat-0"), r.out.constData());
        QVERIFY2(r.out.contains("6 found, 6 removed, 0 not removed"), r.out.constData());
        QCOMPARE(LeftoverCleaner::scan(c).items.size(), 0);
        verifySurvivors();

        r = cli({QStringLiteral("cleanup"), QStringLiteral("--dir"), QStringLiteral("/tmp")});
        QCOMPARE(r.code, 2); // --dir needs --node
    }
};

QTEST_GUILESS_MAIN(TestLeftoverCleaner)
#include "test_leftovercleaner.moc"
