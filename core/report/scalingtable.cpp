// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/scalingtable.h"

#include "bench/scaling.h"
#include "model/paramreader.h"
#include "report/unitformat.h"
#include "stats/clustertotal.h"

#include <QJsonObject>
#include <QMap>

#include <algorithm>

namespace cm {

namespace {

QString baseId(const QString &id, int k)
{
    const QString suffix = QStringLiteral("-c%1").arg(k);
    return id.endsWith(suffix) ? id.chopped(suffix.size()) : id;
}

QString baseTitle(const QString &title)
{
    const qsizetype dot = title.lastIndexOf(QStringLiteral(" · "));
    return dot > 0 ? title.left(dot) : title;
}

ScalingPoint pointOf(const StepRecord &s, int k)
{
    ScalingPoint p;
    p.clients = k;
    for (const char *dir : {"read", "write"}) {
        const QJsonObject o = s.summary.value(QLatin1String(dir)).toObject();
        p.bw += o.value(QStringLiteral("bw")).toDouble();
        p.iops += o.value(QStringLiteral("iops")).toDouble();
        if (p.p99Ns == 0)
            p.p99Ns = o.value(QStringLiteral("lat_p99_ns")).toDouble();
    }
    return p;
}

} // namespace

double ScalingSeries::efficiency(const ScalingPoint &p) const
{
    const auto one = std::find_if(points.cbegin(), points.cend(), [](const ScalingPoint &x) { return x.clients == 1; });
    if (one == points.cend() || headline(*one) <= 0 || p.clients < 1)
        return 0;
    return headline(p) / p.clients / headline(*one);
}

QList<ScalingSeries> scalingSeries(const QList<StepRecord> &steps)
{
    QMap<QString, ScalingSeries> byTest;
    QStringList order;
    for (const StepRecord &s : steps) {
        const int k = scaling::stepClients(PlanStep {s.testId, s.title, s.params});
        // One client: its own record; several: the total over them.
        const bool counts = k == 1 ? s.node != clusterTotalNode() : k > 1 && s.node == clusterTotalNode();
        if (!counts || s.iteration != 0 || s.status != QLatin1String("completed"))
            continue;
        const QString id = baseId(s.testId, k);
        if (!byTest.contains(id)) {
            order << id;
            ScalingSeries &series = byTest[id];
            series.testId = id;
            series.title = baseTitle(s.title);
            // MB/s for blocks of 64 KiB and more: the step's bs, or what each op moved
            // (whole RADOS objects and S3 objects carry no bs)
            const ScalingPoint first = pointOf(s, k);
            const quint64 bs = sizeBytes(s.params.value(QStringLiteral("bs")).toString());
            series.byteRate = bs ? bs >= 64 * 1024 : first.iops > 0 && first.bw / first.iops >= 64 * 1024;
        }
        byTest[id].points << pointOf(s, k);
    }
    QList<ScalingSeries> out;
    for (const QString &id : std::as_const(order)) {
        ScalingSeries s = byTest.value(id);
        std::sort(s.points.begin(), s.points.end(),
            [](const ScalingPoint &a, const ScalingPoint &b) { return a.clients < b.clients; });
        out << s;
    }
    return out;
}

QString scalingMarkdown(const QList<StepRecord> &steps)
{
    const QList<ScalingSeries> all = scalingSeries(steps);
    if (all.isEmpty())
        return {};
    QString out = QStringLiteral("Scaling: the cluster total against the number of clients\n\n"
                                 "| Test | Clients | Total MB/s | Total IOPS | Lat p99 | Per client | Efficiency |\n"
                                 "|:--|--:|--:|--:|--:|--:|--:|\n");
    for (const ScalingSeries &s : all)
        for (const ScalingPoint &p : s.points) {
            const double per = s.headline(p) / p.clients;
            const double eff = s.efficiency(p);
            out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |\n")
                       .arg(s.title)
                       .arg(p.clients)
                       .arg(formatMBps(p.bw), formatIops(p.iops),
                           p.p99Ns > 0 ? formatLatencyNs(p.p99Ns) : QStringLiteral("–"),
                           s.byteRate ? formatMBps(per) + QStringLiteral(" MB/s")
                                      : formatIops(per) + QStringLiteral(" IOPS"),
                           eff > 0 ? QStringLiteral("%1 %").arg(qRound(eff * 100)) : QStringLiteral("–"));
        }
    return out + QLatin1Char('\n');
}

} // namespace cm
