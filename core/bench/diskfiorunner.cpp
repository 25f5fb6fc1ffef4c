#include "bench/diskfiorunner.h"

#include "bench/diskfiokind.h"
#include "bench/fiostep.h"
#include "bench/devicesafety.h"

#include <QFileInfo>


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
if command -v hdparm >/dev/null 2>&1 && [ -b "/dev/$disk" ]; then
  w=$(hdparm -W "/dev/$disk" 2>/dev/null | sed -n 's/.*write-caching *= *//p')
  [ -n "$w" ] && echo "hdparm_write_caching=$w"
fi
exit 0
)SH";

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
        ? DiskFioKind::targetPath(m_plan, ctx.nodeName)
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
    rm.argv = {QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("--"), DiskFioKind::targetPath(m_plan, ctx.nodeName)};
    rm.timeoutMs = 15000;
    ctx.transport->run(rm, {}, CancelToken());
}

StepOutcome DiskFioRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    out.target = ctx.nodeName + QLatin1Char(':') + DiskFioKind::targetPath(m_plan, ctx.nodeName);
    const QStringList args = DiskFioKind::fioArgs(m_plan, step, ctx.nodeName);
    Command cmd;
    cmd.argv = args;
    // The node bounds fio itself: nothing outlives a lost connection for long.
    cmd.maxRuntimeSec = step.params.value(QStringLiteral("runtime")).toInt(5) + 900;
    out.command = cmd.toShellString();

    Error verError;
    const QString version = fiostep::fioVersion(ctx, &verError);
    if (verError) {
        out.error = verError;
        return out;
    }
    out.environment = probeEnvironment(ctx);
    out.environment.insert(QStringLiteral("fio_version"), version);
    if (ctx.cancel.isCancelled()) {
        out.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), ctx.nodeName);
        return out;
    }
    if (const Error e = checkTarget(ctx, step)) {
        out.error = e;
        return out;
    }

    out.summary.insert(QStringLiteral("fio_version"), version);
    if (out.environment.contains(QStringLiteral("write_cache")))
        out.summary.insert(QStringLiteral("write_cache"), out.environment.value(QStringLiteral("write_cache")));
    fiostep::runStreaming(ctx, cmd, out);
    removeBenchFile(ctx);
    return out;
}

} // namespace cm
