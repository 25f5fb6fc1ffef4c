// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/stepcaveats.h"

#include <QJsonArray>
#include <QMap>

namespace cm {

namespace {

bool measured(const QJsonObject &summary, const char *direction)
{
    const QJsonObject d = summary.value(QLatin1String(direction)).toObject();
    return d.value(QStringLiteral("iops")).toDouble() > 0 || d.value(QStringLiteral("bw")).toDouble() > 0;
}

int intParam(const QJsonObject &params, const char *key)
{
    const QJsonValue v = params.value(QLatin1String(key));
    return v.isDouble() ? v.toInt() : v.isString() ? v.toString().toInt() : 0;
}

} // namespace

QString StepCaveats::text(StepCaveat::Kind kind, bool translated)
{
    const char *source = kind == StepCaveat::Kind::ClientCache
        ? QT_TR_NOOP("client cache on (librbd writeback, unless the cluster turns it off): writes are "
                     "acknowledged from client memory, so write latency is not a commit latency")
        : QT_TR_NOOP("one I/O in flight (QD1): IOPS = 1 / latency, a latency figure, not a capacity");
    return translated ? tr(source) : QString::fromUtf8(source);
}

QList<StepCaveat> StepCaveats::of(const QJsonObject &params, const QJsonObject &summary, bool translated)
{
    QList<StepCaveat> out;
    if (summary.value(QStringLiteral("client_cache")).toString() == QLatin1String("cluster")
        && measured(summary, "write"))
        out << StepCaveat {StepCaveat::Kind::ClientCache, QStringLiteral("¹"), QStringLiteral("client-cache"),
            text(StepCaveat::Kind::ClientCache, translated)};
    const int depth = intParam(params, "iodepth");
    // a cluster total (stats/clustertotal.h) of several QD1 clients has several in flight
    const int clients = summary.value(QStringLiteral("counted_clients")).toArray().size();
    const int jobs = qMax(qMax(intParam(params, "numjobs"), intParam(params, "threads")), clients);
    if (depth == 1 && jobs <= 1 && (measured(summary, "read") || measured(summary, "write")))
        out << StepCaveat {StepCaveat::Kind::OneInFlight, QStringLiteral("²"), QStringLiteral("qd1"),
            text(StepCaveat::Kind::OneInFlight, translated)};
    return out;
}

QList<StepCaveat> StepCaveats::ofStep(const StepRecord &step, bool translated)
{
    if (step.summary.contains(QStringLiteral("client_cache"))
        || !step.environment.value(QStringLiteral("rbd_cache")).toString().startsWith(QLatin1String("as configured")))
        return of(step.params, step.summary, translated);
    QJsonObject summary = step.summary;
    summary.insert(QStringLiteral("client_cache"), QStringLiteral("cluster"));
    return of(step.params, summary, translated);
}

QList<StepCaveat> StepCaveats::planned(const QJsonObject &params, const QJsonObject &facts, bool translated)
{
    // A stand-in summary: each direction the step's rw names counts as measured.
    const QString rw = params.value(QStringLiteral("rw")).toString();
    const QJsonObject some {{QStringLiteral("iops"), 1}};
    QJsonObject summary = facts;
    const bool writes = rw.contains(QLatin1String("write")) || rw.endsWith(QLatin1String("rw"));
    const bool reads = rw.contains(QLatin1String("read")) || rw.endsWith(QLatin1String("rw"));
    if (writes)
        summary.insert(QStringLiteral("write"), some);
    if (reads)
        summary.insert(QStringLiteral("read"), some);
    return of(params, summary, translated);
}

QString StepCaveats::markedTitle(const QString &title, const QList<StepCaveat> &caveats)
{
    QString marks;
    for (const StepCaveat &c : caveats)
        marks += c.marker;
    return marks.isEmpty() ? title : title + QLatin1Char(' ') + marks;
}

QStringList StepCaveats::legend(const QList<QList<StepCaveat>> &perStep)
{
    QMap<int, QString> lines; // by kind: one line each, in a fixed order
    for (const QList<StepCaveat> &step : perStep)
        for (const StepCaveat &c : step)
            lines.insert(int(c.kind), c.marker + QLatin1Char(' ') + c.text);
    return lines.values();
}

} // namespace cm
