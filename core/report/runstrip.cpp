// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/runstrip.h"
#include "report/steptitle.h"

#include "parse/cephcounters.h"

#include <QJsonArray>
#include <QMap>

namespace cm {

namespace {

double secondsSince(const QDateTime &start, const QDateTime &t, double fallback)
{
    return start.isValid() && t.isValid() ? std::max(0.0, start.msecsTo(t) / 1000.0) : fallback;
}

} // namespace

UsageStrip runUsageStrip(const RunRecords &r, const QJsonObject &runSummary, const QList<SeriesData> &series)
{
    UsageStripBuilder b;
    for (const SeriesData &s : series) // the builder takes only the resources it shows
        for (qsizetype i = 0; i < s.t.size() && i < s.v.size(); ++i)
            b.add(Sample {s.step, s.target, s.metric, s.t.at(i), s.v.at(i)});
    b.setOsdPlaces(cephOsdsFromJson(runSummary.value(QStringLiteral("ceph_osds")).toArray()));

    const bool repeated = repeatsSteps(r.steps);
    // One span per step and repetition: from its first client's start to its last end,
    // with the cluster total's bottleneck when there is one.
    struct Span {
        QString label;
        double from = 1e300;
        double to = 0;
        const StepRecord *named = nullptr;
    };
    QMap<QPair<int, int>, Span> spans;
    const double end = r.run.lastSampleT;
    for (const StepRecord &s : r.steps) {
        Span &sp = spans[qMakePair(s.iteration, s.index)];
        if (sp.label.isEmpty())
            sp.label = stepTitle(s, repeated);
        sp.from = std::min(sp.from, secondsSince(r.run.started, s.started, 0));
        sp.to = std::max(sp.to, secondsSince(r.run.started, s.finished, end));
        if (s.summary.contains(QStringLiteral("bottleneck")) && (!sp.named || s.node == QLatin1String("(total)")))
            sp.named = &s;
    }
    QList<Span> ordered = spans.values();
    std::sort(ordered.begin(), ordered.end(), [](const Span &a, const Span &c) { return a.from < c.from; });
    for (const Span &sp : std::as_const(ordered)) {
        b.addStep(sp.label, sp.from, sp.to);
        if (!sp.named)
            continue;
        if (const auto found = Bottleneck::fromJson(sp.named->summary.value(QStringLiteral("bottleneck"))))
            b.mark(found->named(), sp.from, sp.to, false); // one frame per step
    }
    return b.strip();
}

} // namespace cm
