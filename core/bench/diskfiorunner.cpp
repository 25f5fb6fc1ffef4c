#include "bench/diskfiorunner.h"

#include "bench/diskfiokind.h"
#include "parse/fiosamplestream.h"
#include "bench/devicesafety.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcFio, "clustermark.core.fio", QtInfoMsg)

namespace cm {

namespace {

// Fixed script; the only input is "$1" (the target path), passed as an argument.
const char *kEnvScript = R"SH(p=$1
if [ -b "$p" ]; then dev=$p; else dev=$(df --output=source -- "$p" 2>/dev/null | tail -n 1); fi
disk=$(lsblk -ndo PKNAME -- "$dev" 2>/dev/null | head -n 1)
[ -n "$disk" ] || disk=$(basename -- "$dev")
echo "kernel=$(uname -r)"
echo "hostname=$(uname -n)"
echo "source=$dev"
echo "disk=$disk"
[ -r "/sys/block/$disk/queue/write_cache" ] && echo "write_cache=$(cat "/sys/block/$disk/queue/write_cache")"
[ -r "/sys/block/$disk/queue/rotational" ] && echo "rotational=$(cat "/sys/block/$disk/queue/rotational")"
[ -r "/sys/block/$disk/device/model" ] && echo "model=$(cat "/sys/block/$disk/device/model")"
exit 0
)SH";

QString tail(const QByteArray &b, int lines = 6)
{
    QStringList l = QString::fromUtf8(b).trimmed().split(QLatin1Char('\n'));
    if (l.size() > lines)
        l = l.mid(l.size() - lines);
    return l.join(QLatin1Char('\n'));
}

} // namespace

DiskFioRunner::DiskFioRunner(Plan plan, int stepIndex) : m_plan(std::move(plan)), m_stepIndex(stepIndex) {}

Error DiskFioRunner::checkTarget(StepContext &ctx, const PlanStep &step)
{
    const bool device = m_plan.target.value(QStringLiteral("type")).toString() == QLatin1String("device");
    if (!device)
        return checkFileTarget(*ctx.transport, m_plan.target.value(QStringLiteral("dir")).toString());
    const QString path = m_plan.target.value(QStringLiteral("path")).toString();
    if (!DiskFioKind::stepWrites(step)) {
        // Reading a device changes nothing: it only has to be a block device.
        const ExecResult r = ctx.transport->capture({QStringLiteral("test"), QStringLiteral("-b"), path}, 15000);
        if (r.error)
            return r.error;
        return r.exitCode == 0 ? Error()
                               : Error(Error::Code::PathMissing, QStringLiteral("%1 is not a block device").arg(path),
                                       ctx.nodeName + QLatin1Char(':') + path);
    }
    if (!typedConfirmationMatches(m_plan.target.value(QStringLiteral("confirm")).toString(), path))
        return Error(Error::Code::Unsafe,
                     QStringLiteral("writing to %1 destroys its data and was not confirmed by typing its path").arg(path),
                     ctx.nodeName + QLatin1Char(':') + path);
    const DeviceSafetyReport r = checkDeviceForWrite(*ctx.transport, path);
    if (!r.allowed)
        return Error(Error::Code::Unsafe, QStringLiteral("refusing to write to %1: %2").arg(path, r.reasons.join(QStringLiteral("; "))),
                     ctx.nodeName + QLatin1Char(':') + path);
    return {};
}

QJsonObject DiskFioRunner::probeEnvironment(StepContext &ctx)
{
    QJsonObject env;
    const QString path = m_plan.target.value(QStringLiteral("type")).toString() == QLatin1String("device")
        ? DiskFioKind::targetPath(m_plan)
        : m_plan.target.value(QStringLiteral("dir")).toString();
    const ExecResult r = ctx.transport->capture(
        {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kEnvScript), QStringLiteral("sh"), path}, 15000);
    const auto lines = QString::fromUtf8(r.stdOut).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines) {
        const int eq = line.indexOf(QLatin1Char('='));
        if (eq > 0)
            env.insert(line.left(eq), line.mid(eq + 1).trimmed());
    }
    return env;
}

void DiskFioRunner::removeBenchFile(StepContext &ctx)
{
    if (m_plan.target.value(QStringLiteral("type")).toString() == QLatin1String("device"))
        return;
    // Only the app's own file; never anything else in the folder.
    Command rm;
    rm.argv = {QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("--"), DiskFioKind::targetPath(m_plan)};
    rm.timeoutMs = 15000;
    ctx.transport->run(rm, {}, CancelToken());
}

StepOutcome DiskFioRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    out.target = ctx.nodeName + QLatin1Char(':') + DiskFioKind::targetPath(m_plan);
    const QStringList args = DiskFioKind::fioArgs(m_plan, step);
    Command cmd;
    cmd.argv = args;
    // The node bounds fio itself: nothing outlives a lost connection for long.
    cmd.maxRuntimeSec = step.params.value(QStringLiteral("runtime")).toInt(5) + 900;
    out.command = cmd.toShellString();

    const ExecResult ver = ctx.transport->capture({QStringLiteral("fio"), QStringLiteral("--version")}, 15000);
    if (ver.error) {
        out.error = ver.error;
        return out;
    }
    if (ver.exitCode != 0) {
        out.error = Error(Error::Code::ToolMissing, QStringLiteral("fio does not run on %1").arg(ctx.nodeName),
                          ctx.nodeName, tail(ver.stdErr));
        return out;
    }
    out.environment = probeEnvironment(ctx);
    out.environment.insert(QStringLiteral("fio_version"), QString::fromUtf8(ver.stdOut).trimmed());
    if (ctx.cancel.isCancelled()) {
        out.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), ctx.nodeName);
        return out;
    }
    if (const Error e = checkTarget(ctx, step)) {
        out.error = e;
        return out;
    }

    FioSampleStream stream(ctx.stepIndex, out.target);
    QByteArray stdErr;
    OutputCallbacks cb;
    cb.onStdout = [&](const QByteArray &chunk) {
        out.rawOutput.append(chunk);
        const SampleList s = stream.feed(chunk, ctx.now ? ctx.now() : 0.0);
        if (!s.isEmpty() && ctx.emitSamples)
            ctx.emitSamples(s);
    };
    cb.onStderr = [&](const QByteArray &chunk) { stdErr.append(chunk); };
    if (ctx.log)
        ctx.log(QStringLiteral("%1: %2").arg(ctx.nodeName, out.command));
    const ExecResult r = ctx.transport->run(cmd, cb, ctx.cancel);
    stream.finish();
    for (const QString &w : stream.warnings())
        qCInfo(lcFio) << ctx.nodeName << w;

    out.summary = stream.summary();
    out.summary.insert(QStringLiteral("fio_version"), out.environment.value(QStringLiteral("fio_version")));
    if (out.environment.contains(QStringLiteral("write_cache")))
        out.summary.insert(QStringLiteral("write_cache"), out.environment.value(QStringLiteral("write_cache")));
    if (!stream.warnings().isEmpty())
        out.summary.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(stream.warnings()));
    if (!stdErr.isEmpty())
        out.rawOutput.append("\n--- stderr ---\n" + stdErr);

    if (r.error) {
        out.error = r.error;
    } else if (const QString jobError = stream.jobError(); !jobError.isEmpty()) {
        out.error = Error(Error::Code::CommandFailed, QStringLiteral("fio reported an error: %1").arg(jobError),
                          out.target, tail(stdErr));
    } else if (r.exitCode != 0) {
        out.error = Error(Error::Code::CommandFailed,
                          QStringLiteral("fio exited with %1: %2").arg(r.exitSignal.isEmpty() ? QString::number(r.exitCode) : r.exitSignal,
                                                                      tail(stdErr, 2)),
                          out.target, tail(stdErr));
    } else if (!stream.hasFinalReport()) {
        out.error = Error(Error::Code::ParseError, QStringLiteral("fio produced no final report"), out.target,
                          stream.warnings().join(QLatin1Char('\n')));
    }
    removeBenchFile(ctx);
    return out;
}

} // namespace cm
