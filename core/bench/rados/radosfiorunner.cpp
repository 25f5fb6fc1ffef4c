// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/rados/radosfiorunner.h"

#include "bench/fiostep.h"
#include "bench/scaling.h"
#include "model/paramreader.h"

#include <QRandomGenerator>
#include <QRegularExpression>

namespace cm {

namespace {

RadosKind::Target targetOf(const Plan &plan)
{
    Error ignored; // validate() refused a bad target before anything runs
    return RadosKind::Target::read(plan.target, &ignored);
}

QString clientId(const RadosKind::Target &t)
{
    return t.connection.clientName.mid(t.connection.clientName.indexOf(QLatin1Char('.')) + 1);
}

// fio's rados options: the cluster and the client's objects (files of one object each).
QStringList radosEngineArgs(const RadosKind::Target &t, const QString &prefix, int objects, quint64 objectSize)
{
    QStringList a {QStringLiteral("--name=") + prefix, QStringLiteral("--ioengine=rados")};
    if (!t.connection.confPath.isEmpty())
        a << QStringLiteral("--conf=") + t.connection.confPath;
    a << QStringLiteral("--clientname=") + clientId(t) << QStringLiteral("--pool=") + t.pool
      << QStringLiteral("--nrfiles=%1").arg(objects)
      << QStringLiteral("--size=%1").arg(objectSize * quint64(objects))
      // fio cannot ask an object's size: --size shares out into --nrfiles whole objects
      << QStringLiteral("--touch_objects=0");
    return a;
}

// The node's display name as a word of an object name.
QString nodeWord(const QString &nodeName)
{
    QString word;
    for (const QChar c : nodeName)
        word += c.isLetterOrNumber() && c.unicode() < 128 ? c : QLatin1Char('_');
    return word.left(48);
}

} // namespace

RadosFioRunState::RadosFioRunState(Plan plan)
    : m_plan(std::move(plan))
{ }

QString RadosFioRunState::prefix(const QString &nodeName)
{
    if (m_prefix.isEmpty())
        m_prefix = QLatin1String(RadosFioRunner::kObjectPrefix) + nodeWord(nodeName) + QLatin1Char('-')
            + QString::number(QRandomGenerator::global()->generate(), 16);
    return m_prefix;
}

QList<Leftover> RadosFioRunState::finish(Transport &transport, const std::function<void(const QString &)> &log)
{
    if (m_prefix.isEmpty())
        return {};
    const RadosKind::Target t = targetOf(m_plan);
    Command c;
    c.argv = QStringList {QStringLiteral("rados")} + RadosFioRunner::radosArgs(t)
        + QStringList {QStringLiteral("-p"), t.pool, QStringLiteral("cleanup"), QStringLiteral("--prefix"),
            m_prefix + QLatin1Char('.')};
    c.timeoutMs = 600000;
    const ExecResult r = transport.run(c, {}, CancelToken()); // also after a cancel
    static const QRegularExpression removed(QStringLiteral(R"(Removed (\d+) objects)"));
    const auto m = removed.match(QString::fromUtf8(r.stdOut + r.stdErr));
    if (r.ok()) {
        if (log)
            log(QStringLiteral("RADOS clean-up: removed %1 object(s) %2.*")
                    .arg(m.hasMatch() ? m.captured(1) : QStringLiteral("0"), m_prefix));
        return {};
    }
    const QString why = r.error ? r.error.toString() : fiostep::tail(r.stdErr, 2);
    if (log)
        log(QStringLiteral("RADOS clean-up of %1.* failed: %2").arg(m_prefix, why));
    return {Leftover::make(Leftover::Kind::Object, t.pool, m_prefix + QStringLiteral(".*"))};
}

RadosFioRunner::RadosFioRunner(Plan plan, int stepIndex)
    : m_plan(std::move(plan))
    , m_stepIndex(stepIndex)
{ }

int RadosFioRunner::clientObjects(const Plan &plan, const PlanStep &step)
{
    int clients = scaling::stepClients(step);
    if (clients <= 0)
        clients = int(qMax<qsizetype>(1, plan.nodes.size()));
    const int objects = targetOf(plan).objects;
    return qMax(1, (objects + clients - 1) / clients);
}

QMap<QString, QString> RadosFioRunner::fioEnv(const RadosKind::Target &t)
{
    QStringList args;
    if (!t.connection.keyringPath.isEmpty())
        args << QStringLiteral("--keyring=") + t.connection.keyringPath;
    const int timeout = t.connection.timeoutSec;
    args << QStringLiteral("--rados_osd_op_timeout=%1").arg(timeout)
         << QStringLiteral("--rados_mon_op_timeout=%1").arg(timeout);
    return {{QStringLiteral("CEPH_ARGS"), args.join(QLatin1Char(' '))}};
}

QStringList RadosFioRunner::radosArgs(const RadosKind::Target &t)
{
    QStringList a;
    if (!t.connection.confPath.isEmpty())
        a << QStringLiteral("-c") << t.connection.confPath;
    a << QStringLiteral("--id") << clientId(t);
    if (!t.connection.keyringPath.isEmpty())
        a << QStringLiteral("--keyring") << t.connection.keyringPath;
    return a;
}

QStringList RadosFioRunner::fioArgs(const Plan &plan, const PlanStep &step, const QString &prefix, int objects)
{
    Error ignored; // validate() checked the step
    const RadosWorkload w = RadosKind::workload(plan, step, &ignored);
    const bool write = w.op == RadosWorkload::Op::Write;
    return QStringList {QStringLiteral("fio"), QStringLiteral("--output-format=json+"),
               QStringLiteral("--status-interval=1"), QStringLiteral("--eta=never")}
    + radosEngineArgs(targetOf(plan), prefix, objects, w.objectSize)
        + QStringList {write ? QStringLiteral("--rw=randwrite") : QStringLiteral("--rw=randread"),
            QStringLiteral("--bs=%1").arg(w.blockSize), QStringLiteral("--file_service_type=random"),
            QStringLiteral("--iodepth=%1").arg(w.queueDepth), QStringLiteral("--numjobs=1"),
            QStringLiteral("--time_based=1"), QStringLiteral("--runtime=%1").arg(w.runtimeSec),
            QStringLiteral("--randrepeat=0")};
}

QStringList RadosFioRunner::prefillArgs(const Plan &plan, const QString &prefix, int objects)
{
    const quint64 objectSize = quint64(sizeTextBytes(targetOf(plan).objectSize));
    return QStringList {QStringLiteral("fio"), QStringLiteral("--output-format=terse")}
    + radosEngineArgs(targetOf(plan), prefix, objects, objectSize)
        + QStringList {
            QStringLiteral("--rw=write"), QStringLiteral("--bs=%1").arg(objectSize), QStringLiteral("--iodepth=16")};
}

QString RadosFioRunner::commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node)
{
    const PlanStep &step = plan.steps.at(stepIndex);
    Command c;
    c.env = fioEnv(targetOf(plan));
    c.argv = fioArgs(plan, step, QLatin1String(kObjectPrefix) + QStringLiteral("NODE-ID"), clientObjects(plan, step));
    return QStringLiteral("[%1] ").arg(node.isLocal() ? QStringLiteral("local") : node.toSpecString())
        + c.toShellString();
}

StepOutcome RadosFioRunner::run(StepContext &ctx)
{
    StepOutcome out;
    const PlanStep &step = m_plan.steps.at(m_stepIndex);
    const RadosKind::Target target = targetOf(m_plan);
    auto *shared = dynamic_cast<RadosFioRunState *>(ctx.runState.get());
    RadosFioRunState own(m_plan); // without the run's state: this step's own objects
    RadosFioRunState &state = shared ? *shared : own;
    const QString prefix = state.prefix(ctx.nodeName);
    const int objects = clientObjects(m_plan, step);
    out.target = ctx.nodeName + QLatin1Char(':') + target.pool + QLatin1Char('/') + prefix;
    out.environment.insert(QStringLiteral("rados_engine"), QStringLiteral("fio"));
    out.environment.insert(QStringLiteral("object_prefix"), prefix);
    out.environment.insert(QStringLiteral("objects_per_client"), objects);

    Error e;
    const QString version = fiostep::fioVersion(ctx, &e);
    out.environment.insert(QStringLiteral("fio_version"), version);
    const QMap<QString, QString> env = fioEnv(target);
    const bool reads = step.params.value(QStringLiteral("op")).toString() == QLatin1String("read");
    if (!e && reads && state.prefilledObjects() < objects && !ctx.cancel.isCancelled()) {
        Command fill; // reads of objects that do not exist measure errors, not reads
        fill.env = env;
        fill.argv = prefillArgs(m_plan, prefix, objects);
        fill.maxRuntimeSec = 3600;
        if (ctx.log)
            ctx.log(QStringLiteral("%1: writing %2 object(s) %3.* before reading")
                        .arg(ctx.nodeName)
                        .arg(objects)
                        .arg(prefix));
        const ExecResult r = ctx.transport->run(fill, {}, ctx.cancel);
        if (r.error || r.exitCode != 0)
            e = r.error ? r.error
                        : Error(Error::Code::CommandFailed,
                            QStringLiteral("writing the objects to read failed: %1").arg(fiostep::tail(r.stdErr, 2)),
                            out.target, fiostep::tail(r.stdErr));
        else
            state.setPrefilledObjects(objects);
    }
    if (!e) {
        Command cmd;
        cmd.env = env;
        cmd.argv = fioArgs(m_plan, step, prefix, objects);
        cmd.maxRuntimeSec = step.params.value(QStringLiteral("runtime")).toInt(30) + 900;
        out.command = cmd.toShellString();
        fiostep::runStreaming(ctx, cmd, out);
        out.summary.insert(QStringLiteral("fio_version"), version);
        out.summary.insert(QStringLiteral("objects_per_client"), objects);
    } else {
        out.error = e;
    }
    if (!shared)
        out.leftovers << own.finish(*ctx.transport, ctx.log);
    return out;
}

} // namespace cm
