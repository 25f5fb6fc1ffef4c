// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/rbd/rbdfiorunner.h"

#include "bench/fiostep.h"
#include "bench/rbd/rbdkernelclient.h"
#include "bench/rbd/rbdkind.h"

#include <QRandomGenerator>

namespace cm {

RbdFioRunner::RbdFioRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

Error RbdFioRunner::rbd(StepContext &ctx, const QStringList &args, const CancelToken &cancel, int timeoutMs)
{
    Command c;
    c.argv = QStringList {QStringLiteral("rbd")} + RbdKind::cephArgs(RbdKind::target(m_plan)) + args;
    c.timeoutMs = timeoutMs;
    const ExecResult r = ctx.transport->run(c, {}, cancel);
    if (r.error)
        return r.error;
    if (r.exitCode != 0)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("rbd %1 failed: %2").arg(args.value(0), fiostep::tail(r.stdErr, 2)), ctx.nodeName,
            fiostep::tail(r.stdErr));
    return {};
}

// Reads of never-written extents cost nothing: the whole image is written first.
Error RbdFioRunner::prefill(StepContext &ctx, const QMap<QString, QString> &env, const QString &image,
    const QString &device, const QString &target)
{
    const RbdTarget t = RbdKind::target(m_plan);
    Command fill;
    fill.env = env;
    fill.argv = !device.isEmpty()
        ? rbdkernel::prefillArgs(device)
        : QStringList {QStringLiteral("fio"), QStringLiteral("--name=prefill"), QStringLiteral("--ioengine=rbd"),
            QStringLiteral("--clientname=") + t.clientId(), QStringLiteral("--pool=") + t.pool,
            QStringLiteral("--rbdname=") + image, QStringLiteral("--rw=write"), QStringLiteral("--bs=4M"),
            QStringLiteral("--iodepth=16"), QStringLiteral("--output-format=terse")};
    fill.maxRuntimeSec = 3600;
    if (ctx.log)
        ctx.log(QStringLiteral("%1: prefilling %2").arg(ctx.nodeName, image));
    const ExecResult r = ctx.transport->run(fill, {}, ctx.cancel);
    if (r.error)
        return r.error;
    if (r.exitCode != 0)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("prefill of %1 failed: %2").arg(image, fiostep::tail(r.stdErr, 2)), target,
            fiostep::tail(r.stdErr));
    return {};
}

// The kernel client's check and map; the device goes into the step's environment.
Error RbdFioRunner::mapImage(StepContext &ctx, const QString &spec, QString *device, StepOutcome *out)
{
    const RbdTarget target = RbdKind::target(m_plan);
    Error e = rbdkernel::checkKernel(ctx, target);
    if (!e)
        e = rbdkernel::map(ctx, target, spec, device);
    if (!device->isEmpty()) {
        out->environment.insert(QStringLiteral("rbd_device"), *device);
        if (ctx.log)
            ctx.log(QStringLiteral("%1: %2 mapped at %3").arg(ctx.nodeName, spec, *device));
    }
    return e;
}

StepOutcome RbdFioRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    const RbdTarget target = RbdKind::target(m_plan);
    const RbdStepOptions options = RbdKind::stepOptions(step);
    const QString &pool = target.pool;
    QString node;
    for (const QChar c : ctx.nodeName)
        node += c.isLetterOrNumber() && c.unicode() < 128 ? c : QLatin1Char('_');
    const QString image = RbdKind::imagePrefix() + node + QLatin1Char('-')
        + QString::number(QRandomGenerator::global()->generate(), 16);
    out.target = ctx.nodeName + QLatin1Char(':') + pool + QLatin1Char('/') + image;

    Error e;
    const QString version = fiostep::fioVersion(ctx, &e);
    if (e) {
        out.error = e;
        return out;
    }
    out.environment.insert(QStringLiteral("fio_version"), version);
    out.environment.insert(QStringLiteral("rbd_engine"), target.engineName());
    const bool cacheOff = target.cacheOffFor(options);
    out.environment.insert(QStringLiteral("rbd_cache"),
        target.kernelClient() ? QStringLiteral("kernel client (no librbd cache; direct I/O)")
            : cacheOff        ? QStringLiteral("off")
                              : QStringLiteral("as configured"));
    out.summary.insert(QStringLiteral("client_cache"), cacheOff ? QStringLiteral("off") : QStringLiteral("cluster"));
    out.summary.insert(QStringLiteral("fio_version"), version);

    const QString &size = target.imageSize;
    QStringList create {QStringLiteral("create"), QStringLiteral("--size"), size};
    if (!target.dataPool.isEmpty())
        create << QStringLiteral("--data-pool") << target.dataPool;
    if ((e = rbd(ctx, create << pool + QLatin1Char('/') + image, ctx.cancel))) {
        if (e.code == Error::Code::CommandFailed)
            e.message = QStringLiteral("cannot create the test image in pool %1: %2").arg(pool, e.message);
        out.error = e;
        return out;
    }
    // The kernel client: checked, then the image mapped (and always unmapped below).
    QString device;
    if (target.kernelClient())
        out.error = mapImage(ctx, pool + QLatin1Char('/') + image, &device, &out);
    const QMap<QString, QString> env
        = target.kernelClient() ? QMap<QString, QString>() : RbdKind::fioEnv(target, cacheOff);
    if (!out.error && options.reads() && !ctx.cancel.isCancelled())
        out.error = prefill(ctx, env, image, device, out.target);
    if (!out.error) {
        Command cmd;
        cmd.env = env;
        cmd.argv = target.kernelClient() ? rbdkernel::fioArgs(step, device) : RbdKind::fioArgs(target, step, image);
        cmd.maxRuntimeSec = options.runtimeSec + 900;
        out.command = cmd.toShellString();
        fiostep::runStreaming(ctx, cmd, out);
    }
    if (!device.isEmpty())
        if (const Error un = rbdkernel::unmap(ctx, target, device)) {
            // A mapped image cannot be removed: it stays, and the log says how to free it.
            out.leftovers << Leftover::make(Leftover::Kind::Image, pool, image);
            if (!out.error)
                out.error = un;
            if (ctx.log)
                ctx.log(
                    QStringLiteral("%1: %2; unmap it with: rbd device unmap %3").arg(ctx.nodeName, un.message, device));
            return out;
        }
    // Always remove the image this step created, with a fresh token: also after a cancel.
    if (const Error rm
        = rbd(ctx, {QStringLiteral("rm"), QStringLiteral("--no-progress"), pool + QLatin1Char('/') + image},
            CancelToken(), 60000)) {
        out.leftovers << Leftover::make(Leftover::Kind::Image, pool, image);
        if (!out.error)
            out.error = rm;
        else if (ctx.log)
            ctx.log(QStringLiteral("%1: %2").arg(ctx.nodeName, rm.message));
    }
    return out;
}

} // namespace cm
