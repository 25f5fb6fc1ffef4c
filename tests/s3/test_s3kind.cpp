// SPDX-License-Identifier: GPL-3.0-or-later
// The "s3" runner kind against the lab's real radosgw (scripts/lab/ceph-lab.sh, 1 OSD):
// presets and plan validation; every op end to end through the kind's runner and run
// state with figures checked against the gateway's own counts (ListObjectsV2 and
// `radosgw-admin bucket stats`); multipart PUTs and ranged GETs; mixed ratios; the CLI
// plan -> run -> compare/export round trip. After every run no clustermark-bench-*
// bucket is left. Failures (wrong secret, stop/continue, cancel, a killed gateway) are
// in test_s3kindfailures.
#include "s3kindtest.h"
#include "bench/registry.h"
#include "model/metric.h"
#include "report/runmarkdown.h"
#include "report/stepoperations.h"
#include "report/unitformat.h"
#include "testutil.h"
#include "clirun.h"

#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace cm;
using cmtest::runStep;
using cmtest::StepRun;

class TestS3Kind : public QObject, public cmtest::S3KindLab {
    Q_OBJECT

    QTemporaryDir m_data;

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void presetsAndValidation()
    {
        const auto kind = Registry::instance().kind(QStringLiteral("s3"));
        QVERIFY(kind);
        QStringList ids;
        for (const Preset &p : kind->presets())
            ids << p.id;
        QCOMPARE(ids,
            (QStringList {QStringLiteral("quick"), QStringLiteral("size-sweep"), QStringLiteral("mixed"),
                QStringLiteral("small-objects")}));
        S3Kind::Options o;
        o.endpoint = QStringLiteral("http://127.0.0.1:7480");
        o.accessKey = QStringLiteral("AK");
        o.preset = QStringLiteral("size-sweep");
        Error e;
        Plan p = S3Kind::makePlan(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(p.steps.size(), 10);
        QVERIFY(p.nodes.size() == 1 && p.nodes.first().isLocal());
        // the working set is scaled down for large objects, and requests in flight with it
        const PlanStep &last = p.steps.last();
        QCOMPARE(last.id, QStringLiteral("get-1g"));
        QCOMPARE(last.params.value(QStringLiteral("objectSize")).toDouble(), double(S3Kind::kGiB));
        QCOMPARE(last.params.value(QStringLiteral("objects")).toInt(), 2);
        QCOMPARE(last.params.value(QStringLiteral("concurrency")).toInt(), 2);
        QCOMPARE(p.steps.at(0).params.value(QStringLiteral("objects")).toInt(), 1024);
        QCOMPARE(S3Kind::defaultObjects(32 * S3Kind::kMiB), 32);
        // an explicit concurrency is capped where the plan chose a small working set
        o.concurrency = 32;
        p = S3Kind::makePlan(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(p.steps.first().params.value(QStringLiteral("concurrency")).toInt(), 32);
        QCOMPARE(p.steps.last().params.value(QStringLiteral("concurrency")).toInt(), 2);
        QCOMPARE(p.steps.last().title, QStringLiteral("GET 1 GiB ×2"));
        QCOMPARE(p.target.value(QStringLiteral("connections")).toInt(), 32); // one per request in flight
        o.concurrency = 0;
        QVERIFY(!p.target.contains(QStringLiteral("secretKey")));
        const QString preview = kind->commandPreview(p, 9, p.nodes.first());
        QVERIFY2(preview.contains(QStringLiteral("S3 GET 1 GiB objects, 2 in flight")), qPrintable(preview));
        const QString putPreview = kind->commandPreview(p, 8, p.nodes.first());
        QVERIFY2(putPreview.contains(QStringLiteral("multipart in 16 MiB parts")), qPrintable(putPreview));

        // Options survive JSON
        o.sizes = {4096, S3Kind::kMiB};
        o.mix = {{QStringLiteral("get"), 60}, {QStringLiteral("put"), 40}};
        o.skipTlsVerify = true;
        const S3Kind::Options back = S3Kind::Options::fromJson(o.toJson());
        QCOMPARE(back.toJson(), o.toJson());
        QCOMPARE(back.sizes, o.sizes);

        o = S3Kind::Options();
        o.endpoint = QStringLiteral("http://127.0.0.1:7480");
        o.accessKey = QStringLiteral("AK");
        o.preset = QStringLiteral("mixed");
        p = S3Kind::makePlan(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(p.steps.first().params.value(QStringLiteral("mix")).toObject(),
            (QJsonObject {{QStringLiteral("get"), 70}, {QStringLiteral("put"), 20}, {QStringLiteral("delete"), 10}}));
        // a size the preset has keeps the preset's working set; another gets the default
        o.preset = QStringLiteral("small-objects");
        o.sizes = {4 * S3Kind::kKiB, S3Kind::kMiB};
        p = S3Kind::makePlan(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        QCOMPARE(p.steps.first().params.value(QStringLiteral("objects")).toInt(), 4096);
        QCOMPARE(p.steps.last().params.value(QStringLiteral("objects")).toInt(), S3Kind::defaultObjects(S3Kind::kMiB));
        o.sizes.clear();

        // bad input: a clear error naming the field
        auto refused = [&](const std::function<void(S3Kind::Options &)> &change, const QString &expect) {
            S3Kind::Options b;
            b.endpoint = QStringLiteral("https://s3.example.net");
            b.accessKey = QStringLiteral("AK");
            change(b);
            Error err;
            S3Kind::makePlan(b, &err);
            return err.code == Error::Code::InvalidInput && err.message.contains(expect)
                ? QString()
                : QStringLiteral("got: ") + err.toString();
        };
        QString r;
        QVERIFY2((r = refused([](auto &b) { b.endpoint = QStringLiteral("ftp://x"); }, QStringLiteral("not an http")))
                     .isEmpty(),
            qPrintable(r));
        QVERIFY2(
            (r = refused([](auto &b) { b.endpoint = QStringLiteral("http://u:p@h"); }, QStringLiteral("credentials")))
                .isEmpty(),
            qPrintable(r));
        QVERIFY2(
            (r = refused([](auto &b) { b.accessKey.clear(); }, QStringLiteral("access key"))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.secretRef = QStringLiteral("plain:abc"); },
                      QStringLiteral("keychain, lab:<DIR> or env:")))
                     .isEmpty(),
            qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.op = QStringLiteral("copy"); }, QStringLiteral("op \"copy\""))).isEmpty(),
            qPrintable(r));
        QVERIFY2((r = refused(
                      [](auto &b) {
                          b.sizes = {S3Kind::kGiB};
                          b.concurrency = 16;
                          b.objects = 2;
                      },
                      QStringLiteral("concurrency 16 is more than the 2 objects")))
                     .isEmpty(),
            qPrintable(r));
        QVERIFY2((r = refused(
                      [](auto &b) {
                          b.preset = QStringLiteral("mixed");
                          b.mix = {{QStringLiteral("get"), 50}};
                      },
                      QStringLiteral("add up to 50")))
                     .isEmpty(),
            qPrintable(r));
        QVERIFY2((r = refused(
                      [](auto &b) {
                          b.preset = QStringLiteral("mixed");
                          b.mix = {{QStringLiteral("copy"), 100}};
                      },
                      QStringLiteral("mix op \"copy\"")))
                     .isEmpty(),
            qPrintable(r));
        QVERIFY2(
            (r = refused([](auto &b) { b.partSize = 1024; }, QStringLiteral("partSize"))).isEmpty(), qPrintable(r));
        QVERIFY2(
            (r = refused([](auto &b) { b.onError = QStringLiteral("retry"); }, QStringLiteral("onError"))).isEmpty(),
            qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.preset = QStringLiteral("huge"); }, QStringLiteral("unknown preset")))
                     .isEmpty(),
            qPrintable(r));
        QVERIFY2((r = refused(
                      [](auto &b) {
                          b.endpoint = QStringLiteral("http://h");
                          b.skipTlsVerify = true;
                      },
                      QStringLiteral("not https")))
                     .isEmpty(),
            qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.rangeSize = S3Kind::kMiB; }, QStringLiteral("rangeSize"))).isEmpty(),
            qPrintable(r));
        // a secret in the target and a remote node are refused by validate()
        Plan bad = p;
        bad.target.insert(QStringLiteral("secretKey"), QStringLiteral("s"));
        QVERIFY(kind->validate(bad).message.contains(QStringLiteral("must not hold the secret")));
        bad = p;
        bad.nodes = {NodeSpec::parse(QStringLiteral("root@node1"))};
        QVERIFY(kind->validate(bad).message.contains(QStringLiteral("this machine")));

        QVERIFY(metric::unitOf(metric::ReadTtfbP50) == metric::Unit::Nanoseconds);
        QVERIFY(metric::unitOf(metric::s3OpIops(QStringLiteral("head"))) == metric::Unit::OpsPerSec);
        QVERIFY(metric::unitOf(metric::s3OpLat(QStringLiteral("delete"), QStringLiteral("p99")))
            == metric::Unit::Nanoseconds);
        QVERIFY(metric::unitOf(metric::s3ErrorsFor(QStringLiteral("403"))) == metric::Unit::Other);
    }

    void everyOpThroughTheRunner()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        const qint64 size = 16 * 1024;
        const int objects = 150;
        S3Kind::Options o = labOptions();
        o.preset = QStringLiteral("small-objects");
        o.sizes = {size};
        o.objects = objects;
        o.runtime = 2;
        Error e;
        Plan p = S3Kind::makePlan(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        p.steps.insert(3, plan(QStringLiteral("list"), size, objects, 4, 1).steps.first());
        QStringList ops;
        for (const PlanStep &s : std::as_const(p.steps))
            ops << s.params.value(QStringLiteral("op")).toString();
        QCOMPARE(ops,
            (QStringList {QStringLiteral("put"), QStringLiteral("get"), QStringLiteral("head"), QStringLiteral("list"),
                QStringLiteral("delete")}));
        const auto state = S3Kind().createRunState(p);
        QVERIFY(state);
        S3Client v = verifier();

        // PUT: every request wrote one object of the working set
        StepRun put = runStep(p, 0, state);
        QVERIFY2(!put.out.error, qPrintable(put.out.error.toString()));
        const QString bucket = put.out.target.section(QStringLiteral("s3://"), 1);
        QVERIFY(S3Client::isAppBucket(bucket));
        const QJsonObject w = put.dir(QStringLiteral("write"));
        const double puts = w.value(QStringLiteral("total_ios")).toDouble();
        QVERIFY2(puts > 0, qPrintable(QString::number(puts)));
        const qint64 written = qMin(qint64(puts), qint64(objects)); // PUTs cycle over the set in order
        QCOMPARE(w.value(QStringLiteral("io_bytes")).toDouble(), puts * size);
        QVERIFY(w.value(QStringLiteral("bw")).toDouble() > 0 && w.value(QStringLiteral("lat_p50_ns")).toDouble() > 0);
        qint64 n = 0, bytes = 0;
        QVERIFY(bucketStats(bucket, &n, &bytes));
        // PUTs cut off at the step's end are not counted, but the gateway may have stored them
        QVERIFY2(n >= written && n <= qMin<qint64>(objects, written + 16),
            qPrintable(QStringLiteral("%1 vs %2").arg(n).arg(written)));
        QCOMPARE(bytes, n * size);
        // the samples add up to the summary (1 s intervals, ops/s × seconds ≈ count)
        QVERIFY(put.has(metric::WriteBw) && put.has(metric::WriteLatP99) && put.has(metric::S3Errors));
        QCOMPARE(put.sum(metric::S3Errors), 0.0);
        QVERIFY(!put.has(metric::ReadIops));

        // GET: reads the PUT step's objects, no prefill
        StepRun get = runStep(p, 1, state);
        QVERIFY2(!get.out.error, qPrintable(get.out.error.toString()));
        QVERIFY(get.out.summary.value(QStringLiteral("prefilled")).toInt() <= objects - written);
        const QJsonObject r = get.dir(QStringLiteral("read"));
        const double gets = r.value(QStringLiteral("total_ios")).toDouble();
        QVERIFY(gets > 0);
        // completed GETs, plus what GETs cut off at the end had received
        QVERIFY(r.value(QStringLiteral("io_bytes")).toDouble() >= gets * size);
        QVERIFY(r.value(QStringLiteral("io_bytes")).toDouble() < (gets + 16) * size);
        QVERIFY(r.value(QStringLiteral("ttfb_p50_ns")).toDouble() > 0);
        QVERIFY(r.value(QStringLiteral("ttfb_p50_ns")).toDouble() <= r.value(QStringLiteral("lat_p99_ns")).toDouble());
        QVERIFY(get.has(metric::ReadTtfbP50) && get.has(metric::ReadTtfbP99) && get.has(metric::ReadLatP999));
        QVERIFY(!get.out.summary.contains(QStringLiteral("write")));
        qInfo("16 KiB ×4: PUT %.0f/s, GET %.0f/s (p50 %.2f ms, TTFB p50 %.2f ms)",
            w.value(QStringLiteral("iops")).toDouble(), r.value(QStringLiteral("iops")).toDouble(),
            r.value(QStringLiteral("lat_p50_ns")).toDouble() / 1e6,
            r.value(QStringLiteral("ttfb_p50_ns")).toDouble() / 1e6);

        StepRun head = runStep(p, 2, state);
        QVERIFY2(!head.out.error, qPrintable(head.out.error.toString()));
        const QJsonObject h
            = head.out.summary.value(QStringLiteral("ops")).toObject().value(QStringLiteral("head")).toObject();
        QVERIFY(h.value(QStringLiteral("total_ios")).toDouble() > 0
            && h.value(QStringLiteral("lat_p99_ns")).toDouble() > 0);
        QVERIFY(head.has(metric::s3OpIops(QStringLiteral("head"))));
        QVERIFY(head.out.summary.value(QStringLiteral("opsPerSecond")).toDouble() > 0);

        StepRun list = runStep(p, 3, state);
        QVERIFY2(!list.out.error, qPrintable(list.out.error.toString()));
        QVERIFY(list.out.summary.value(QStringLiteral("ops"))
                    .toObject()
                    .value(QStringLiteral("list"))
                    .toObject()
                    .value(QStringLiteral("total_ios"))
                    .toDouble()
            > 0);

        // DELETE: what is left in the bucket is what was not deleted
        StepRun del = runStep(p, 4, state);
        QVERIFY2(!del.out.error, qPrintable(del.out.error.toString()));
        const double deletes = del.out.summary.value(QStringLiteral("ops"))
                                   .toObject()
                                   .value(QStringLiteral("delete"))
                                   .toObject()
                                   .value(QStringLiteral("total_ios"))
                                   .toDouble();
        QVERIFY(deletes > 0 && deletes <= objects);
        QList<S3ObjectEntry> left;
        QVERIFY(!v.listObjects(bucket, QString(), &left));
        // DELETEs cut off at the step's end are not counted, but the gateway may have done them
        QVERIFY2(left.size() <= objects - deletes && left.size() >= objects - deletes - 16,
            qPrintable(QStringLiteral("%1 left after %2 deletes").arg(left.size()).arg(deletes)));
        QVERIFY(bucketStats(bucket, &n, &bytes));
        QCOMPARE(n, qint64(left.size()));

        // exports read HEAD/LIST/DELETE from the real summaries, one row per operation
        RunInfo info;
        info.name = QStringLiteral("S3 ops");
        QList<StepRecord> records;
        for (const auto &[name, sr] :
            {std::pair {"head", &head}, std::pair {"list", &list}, std::pair {"delete", &del}}) {
            StepRecord rec;
            rec.testId = QLatin1String(name);
            rec.title = QStringLiteral("step ") + QLatin1String(name);
            rec.status = QStringLiteral("completed");
            rec.summary = sr->out.summary;
            records << rec;
            const QList<StepOperation> ops = stepOperations(rec.summary);
            QCOMPARE(ops.size(), 1);
            QCOMPARE(ops.first().key, QStringLiteral("s3.") + QLatin1String(name));
            QCOMPARE(ops.first().count,
                rec.summary.value(QStringLiteral("ops"))
                    .toObject()
                    .value(QLatin1String(name))
                    .toObject()
                    .value(QStringLiteral("total_ios"))
                    .toDouble());
        }
        const QString md = runMarkdown(info, records);
        for (const StepRecord &rec : std::as_const(records)) {
            const StepOperation op = stepOperations(rec.summary).first();
            const QString row
                = QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |")
                      .arg(rec.title, op.label, formatIops(op.opsPerSec), QString::number(qint64(op.count)),
                          formatLatencyNs(op.latency("lat_p50_ns")), formatLatencyNs(op.latency("lat_p99_ns")));
            QVERIFY2(md.contains(row), qPrintable(row + QLatin1Char('\n') + md));
        }

        QCOMPARE(cmtest::finishRun(state), QString());
        QCOMPARE(appBuckets(), QStringList());
    }

    void multipartAndRangedGet()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        S3Kind::Options o = labOptions();
        o.preset = QStringLiteral("quick");
        o.sizes = {12 * S3Kind::kMiB};
        o.objects = 2;
        o.runtime = 4;
        o.multipartThreshold = 8 * S3Kind::kMiB;
        o.partSize = 5 * S3Kind::kMiB;
        o.rangeSize = 64 * 1024;
        Error e;
        const Plan p = S3Kind::makePlan(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        const auto state = S3Kind().createRunState(p);
        const StepRun put = runStep(p, 0, state);
        QVERIFY2(!put.out.error, qPrintable(put.out.error.toString()));
        QVERIFY(put.out.summary.value(QStringLiteral("multipart")).toBool());
        const QString bucket = put.out.target.section(QStringLiteral("s3://"), 1);
        const double puts = put.dir(QStringLiteral("write")).value(QStringLiteral("total_ios")).toDouble();
        QVERIFY(puts >= 1);
        QList<S3ObjectEntry> objs;
        QVERIFY(!verifier().listObjects(bucket, QString(), &objs));
        QVERIFY2(objs.size() >= qMin(2.0, puts) && objs.size() <= 2, qPrintable(QString::number(objs.size())));
        for (const S3ObjectEntry &x : std::as_const(objs)) {
            QCOMPARE(x.size, 12 * S3Kind::kMiB);
            QVERIFY2(x.etag.contains(QStringLiteral("-3")), qPrintable(x.etag)); // 3 parts: 5 + 5 + 2 MiB
        }
        QVERIFY(
            put.dir(QStringLiteral("write")).value(QStringLiteral("io_bytes")).toDouble() >= puts * 12 * S3Kind::kMiB);
        const StepRun get = runStep(p, 1, state);
        QVERIFY2(!get.out.error, qPrintable(get.out.error.toString()));
        const QJsonObject r = get.dir(QStringLiteral("read"));
        QVERIFY(r.value(QStringLiteral("total_ios")).toDouble() > 0);
        QVERIFY(r.value(QStringLiteral("io_bytes")).toDouble()
            >= r.value(QStringLiteral("total_ios")).toDouble() * 64 * 1024);
        QVERIFY(r.value(QStringLiteral("io_bytes")).toDouble()
            < (r.value(QStringLiteral("total_ios")).toDouble() + 2) * 64 * 1024);
        // an upload whose id the run never saw (an initiate cut off after the gateway did
        // it) must not keep the bucket from being removed
        S3Client v = verifier();
        S3HttpRequest init = v.build("POST", bucket, QStringLiteral("orphan"), {{"uploads", {}}});
        const S3HttpResponse ir = v.execute(std::move(init));
        QVERIFY2(ir.ok() && ir.body.contains("UploadId"), ir.body.constData());
        QCOMPARE(cmtest::finishRun(state), QString());
        QCOMPARE(appBuckets(), QStringList());
    }

    void mixedRatiosAreHonoured()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        S3Kind::Options o = labOptions();
        o.preset = QStringLiteral("mixed");
        o.sizes = {4096};
        o.objects = 300;
        o.runtime = 3;
        o.mix = {{QStringLiteral("get"), 50}, {QStringLiteral("put"), 30}, {QStringLiteral("delete"), 20}};
        Error e;
        const Plan p = S3Kind::makePlan(o, &e);
        QVERIFY2(!e, qPrintable(e.toString()));
        const auto state = S3Kind().createRunState(p);
        const StepRun run = runStep(p, 0, state);
        QVERIFY2(!run.out.error, qPrintable(run.out.error.toString()));
        QCOMPARE(run.out.summary.value(QStringLiteral("prefilled")).toInt(), 300);
        const double gets = run.dir(QStringLiteral("read")).value(QStringLiteral("total_ios")).toDouble();
        const double puts = run.dir(QStringLiteral("write")).value(QStringLiteral("total_ios")).toDouble();
        const double dels = run.out.summary.value(QStringLiteral("ops"))
                                .toObject()
                                .value(QStringLiteral("delete"))
                                .toObject()
                                .value(QStringLiteral("total_ios"))
                                .toDouble();
        const double all = gets + puts + dels;
        QVERIFY2(all >= 200, qPrintable(QString::number(all)));
        qInfo("mixed 50/30/20: %.0f requests, GET %.1f %%, PUT %.1f %%, DELETE %.1f %%", all, 100 * gets / all,
            100 * puts / all, 100 * dels / all);
        QVERIFY(qAbs(100 * gets / all - 50) < 8);
        QVERIFY(qAbs(100 * puts / all - 30) < 8);
        QVERIFY(qAbs(100 * dels / all - 20) < 8);
        // the gateway holds what prefill + puts - deletes left (each key counted once)
        qint64 n = 0, bytes = 0;
        QVERIFY(bucketStats(run.out.target.section(QStringLiteral("s3://"), 1), &n, &bytes));
        QVERIFY(n > 0 && n <= 300);
        QCOMPARE(bytes, n * 4096);
        QCOMPARE(cmtest::finishRun(state), QString());
        QCOMPARE(appBuckets(), QStringList());
    }

    // A wrong secret: the run's first request (creating the bucket) fails with 403

    void cliPlanAndRun()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        auto cli = [&](const QStringList &args) {
            return cmtest::runBinary(QStringLiteral("clustermark-cli"), args, m_data.path(), 120000);
        };
        cmtest::CliResult r = cli({QStringLiteral("plan"), QStringLiteral("s3")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("give --lab DIR, or --endpoint URL and --access-key AK"), r.err.constData());
        r = cli({QStringLiteral("plan"), QStringLiteral("s3"), QStringLiteral("--lab"), m_lab.dir(),
            QStringLiteral("--mix"), QStringLiteral("get=50,put=20")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("add up to 70, not 100"), r.err.constData());
        r = cli({QStringLiteral("plan"), QStringLiteral("s3"), QStringLiteral("--lab"), m_lab.dir(),
            QStringLiteral("--sizes"), QStringLiteral("64Q")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("\"64Q\" is not a size"), r.err.constData());

        r = cli({QStringLiteral("plan"), QStringLiteral("s3"), QStringLiteral("--lab"), m_lab.dir(),
            QStringLiteral("--runtime"), QStringLiteral("1"), QStringLiteral("--objects"), QStringLiteral("64"),
            QStringLiteral("--concurrency"), QStringLiteral("8")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(!r.out.contains(m_lab.s3SecretKey().toUtf8()), "the plan holds the secret");
        const QString planFile = m_data.filePath(QStringLiteral("s3.json"));
        QFile f(planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(r.out);
        f.close();
        QCOMPARE(QJsonDocument::fromJson(r.out)
                     .object()
                     .value(QStringLiteral("ceph"))
                     .toObject()
                     .value(QStringLiteral("conf"))
                     .toString(),
            m_lab.confPath()); // the lab's health is polled during the run
        r = cli({QStringLiteral("run"), planFile});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject run = r.json();
        QCOMPARE(run.value(QStringLiteral("run")).toObject().value(QStringLiteral("status")).toString(),
            QStringLiteral("completed"));
        const QJsonArray steps = run.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 2);
        QVERIFY(steps.at(0)
                    .toObject()
                    .value(QStringLiteral("summary"))
                    .toObject()
                    .value(QStringLiteral("write"))
                    .toObject()
                    .value(QStringLiteral("bw"))
                    .toDouble()
            > 0);
        QVERIFY(steps.at(1)
                    .toObject()
                    .value(QStringLiteral("summary"))
                    .toObject()
                    .value(QStringLiteral("read"))
                    .toObject()
                    .value(QStringLiteral("bw"))
                    .toDouble()
            > 0);
        QVERIFY2(!r.out.contains(m_lab.s3SecretKey().toUtf8()) && !r.err.contains(m_lab.s3SecretKey().toUtf8()),
            "the secret is in the run's output");
        QCOMPARE(appBuckets(), QStringList());

        // a second run; compare and export read S3 runs as they read fio runs
        const QString first
            = QString::number(run.value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toInt());
        r = cli({QStringLiteral("run"), planFile});
        QVERIFY2(r.code == 0, r.err.constData());
        const QString second
            = QString::number(r.json().value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toInt());
        r = cli({QStringLiteral("compare"), first, second, QStringLiteral("--format"), QStringLiteral("md")});
        QVERIFY2(r.code == 0, r.err.constData());
        for (const char *row :
            {"| PUT 64 KiB ×8 |", "| PUT MB/s |", "| PUT lat p99 |", "| GET 64 KiB ×8 |", "| GET requests/s |"})
            QVERIFY2(r.out.contains(row), r.out.constData());
        QVERIFY2(!r.out.contains("The runs differ in"), r.out.constData()); // nothing run-specific in the parameters
        r = cli({QStringLiteral("export"), second, QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(r.code == 0 && r.out.contains("GET 64 KiB"), r.out.constData());
        QCOMPARE(appBuckets(), QStringList());
    }

    void cleanupTestCase() { m_lab.stop(); }
};

QTEST_GUILESS_MAIN(TestS3Kind)
#include "test_s3kind.moc"
