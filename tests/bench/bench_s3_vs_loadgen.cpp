// SPDX-License-Identifier: GPL-3.0-or-later
// The S3 engine vs load generators on the lab's radosgw (1 OSD), 64 KiB objects, same
// concurrency (docs/ARCHITECTURE.md §10): GET against wrk fetching the same object, PUT
// against `hey -m PUT`, both on one key. The tools cannot sign, so they send to a
// presigned URL (the gateway checks a signature on each request, as for the app); the
// app's requests without signature against the tools on the anonymous URL (public-read
// object, public-read-write bucket) are shown beside, to tell the gateway's signature
// cost from the client's. Runs alternate; the figure is the median of the per-round
// ratios. CPU per request: the app's whole process (getrusage), the tool's
// (RUSAGE_CHILDREN) and radosgw's (/proc). Target >= 0.9x; exits 1 below it.
//
// With --large-mib N: one N MiB object by multipart PUT (16 MiB parts, 4 in flight) and
// a single GET, against one `curl --aws-sigv4` transfer of the same size (target 0.9x).
//
//   bench_s3_vs_loadgen [--seconds N] [--rounds N] [--concurrency N] [--only get|put|none]
//                       [--threads N] [--large-mib N]
//   env CLUSTERMARK_S3_ENDPOINT/_ACCESS_KEY/_SECRET_KEY: use that gateway instead of a new lab
#include "benchutil.h"
#include "cephlabfixture.h"
#include "s3/s3client.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <functional>
#include <future>
#include <mutex>
#include <sys/resource.h>

using namespace cm;
using cmbench::cpuSeconds;
using cmbench::median;
using cmbench::processCpuSeconds;

namespace {

struct Run {
    double opsPerSec = 0;
    double cpuUsPerOp = 0;
    qint64 errors = 0;
    double p50ms = 0, p99ms = 0, ttfbP50ms = 0;
    double gatewayUsPerOp = -1; // radosgw's CPU per request, when its pid is known
};

// Closed loop: `concurrency` requests always in flight for `seconds`.
Run appLoop(S3Client &s3, const std::function<S3HttpRequest()> &make, int concurrency, int seconds)
{
    std::atomic<bool> stop {false};
    std::atomic<qint64> ops {0}, errors {0};
    std::atomic<int> active {0};
    std::mutex m;
    QList<double> lat, ttfb;
    std::promise<void> drained;
    std::function<void()> issue = [&] {
        ++active;
        s3.submit(make(), [&](S3HttpResponse &&r) {
            if (r.ok()) {
                ++ops;
                std::lock_guard g(m);
                lat.append(r.latencyNs / 1e6);
                ttfb.append(r.ttfbNs / 1e6);
            } else {
                ++errors;
            }
            if (!stop)
                issue();
            if (--active == 0 && stop)
                drained.set_value();
        });
    };
    // warm-up: connections open, caches settle
    QElapsedTimer t;
    const double cpu0 = cpuSeconds(RUSAGE_SELF);
    t.start();
    for (int i = 0; i < concurrency; ++i)
        issue();
    QThread::msleep(static_cast<unsigned long>(seconds) * 1000);
    const qint64 done = ops.load();
    const double elapsed = t.elapsed() / 1000.0;
    const double cpu = cpuSeconds(RUSAGE_SELF) - cpu0;
    stop = true;
    drained.get_future().wait();
    Run r;
    r.opsPerSec = done / elapsed;
    r.cpuUsPerOp = done ? cpu / double(done) * 1e6 : 0;
    r.errors = errors.load();
    std::lock_guard g(m);
    std::sort(lat.begin(), lat.end());
    std::sort(ttfb.begin(), ttfb.end());
    if (!lat.isEmpty()) {
        r.p50ms = lat.at(lat.size() / 2);
        r.p99ms = lat.at(int(lat.size() * 0.99));
        r.ttfbP50ms = ttfb.at(ttfb.size() / 2);
    }
    return r;
}

Run tool(const QString &program, const QStringList &args, const QRegularExpression &rate, int seconds, QString *why)
{
    const double cpu0 = cpuSeconds(RUSAGE_CHILDREN);
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    Run r;
    if (!p.waitForFinished(600000) || p.exitCode() != 0) {
        *why = program + QStringLiteral(" failed: ") + QString::fromUtf8(p.readAll()).left(500);
        return r;
    }
    const QString out = QString::fromUtf8(p.readAll());
    const auto mm = rate.match(out);
    if (!mm.hasMatch()) {
        *why = program + QStringLiteral(": no rate in output: ") + out.left(800);
        return r;
    }
    r.opsPerSec = mm.captured(1).toDouble();
    const double ops = r.opsPerSec * seconds;
    r.cpuUsPerOp = ops > 0 ? (cpuSeconds(RUSAGE_CHILDREN) - cpu0) / ops * 1e6 : 0;
    const QRegularExpression non2xx(
        QStringLiteral("Non-2xx or 3xx responses: (\\d+)|\\[(?:4|5)\\d\\d\\]\\s+(\\d+) responses"));
    for (auto it = non2xx.globalMatch(out); it.hasNext();) {
        const auto e = it.next();
        r.errors += (e.captured(1) + e.captured(2)).toLongLong();
    }
    return r;
}

// The lab's radosgw, from its pid file (0 when the gateway is not the lab's).
qint64 rgwPid(const cmtest::CephLabFixture &lab)
{
    if (lab.dir().isEmpty())
        return 0;
    const QStringList pidFiles
        = QDir(lab.dir() + QStringLiteral("/run")).entryList({QStringLiteral("client.rgw*.pid")}, QDir::Files);
    if (pidFiles.isEmpty())
        return 0;
    QFile f(lab.dir() + QStringLiteral("/run/") + pidFiles.first());
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().toLongLong() : 0;
}

// Runs one measurement and adds the gateway's CPU per request over it.
Run withGatewayCpu(qint64 pid, const std::function<Run()> &measure, int seconds)
{
    const double before = processCpuSeconds(pid);
    Run r = measure();
    const double after = processCpuSeconds(pid);
    const double ops = r.opsPerSec * seconds;
    r.gatewayUsPerOp = before >= 0 && after >= 0 && ops > 0 ? (after - before) / ops * 1e6 : -1;
    return r;
}

void printRun(const char *who, const Run &r)
{
    std::printf("  %-20s %6.0f ops/s  client %5.1f us CPU/op  gateway %6.1f us CPU/op  %lld errors", who, r.opsPerSec,
        r.cpuUsPerOp, r.gatewayUsPerOp, r.errors);
    if (r.p50ms > 0)
        std::printf("  (p50 %.2f ms, p99 %.2f ms, ttfb p50 %.2f ms)", r.p50ms, r.p99ms, r.ttfbP50ms);
    std::printf("\n");
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList a = app.arguments();
    auto opt = [&](const char *name, int def) {
        const qsizetype i = a.indexOf(QLatin1String(name));
        return i >= 0 && i + 1 < a.size() ? a.at(i + 1).toInt() : def;
    };
    const int seconds = opt("--seconds", 8), rounds = opt("--rounds", 3), conc = opt("--concurrency", 16);
    for (const char *t : {"wrk", "hey"})
        if (QStandardPaths::findExecutable(QLatin1String(t)).isEmpty()) {
            std::fprintf(stderr, "%s is not installed (Debian packages wrk, hey)\n", t);
            return 2;
        }
    const qsizetype onlyAt = a.indexOf(QLatin1String("--only"));
    const QString only = onlyAt >= 0 ? a.value(onlyAt + 1) : QString();
    cmtest::CephLabFixture lab;
    S3Config cfg;
    cfg.endpoint = qEnvironmentVariable("CLUSTERMARK_S3_ENDPOINT");
    if (cfg.endpoint.isEmpty()) {
        if (!lab.start(1)) {
            std::fprintf(stderr, "lab: %s\n", qPrintable(lab.whyNot()));
            return 2;
        }
        cfg.endpoint = lab.rgwEndpoint();
        cfg.accessKey = lab.s3AccessKey().toLatin1();
        cfg.secretKey = lab.s3SecretKey().toLatin1();
    } else {
        cfg.accessKey = qgetenv("CLUSTERMARK_S3_ACCESS_KEY");
        cfg.secretKey = qgetenv("CLUSTERMARK_S3_SECRET_KEY");
    }
    cfg.maxConnections = conc;
    cfg.threads = opt("--threads", 0);
    S3Client s3(cfg);
    const QString bucket = S3Client::newBucketName(QStringLiteral("bench"));
    const QByteArray data(64 * 1024, 'x');
    S3HttpResponse r = s3.execute(s3.build("PUT", bucket, QString(), {}, {{"x-amz-acl", "public-read-write"}}));
    if (Error e = S3Client::errorFor(r, bucket)) {
        std::fprintf(stderr, "create bucket: %s\n", qPrintable(e.toString()));
        return 2;
    }
    r = s3.execute(s3.build("PUT", bucket, QStringLiteral("get64k"), {}, {{"x-amz-acl", "public-read"}}, data));
    if (Error e = S3Client::errorFor(r, bucket)) {
        std::fprintf(stderr, "put object: %s\n", qPrintable(e.toString()));
        return 2;
    }
    QTemporaryDir tmp;
    QFile body(tmp.filePath(QStringLiteral("body")));
    body.open(QIODevice::WriteOnly);
    body.write(data);
    body.close();
    const QString getUrl = cfg.endpoint + QLatin1Char('/') + bucket + QStringLiteral("/get64k");
    const QString putUrl = cfg.endpoint + QLatin1Char('/') + bucket + QStringLiteral("/put64k");
    const QRegularExpression wrkRate(QStringLiteral("Requests/sec:\\s+([0-9.]+)"));
    const QRegularExpression heyRate(QStringLiteral("Requests/sec:\\s+([0-9.]+)"));

    const qint64 gatewayPid = rgwPid(lab);
    std::printf("S3 64 KiB, concurrency %d, %d s per run, %d rounds, radosgw %s\n", conc, seconds, rounds,
        qPrintable(cfg.endpoint));
    int status = 0;
    for (const bool isGet : {true, false}) {
        if (only == u"none" || (isGet && only == u"put") || (!isGet && only == u"get"))
            continue;
        const QString key = isGet ? QStringLiteral("get64k") : QStringLiteral("put64k");
        auto signedRequest = [&] {
            S3HttpRequest q = isGet ? s3.build("GET", bucket, key) : s3.build("PUT", bucket, key, {}, {}, data);
            q.keepBody = false;
            return q;
        };
        // Diagnostic: the same engine sending the request unsigned (like the anonymous tool
        // run), to tell the gateway's signature checking apart from the client's own cost.
        auto unsignedRequest = [&] {
            S3HttpRequest q = signedRequest();
            q.headers.erase(
                std::remove_if(q.headers.begin(), q.headers.end(),
                    [](const QByteArray &h) { return h.startsWith("Authorization:") || h.startsWith("x-amz-"); }),
                q.headers.end());
            return q;
        };
        auto loadgen = [&](const QString &url, QString *why) {
            return isGet ? tool(QStringLiteral("wrk"),
                       {QStringLiteral("-t2"), QStringLiteral("-c%1").arg(conc), QStringLiteral("-d%1s").arg(seconds),
                           url},
                       wrkRate, seconds, why)
                         : tool(QStringLiteral("hey"),
                             {QStringLiteral("-z"), QStringLiteral("%1s").arg(seconds), QStringLiteral("-c"),
                                 QString::number(conc), QStringLiteral("-m"), QStringLiteral("PUT"),
                                 QStringLiteral("-D"), body.fileName(), url},
                             heyRate, seconds, why);
        };
        const QString anonUrl = isGet ? getUrl : putUrl;
        // The tool cannot sign; a presigned URL makes the gateway check a signature on each
        // of its requests too, so that the two clients ask the same work of the gateway.
        const QString presigned = QString::fromLatin1(s3.presignedUrl(isGet ? "GET" : "PUT", bucket, key, 3600));
        const char *toolName = isGet ? "wrk" : "hey";
        QList<double> ratios, anonRatios;
        withGatewayCpu(
            gatewayPid, [&] { return appLoop(s3, signedRequest, conc, 2); }, 2); // warm-up
        for (int round = 0; round < rounds; ++round) {
            QString why;
            const Run mine = withGatewayCpu(
                gatewayPid, [&] { return appLoop(s3, signedRequest, conc, seconds); }, seconds);
            const Run toolSigned = withGatewayCpu(
                gatewayPid, [&] { return loadgen(presigned, &why); }, seconds);
            const Run anon = withGatewayCpu(
                gatewayPid, [&] { return appLoop(s3, unsignedRequest, conc, seconds); }, seconds);
            const Run toolAnon = withGatewayCpu(
                gatewayPid, [&] { return loadgen(anonUrl, &why); }, seconds);
            if (!why.isEmpty()) {
                std::fprintf(stderr, "%s\n", qPrintable(why));
                return 2;
            }
            ratios.append(toolSigned.opsPerSec > 0 ? mine.opsPerSec / toolSigned.opsPerSec : 0);
            anonRatios.append(toolAnon.opsPerSec > 0 ? anon.opsPerSec / toolAnon.opsPerSec : 0);
            std::printf("%s round %d:\n", isGet ? "GET" : "PUT", round + 1);
            printRun("app, signed", mine);
            printRun(isGet ? "wrk, presigned URL" : "hey, presigned URL", toolSigned);
            printRun("app, unsigned", anon);
            printRun(isGet ? "wrk, anonymous" : "hey, anonymous", toolAnon);
            std::printf("  ratio app/%s signed %.3f, unsigned %.3f; client CPU/op app/%s signed %.2f\n", toolName,
                ratios.last(), anonRatios.last(), toolName,
                toolSigned.cpuUsPerOp > 0 ? mine.cpuUsPerOp / toolSigned.cpuUsPerOp : 0);
            std::fflush(stdout);
        }
        const double med = median(ratios);
        std::printf("%s: median ratio app/%s = %.3f signed (target >= 0.9), %.3f unsigned\n", isGet ? "GET" : "PUT",
            toolName, med, median(anonRatios));
        if (med < 0.9)
            status = 1;
    }
    if (const int mib = opt("--large-mib", 0); mib > 0) {
        const qint64 size = qint64(mib) * 1024 * 1024;
        QByteArray big(size, Qt::Uninitialized);
        for (qint64 i = 0; i < size; i += 4096)
            std::memset(big.data() + i, int(i / 4096 * 7), size_t(qMin<qint64>(4096, size - i)));
        QFile f(tmp.filePath(QStringLiteral("large")));
        f.open(QIODevice::WriteOnly);
        f.write(big);
        f.close();
        auto curl = [&](const QStringList &extra, const QString &key) {
            QProcess p;
            QElapsedTimer t;
            t.start();
            p.start(QStringLiteral("curl"),
                QStringList {QStringLiteral("-sS"), QStringLiteral("-o"), QStringLiteral("/dev/null"),
                    QStringLiteral("-w"), QStringLiteral("%{http_code}"), QStringLiteral("--aws-sigv4"),
                    QStringLiteral("aws:amz:%1:s3").arg(cfg.region), QStringLiteral("--user"),
                    QString::fromLatin1(cfg.accessKey + ':' + cfg.secretKey), QStringLiteral("-H"),
                    QStringLiteral("x-amz-content-sha256: UNSIGNED-PAYLOAD")}
                    + extra + QStringList {cfg.endpoint + QLatin1Char('/') + bucket + QLatin1Char('/') + key});
            p.waitForFinished(900000);
            const bool ok = p.readAllStandardOutput() == "200";
            return ok ? double(size) / (1024.0 * 1024.0) / (t.elapsed() / 1000.0) : 0.0;
        };
        QElapsedTimer t;
        t.start();
        const Error pe = s3.multipartPut(bucket, QStringLiteral("large"), big, 16 * 1024 * 1024, 4);
        const double appPut = pe ? 0 : double(mib) / (t.elapsed() / 1000.0);
        const double curlPut = curl({QStringLiteral("-T"), f.fileName()}, QStringLiteral("large-curl"));
        S3HttpRequest q = s3.build("GET", bucket, QStringLiteral("large"));
        q.keepBody = false;
        t.restart();
        const S3HttpResponse gr = s3.execute(q);
        const double appGet = gr.ok() && gr.bytesReceived == size ? double(mib) / (t.elapsed() / 1000.0) : 0;
        const double curlGet = curl({}, QStringLiteral("large-curl"));
        std::printf("%d MiB: multipart PUT app %.0f MiB/s vs curl %.0f MiB/s (ratio %.3f)%s; GET app %.0f MiB/s vs "
                    "curl %.0f MiB/s (ratio %.3f)\n",
            mib, appPut, curlPut, curlPut > 0 ? appPut / curlPut : 0,
            pe ? qPrintable(QStringLiteral(" [") + pe.toString() + QLatin1Char(']')) : "", appGet, curlGet,
            curlGet > 0 ? appGet / curlGet : 0);
        if (curlPut <= 0 || curlGet <= 0 || appPut < 0.9 * curlPut || appGet < 0.9 * curlGet)
            status = 1;
    }
    // tool CPU for the record: wrk and hey together over all their runs
    std::printf("load generators' CPU (all runs): %.1f s\n", cpuSeconds(RUSAGE_CHILDREN));
    s3.removeAppBuckets();
    lab.stop();
    return status;
}
