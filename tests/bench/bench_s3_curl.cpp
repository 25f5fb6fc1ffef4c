// SPDX-License-Identifier: GPL-3.0-or-later
// S3 on one client, two engines side by side on the lab's radosgw: the app's own S3
// engine (this machine's client) and curl as the app drives it on client nodes (here
// on the node "local"), both through the real run engine, 64 KiB PUT then GET, the
// same concurrency and working set. Rounds alternate (app, curl, app, curl, ...); the
// figures are the medians of the per-round ratios curl / app: requests per second, and
// client CPU per request (the app's own process for its engine, the children for curl).
// No pass mark: the ratio goes into the notes.
//
//   bench_s3_curl [--seconds N] [--rounds N] [--concurrency N]
#include "bench/registry.h"
#include "bench/s3/s3kind.h"
#include "benchutil.h"
#include "cephlabfixture.h"
#include "engine/runengine.h"
#include "store/sessionstore.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <sys/resource.h>

using namespace cm;
using cmbench::cpuSeconds;
using cmbench::median;

namespace {

struct Figures {
    double putOps = 0, getOps = 0;
    double cpuUsPerOp = 0;
};

Figures runPlan(const Plan &plan, const QString &storePath, bool curl)
{
    RunEngine engine(storePath);
    RunId id = 0;
    QObject::connect(&engine, &RunEngine::runStarted, [&](RunId i, const Plan &, SampleBufferPtr, double) { id = i; });
    QSignalSpy finished(&engine, &RunEngine::runFinished);
    const double cpu0 = cpuSeconds(curl ? RUSAGE_CHILDREN : RUSAGE_SELF);
    engine.start(plan);
    if (!finished.wait(600000))
        return {};
    const double cpu = cpuSeconds(curl ? RUSAGE_CHILDREN : RUSAGE_SELF) - cpu0;
    SessionStore store(storePath);
    if (store.open() || id == 0)
        return {};
    Figures f;
    double ops = 0;
    for (const StepRecord &s : store.steps(id)) {
        if (s.status != QLatin1String("completed")) {
            fprintf(
                stderr, "%s step %s failed: %s\n", curl ? "curl" : "app", qPrintable(s.testId), qPrintable(s.error));
            return {};
        }
        const double put = s.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("iops")).toDouble();
        const double get = s.summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("iops")).toDouble();
        f.putOps += put;
        f.getOps += get;
        ops += (s.summary.value(QStringLiteral("write")).toObject().value(QStringLiteral("total_ios")).toDouble()
            + s.summary.value(QStringLiteral("read")).toObject().value(QStringLiteral("total_ios")).toDouble());
    }
    f.cpuUsPerOp = ops > 0 ? cpu * 1e6 / ops : 0;
    return f;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    registerBuiltinKinds();
    int seconds = 10, rounds = 3, concurrency = 16;
    const QStringList args = app.arguments();
    for (int i = 1; i + 1 < args.size(); ++i) {
        if (args.at(i) == QLatin1String("--seconds"))
            seconds = args.at(i + 1).toInt();
        else if (args.at(i) == QLatin1String("--rounds"))
            rounds = args.at(i + 1).toInt();
        else if (args.at(i) == QLatin1String("--concurrency"))
            concurrency = args.at(i + 1).toInt();
    }
    cmtest::CephLabFixture lab;
    QString why;
    if (!cmtest::CephLabFixture::available(&why) || !lab.start(1)) {
        fprintf(stderr, "no lab: %s %s\n", qPrintable(why), qPrintable(lab.whyNot()));
        return 1;
    }
    QTemporaryDir data;
    qputenv("CLUSTERMARK_DATA_DIR", data.path().toUtf8());
    S3Kind::Options o;
    o.endpoint = lab.rgwEndpoint();
    o.accessKey = lab.s3AccessKey();
    o.secretRef = QStringLiteral("lab:") + lab.dir();
    o.preset = QStringLiteral("quick"); // 64 KiB PUT, GET, …
    o.op.clear();
    o.objects = 256;
    o.concurrency = concurrency;
    o.runtime = seconds;
    Error e;
    Plan native = S3Kind::makePlan(o, &e);
    native.steps.removeIf([](const PlanStep &s) {
        const QString op = s.params.value(QStringLiteral("op")).toString();
        return op != u"put" && op != u"get";
    });
    o.engine = QStringLiteral("curl");
    const Plan curl = S3Kind::makePlan(o, {NodeSpec::parse(QStringLiteral("local"))}, &e);
    if (e || native.steps.size() != 2 || curl.steps.size() != 2) {
        fprintf(stderr, "plans: %s\n", qPrintable(e.toString()));
        return 1;
    }
    QList<double> put, get, cpu;
    for (int r = 0; r < rounds; ++r) {
        const Figures a = runPlan(native, data.filePath(QStringLiteral("db.sqlite")), false);
        const Figures c = runPlan(curl, data.filePath(QStringLiteral("db.sqlite")), true);
        if (a.putOps <= 0 || c.putOps <= 0)
            return 1;
        printf("round %d: PUT app %.0f/s curl %.0f/s; GET app %.0f/s curl %.0f/s; CPU per request app %.0f µs "
               "curl %.0f µs\n",
            r + 1, a.putOps, c.putOps, a.getOps, c.getOps, a.cpuUsPerOp, c.cpuUsPerOp);
        put << c.putOps / a.putOps;
        get << c.getOps / a.getOps;
        cpu << c.cpuUsPerOp / a.cpuUsPerOp;
    }
    printf("S3 64 KiB, %d in flight, %d s per step, %d rounds: curl / app requests per second PUT %.3fx, GET %.3fx; "
           "CPU per request %.2fx\n",
        concurrency, seconds, rounds, median(put), median(get), median(cpu));
    return 0;
}
