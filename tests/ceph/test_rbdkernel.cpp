// SPDX-License-Identifier: GPL-3.0-or-later
// The kernel RBD client (engines krbd and nbd, bench/rbd/rbdkernelclient.h) as far as
// this machine allows. Its kernel has no rbd or nbd module (and no rbd-nbd), so what
// runs for real is: the commands the review shows (map, fio's libaio engine on the
// device with direct=1, sync=1 on the QD1 rows, unmap), the device path check, and a
// run on the lab whose step creates its image, is refused with the missing module named,
// and removes the image. Mapping, fio on /dev/rbdN, and the unmap after a cancel need a
// kernel with the module; on such a machine the same run must complete, map a device,
// and leave nothing mapped (the second branch below).
#include "bench/rbd/rbdkernelclient.h"
#include "bench/rbd/rbdkind.h"
#include "cephlabfixture.h"
#include "clirun.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;

namespace {

// Whether this machine's kernel can map an RBD image (the module, or its sysfs bus).
bool kernelHasRbd()
{
    if (QDir(QStringLiteral("/sys/bus/rbd")).exists())
        return true;
    QProcess p;
    p.start(QStringLiteral("modprobe"), {QStringLiteral("-n"), QStringLiteral("-q"), QStringLiteral("rbd")});
    return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

} // namespace

class TestRbdKernel : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    QTemporaryDir m_data;

    cmtest::CliResult cli(const QStringList &args)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), 180000);
    }

    Plan plan(const QString &engine)
    {
        const cmtest::CliResult made = cli({QStringLiteral("plan"), QStringLiteral("rbd"), QStringLiteral("--engine"),
            engine, QStringLiteral("--lab"), m_lab.dir(), QStringLiteral("--image-size"), QStringLiteral("64M"),
            QStringLiteral("--runtime"), QStringLiteral("2")});
        Error e;
        Plan p = Plan::fromJson(made.json(), &e);
        if (made.code != 0 || e)
            qWarning("%s", made.err.constData());
        return p;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(m_lab.start(1), qPrintable(m_lab.whyNot()));
        QVERIFY(m_lab.createPool(QStringLiteral("rbd"), QStringLiteral("rbd")));
    }
    void cleanupTestCase() { m_lab.stop(); }

    void devicePathsAreChecked()
    {
        for (const char *ok : {"/dev/rbd0", "/dev/rbd17", "/dev/nbd3"})
            QVERIFY2(rbdkernel::isMappedDevicePath(QString::fromLatin1(ok)), ok);
        for (const char *bad : {"/dev/sda", "/dev/rbd0; rm -rf /", "/dev/rbd", "rbd0", "/dev/rbd0\n/dev/sda",
                 "/dev/nbd1p1", "/dev/../dev/sda"})
            QVERIFY2(!rbdkernel::isMappedDevicePath(QString::fromLatin1(bad)), bad);
    }

    void theReviewShowsMapFioAndUnmap()
    {
        const Plan p = plan(QStringLiteral("krbd"));
        QVERIFY(!p.steps.isEmpty());
        const RbdKind kind;
        QVERIFY(!kind.validate(p));
        bool sawQd1 = false, sawDeep = false;
        for (int i = 0; i < p.steps.size(); ++i) {
            const QString preview = kind.commandPreview(p, i, p.nodes.first());
            QVERIFY2(preview.contains(QStringLiteral("device map -t krbd rbd/clustermark-bench-NODE-ID")),
                qPrintable(preview));
            QVERIFY(preview.contains(QStringLiteral("--ioengine=libaio --direct=1 --filename=/dev/rbdN")));
            QVERIFY(preview.contains(QStringLiteral("rbd device unmap")));
            const bool qd1 = RbdKind::stepOptions(p.steps.at(i)).iodepth == 1;
            QCOMPARE(preview.contains(QStringLiteral("--sync=1")), qd1);
            sawQd1 = sawQd1 || qd1;
            sawDeep = sawDeep || !qd1;
            QCOMPARE(kind.stepFacts(p, i).value(QStringLiteral("client_cache")).toString(), QStringLiteral("off"));
        }
        QVERIFY(sawQd1 && sawDeep);
        const Plan nbd = plan(QStringLiteral("nbd"));
        QVERIFY(kind.commandPreview(nbd, 0, nbd.nodes.first()).contains(QStringLiteral("device map -t nbd")));
        bool nbdTool = false;
        for (const PreflightCheck &c : kind.preflight(nbd))
            nbdTool = nbdTool || c.argv.join(QLatin1Char(' ')).contains(QStringLiteral("rbd-nbd"));
        QVERIFY(nbdTool);
    }

    void aRunOnThisKernel()
    {
        Plan p = plan(QStringLiteral("krbd"));
        p.steps.removeIf([](const PlanStep &s) { return s.id != QLatin1String("randread-4k-qd1"); });
        QCOMPARE(p.steps.size(), 1); // a read step: the image is prefilled on the device first
        const QString file = m_data.filePath(QStringLiteral("krbd.json"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(p.toJsonBytes());
        f.close();
        const cmtest::CliResult r = cli({QStringLiteral("run"), file});
        const QJsonObject step = r.json().value(QStringLiteral("steps")).toArray().first().toObject();
        if (!kernelHasRbd()) {
            QVERIFY(r.code != 0);
            QCOMPARE(step.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
            QVERIFY2(step.value(QStringLiteral("error")).toString().contains(QStringLiteral("has no rbd module")),
                qPrintable(step.value(QStringLiteral("error")).toString()));
        } else { // not reached on this machine (see the file's comment)
            QVERIFY2(r.code == 0, r.err.constData());
            QVERIFY(step.value(QStringLiteral("environment"))
                        .toObject()
                        .value(QStringLiteral("rbd_device"))
                        .toString()
                        .startsWith(QStringLiteral("/dev/rbd")));
            QByteArray mapped;
            m_lab.client(QStringLiteral("rbd"), {QStringLiteral("device"), QStringLiteral("list")}, &mapped);
            QVERIFY2(!mapped.contains("clustermark-bench-"), mapped.constData());
        }
        // Either way the step's image is gone.
        QByteArray images;
        QCOMPARE(m_lab.client(QStringLiteral("rbd"), {QStringLiteral("ls"), QStringLiteral("rbd")}, &images), 0);
        QVERIFY2(!images.contains("clustermark-bench-"), images.constData());
    }
};

QTEST_GUILESS_MAIN(TestRbdKernel)
#include "test_rbdkernel.moc"
