// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// S3 / RGW object benchmark (docs/ARCHITECTURE.md §2 "S3") with the app's own S3 client (SigV4 over
// S3HttpPool): the desktop is the client, so the plan's one node is this machine. With
// target engine "curl", PUT and GET steps run with curl on client nodes instead, several
// at once (s3curlrunner.h).
//
// One bucket per run (S3Client::newBucketName, prefix "clustermark-bench-"), created
// before the first step, emptied and removed after the last — also after a cancel or a
// failed step. Object keys are "clustermark-obj-<objectSize>-<n>" (n < objects): steps
// at one size share their objects, so a GET step reads what the PUT step before it
// wrote and GET/HEAD/DELETE/LIST/mixed steps first write (unmeasured "prefill") only the
// objects of their working set no earlier step wrote.
//
// Plan.target:
//   {"endpoint":"http://127.0.0.1:7480", "region":"us-east-1", "virtualHost":false,
//    "caFile":"", "skipTlsVerify":false, "accessKey":"AK",
//    "secretRef":"keychain" | "lab:<DIR>" | "env:VAR",
//    "connections":16, "onError":"continue" | "stop",
//    "multipartThreshold":bytes, "partSize":bytes, "encryption":"none"|"sse-s3"|"sse-c"}
//   The secret never goes into a plan. secretRef names where the running process finds
//   it: "keychain" the OS keychain entry S3Keychain::entryName(endpoint, accessKey);
//   "lab:<DIR>" the S3_SECRET_KEY line of DIR/lab.env (a lab started by
//   scripts/lab/ceph-lab.sh); "env:VAR" the environment variable VAR (CLI, CI).
//   connections: keep-alive connections of the run's pool (makePlan raises it to the
//   largest step concurrency, so each request in flight has a connection).
//   onError: "continue" counts failed requests (s3.errors*) and goes on; "stop" ends the
//   step at the first failed request with an error naming the HTTP status and S3 code.
//   multipartThreshold: PUTs of objects this large or larger go multipart in parts of
//   partSize (≥ 5 MiB); 0 = never multipart.
//   encryption: server-side encryption of every object (native engine): SSE-S3 the
//   gateway's key, SSE-C a random key of the run's own, in memory only. The run first
//   checks that the gateway really encrypts (S3RunState::checkEncryption); each step
//   records it (environment "encryption"), so on/off is a named difference in compare.
//
// PlanStep.params:
//   {"op":"put"|"get"|"head"|"delete"|"list"|"mixed", "objectSize":bytes,
//    "objects":N, "concurrency":N, "runtime":s,
//    "mix":{"put":20,"get":70,"delete":10,"head":0,"list":0}, "rangeSize":bytes}
//   objects: the working set (keys 0..N-1 at this size); PUT cycles over it, GET/HEAD
//   pick random objects of it, DELETE removes each once (the step ends early when all
//   are gone), LIST pages through it (ListObjectsV2, 1000 keys a page).
//   concurrency: requests in flight (≤ objects: each has an object of its own).
//   mix: mixed only, percentages summing to 100. rangeSize: optional ranged GET of that
//   many bytes at a random offset (get and mixed).
//
// Samples, per 1 s interval (target "<node>:s3://<bucket>"):
//   GET  read.bw, read.iops, read.lat.p50/p99/p99.9/mean, read.ttfb.p50/p99 (ns)
//   PUT  write.bw, write.iops, write.lat.* (a multipart PUT counts once, whole upload)
//   HEAD/DELETE/LIST  s3.<op>.iops, s3.<op>.lat.p50/p99/p99.9/mean
//   errors  s3.errors (all failed requests), s3.errors.<status> or s3.errors.transport
// Summary (fio-shaped, so results, compare, export and repetition work unchanged):
//   {"read": ioDirSummary of GETs + "ttfb_p50_ns","ttfb_p99_ns","ttfb_mean_ns",
//    "write": ioDirSummary of PUTs,
//    "ops": {"head": ioDirSummary without bw/io_bytes (iops, total_ios, runtime_ms,
//                    lat_mean/min/max/p50/p99/p999_ns, histogram),
//            "delete":{…}, "list":{…}},
//    "errors": {"403": n, "transport": n}, "opsPerSecond": all successful requests/s,
//    "op", "objectSize": bytes, "concurrency", "objects", "runtime_ms",
//    "prefilled", "multipart", "failedRequests", "tls": bool, "tlsVerified": bool}
//   Step environment: s3_engine "native", s3_http "plain-http" | "libcurl", endpoint
//   (never with credentials), region, virtualHost, tls, tlsVerified, connections.
//   read/write appear only when the step did GETs/PUTs; ops only for the ops it did.
//   total_ios/iops count completed requests (a multipart PUT once, when complete);
//   io_bytes/bw count bytes moved within the runtime: multipart parts as they finish,
//   and what GETs cut off at the end had received. "prefilled": objects written before
//   the measured phase; "multipart": whether PUTs of this size went multipart;
//   "failedRequests": all failed requests.
#include "bench/runnerkind.h"

#include <QJsonObject>
#include <QList>
#include <QMap>

namespace cm {

class S3Kind : public RunnerKind {
public:
    static QString kindId() { return QStringLiteral("s3"); }
    static constexpr qint64 kKiB = 1024;
    static constexpr qint64 kMiB = 1024 * 1024;
    static constexpr qint64 kGiB = 1024 * 1024 * 1024;
    static constexpr int kMaxObjects = 1024;
    static constexpr int kMinObjects = 2;
    static constexpr qint64 kDefaultWorkingSet = kGiB; // see defaultObjects()
    static constexpr const char *kKeyPrefix = "clustermark-obj-";

    // Everything the wizard and the CLI choose. Zero / empty fields take the preset's value.
    struct Options {
        // target
        QString engine = QStringLiteral("native"); // native (this machine) | curl (client nodes)
        QString endpoint; // "http://127.0.0.1:7480"
        QString region = QStringLiteral("us-east-1");
        bool virtualHost = false;
        QString caFile;
        bool skipTlsVerify = false;
        QString accessKey;
        QString secretRef = QStringLiteral("keychain"); // "keychain" | "lab:<DIR>" | "env:VAR"
        int connections = 16;
        QString onError = QStringLiteral("continue"); // "continue" | "stop"
        qint64 multipartThreshold = 64 * kMiB;
        qint64 partSize = 16 * kMiB;
        QString encryption = QStringLiteral("none"); // none | sse-s3 | sse-c (native engine)
        // steps
        QString preset = QStringLiteral("quick"); // quick | size-sweep | mixed | small-objects
        QList<qint64> sizes; // non-empty: the preset's ops at each of these sizes
        QString op; // non-empty: one step of this op per size instead of the preset's ops
        int concurrency = 0; // 0: 16; capped at each step's objects unless objects is given
        int runtime = 0; // seconds per step; 0: the preset's
        int objects = 0; // 0: defaultObjects(size)
        QMap<QString, int> mix; // mixed steps; empty: the preset's (get 70, put 20, delete 10)
        qint64 rangeSize = 0; // > 0: ranged GETs

        QJsonObject toJson() const;
        static Options fromJson(const QJsonObject &o);
        QJsonObject target() const; // the Plan.target part
    };

    QString id() const override { return kindId(); }
    QString displayName() const override { return kindText(QT_TRANSLATE_NOOP("cm::RunnerKind", "S3 objects (RGW)")); }
    const char *description() const override;
    // The command line (s3cli.cpp).
    QList<CliOption> cliOptions() const override;
    QString cliSummary() const override;
    Plan planFromCli(const CliArgs &args, QStringList *notes, Error *error) const override;
    QList<MetricSpec> metrics() const override;
    QList<OperationSpec> operations() const override;
    RateWords rateWords() const override { return s3RateWords(); }
    QList<Preset> presets() const override;
    void fitSteps(Plan *plan) const override; // engine curl: PUT and GET steps only
    QList<PreflightCheck> preflight(const Plan &plan) const override; // curl engine: curl, the gateway
    Error validate(const Plan &plan) const override;
    bool isDestructive(const Plan &) const override { return false; } // only its own bucket
    bool sumsClients() const override { return true; } // curl clients' totals add up
    CrossCheckPools crossCheckPools(const Plan &plan, int stepIndex) const override;
    QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node) const override;
    double estimatedSeconds(const Plan &plan, int stepIndex) const override;
    std::unique_ptr<StepRunner> createStepRunner(const Plan &plan, int stepIndex) const override;
    // The run's bucket and the objects its steps share (S3RunState), removed after the last step.
    std::shared_ptr<RunState> createRunState(const Plan &plan) const override;

    // The plan on this machine (the only node the native client runs on): the preset's
    // steps, reshaped by sizes/op/concurrency/runtime/objects/mix; *error as validate().
    static Plan makePlan(const Options &options, Error *error);
    // The same on client nodes (engine curl: PUT and GET steps only).
    static Plan makePlan(const Options &options, const QList<NodeSpec> &nodes, Error *error);
    static bool isCurl(const Plan &plan); // target engine "curl"
    // What the curl engine cannot pass on or do (IPv6 literals, virtual hosts, a local CA file).
    static Error validateCurlTarget(const QJsonObject &target);

    // The working set when none is given: kDefaultWorkingSet / size objects, at least
    // kMinObjects and at most kMaxObjects (64 KiB and 1 MiB: 1024; 32 MiB: 32;
    // 256 MiB: 4; 1 GiB: 2), so a size sweep writes about 1 GiB per size (2 GiB at 1 GiB).
    static int defaultObjects(qint64 objectSize);
    // The ops a mixed step may mix.
    static QStringList mixOps()
    {
        return {QStringLiteral("get"), QStringLiteral("put"), QStringLiteral("delete"), QStringLiteral("head"),
            QStringLiteral("list")};
    }
    static QStringList ops()
    {
        return {QStringLiteral("put"), QStringLiteral("get"), QStringLiteral("head"), QStringLiteral("delete"),
            QStringLiteral("list"), QStringLiteral("mixed")};
    }
    // "64K", "1M", "1GiB", "4096" -> bytes; -1 when not a size.
    static qint64 parseSize(const QString &text);
    static QString sizeText(qint64 bytes); // 65536 -> "64 KiB"
    // Checks one step's params against the target; the message names the field.
    static Error validateStep(const QJsonObject &target, const PlanStep &step);
    static Error validateTarget(const QJsonObject &target);
    static QString describeStep(const Plan &plan, const PlanStep &step);
    // Why the figures may differ from other S3 tools (wizard, CLI).
    static QString methodNote();
};

} // namespace cm
