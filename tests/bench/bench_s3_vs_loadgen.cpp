// SPDX-License-Identifier: GPL-3.0-or-later
// The S3 engine vs unsigned load generators on the lab's radosgw (1 OSD), 64 KiB
// objects, same concurrency (docs/ARCHITECTURE.md §10): GET against wrk fetching the same object
// (made public-read), PUT against `hey -m PUT` into a public-read-write bucket, both on
// one key. Runs alternate (app, tool, app, tool, ...); the figure is the median of the
// per-round ratios. Client CPU per request: the app's whole process (getrusage) and the
// tool's (RUSAGE_CHILDREN). Target >= 0.9x; exits 1 below it.
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

namespace {

struct Run {
    double opsPerSec = 0;
    double cpuUsPerOp = 0;
    qint64 errors = 0;
    double p50ms = 0, p99ms = 0, ttfbP50ms = 0;
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

    std::printf("S3 64 KiB, concurrency %d, %d s per run, %d rounds, radosgw %s\n", conc, seconds, rounds,
        qPrintable(cfg.endpoint));
    int status = 0;
    for (const bool isGet : {true, false}) {
        if (only == u"none" || (isGet && only == u"put") || (!isGet && only == u"get"))
            continue;
        QList<double> ratios;
        // warm-up, not counted: a fresh gateway is slow for its first seconds
        appLoop(
            s3,
            [&] {
                S3HttpRequest q = isGet ? s3.build("GET", bucket, QStringLiteral("get64k"))
                                        : s3.build("PUT", bucket, QStringLiteral("put64k"), {}, {}, data);
                q.keepBody = false;
                return q;
            },
            conc, 2);
        for (int round = 0; round < rounds; ++round) {
            const Run mine = appLoop(
                s3,
                [&] {
                    S3HttpRequest q = isGet ? s3.build("GET", bucket, QStringLiteral("get64k"))
                                            : s3.build("PUT", bucket, QStringLiteral("put64k"), {}, {}, data);
                    q.keepBody = false;
                    return q;
                },
                conc, seconds);
            // Diagnostic: the same engine sending the request unsigned (like wrk and hey), to
            // tell the gateway's signature checking apart from the client's own cost.
            const Run anon = appLoop(
                s3,
                [&] {
                    S3HttpRequest q = isGet ? s3.build("GET", bucket, QStringLiteral("get64k"))
                                            : s3.build("PUT", bucket, QStringLiteral("put64k"), {}, {}, data);
                    q.keepBody = false;
                    q.headers.erase(std::remove_if(q.headers.begin(), q.headers.end(),
                                        [](const QByteArray &h) {
                                            return h.startsWith("Authorization:") || h.startsWith("x-amz-");
                                        }),
                        q.headers.end());
                    return q;
                },
                conc, seconds);
            QString why;
            const Run other = isGet ? tool(QStringLiteral("wrk"),
                                  {QStringLiteral("-t2"), QStringLiteral("-c%1").arg(conc),
                                      QStringLiteral("-d%1s").arg(seconds), getUrl},
                                  wrkRate, seconds, &why)
                                    : tool(QStringLiteral("hey"),
                                        {QStringLiteral("-z"), QStringLiteral("%1s").arg(seconds), QStringLiteral("-c"),
                                            QString::number(conc), QStringLiteral("-m"), QStringLiteral("PUT"),
                                            QStringLiteral("-D"), body.fileName(), putUrl},
                                        heyRate, seconds, &why);
            if (!why.isEmpty()) {
                std::fprintf(stderr, "%s\n", qPrintable(why));
                return 2;
            }
            const double ratio = other.opsPerSec > 0 ? mine.opsPerSec / other.opsPerSec : 0;
            ratios.append(ratio);
            std::printf(
                "%s round %d: app %.0f ops/s (p50 %.2f ms, p99 %.2f ms, ttfb p50 %.2f ms, %.0f us CPU/op, %lld errors)"
                " | unsigned %.0f ops/s (%.0f us CPU/op, %lld errors) | %s %.0f ops/s (%.0f us CPU/op, %lld errors) | "
                "ratio %.3f\n",
                isGet ? "GET" : "PUT", round + 1, mine.opsPerSec, mine.p50ms, mine.p99ms, mine.ttfbP50ms,
                mine.cpuUsPerOp, mine.errors, anon.opsPerSec, anon.cpuUsPerOp, anon.errors, isGet ? "wrk" : "hey",
                other.opsPerSec, other.cpuUsPerOp, other.errors, ratio);
            std::fflush(stdout);
        }
        const double med = median(ratios);
        std::printf(
            "%s: median ratio app/%s = %.3f (target >= 0.9)\n", isGet ? "GET" : "PUT", isGet ? "wrk" : "hey", med);
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
