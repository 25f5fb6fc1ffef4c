// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/scalingchart.h"

#include "render/chartfooter.h"
#include "report/scalingtable.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace cm::render {

namespace {

// Its words, in the context lupdate sees for them.
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::render::ScalingChart)
};

} // namespace

BarChart buildScalingChart(const RunRecords &r)
{
    BarChart c;
    const QList<ScalingSeries> series = scalingSeries(r.steps);
    QList<int> counts; // every client count of the run, in order: one bar (legend entry) each
    for (const ScalingSeries &s : series)
        for (const ScalingPoint &p : s.points)
            if (!counts.contains(p.clients))
                counts << p.clients;
    std::sort(counts.begin(), counts.end());
    for (int i = 0; i < counts.size(); ++i)
        c.runs << LegendEntry {counts.at(i) == 1 ? Tr::tr("1 client") : Tr::tr("%1 clients").arg(counts.at(i)), i};
    for (const ScalingSeries &s : series) {
        BarGroup g;
        g.figure = s.byteRate ? Tr::tr("Cluster total MB/s") : Tr::tr("Cluster total IOPS");
        g.quantity = s.byteRate ? Quantity::BytesPerSec : Quantity::OpsPerSec;
        QStringList efficiency;
        double single = std::nan("");
        for (int k : std::as_const(counts)) {
            double v = std::nan("");
            for (const ScalingPoint &p : s.points)
                if (p.clients == k) {
                    v = s.headline(p);
                    if (s.efficiency(p) > 0)
                        efficiency << QStringLiteral("%1 %").arg(qRound(100 * s.efficiency(p)));
                }
            if (k == 1)
                single = v;
            g.values << v;
            g.changePct << (k == 1 || !(single > 0) || std::isnan(v) ? std::nan("") : 100 * (v / single - 1));
            g.significant << false;
        }
        g.label = efficiency.isEmpty()
            ? s.title
            : Tr::tr("%1 · per client %2").arg(s.title, efficiency.join(QStringLiteral(" / ")));
        c.groups << g;
    }
    c.title = Tr::tr("Scaling: %1").arg(r.plan.name.isEmpty() ? r.run.name : r.plan.name);
    c.note = Tr::tr("Cluster total by number of clients (merged over the clients); per client: the total over "
                    "(clients × one client's figure).");
    c.footer = runFooter(r);
    return c;
}

} // namespace cm::render
