// The "s3" runner kind against the lab's real radosgw (scripts/lab/ceph-lab.sh, 1 OSD):
// presets and plan validation; every op end to end through the kind's runner and run
// state with figures checked against the gateway's own counts (ListObjectsV2 and
// `radosgw-admin bucket stats`); multipart PUTs; mixed ratios; a wrong secret; stop vs
// continue on failed requests; cancel; the CLI plan -> run round trip; a radosgw killed
// mid-run. After every run no clustermark-bench-* bucket is left.
#include "bench/registry.h"
#include "bench/s3kind.h"
#include "bench/s3runstate.h"
#include "cephlabfixture.h"
#include "clirun.h"
#include "model/metric.h"
#include "s3/s3client.h"
#include "s3/s3workload.h"
#include "testutil.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <future>
#include <mutex>

using namespace cm;

namespace {

struct StepRun {
    StepOutcome out;
    SampleList samples;
    QStringList log;
    qint64 ms = 0;

    double sum(const QString &metric) const
    {
        double s = 0;
        for (const Sample &x : samples)
            if (x.metric == metric)
                s += x.value;
        return s;
    }
    bool has(const QString &metric) const
    {
        for (const Sample &x : samples)
            if (x.metric == metric)
                return true;
        return false;
    }
    QJsonObject dir(const QString &name) const { return out.summary.value(name).toObject(); }
};

StepRun runStep(const Plan &plan, int index, const std::shared_ptr<RunState> &state, const CancelToken &cancel = {})
{
    StepRun r;
    std::mutex m;
    QElapsedTimer t;
    t.start();
    StepContext ctx;
    ctx.cancel = cancel;
    ctx.stepIndex = index;
    ctx.nodeName = QStringLiteral("local");
    ctx.now = [&t] { return double(t.nsecsElapsed()) / 1e9; };
    ctx.emitSamples = [&](const SampleList &s) {
        std::lock_guard g(m);
        r.samples += s;
    };
    ctx.log = [&](const QString &line) {
        std::lock_guard g(m);
        r.log << line;
    };
    ctx.runState = state;
    r.out = S3Kind().createStepRunner(plan, index)->run(ctx);
    r.ms = t.elapsed();
    return r;
}

} // namespace

class TestS3Kind : public QObject {
    Q_OBJECT

    cmtest::CephLabFixture m_lab;
    QTemporaryDir m_data;

    bool startLab()
    {
        if (m_lab.isRunning())
            return true;
        if (!m_lab.start(1)) {
            qWarning("%s", qPrintable(m_lab.whyNot()));
            return false;
        }
        return true;
    }

    S3Kind::Options labOptions() const
    {
        S3Kind::Options o;
        o.endpoint = m_lab.rgwEndpoint();
        o.accessKey = m_lab.s3AccessKey();
        o.secretRef = QStringLiteral("lab:") + m_lab.dir();
        return o;
    }

    // A client of its own (not the run's): what the gateway holds.
    S3Client verifier() const
    {
        S3Config c;
        c.endpoint = m_lab.rgwEndpoint();
        c.accessKey = m_lab.s3AccessKey().toUtf8();
        c.secretKey = m_lab.s3SecretKey().toUtf8();
        return S3Client(c);
    }

    QStringList appBuckets()
    {
        QList<S3BucketEntry> buckets;
        if (Error e = verifier().listBuckets(&buckets))
            return {QStringLiteral("<list failed: %1>").arg(e.toString())};
        QStringList out;
        for (const S3BucketEntry &b : std::as_const(buckets))
            if (S3Client::isAppBucket(b.name))
                out << b.name;
        return out;
    }

    // radosgw-admin's own count and bytes of a bucket.
    bool bucketStats(const QString &bucket, qint64 *objects, qint64 *bytes)
    {
        QByteArray out;
        if (m_lab.client(QStringLiteral("radosgw-admin"), {QStringLiteral("bucket"), QStringLiteral("stats"),
                                                           QStringLiteral("--bucket=") + bucket}, &out) != 0)
            return false;
        const QJsonObject main = QJsonDocument::fromJson(out).object().value(QStringLiteral("usage")).toObject()
                                     .value(QStringLiteral("rgw.main")).toObject();
        *objects = qint64(main.value(QStringLiteral("num_objects")).toDouble());
        *bytes = qint64(main.value(QStringLiteral("size")).toDouble());
        return true;
    }

    Plan plan(const QString &op, qint64 size, int objects, int concurrency, int runtime, QString *why = nullptr)
    {
        S3Kind::Options o = labOptions();
        o.op = op;
        o.sizes = {size};
        o.objects = objects;
        o.concurrency = concurrency;
        o.runtime = runtime;
        Error e;
        const Plan p = S3Kind::makePlan(o, &e);
        if (why)
            *why = e.toString();
        return p;
    }

private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void presetsAndValidation()
    {
        const auto kind = Registry::instance().kind(QStringLiteral("s3"));
        QVERIFY(kind);
        QStringList ids;
        for (const Preset &p : kind->presets())
            ids << p.id;
        QCOMPARE(ids, (QStringList{QStringLiteral("quick"), QStringLiteral("size-sweep"), QStringLiteral("mixed"),
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
                 (QJsonObject{{QStringLiteral("get"), 70}, {QStringLiteral("put"), 20}, {QStringLiteral("delete"), 10}}));

        // bad input: a clear error naming the field
        auto refused = [&](const std::function<void(S3Kind::Options &)> &change, const QString &expect) {
            S3Kind::Options b;
            b.endpoint = QStringLiteral("https://s3.example.net");
            b.accessKey = QStringLiteral("AK");
            change(b);
            Error err;
            S3Kind::makePlan(b, &err);
            return err.code == Error::Code::InvalidInput && err.message.contains(expect) ? QString()
                                                                                        : QStringLiteral("got: ") + err.toString();
        };
        QString r;
        QVERIFY2((r = refused([](auto &b) { b.endpoint = QStringLiteral("ftp://x"); }, QStringLiteral("not an http"))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.endpoint = QStringLiteral("http://u:p@h"); }, QStringLiteral("credentials"))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.accessKey.clear(); }, QStringLiteral("access key"))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.secretRef = QStringLiteral("plain:abc"); }, QStringLiteral("keychain, lab:<DIR> or env:"))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.op = QStringLiteral("copy"); }, QStringLiteral("op \"copy\""))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.sizes = {S3Kind::kGiB}; b.concurrency = 16; }, QStringLiteral("concurrency 16 is more than the 2 objects"))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.preset = QStringLiteral("mixed"); b.mix = {{QStringLiteral("get"), 50}}; }, QStringLiteral("add up to 50"))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.preset = QStringLiteral("mixed"); b.mix = {{QStringLiteral("copy"), 100}}; }, QStringLiteral("mix op \"copy\""))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.partSize = 1024; }, QStringLiteral("partSize"))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.onError = QStringLiteral("retry"); }, QStringLiteral("onError"))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.preset = QStringLiteral("huge"); }, QStringLiteral("unknown preset"))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.endpoint = QStringLiteral("http://h"); b.skipTlsVerify = true; }, QStringLiteral("not https"))).isEmpty(), qPrintable(r));
        QVERIFY2((r = refused([](auto &b) { b.rangeSize = S3Kind::kMiB; }, QStringLiteral("rangeSize"))).isEmpty(), qPrintable(r));
        // a secret in the target and a remote node are refused by validate()
        Plan bad = p;
        bad.target.insert(QStringLiteral("secretKey"), QStringLiteral("s"));
        QVERIFY(kind->validate(bad).message.contains(QStringLiteral("must not hold the secret")));
        bad = p;
        bad.nodes = {NodeSpec::parse(QStringLiteral("root@node1"))};
        QVERIFY(kind->validate(bad).message.contains(QStringLiteral("this machine")));

        QVERIFY(metric::unitOf(metric::ReadTtfbP50) == metric::Unit::Nanoseconds);
        QVERIFY(metric::unitOf(metric::s3OpIops(QStringLiteral("head"))) == metric::Unit::OpsPerSec);
        QVERIFY(metric::unitOf(metric::s3OpLat(QStringLiteral("delete"), QStringLiteral("p99"))) == metric::Unit::Nanoseconds);
        QVERIFY(metric::unitOf(metric::s3ErrorsFor(QStringLiteral("403"))) == metric::Unit::Other);
    }

    // PUT, GET, HEAD, LIST, DELETE in one run (one bucket), figures against the gateway.
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
        QCOMPARE(ops, (QStringList{QStringLiteral("put"), QStringLiteral("get"), QStringLiteral("head"), QStringLiteral("list"),
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
        const qint64 written = qMin(qint64(puts), qint64(objects));   // PUTs cycle over the set in order
        QCOMPARE(w.value(QStringLiteral("io_bytes")).toDouble(), puts * size);
        QVERIFY(w.value(QStringLiteral("bw")).toDouble() > 0 && w.value(QStringLiteral("lat_p50_ns")).toDouble() > 0);
        qint64 n = 0, bytes = 0;
        QVERIFY(bucketStats(bucket, &n, &bytes));
        QCOMPARE(n, written);
        QCOMPARE(bytes, written * size);
        // the samples add up to the summary (1 s intervals, ops/s × seconds ≈ count)
        QVERIFY(put.has(metric::WriteBw) && put.has(metric::WriteLatP99) && put.has(metric::S3Errors));
        QCOMPARE(put.sum(metric::S3Errors), 0.0);
        QVERIFY(!put.has(metric::ReadIops));

        // GET: reads the PUT step's objects, no prefill
        StepRun get = runStep(p, 1, state);
        QVERIFY2(!get.out.error, qPrintable(get.out.error.toString()));
        QCOMPARE(qint64(get.out.summary.value(QStringLiteral("prefilled")).toInt()), objects - written);
        const QJsonObject r = get.dir(QStringLiteral("read"));
        const double gets = r.value(QStringLiteral("total_ios")).toDouble();
        QVERIFY(gets > 0);
        QCOMPARE(r.value(QStringLiteral("io_bytes")).toDouble(), gets * size);
        QVERIFY(r.value(QStringLiteral("ttfb_p50_ns")).toDouble() > 0);
        QVERIFY(r.value(QStringLiteral("ttfb_p50_ns")).toDouble() <= r.value(QStringLiteral("lat_p99_ns")).toDouble());
        QVERIFY(get.has(metric::ReadTtfbP50) && get.has(metric::ReadTtfbP99) && get.has(metric::ReadLatP999));
        QVERIFY(!get.out.summary.contains(QStringLiteral("write")));
        qInfo("16 KiB ×4: PUT %.0f/s, GET %.0f/s (p50 %.2f ms, TTFB p50 %.2f ms)", w.value(QStringLiteral("iops")).toDouble(),
              r.value(QStringLiteral("iops")).toDouble(), r.value(QStringLiteral("lat_p50_ns")).toDouble() / 1e6,
              r.value(QStringLiteral("ttfb_p50_ns")).toDouble() / 1e6);

        StepRun head = runStep(p, 2, state);
        QVERIFY2(!head.out.error, qPrintable(head.out.error.toString()));
        const QJsonObject h = head.out.summary.value(QStringLiteral("ops")).toObject().value(QStringLiteral("head")).toObject();
        QVERIFY(h.value(QStringLiteral("total_ios")).toDouble() > 0 && h.value(QStringLiteral("lat_p99_ns")).toDouble() > 0);
        QVERIFY(head.has(metric::s3OpIops(QStringLiteral("head"))));
        QVERIFY(head.out.summary.value(QStringLiteral("opsPerSecond")).toDouble() > 0);

        StepRun list = runStep(p, 3, state);
        QVERIFY2(!list.out.error, qPrintable(list.out.error.toString()));
        QVERIFY(list.out.summary.value(QStringLiteral("ops")).toObject().value(QStringLiteral("list")).toObject()
                    .value(QStringLiteral("total_ios")).toDouble() > 0);

        // DELETE: what is left in the bucket is what was not deleted
        StepRun del = runStep(p, 4, state);
        QVERIFY2(!del.out.error, qPrintable(del.out.error.toString()));
        const double deletes = del.out.summary.value(QStringLiteral("ops")).toObject().value(QStringLiteral("delete")).toObject()
                                   .value(QStringLiteral("total_ios")).toDouble();
        QVERIFY(deletes > 0 && deletes <= objects);
        QList<S3ObjectEntry> left;
        QVERIFY(!v.listObjects(bucket, QString(), &left));
        QCOMPARE(double(left.size()), objects - deletes);
        QVERIFY(bucketStats(bucket, &n, &bytes));
        QCOMPARE(double(n), objects - deletes);

        static_cast<S3RunState *>(state.get())->finish({});
        QVERIFY(static_cast<S3RunState *>(state.get())->bucketRemoved());
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
        o.runtime = 2;
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
        QList<S3ObjectEntry> objs;
        QVERIFY(!verifier().listObjects(bucket, QString(), &objs));
        QCOMPARE(objs.size(), 2);
        for (const S3ObjectEntry &x : std::as_const(objs)) {
            QCOMPARE(x.size, 12 * S3Kind::kMiB);
            QVERIFY2(x.etag.contains(QStringLiteral("-3")), qPrintable(x.etag));   // 3 parts: 5 + 5 + 2 MiB
        }
        const double puts = put.dir(QStringLiteral("write")).value(QStringLiteral("total_ios")).toDouble();
        QVERIFY(puts >= 2);
        QVERIFY(put.dir(QStringLiteral("write")).value(QStringLiteral("io_bytes")).toDouble() >= puts * 12 * S3Kind::kMiB);
        const StepRun get = runStep(p, 1, state);
        QVERIFY2(!get.out.error, qPrintable(get.out.error.toString()));
        const QJsonObject r = get.dir(QStringLiteral("read"));
        QCOMPARE(r.value(QStringLiteral("io_bytes")).toDouble(), r.value(QStringLiteral("total_ios")).toDouble() * 64 * 1024);
        static_cast<S3RunState *>(state.get())->finish({});
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
        const double dels = run.out.summary.value(QStringLiteral("ops")).toObject().value(QStringLiteral("delete")).toObject()
                                .value(QStringLiteral("total_ios")).toDouble();
        const double all = gets + puts + dels;
        QVERIFY2(all >= 200, qPrintable(QString::number(all)));
        qInfo("mixed 50/30/20: %.0f requests, GET %.1f %%, PUT %.1f %%, DELETE %.1f %%", all, 100 * gets / all, 100 * puts / all,
              100 * dels / all);
        QVERIFY(qAbs(100 * gets / all - 50) < 8);
        QVERIFY(qAbs(100 * puts / all - 30) < 8);
        QVERIFY(qAbs(100 * dels / all - 20) < 8);
        // the gateway holds what prefill + puts - deletes left (each key counted once)
        qint64 n = 0, bytes = 0;
        QVERIFY(bucketStats(run.out.target.section(QStringLiteral("s3://"), 1), &n, &bytes));
        QVERIFY(n > 0 && n <= 300);
        QCOMPARE(bytes, n * 4096);
        static_cast<S3RunState *>(state.get())->finish({});
        QCOMPARE(appBuckets(), QStringList());
    }

    // A wrong secret: the run's first request (creating the bucket) fails with 403
    // SignatureDoesNotMatch, said plainly; nothing is left behind.
    void wrongSecretIsAClearError()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        qputenv("CM_TEST_S3_SECRET", "wrong-secret-0123456789");
        Plan p = plan(QStringLiteral("put"), 4096, 16, 4, 2);
        p.target.insert(QStringLiteral("secretRef"), QStringLiteral("env:CM_TEST_S3_SECRET"));
        const auto state = S3Kind().createRunState(p);
        const StepRun run = runStep(p, 0, state);
        QCOMPARE(run.out.error.code, Error::Code::AuthDenied);
        QVERIFY2(run.out.error.message.contains(QStringLiteral("HTTP 403 SignatureDoesNotMatch")), qPrintable(run.out.error.toString()));
        QVERIFY2(!run.out.error.toString().contains(QStringLiteral("wrong-secret")), "the secret is in the error");
        static_cast<S3RunState *>(state.get())->finish({});
        QCOMPARE(appBuckets(), QStringList());
        // an unset variable: says which
        p.target.insert(QStringLiteral("secretRef"), QStringLiteral("env:CM_TEST_S3_UNSET"));
        const StepRun unset = runStep(p, 0, S3Kind().createRunState(p));
        QVERIFY2(unset.out.error.message.contains(QStringLiteral("CM_TEST_S3_UNSET")), qPrintable(unset.out.error.toString()));
    }

    // Failed requests mid-run (objects the set says exist but the gateway has not: 404):
    // "stop" ends at the first with its status and code, "continue" counts them.
    void stopVersusContinue()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        S3Client c = verifier();
        const QString bucket = S3Client::newBucketName(QStringLiteral("err"));
        QVERIFY(!c.createBucket(bucket));
        S3ObjectSet set;
        std::vector<char> &exists = set.exists(4096, 20);
        for (int i = 0; i < 20; ++i) {
            exists[size_t(i)] = 1;
            if (i % 2 == 0)
                QVERIFY(!c.putObject(bucket, set.key(4096, i), QByteArray(4096, 'a')));
        }
        S3WorkloadSpec spec;
        spec.op = QStringLiteral("get");
        spec.objectSize = 4096;
        spec.objects = 20;
        spec.concurrency = 4;
        spec.runtimeSec = 2;
        spec.bucket = bucket;
        SampleList samples;
        auto collect = [&](const SampleList &s) { samples += s; };

        spec.stopOnError = true;
        QElapsedTimer t;
        t.start();
        S3Workload stop(c, spec, set);
        const Error e = stop.run(CancelToken(), collect);
        QVERIFY2(e.message.contains(QStringLiteral("HTTP 404 NoSuchKey")), qPrintable(e.toString()));
        QVERIFY2(e.context.startsWith(QStringLiteral("GET ") + bucket), qPrintable(e.context));
        QVERIFY2(t.elapsed() < 1500, qPrintable(QString::number(t.elapsed())));

        spec.stopOnError = false;
        samples.clear();
        t.restart();
        S3Workload cont(c, spec, set);
        QVERIFY2(!cont.run(CancelToken(), collect), "continue mode failed the step");
        QVERIFY(t.elapsed() >= 1900);
        const QJsonObject s = cont.summary();
        const double ok = s.value(QStringLiteral("read")).toObject().value(QStringLiteral("total_ios")).toDouble();
        const double failed = s.value(QStringLiteral("errors")).toObject().value(QStringLiteral("404")).toDouble();
        QVERIFY(ok > 0 && failed > 0);
        QCOMPARE(double(cont.failedRequests()), failed);
        double sampled = 0;
        for (const Sample &x : std::as_const(samples))
            if (x.metric == metric::s3ErrorsFor(QStringLiteral("404")))
                sampled += x.value;
        QCOMPARE(sampled, failed);
        qInfo("continue: %.0f GETs, %.0f answered 404 (about half expected)", ok, failed);
        QVERIFY(failed / (ok + failed) > 0.25 && failed / (ok + failed) < 0.75);
        QVERIFY(!c.emptyBucket(bucket));
        QVERIFY(!c.deleteBucket(bucket));
    }

    void cancelEndsPromptly()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        const Plan p = plan(QStringLiteral("put"), 4 * S3Kind::kMiB, 16, 16, 60);
        const auto state = S3Kind().createRunState(p);
        CancelToken cancel;
        auto f = std::async(std::launch::async, [&] { return runStep(p, 0, state, cancel); });
        QThread::msleep(1500);
        QElapsedTimer t;
        t.start();
        cancel.cancel();
        QVERIFY(f.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
        const StepRun run = f.get();
        qInfo("cancel: the step ended %lld ms after the cancel", t.elapsed());
        QCOMPARE(run.out.error.code, Error::Code::Cancelled);
        QVERIFY(run.out.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble() > 0);
        static_cast<S3RunState *>(state.get())->finish({});
        QVERIFY2(static_cast<S3RunState *>(state.get())->bucketRemoved(),
                 qPrintable(static_cast<S3RunState *>(state.get())->finishError().toString()));
        QCOMPARE(appBuckets(), QStringList());
    }

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
        r = cli({QStringLiteral("plan"), QStringLiteral("s3"), QStringLiteral("--lab"), m_lab.dir(), QStringLiteral("--mix"),
                 QStringLiteral("get=50,put=20")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("add up to 70, not 100"), r.err.constData());
        r = cli({QStringLiteral("plan"), QStringLiteral("s3"), QStringLiteral("--lab"), m_lab.dir(), QStringLiteral("--sizes"),
                 QStringLiteral("64Q")});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("\"64Q\" is not a size"), r.err.constData());

        r = cli({QStringLiteral("plan"), QStringLiteral("s3"), QStringLiteral("--lab"), m_lab.dir(), QStringLiteral("--runtime"),
                 QStringLiteral("1"), QStringLiteral("--objects"), QStringLiteral("64"), QStringLiteral("--concurrency"),
                 QStringLiteral("8")});
        QVERIFY2(r.code == 0, r.err.constData());
        QVERIFY2(!r.out.contains(m_lab.s3SecretKey().toUtf8()), "the plan holds the secret");
        const QString planFile = m_data.filePath(QStringLiteral("s3.json"));
        QFile f(planFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(r.out);
        f.close();
        QCOMPARE(QJsonDocument::fromJson(r.out).object().value(QStringLiteral("ceph")).toObject().value(QStringLiteral("conf")).toString(),
                 m_lab.confPath());   // the lab's health is polled during the run
        r = cli({QStringLiteral("run"), planFile});
        QVERIFY2(r.code == 0, r.err.constData());
        const QJsonObject run = r.json();
        QCOMPARE(run.value(QStringLiteral("run")).toObject().value(QStringLiteral("status")).toString(), QStringLiteral("completed"));
        const QJsonArray steps = run.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 2);
        QVERIFY(steps.at(0).toObject().value(QStringLiteral("summary")).toObject().value(QStringLiteral("write")).toObject()
                    .value(QStringLiteral("bw")).toDouble() > 0);
        QVERIFY(steps.at(1).toObject().value(QStringLiteral("summary")).toObject().value(QStringLiteral("read")).toObject()
                    .value(QStringLiteral("bw")).toDouble() > 0);
        QVERIFY2(!r.out.contains(m_lab.s3SecretKey().toUtf8()) && !r.err.contains(m_lab.s3SecretKey().toUtf8()),
                 "the secret is in the run's output");
        QCOMPARE(appBuckets(), QStringList());

        // a second run; compare and export read S3 runs as they read fio runs
        const QString first = QString::number(run.value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toInt());
        r = cli({QStringLiteral("run"), planFile});
        QVERIFY2(r.code == 0, r.err.constData());
        const QString second = QString::number(r.json().value(QStringLiteral("run")).toObject().value(QStringLiteral("id")).toInt());
        r = cli({QStringLiteral("compare"), first, second, QStringLiteral("--format"), QStringLiteral("md")});
        QVERIFY2(r.code == 0, r.err.constData());
        for (const char *row : {"| PUT 64 KiB ×8 |", "| Write MB/s |", "| Write lat p99 |", "| GET 64 KiB ×8 |", "| Read IOPS |"})
            QVERIFY2(r.out.contains(row), r.out.constData());
        QVERIFY2(!r.out.contains("The runs differ in"), r.out.constData());   // nothing run-specific in the parameters
        r = cli({QStringLiteral("export"), second, QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(r.code == 0 && r.out.contains("GET 64 KiB"), r.out.constData());
        QCOMPARE(appBuckets(), QStringList());
    }

    // Last: the lab's radosgw is killed (by its pid) while a step runs.
    void killedGatewayEndsWithErrors()
    {
        QString why;
        CM_REQUIRE_FIXTURE(cmtest::CephLabFixture::available(&why), why);
        QVERIFY2(startLab(), qPrintable(m_lab.whyNot()));
        const Plan p = plan(QStringLiteral("put"), 64 * 1024, 64, 16, 5);
        const auto state = S3Kind().createRunState(p);
        QElapsedTimer t;
        t.start();
        auto f = std::async(std::launch::async, [&] { return runStep(p, 0, state); });
        QThread::msleep(1500);
        QFile pidFile(m_lab.dir() + QStringLiteral("/run/client.rgw.lab.pid"));
        QVERIFY(pidFile.open(QIODevice::ReadOnly));
        const int pid = pidFile.readAll().trimmed().toInt();
        QVERIFY(pid > 1 && cmtest::processAlive(pid));
        QCOMPARE(::kill(pid, SIGKILL), 0);
        QVERIFY2(f.wait_for(std::chrono::seconds(20)) == std::future_status::ready, "the step hangs");
        const StepRun run = f.get();
        qInfo("killed radosgw: the 5 s step ended after %lld ms: %s; errors %s", t.elapsed(), qPrintable(run.out.error.toString()),
              QJsonDocument(run.out.summary.value(QStringLiteral("errors")).toObject()).toJson(QJsonDocument::Compact).constData());
        QVERIFY(run.out.summary.value(QStringLiteral("errors")).toObject().value(QStringLiteral("transport")).toDouble() > 0);
        QVERIFY(run.sum(metric::s3ErrorsFor(QStringLiteral("transport"))) > 0);
        QVERIFY(run.out.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble() > 0);
        // the clean-up cannot reach the gateway: it says so, and returns
        QElapsedTimer c;
        c.start();
        QStringList log;
        static_cast<S3RunState *>(state.get())->finish([&](const QString &l) { log << l; });
        QVERIFY(c.elapsed() < 20000);
        QVERIFY2(!log.isEmpty() && log.first().contains(QStringLiteral("left")), qPrintable(log.join(QLatin1Char('\n'))));
    }

    void cleanupTestCase() { m_lab.stop(); }
};

QTEST_GUILESS_MAIN(TestS3Kind)
#include "test_s3kind.moc"
