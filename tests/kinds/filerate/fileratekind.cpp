// SPDX-License-Identifier: GPL-3.0-or-later
// The test-only file-rate kind: plan, validation, CLI options, metrics and its runner.
#include "fileratekind.h"

#include "bench/registry.h"
#include "model/paramreader.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTemporaryFile>
#include <QThread>

#include <algorithm>

namespace cmtest {

using namespace cm;

namespace {

constexpr qint64 kMinRate = 64 * 1024;
constexpr qint64 kMaxRate = 256LL * 1024 * 1024;

class FileRateRunner : public StepRunner {
public:
    FileRateRunner(QString dir, qint64 rate, int runtime, int block)
        : m_dir(std::move(dir))
        , m_rate(rate)
        , m_runtime(runtime)
        , m_block(block)
    { }

    StepOutcome run(StepContext &ctx) override
    {
        StepOutcome out;
        QTemporaryFile file(QDir(m_dir).filePath(QStringLiteral("clustermark-bench-filerate-XXXXXX")));
        if (!file.open()) {
            out.error = Error(Error::Code::Storage, QStringLiteral("cannot make a file in %1").arg(m_dir));
            return out;
        }
        out.target = ctx.nodeName + QLatin1Char(':') + m_dir;
        out.command = QStringLiteral("write %1 B/s in %2 B blocks for %3 s").arg(m_rate).arg(m_block).arg(m_runtime);
        const QByteArray block(m_block, 'c');
        QElapsedTimer clock;
        clock.start();
        qint64 written = 0, intervalBytes = 0, calls = 0;
        double intervalStart = 0;
        QList<double> callNs;
        while (clock.elapsed() < m_runtime * 1000LL && !ctx.cancel.isCancelled()) {
            const double elapsed = clock.nsecsElapsed() / 1e9;
            while (written < qint64(elapsed * m_rate)) { // catch up to the rate
                QElapsedTimer call;
                call.start();
                if (file.write(block) != block.size()) {
                    out.error = Error(Error::Code::Storage, QStringLiteral("write failed: %1").arg(file.errorString()));
                    return out;
                }
                callNs << double(call.nsecsElapsed());
                written += block.size();
                intervalBytes += block.size();
                ++calls;
            }
            if (elapsed - intervalStart >= 0.5) {
                std::sort(callNs.begin(), callNs.end());
                const double p50 = callNs.isEmpty() ? 0 : callNs.at(callNs.size() / 2);
                const double now = ctx.now();
                ctx.emitSamples({{ctx.stepIndex, out.target, FileRateKind::rateMetric(), now,
                                     intervalBytes / (elapsed - intervalStart)},
                    {ctx.stepIndex, out.target, FileRateKind::callMetric(), now, p50}});
                intervalStart = elapsed;
                intervalBytes = 0;
                callNs.clear();
            }
            QThread::msleep(20);
        }
        const double seconds = std::max(1e-3, clock.nsecsElapsed() / 1e9);
        out.summary = QJsonObject {
            {QStringLiteral("write"),
                QJsonObject {{QStringLiteral("bw"), written / seconds}, {QStringLiteral("iops"), calls / seconds}}},
            {QStringLiteral("bytes"), double(written)}};
        out.environment = QJsonObject {{QStringLiteral("filerate_block"), m_block}};
        file.close();
        if (!file.remove())
            out.leftovers << Leftover::make(Leftover::Kind::NodeFile, ctx.nodeName, file.fileName());
        if (ctx.cancel.isCancelled())
            out.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled"));
        return out;
    }

private:
    QString m_dir;
    qint64 m_rate;
    int m_runtime;
    int m_block;
};

} // namespace

const char *FileRateKind::description() const
{
    return QT_TRANSLATE_NOOP("cm::RunnerKind", "File rate: writes a file at a fixed rate (a kind of the tests)");
}

QList<Preset> FileRateKind::presets() const
{
    return {Preset {QStringLiteral("quick"), QStringLiteral("File rate"), QStringLiteral("one write at the rate"),
        {PlanStep {QStringLiteral("write"), QStringLiteral("Write at rate"),
            QJsonObject {{QStringLiteral("runtime"), 2}, {QStringLiteral("block"), 65536}}}}}};
}

Error FileRateKind::validate(const Plan &plan) const
{
    ParamReader target(plan.target, QStringLiteral("target"), kindId());
    target.allowOnly({QStringLiteral("dir"), QStringLiteral("rate")});
    const QString dir = target.path(QStringLiteral("dir"), true, true);
    target.integer(QStringLiteral("rate"), int(kMinRate), int(kMinRate), int(kMaxRate));
    if (Error e = target.error())
        return e;
    if (!QFileInfo(dir).isDir())
        return Error(Error::Code::InvalidInput, QStringLiteral("target.dir: %1 is not a folder").arg(dir));
    for (const PlanStep &s : plan.steps) {
        ParamReader p(s.params, QStringLiteral("step %1").arg(s.id), kindId());
        p.allowOnly({QStringLiteral("runtime"), QStringLiteral("block")});
        p.integer(QStringLiteral("runtime"), 2, 1, 3600);
        p.integer(QStringLiteral("block"), 65536, 512, 16 * 1024 * 1024);
        if (Error e = p.error())
            return e;
    }
    return {};
}

QString FileRateKind::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &) const
{
    const QJsonObject p = plan.steps.value(stepIndex).params;
    return QStringLiteral("write %1 B/s to a file in %2 for %3 s")
        .arg(plan.target.value(QStringLiteral("rate")).toInteger())
        .arg(plan.target.value(QStringLiteral("dir")).toString())
        .arg(p.value(QStringLiteral("runtime")).toInt());
}

double FileRateKind::estimatedSeconds(const Plan &plan, int stepIndex) const
{
    return plan.steps.value(stepIndex).params.value(QStringLiteral("runtime")).toDouble();
}

std::unique_ptr<StepRunner> FileRateKind::createStepRunner(const Plan &plan, int stepIndex) const
{
    const QJsonObject p = plan.steps.value(stepIndex).params;
    return std::make_unique<FileRateRunner>(plan.target.value(QStringLiteral("dir")).toString(),
        plan.target.value(QStringLiteral("rate")).toInteger(), p.value(QStringLiteral("runtime")).toInt(),
        p.value(QStringLiteral("block")).toInt());
}

QList<CliOption> FileRateKind::cliOptions() const
{
    return {{QStringLiteral("--dir"), QStringLiteral("DIR"), QStringLiteral("the folder the file is written in")},
        {QStringLiteral("--rate"), QStringLiteral("BYTES"), QStringLiteral("bytes per second"),
            QStringLiteral("4194304")},
        {QStringLiteral("--runtime"), QStringLiteral("S"), QStringLiteral("seconds per step"), QStringLiteral("2")},
        {QStringLiteral("--steps"), QStringLiteral("N"), QStringLiteral("how many steps"), QStringLiteral("1")}};
}

QString FileRateKind::cliSummary() const
{
    return QStringLiteral("Writes a file at a fixed rate (a kind that exists only in the tests).");
}

Plan FileRateKind::planFromCli(const CliArgs &args, QStringList *notes, Error *error) const
{
    QString err;
    int rate = 0, runtime = 0, steps = 0;
    if (!args.integer(QStringLiteral("--rate"), 4 * 1024 * 1024, int(kMinRate), int(kMaxRate), &rate, &err)
        || !args.integer(QStringLiteral("--runtime"), 2, 1, 3600, &runtime, &err)
        || !args.integer(QStringLiteral("--steps"), 1, 1, 10, &steps, &err)) {
        *error = Error(Error::Code::InvalidInput, err);
        return {};
    }
    Plan plan = makePlan(args.value(QStringLiteral("--dir")), rate, runtime, steps, error);
    if (!*error)
        *notes << commandPreview(plan, 0, plan.nodes.value(0));
    return plan;
}

QList<MetricSpec> FileRateKind::metrics() const
{
    return {{rateMetric(), metric::Unit::BytesPerSec, MetricChart::Throughput, "file write", MetricLine::Solid,
                QStringLiteral("write")},
        {callMetric(), metric::Unit::Nanoseconds, MetricChart::Latency, "write call p50", MetricLine::Solid,
            QStringLiteral("write")}};
}

Plan FileRateKind::makePlan(const QString &dir, qint64 rate, int runtime, int steps, Error *error)
{
    Plan plan;
    plan.kind = kindId();
    plan.name = QStringLiteral("File rate %1 KiB/s").arg(rate / 1024);
    plan.preset = QStringLiteral("quick");
    plan.nodes = {NodeSpec::parse(QStringLiteral("local"))};
    plan.target = QJsonObject {{QStringLiteral("dir"), dir}, {QStringLiteral("rate"), rate}};
    for (int i = 0; i < steps; ++i)
        plan.steps << PlanStep {QStringLiteral("write-%1").arg(i + 1), QStringLiteral("Write at rate #%1").arg(i + 1),
            QJsonObject {{QStringLiteral("runtime"), runtime}, {QStringLiteral("block"), 65536}}};
    *error = FileRateKind().validate(plan);
    return plan;
}

void registerFileRateKind()
{
    Registry::instance().add(std::make_shared<FileRateKind>());
}

} // namespace cmtest
