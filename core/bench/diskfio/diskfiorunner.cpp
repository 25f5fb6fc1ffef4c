// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/diskfio/diskfiorunner.h"

#include "bench/diskfio/diskfiokind.h"
#include "bench/fiostep.h"
#include "bench/diskfio/devicesafety.h"
#include "model/deviceclass.h"

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
[ -r "/sys/block/$disk/device/vendor" ] && echo "vendor=$(cat "/sys/block/$disk/device/vendor")"
[ -b "/dev/$disk" ] && echo "transport=$(lsblk -ndo TRAN -- "/dev/$disk" 2>/dev/null | head -n 1)"
if command -v hdparm >/dev/null 2>&1 && [ -b "/dev/$disk" ]; then
  w=$(hdparm -W "/dev/$disk" 2>/dev/null | sed -n 's/.*write-caching *= *//p')
  [ -n "$w" ] && echo "hdparm_write_caching=$w"
fi
exit 0
)SH";

// Fixed script; its inputs are "$1" (the folder) and "$2" (the mktemp template).
// mktemp opens with O_CREAT|O_EXCL: a planted link or file of that name is never
// followed or reused. The checks after it are belt and braces.
const char *kCreateBenchFileScript = R"SH(f=$(mktemp -p "$1" -- "$2") || exit 3
if [ -f "$f" ] && [ ! -L "$f" ] && [ "$(stat -c %u -- "$f")" = "$(id -u)" ]; then
  printf '%s\n' "$f"
  exit 0
fi
echo "the new file $f is not a plain file of this user" >&2
exit 4
)SH";

} // namespace

DiskFioRunner::DiskFioRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

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
        return Error(Error::Code::Unsafe,
            QStringLiteral("refusing to write to %1: %2").arg(path, r.reasons.join(QStringLiteral("; "))),
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
        {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kEnvScript), QStringLiteral("sh"), path},
        15000);
    const auto lines = QString::fromUtf8(r.stdOut).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines) {
        const int eq = line.indexOf(QLatin1Char('='));
        if (eq > 0)
            env.insert(line.left(eq), line.mid(eq + 1).trimmed());
    }
    if (env.contains(QStringLiteral("disk"))) {
        const QString rota = env.value(QStringLiteral("rotational")).toString();
        const DeviceFacts facts {env.value(QStringLiteral("disk")).toString(),
            env.value(QStringLiteral("model")).toString(), env.value(QStringLiteral("vendor")).toString(),
            env.value(QStringLiteral("transport")).toString(),
            rota == QLatin1String("1")       ? 1
                : rota == QLatin1String("0") ? 0
                                             : -1};
        env.insert(QStringLiteral("device_class"), deviceClassId(classifyDevice(facts)));
    }
    return env;
}

Error DiskFioRunner::createBenchFile(StepContext &ctx, QString *path)
{
    QString dir = m_plan.target.value(QStringLiteral("dir")).toString();
    while (dir.size() > 1 && dir.endsWith(QLatin1Char('/')))
        dir.chop(1);
    Command c;
    c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kCreateBenchFileScript),
        QStringLiteral("cm-benchfile"), dir, DiskFioKind::benchFileTemplate(ctx.nodeName)};
    c.timeoutMs = 30000;
    const ExecResult r = ctx.transport->run(c, {}, ctx.cancel);
    if (r.error)
        return r.error;
    const QString made = QString::fromUtf8(r.stdOut).trimmed();
    if (r.exitCode != 0 || !made.startsWith(dir + QLatin1Char('/')) || made.contains(QLatin1Char('\n')))
        return Error(Error::Code::CommandFailed,
            QStringLiteral("cannot create the bench file in %1: %2").arg(dir, fiostep::tail(r.stdErr, 2)),
            ctx.nodeName + QLatin1Char(':') + dir, fiostep::tail(r.stdErr));
    *path = made;
    return {};
}

void DiskFioRunner::removeBenchFile(StepContext &ctx, const QString &path)
{
    if (path.isEmpty())
        return;
    // Only the file this step made; never anything else in the folder.
    Command rm;
    rm.argv = {QStringLiteral("rm"), QStringLiteral("-f"), QStringLiteral("--"), path};
    rm.timeoutMs = 15000;
    ctx.transport->run(rm, {}, CancelToken());
}

StepOutcome DiskFioRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    const bool device = m_plan.target.value(QStringLiteral("type")).toString() == QLatin1String("device");
    out.target = ctx.nodeName + QLatin1Char(':') + DiskFioKind::targetPath(m_plan, ctx.nodeName);
    const DiskFioStepOptions options = DiskFioStepOptions::read(step, &out.error);
    if (out.error)
        return out;
    Command cmd;
    // The node bounds fio itself: nothing outlives a lost connection for long.
    cmd.maxRuntimeSec = options.runtimeSec + 900;
    cmd.argv = DiskFioKind::fioArgs(m_plan, options, step.id, DiskFioKind::targetPath(m_plan, ctx.nodeName));
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
    QString benchFile;
    if (!device) {
        if ((out.error = createBenchFile(ctx, &benchFile)))
            return out;
        // The target stays the template (one name for every step and run, as series and
        // comparisons expect); the file itself is in the environment.
        out.environment.insert(QStringLiteral("bench_file"), benchFile);
        cmd.argv = DiskFioKind::fioArgs(m_plan, options, step.id, benchFile);
        out.command = cmd.toShellString();
        if (ctx.waitForStart && (out.error = fiostep::layOut(ctx, cmd))) {
            removeBenchFile(ctx, benchFile);
            return out;
        }
    }

    out.summary.insert(QStringLiteral("fio_version"), version);
    if (out.environment.contains(QStringLiteral("write_cache")))
        out.summary.insert(QStringLiteral("write_cache"), out.environment.value(QStringLiteral("write_cache")));
    fiostep::runStreaming(ctx, cmd, out);
    removeBenchFile(ctx, benchFile);
    return out;
}

} // namespace cm
