// SPDX-License-Identifier: GPL-3.0-or-later
// The "cephfs" runner kind: presets, makePlan/Options, validation and previews;
// `clustermark-cli plan cephfs` errors; a quick native plan through `clustermark-cli
// run` against the real lab; fio on a real ceph-fuse mount of the lab made by the step
// (this machine as the node through LocalTransport), unmounted afterwards, also after
// a cancel.
#include "bench/cephfs/cephfsfiorunner.h"
#include "bench/cephfs/cephfskind.h"
#include "bench/registry.h"
#include "ceph/cephfsleftovers.h"
#include "ceph/cephfsmount.h"
#include "cephlabfixture.h"
#include "clirun.h"
#include "model/metric.h"
#include "report/unitformat.h"
#include "testutil.h"
#include "transport/localtransport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cephfs/libcephfs.h>
#include <fcntl.h>

using namespace cm;

class TestCephFsKind : public QObject {
    Q_OBJECT

    using Out = cmtest::CliResult;
    QTemporaryDir m_data;
    cmtest::CephLabFixture m_lab;
    CephFsMount m_observer;

    bool startLab()
    {
        if (m_lab.isRunning())
            return true;
        if (!m_lab.start(1)) {
            qWarning("%s", qPrintable(m_lab.whyNot()));
            return false;
        }
        CephConnectionSpec s;
        s.confPath = m_lab.confPath();
        s.keyringPath = m_lab.keyringPath();
        return !m_observer.mount(s, m_lab.cephfsName());
    }

    QStringList leftovers() const
    {
        Error e;
        const QStringList all = m_observer.list(QStringLiteral("/"), &e);
        return e ? QStringList {e.message} : all.filter(QRegularExpression(QStringLiteral("^clustermark-bench-")));
    }

    Out cli(const QStringList &args, int timeoutMs = 120000)
    {
        return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), timeoutMs);
    }

    CephFsKind::Options fuseOptions() const
    {
        CephFsKind::Options o;
        o.engine = QStringLiteral("fio");
        o.conf = m_lab.confPath();
        o.keyring = m_lab.keyringPath();
        o.fsName = m_lab.cephfsName();
        o.mount = QStringLiteral("ceph-fuse");
        o.mountConsent = true;
        o.timeout = 10;
        return o;
    }

    StepOutcome runFio(
        const Plan &plan, int step, CancelToken cancel, const std::function<void(const SampleList &)> &sink)
    {
        LocalTransport transport;
        if (const Error ce = transport.connect()) {
            StepOutcome failed;
            failed.error = ce;
            return failed;
        }
        StepContext ctx;
        ctx.transport = &transport;
        ctx.cancel = cancel;
        ctx.stepIndex = step;
        ctx.nodeName = QStringLiteral("local");
        ctx.now = [] { return 0.0; };
        ctx.emitSamples = sink;
        ctx.log = [](const QString &l) { qInfo("%s", qPrintable(l)); };
        std::unique_ptr<StepRunner> runner = CephFsKind().createStepRunner(plan, step);
        return runner->run(ctx);
    }

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void presetsPlansAndPreviews()
    {
        const auto kind = Registry::instance().kind(QStringLiteral("cephfs"));
        QVERIFY(kind);
        QStringList ids;
        for (const Preset &p : kind->presets())
            ids << p.id;
        QCOMPARE(
            ids, (QStringList {QStringLiteral("throughput"), QStringLiteral("metadata"), QStringLiteral("quick")}));
        CephFsKind::Options o;
        o.conf = QStringLiteral("/etc/ceph/ceph.conf");
        o.fsName = QStringLiteral("cephfs");
        o.threads = 2;
        o.bs = QStringLiteral("1M");
        Error e;
        Plan plan = CephFsKind::makePlan({}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(plan.kind, QStringLiteral("cephfs"));
        QCOMPARE(plan.steps.size(), 4);
        QVERIFY(plan.nodes.size() == 1 && plan.nodes.first().isLocal());
        QCOMPARE(plan.steps.at(2).params.value(QStringLiteral("workload")).toString(), QStringLiteral("rand-write"));
        QCOMPARE(plan.steps.at(2).params.value(QStringLiteral("bs")).toString(), QStringLiteral("1M"));
        QCOMPARE(plan.steps.at(2).params.value(QStringLiteral("threads")).toInt(), 2);
        QCOMPARE(plan.ceph.value(QStringLiteral("client")).toString(), QStringLiteral("client.admin"));
        // titles follow the chosen block size and threads
        QCOMPARE(plan.steps.at(0).title, QStringLiteral("1M sequential write T2"));
        QCOMPARE(plan.steps.at(2).title, QStringLiteral("1M random write T2"));
        CephFsKind::Options defaults = o;
        defaults.threads = 0;
        defaults.bs.clear();
        const Plan preset = CephFsKind::makePlan({}, defaults, &e);
        QVERIFY2(!e && preset.steps.size() == 4, qPrintable(e.toString()));
        QCOMPARE(preset.steps.at(3).title, QStringLiteral("4k random read T16"));
        // The wizard reads its choices back from the target.
        const CephFsKind::Options back = CephFsKind::Options::fromJson(plan.target);
        QCOMPARE(back.toJson(), o.toJson());
        QCOMPARE(back.bs, QStringLiteral("1M"));
        const QString preview = kind->commandPreview(plan, 1, plan.nodes.first());
        QVERIFY2(preview.contains(QStringLiteral("libcephfs seq-read bs=1M threads=2 fileSize=1G"))
                && preview.contains(QStringLiteral("written whole first"))
                && preview.contains(QStringLiteral("clustermark-bench-")),
            qPrintable(preview));
        QVERIFY(kind->estimatedSeconds(plan, 1) > kind->estimatedSeconds(plan, 0)); // prefill

        o.preset = QStringLiteral("metadata");
        o.files = 50;
        plan = CephFsKind::makePlan({}, o, &e);
        QVERIFY(!e);
        QCOMPARE(plan.steps.size(), 1);
        QCOMPARE(plan.steps.first().params.value(QStringLiteral("files")).toInt(), 50);
        QCOMPARE(plan.steps.first().title, QStringLiteral("Small files: create, stat, delete T2"));
        QVERIFY(!plan.steps.first().params.contains(QStringLiteral("bs"))
            || plan.steps.first().params.value(QStringLiteral("bs")).toString() != QStringLiteral("1M"));
        QVERIFY(kind->commandPreview(plan, 0, plan.nodes.first()).contains(QStringLiteral("metadata 2 × 50 files")));

        // fio: the quick preset loses its metadata step; the mount is in the preview, quoted.
        CephFsKind::Options f;
        f.engine = QStringLiteral("fio");
        f.preset = QStringLiteral("quick");
        f.mount = QStringLiteral("ceph-fuse");
        f.mountConsent = true;
        f.conf = QStringLiteral("/etc/ceph/my conf");
        f.dir = QStringLiteral("/bench");
        const NodeSpec node = NodeSpec::parse(QStringLiteral("root@10.0.0.5"));
        plan = CephFsKind::makePlan({node}, f, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(plan.steps.size(), 3);
        QCOMPARE(plan.nodes.first(), node);
        const QString fio = kind->commandPreview(plan, 0, node);
        QVERIFY2(fio.contains(QStringLiteral("ceph-fuse -c '/etc/ceph/my conf' --id admin"))
                && fio.contains(QStringLiteral("--directory=/tmp/clustermark-cephfs-XXXXXX/bench/clustermark-bench-"))
                && fio.contains(QStringLiteral("--direct=1")) && fio.contains(QStringLiteral("--numjobs=4"))
                && fio.contains(QStringLiteral("; umount /tmp/clustermark-cephfs-XXXXXX")),
            qPrintable(fio));
        f.preset = QStringLiteral("metadata");
        CephFsKind::makePlan({node}, f, &e);
        QVERIFY2(e.message.contains(QStringLiteral("needs the native engine")), qPrintable(e.toString()));
    }

    void validation()
    {
        const CephFsKind kind;
        Error e;
        CephFsKind::Options o;
        o.runtime = 5;
        const Plan plan = CephFsKind::makePlan({}, o, &e);
        QVERIFY(!e);
        auto expectBad = [&](const Plan &p, const QString &needle) {
            const Error err = kind.validate(p);
            QVERIFY2(err.code == Error::Code::InvalidInput && err.message.contains(needle), qPrintable(err.toString()));
        };
        Plan p = plan;
        p.nodes = {NodeSpec::parse(QStringLiteral("root@10.0.0.1"))};
        expectBad(p, QStringLiteral("this machine"));
        p = plan;
        p.target.insert(QStringLiteral("dir"), QStringLiteral("/a/../../etc"));
        expectBad(p, QStringLiteral("dir"));
        p = plan;
        p.target.insert(QStringLiteral("fsName"), QStringLiteral("fs;reboot"));
        expectBad(p, QStringLiteral("file system name"));
        p = plan;
        p.steps[0].params.insert(QStringLiteral("workload"), QStringLiteral("frob"));
        expectBad(p, QStringLiteral("workload \"frob\""));
        p = plan;
        p.steps[0].params.insert(QStringLiteral("fileSize"), QStringLiteral("1k"));
        expectBad(p, QStringLiteral("smaller than the block size"));
        p = plan;
        p.steps[0].params.insert(QStringLiteral("threads"), 0);
        expectBad(p, QStringLiteral("threads"));
        p = plan;
        p.target.insert(QStringLiteral("engine"), QStringLiteral("fio"));
        p.target.insert(QStringLiteral("mount"), QStringLiteral("ceph-fuse"));
        expectBad(p, QStringLiteral("consent"));
        p.target.insert(QStringLiteral("mountPath"), QStringLiteral("/mnt/cephfs"));
        expectBad(p, QStringLiteral("either mountPath"));
        p.target.remove(QStringLiteral("mount"));
        QVERIFY(!kind.validate(p));
        o.preset = QStringLiteral("metadata");
        Plan m = CephFsKind::makePlan({}, o, &e);
        QVERIFY(!e);
        m.steps[0].params.insert(
            QStringLiteral("ops"), QJsonArray {QStringLiteral("create"), QStringLiteral("rename")});
        expectBad(m, QStringLiteral("op \"rename\""));
        m.steps[0].params.insert(QStringLiteral("ops"), QJsonArray {QStringLiteral("stat"), QStringLiteral("stat")});
        expectBad(m, QStringLiteral("twice"));
        o.preset = QStringLiteral("huge");
        CephFsKind::makePlan({}, o, &e);
        QVERIFY(e.message.contains(QStringLiteral("unknown preset")));
    }

    void cliPlanErrors()
    {
        Out o
            = cli({QStringLiteral("plan"), QStringLiteral("cephfs"), QStringLiteral("--threads"), QStringLiteral("x")});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("--threads needs a positive number"), o.err.constData());
        o = cli({QStringLiteral("plan"), QStringLiteral("cephfs"), QStringLiteral("--engine"), QStringLiteral("fio"),
            QStringLiteral("--node"), QStringLiteral("root@10.0.0.9"), QStringLiteral("--mount"),
            QStringLiteral("ceph-fuse")});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("consent"), o.err.constData());
        o = cli({QStringLiteral("plan"), QStringLiteral("cephfs"), QStringLiteral("--node"),
            QStringLiteral("root@10.0.0.9")});
        QCOMPARE(o.code, 2);
        QVERIFY2(o.err.contains("native engine runs in the app itself"), o.err.constData());
        o = cli({QStringLiteral("plan"), QStringLiteral("cephfs"), QStringLiteral("--engine"), QStringLiteral("fio"),
            QStringLiteral("--node"), QStringLiteral("root@10.0.0.9"), QStringLiteral("--mount-path"),
            QStringLiteral("/mnt/pve/cephfs"), QStringLiteral("--preset"), QStringLiteral("quick"),
            QStringLiteral("--iodepth"), QStringLiteral("8")});
        QVERIFY2(o.code == 0, o.err.constData());
        const QJsonObject plan = o.json();
        QCOMPARE(plan.value(QStringLiteral("kind")).toString(), QStringLiteral("cephfs"));
        QCOMPARE(plan.value(QStringLiteral("steps")).toArray().size(), 3);
        QVERIFY2(o.err.contains("--directory=/mnt/pve/cephfs/clustermark-bench-") && o.err.contains("--iodepth=8"),
            o.err.constData());
    }

    // plan → run through the CLI: every step completes with figures; nothing is left.
    void quickPlanThroughTheCli()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY(startLab());
        Out plan = cli({QStringLiteral("plan"), QStringLiteral("cephfs"), QStringLiteral("--lab"), m_lab.dir(),
            QStringLiteral("--preset"), QStringLiteral("quick"), QStringLiteral("--runtime"), QStringLiteral("2"),
            QStringLiteral("--file-size"), QStringLiteral("32M"), QStringLiteral("--files"), QStringLiteral("200")});
        QVERIFY2(plan.code == 0, plan.err.constData());
        const QString planFile = m_data.filePath(QStringLiteral("cephfs-plan.json"));
        QFile f(planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(plan.out);
        f.close();
        QElapsedTimer t;
        t.start();
        const Out run = cli({QStringLiteral("run"), planFile}, 120000);
        qInfo("quick plan (3 × 2 s + metadata) ran in %.1f s", double(t.elapsed()) / 1000);
        QVERIFY2(run.code == 0, run.err.constData());
        const QJsonObject r = run.json();
        QCOMPARE(r.value(QStringLiteral("run")).toObject().value(QStringLiteral("status")).toString(),
            QStringLiteral("completed"));
        const QJsonArray steps = r.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 4);
        const char *dirs[] = {"write", "read", "read"};
        for (int i = 0; i < 3; ++i) {
            const QJsonObject sum = steps.at(i).toObject().value(QStringLiteral("summary")).toObject();
            const QJsonObject d = sum.value(QLatin1String(dirs[i])).toObject();
            qInfo("%s: %.1f MiB/s, %.0f IOPS, p99 %.0f us",
                qPrintable(steps.at(i).toObject().value(QStringLiteral("testId")).toString()),
                d.value(QStringLiteral("bw")).toDouble() / 1048576, d.value(QStringLiteral("iops")).toDouble(),
                d.value(QStringLiteral("lat_p99_ns")).toDouble() / 1e3);
            QVERIFY2(d.value(QStringLiteral("bw")).toDouble() > 0, QJsonDocument(sum).toJson().constData());
        }
        const QJsonObject meta = steps.at(3)
                                     .toObject()
                                     .value(QStringLiteral("summary"))
                                     .toObject()
                                     .value(QStringLiteral("meta"))
                                     .toObject();
        for (const char *op : {"create", "stat", "delete"}) {
            const QJsonObject o = meta.value(QLatin1String(op)).toObject();
            qInfo("%s: %.0f ops/s, p99 %.0f us", op, o.value(QStringLiteral("iops")).toDouble(),
                o.value(QStringLiteral("lat_p99_ns")).toDouble() / 1e3);
            QCOMPARE(o.value(QStringLiteral("total_ops")).toDouble(), 800.0); // 4 threads × 200 files
            QVERIFY(o.value(QStringLiteral("iops")).toDouble() > 0);
        }
        QVERIFY2(run.err.contains("create ") && run.err.contains("ops/s"), run.err.constData());
        // the exports carry the metadata figures (one row per operation)
        const QString id
            = QString::number(r.value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toInt());
        const Out md = cli({QStringLiteral("export"), id, QStringLiteral("--format"), QStringLiteral("md"),
            QStringLiteral("--no-redact")});
        QVERIFY2(md.code == 0 && md.out.contains("**Operations**"), md.out.constData());
        const QString metaTitle = steps.at(3).toObject().value(QStringLiteral("title")).toString();
        for (const auto &[op, label] : {std::pair {"create", "File create"}, std::pair {"stat", "File stat"},
                 std::pair {"delete", "File delete"}}) {
            const QString row
                = QStringLiteral("| %1 | %2 | %3 | 800 |")
                      .arg(metaTitle, QLatin1String(label),
                          formatIops(
                              meta.value(QLatin1String(op)).toObject().value(QStringLiteral("iops")).toDouble()));
            QVERIFY2(QString::fromUtf8(md.out).contains(row),
                qPrintable(row + QLatin1Char('\n') + QString::fromUtf8(md.out)));
        }
        const Out csv = cli({QStringLiteral("export"), id, QStringLiteral("--format"), QStringLiteral("csv"),
            QStringLiteral("--no-redact")});
        QVERIFY2(csv.code == 0, csv.err.constData());
        const QStringList lines = QString::fromUtf8(csv.out).split(QStringLiteral("\r\n"), Qt::SkipEmptyParts);
        // the op columns are the seven before the last (op, op_per_s, op_count, 4
        // latencies; then caveats): plain fields, so counted from the end even when a
        // title holds a quoted comma
        QVERIFY2(lines.value(0).endsWith(QStringLiteral(
                     ",op,op_per_s,op_count,op_lat_mean_ns,op_lat_p50_ns,op_lat_p99_ns,op_lat_p999_ns,caveats")),
            qPrintable(lines.value(0)));
        QStringList opsSeen;
        for (const QString &line : lines) {
            const QStringList cells = line.split(QLatin1Char(','));
            const QString op = cells.value(cells.size() - 8);
            if (op.startsWith(QLatin1String("meta."))) {
                opsSeen << op;
                QCOMPARE(cells.value(cells.size() - 6), QStringLiteral("800"));
            }
        }
        QCOMPARE(opsSeen,
            (QStringList {QStringLiteral("meta.create"), QStringLiteral("meta.stat"), QStringLiteral("meta.delete")}));
        QStringList metrics;
        for (const QJsonValue &v : r.value(QStringLiteral("series")).toArray())
            metrics << v.toObject().value(QStringLiteral("metric")).toString();
        QVERIFY2(metrics.contains(metric::MetaCreateIops)
                && metrics.contains(metric::metaLatP99(QStringLiteral("delete"))) && metrics.contains(metric::WriteBw)
                && metrics.contains(metric::ReadIops),
            qPrintable(metrics.join(QLatin1Char(' '))));
        QVERIFY2(leftovers().isEmpty(), qPrintable(leftovers().join(QLatin1Char(' '))));
    }

    // fio on a real ceph-fuse mount the step makes: mounted while fio runs, gone after.
    void fioOnCephFuse()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        CM_REQUIRE_FIXTURE(!QStandardPaths::findExecutable(QStringLiteral("ceph-fuse")).isEmpty()
                && QFile::exists(QStringLiteral("/dev/fuse")),
            QStringLiteral("ceph-fuse or /dev/fuse missing"));
        QVERIFY(startLab());
        const QStringList dirsBefore = cmtest::cephfsBenchMountDirs();
        QVERIFY2(
            cmtest::cephfsBenchMounts().isEmpty(), qPrintable(cmtest::cephfsBenchMounts().join(QLatin1Char('\n'))));
        CephFsKind::Options o = fuseOptions();
        o.runtime = 2;
        o.threads = 2;
        o.fileSize = QStringLiteral("32M");
        Error e;
        const Plan plan = CephFsKind::makePlan({NodeSpec::parse(QStringLiteral("local"))}, o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QStringList mountsSeen;
        int samples = 0;
        const StepOutcome out = runFio(plan, 0, CancelToken(), [&](const SampleList &l) {
            samples += int(l.size());
            if (mountsSeen.isEmpty())
                mountsSeen = cmtest::cephfsBenchMounts();
        });
        QVERIFY2(!out.error,
            qPrintable(out.error.toString() + QLatin1Char('\n') + QString::fromUtf8(out.rawOutput.right(2000))));
        const QJsonObject w = out.summary.value(QStringLiteral("write")).toObject();
        qInfo("fio on ceph-fuse, 4M seq write T2: %.1f MiB/s, %.0f IOPS; mount seen: %s",
            w.value(QStringLiteral("bw")).toDouble() / 1048576, w.value(QStringLiteral("iops")).toDouble(),
            qPrintable(mountsSeen.join(QLatin1Char(' '))));
        QVERIFY(w.value(QStringLiteral("bw")).toDouble() > 0);
        QVERIFY(samples > 0);
        QCOMPARE(mountsSeen.size(), 1);
        QVERIFY2(mountsSeen.first().contains(QStringLiteral(" fuse.ceph-fuse ")), qPrintable(mountsSeen.first()));
        QCOMPARE(out.environment.value(QStringLiteral("mount_type")).toString(), QStringLiteral("fuse.ceph-fuse"));
        QVERIFY(out.command.contains(QStringLiteral("--direct=1")));
        QVERIFY2(
            cmtest::cephfsBenchMounts().isEmpty(), qPrintable(cmtest::cephfsBenchMounts().join(QLatin1Char('\n'))));
        QCOMPARE(cmtest::cephfsBenchMountDirs(), dirsBefore);
        QVERIFY2(leftovers().isEmpty(), qPrintable(leftovers().join(QLatin1Char(' '))));
    }

    void fioCancelUnmounts()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        CM_REQUIRE_FIXTURE(!QStandardPaths::findExecutable(QStringLiteral("ceph-fuse")).isEmpty(),
            QStringLiteral("ceph-fuse missing"));
        QVERIFY(startLab());
        CephFsKind::Options o = fuseOptions();
        o.runtime = 60;
        o.threads = 2;
        o.fileSize = QStringLiteral("64M");
        Error e;
        const Plan plan = CephFsKind::makePlan({NodeSpec::parse(QStringLiteral("local"))}, o, &e);
        QVERIFY(!e);
        CancelToken cancel;
        QElapsedTimer clock;
        const StepOutcome out = runFio(plan, 0, cancel, [&](const SampleList &) {
            if (!clock.isValid()) {
                clock.start();
                cancel.cancel();
            }
        });
        const qint64 ms = clock.elapsed();
        qInfo("fio cancelled to step returned (folder removed, unmounted): %lld ms: %s", ms,
            qPrintable(out.error.toString()));
        QVERIFY(clock.isValid());
        QCOMPARE(out.error.code, Error::Code::Cancelled);
        QVERIFY2(ms < 5000, qPrintable(QString::number(ms)));
        QVERIFY2(
            cmtest::cephfsBenchMounts().isEmpty(), qPrintable(cmtest::cephfsBenchMounts().join(QLatin1Char('\n'))));
        QVERIFY2(leftovers().isEmpty(), qPrintable(leftovers().join(QLatin1Char(' '))));
    }

    // A wrong key: ceph-fuse fails at once, the step says so and leaves no folder.
    void fioWrongKeyring()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        CM_REQUIRE_FIXTURE(!QStandardPaths::findExecutable(QStringLiteral("ceph-fuse")).isEmpty(),
            QStringLiteral("ceph-fuse missing"));
        QVERIFY(startLab());
        QTemporaryDir tmp;
        const QString bad = tmp.filePath(QStringLiteral("bad.keyring"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[client.admin]\n\tkey = AQBvbGJnAAAAABAAm1l2y0gYtUaj0pWB3wrWHQ==\n");
        f.close();
        const QStringList dirsBefore = cmtest::cephfsBenchMountDirs();
        CephFsKind::Options o = fuseOptions();
        o.keyring = bad;
        o.runtime = 1;
        o.fileSize = QStringLiteral("4M");
        Error e;
        const Plan plan = CephFsKind::makePlan({NodeSpec::parse(QStringLiteral("local"))}, o, &e);
        QVERIFY(!e);
        QElapsedTimer t;
        t.start();
        const StepOutcome out = runFio(plan, 0, CancelToken(), {});
        qInfo("ceph-fuse with a wrong key: %lld ms: %s", t.elapsed(), qPrintable(out.error.toString()));
        QCOMPARE(out.error.code, Error::Code::CommandFailed);
        QVERIFY2(out.error.message.contains(QStringLiteral("cannot mount the file system with ceph-fuse")),
            qPrintable(out.error.toString()));
        QVERIFY(t.elapsed() < 10000);
        QVERIFY(cmtest::cephfsBenchMounts().isEmpty());
        QCOMPARE(cmtest::cephfsBenchMountDirs(), dirsBefore);
    }

    void fioRefusesANonCephFsPath()
    {
        CephFsKind::Options o;
        o.engine = QStringLiteral("fio");
        o.mountPath = QStringLiteral("/tmp");
        o.runtime = 1;
        o.fileSize = QStringLiteral("4M");
        Error e;
        const Plan plan = CephFsKind::makePlan({NodeSpec::parse(QStringLiteral("local"))}, o, &e);
        QVERIFY(!e);
        const StepOutcome out = runFio(plan, 0, CancelToken(), {});
        QCOMPARE(out.error.code, Error::Code::InvalidInput);
        QVERIFY2(out.error.message.contains(QStringLiteral("/tmp is not on a CephFS mount")),
            qPrintable(out.error.toString()));
        // /proc/mounts parsing: the longest mount point holding the path, escapes decoded.
        const QByteArray mounts = "/dev/vda1 / ext4 rw 0 0\nceph-fuse /mnt/my\\040fs fuse.ceph-fuse rw 0 0\n";
        QString mp;
        QCOMPARE(CephFsFioRunner::mountTypeOf(mounts, QStringLiteral("/mnt/my fs/a"), &mp),
            QStringLiteral("fuse.ceph-fuse"));
        QCOMPARE(mp, QStringLiteral("/mnt/my fs"));
        QCOMPARE(CephFsFioRunner::mountTypeOf(mounts, QStringLiteral("/mnt/my fsx"), &mp), QStringLiteral("ext4"));
    }

    // `cleanup` removes prefixed folders at the fs root, and nothing else.
    void cleanupRemovesOnlyPrefixedFolders()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY(startLab());
        ceph_mount_info *m = m_observer.handle();
        QCOMPARE(ceph_mkdirs(m, "/clustermark-bench-crashed1/t0", 0755), 0);
        const int fd = ceph_open(m, "/clustermark-bench-crashed1/t0/f1", O_CREAT | O_WRONLY, 0644);
        QVERIFY(fd >= 0);
        QCOMPARE(ceph_write(m, fd, "data", 4, 0), 4);
        ceph_close(m, fd);
        QCOMPARE(ceph_mkdir(m, "/clustermark-benchX", 0755), 0); // not the prefix
        QCOMPARE(ceph_mkdir(m, "/keep-me", 0755), 0);
        QCOMPARE(ceph_mkdir(m, "/keep-me/clustermark-bench-deep", 0755), 0); // not at the root
        const int file = ceph_open(m, "/clustermark-bench-afile", O_CREAT | O_WRONLY, 0644); // a file, not a folder
        QVERIFY(file >= 0);
        ceph_close(m, file);

        Out dry = cli({QStringLiteral("cleanup"), QStringLiteral("--lab"), m_lab.dir(), QStringLiteral("--dry-run"),
            QStringLiteral("--json")});
        QVERIFY2(dry.code == 0, dry.err.constData());
        const QJsonArray found = dry.json().value(QStringLiteral("found")).toArray();
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first().toObject().value(QStringLiteral("kind")).toString(), QStringLiteral("folder"));
        QCOMPARE(found.first().toObject().value(QStringLiteral("name")).toString(),
            QStringLiteral("/clustermark-bench-crashed1"));
        QVERIFY(m_observer.isDir(QStringLiteral("/clustermark-bench-crashed1")));

        Out run = cli({QStringLiteral("cleanup"), QStringLiteral("--lab"), m_lab.dir()});
        QVERIFY2(run.code == 0, run.err.constData());
        QVERIFY2(run.out.contains("removed CephFS folder cephfs:/clustermark-bench-crashed1"), run.out.constData());
        QVERIFY(!m_observer.isDir(QStringLiteral("/clustermark-bench-crashed1")));
        QVERIFY(m_observer.isDir(QStringLiteral("/clustermark-benchX")));
        QVERIFY(m_observer.isDir(QStringLiteral("/keep-me/clustermark-bench-deep")));
        struct ceph_statx sx = {};
        QCOMPARE(ceph_statx(m, "/clustermark-bench-afile", &sx, CEPH_STATX_SIZE, 0), 0);

        // Forged items are refused, one by one.
        const CleanupReport rep = CephFsLeftovers::remove(m_observer,
            {Leftover::make(Leftover::Kind::FsFolder, {}, QStringLiteral("/keep-me")),
                Leftover::make(Leftover::Kind::FsFolder, {}, QStringLiteral("/keep-me/../clustermark-bench-x")),
                Leftover::make(Leftover::Kind::Pool, {}, QStringLiteral("clustermark-bench-pool"))});
        QCOMPARE(rep.removed.size(), 0);
        QCOMPARE(rep.failed.size(), 3);
        QCOMPARE(rep.failed.at(0).error.code, Error::Code::Unsafe);
        QVERIFY(m_observer.isDir(QStringLiteral("/keep-me")));
        QVERIFY(!m_observer.removeTree(QStringLiteral("/keep-me")));
        QCOMPARE(ceph_rmdir(m, "/clustermark-benchX"), 0);
        QCOMPARE(ceph_unlink(m, "/clustermark-bench-afile"), 0);
    }

    void cleanupTestCase()
    {
        m_observer.unmount();
        m_lab.stop();
    }
};

QTEST_GUILESS_MAIN(TestCephFsKind)
#include "test_cephfskind.moc"
