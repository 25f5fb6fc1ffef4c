// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/fiostep.h"

#include "parse/fiosamplestream.h"

#include <QJsonArray>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcFioStep, "clustermark.core.fio", QtInfoMsg)

namespace cm::fiostep {

QString tail(const QByteArray &text, int lines)
{
    QStringList l = QString::fromUtf8(text).trimmed().split(QLatin1Char('\n'));
    if (l.size() > lines)
        l = l.mid(l.size() - lines);
    return l.join(QLatin1Char('\n'));
}

QString fioVersion(StepContext &ctx, Error *error)
{
    const ExecResult ver = ctx.transport->capture({QStringLiteral("fio"), QStringLiteral("--version")}, 15000);
    if (ver.error) {
        *error = ver.error;
        return {};
    }
    if (ver.exitCode != 0) {
        *error = Error(Error::Code::ToolMissing, QStringLiteral("fio does not run on %1").arg(ctx.nodeName),
            ctx.nodeName, tail(ver.stdErr));
        return {};
    }
    *error = {};
    return QString::fromUtf8(ver.stdOut).trimmed();
}

Error layOut(StepContext &ctx, const Command &measure)
{
    Command c = measure;
    c.argv << QStringLiteral("--create_only=1");
    c.maxRuntimeSec = 3600;
    const ExecResult r = ctx.transport->run(c, {}, ctx.cancel);
    if (r.error)
        return r.error;
    if (r.exitCode != 0)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("fio could not lay out its files: %1").arg(tail(r.stdErr, 2)), ctx.nodeName, tail(r.stdErr));
    return {};
}

QStringList startingAt(qint64 startAtMs, const QStringList &argv)
{
    // The node's own clock (GNU date's %3N: ms); a moment already past, or more than
    // 5 s away (a clock that disagrees), starts at once.
    static const QString script = QStringLiteral(
        "at=$1; shift; now=$(date +%s%3N); d=$((at - now)); "
        "if [ \"$d\" -gt 0 ] && [ \"$d\" -lt 5000 ]; then sleep \"$((d / 1000)).$(printf %03d $((d % 1000)))\"; fi; "
        "exec \"$@\"");
    return QStringList {
               QStringLiteral("sh"), QStringLiteral("-c"), script, QStringLiteral("sh"), QString::number(startAtMs)}
    + argv;
}

void runStreaming(StepContext &ctx, const Command &cmd, StepOutcome &out)
{
    FioSampleStream stream(ctx.stepIndex, out.target);
    QByteArray stdErr;
    OutputCallbacks cb;
    cb.onStdout = [&](const QByteArray &chunk) {
        out.rawOutput.append(chunk);
        const double t = ctx.now ? ctx.now() : 0.0;
        QList<FioInterval> intervals;
        const SampleList s = stream.feed(chunk, t, ctx.emitInterval ? &intervals : nullptr);
        if (!s.isEmpty() && ctx.emitSamples)
            ctx.emitSamples(s);
        for (const FioInterval &iv : std::as_const(intervals))
            if (iv.dir != FioDir::Trim)
                ctx.emitInterval(ClientInterval {ctx.nodeName, iv.dir == FioDir::Read, t, iv.bwBytesPerSec, iv.iops,
                    iv.ios, iv.latMeanNs, iv.latSamples, iv.bins});
    };
    cb.onStderr = [&](const QByteArray &chunk) { stdErr.append(chunk); };
    Command run = cmd;
    if (ctx.waitForStart) {
        const qint64 startAt = ctx.waitForStart();
        if (startAt < 0) {
            out.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled before measuring"), out.target);
            return;
        }
        run.argv = startingAt(startAt, cmd.argv);
    }
    if (ctx.log)
        ctx.log(QStringLiteral("%1: %2").arg(ctx.nodeName, cmd.toShellString()));
    const ExecResult r = ctx.transport->run(run, cb, ctx.cancel);
    stream.finish();
    for (const QString &w : stream.warnings())
        qCInfo(lcFioStep) << ctx.nodeName << w;

    const QJsonObject summary = stream.summary();
    for (auto it = summary.begin(); it != summary.end(); ++it)
        out.summary.insert(it.key(), it.value());
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
            QStringLiteral("fio exited with %1: %2")
                .arg(r.exitSignal.isEmpty() ? QString::number(r.exitCode) : r.exitSignal, tail(stdErr, 2)),
            out.target, tail(stdErr));
    } else if (!stream.hasFinalReport()) {
        out.error = Error(Error::Code::ParseError, QStringLiteral("fio produced no final report"), out.target,
            stream.warnings().join(QLatin1Char('\n')));
    }
}

} // namespace cm::fiostep
