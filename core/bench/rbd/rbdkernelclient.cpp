// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/rbd/rbdkernelclient.h"

#include "bench/fiostep.h"
#include "bench/rbd/rbdkind.h"

#include <QRegularExpression>

namespace cm::rbdkernel {

namespace {

QString mapType(const RbdTarget &t)
{
    return t.engine == RbdTarget::Engine::Nbd ? QStringLiteral("nbd") : QStringLiteral("krbd");
}

ExecResult rbdRun(StepContext &ctx, const RbdTarget &t, const QStringList &args, const CancelToken &cancel)
{
    Command c;
    c.argv = QStringList {QStringLiteral("rbd")} + RbdKind::cephArgs(t) + args;
    c.timeoutMs = 120000;
    return ctx.transport->run(c, {}, cancel);
}

} // namespace

bool isMappedDevicePath(const QString &text)
{
    static const QRegularExpression device(QStringLiteral("^/dev/(rbd|nbd)\\d{1,4}$"));
    return device.match(text).hasMatch();
}

Error checkKernel(StepContext &ctx, const RbdTarget &target)
{
    // Fixed scripts, no value of the plan in them. modprobe -n only looks: nothing loads.
    static const QString krbd = QStringLiteral(
        "if [ -d /sys/bus/rbd ] || modprobe -n -q rbd 2>/dev/null; then echo ok; else echo no-module; fi");
    static const QString nbd = QStringLiteral(
        "command -v rbd-nbd >/dev/null 2>&1 || { echo no-tool; exit 0; }; "
        "if [ -e /sys/module/nbd ] || modprobe -n -q nbd 2>/dev/null; then echo ok; else echo no-module; fi");
    const bool isNbd = target.engine == RbdTarget::Engine::Nbd;
    Command c;
    c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), isNbd ? nbd : krbd};
    c.timeoutMs = 30000;
    const ExecResult r = ctx.transport->run(c, {}, ctx.cancel);
    if (r.error)
        return r.error;
    const QString answer = QString::fromUtf8(r.stdOut).trimmed();
    if (answer == QLatin1String("ok"))
        return {};
    if (answer == QLatin1String("no-tool"))
        return Error(Error::Code::CommandFailed,
            QStringLiteral("%1 has no rbd-nbd: install the package rbd-nbd, or choose the krbd client")
                .arg(ctx.nodeName),
            ctx.nodeName);
    return Error(Error::Code::CommandFailed,
        QStringLiteral("the kernel of %1 has no %2 module (%3 is absent and modprobe finds no module %2): the kernel "
                       "RBD client cannot run there; choose fio's rbd engine, or a client node whose kernel has it")
            .arg(ctx.nodeName, isNbd ? QStringLiteral("nbd") : QStringLiteral("rbd"),
                isNbd ? QStringLiteral("/sys/module/nbd") : QStringLiteral("/sys/bus/rbd")),
        ctx.nodeName);
}

QStringList mapArgs(const RbdTarget &target, const QString &spec)
{
    return {QStringLiteral("device"), QStringLiteral("map"), QStringLiteral("-t"), mapType(target), spec};
}

Error map(StepContext &ctx, const RbdTarget &target, const QString &spec, QString *device)
{
    const ExecResult r = rbdRun(ctx, target, mapArgs(target, spec), ctx.cancel);
    if (r.error)
        return r.error;
    const QString last = QString::fromUtf8(r.stdOut).trimmed().split(QLatin1Char('\n')).last().trimmed();
    if (r.exitCode != 0)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("rbd device map failed: %1").arg(fiostep::tail(r.stdErr, 2)), ctx.nodeName,
            fiostep::tail(r.stdErr));
    if (!isMappedDevicePath(last))
        return Error(Error::Code::CommandFailed,
            QStringLiteral("rbd device map answered \"%1\", not a device /dev/rbdN or /dev/nbdN").arg(last.left(80)),
            ctx.nodeName);
    *device = last;
    return {};
}

Error unmap(StepContext &ctx, const RbdTarget &target, const QString &device)
{
    if (!isMappedDevicePath(device))
        return Error(Error::Code::Internal, QStringLiteral("not a mapped device: %1").arg(device.left(80)));
    const ExecResult r = rbdRun(ctx, target,
        {QStringLiteral("device"), QStringLiteral("unmap"), QStringLiteral("-t"), mapType(target), device},
        CancelToken());
    if (r.error)
        return r.error;
    if (r.exitCode != 0)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("rbd device unmap %1 failed: %2").arg(device, fiostep::tail(r.stdErr, 2)), ctx.nodeName);
    return {};
}

QStringList fioArgs(const PlanStep &step, const QString &device)
{
    const RbdStepOptions o = RbdKind::stepOptions(step);
    QStringList args {QStringLiteral("fio"), QStringLiteral("--output-format=json+"),
        QStringLiteral("--status-interval=1"), QStringLiteral("--eta=never"), QStringLiteral("--name=") + step.id,
        QStringLiteral("--ioengine=libaio"), QStringLiteral("--direct=1"), QStringLiteral("--filename=") + device,
        QStringLiteral("--rw=") + o.rw, QStringLiteral("--bs=") + o.bs, QStringLiteral("--iodepth=%1").arg(o.iodepth),
        QStringLiteral("--numjobs=1"), QStringLiteral("--time_based=1"),
        QStringLiteral("--runtime=%1").arg(o.runtimeSec), QStringLiteral("--randrepeat=0")};
    if (o.iodepth == 1) // the latency rows: each write waits for its commit (O_SYNC)
        args << QStringLiteral("--sync=1");
    return args;
}

QStringList prefillArgs(const QString &device)
{
    return {QStringLiteral("fio"), QStringLiteral("--name=prefill"), QStringLiteral("--ioengine=libaio"),
        QStringLiteral("--direct=1"), QStringLiteral("--filename=") + device, QStringLiteral("--rw=write"),
        QStringLiteral("--bs=4M"), QStringLiteral("--iodepth=16"), QStringLiteral("--output-format=terse")};
}

} // namespace cm::rbdkernel
