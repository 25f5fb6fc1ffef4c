// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/chartsource.h"

#include "render/chartfooter.h"
#include "report/bottleneck.h"
#include "report/runstrip.h"

namespace cm::render {

Error loadRunChart(SessionStore &store, RunId id, bool redact, RunChartData *out)
{
    if (const Error e = loadRunRecords(store, id, &out->records))
        return e;
    const QList<SeriesData> series = store.series(id);
    if (store.lastError())
        return store.lastError();
    out->chart = buildRunChart(out->records, series);
    if (redact) {
        Redactor red;
        red.addRecords(out->records);
        redactChart(out->chart, red);
    }
    return {};
}

Error loadScalingChart(SessionStore &store, RunId id, bool redact, BarChart *out)
{
    RunRecords records;
    if (const Error e = loadRunRecords(store, id, &records))
        return e;
    *out = buildScalingChart(records);
    if (out->groups.isEmpty())
        return Error(Error::Code::InvalidInput,
            QStringLiteral("run %1 is not a scaling series (plan it with --clients 1,2,…)").arg(id));
    if (redact) {
        Redactor red;
        red.addRecords(records);
        redactChart(*out, red);
    }
    return {};
}

StripChart buildStripChart(const RunRecords &r, const UsageStrip &strip)
{
    StripChart c;
    const QString kind = r.run.kind;
    c.title = QStringLiteral("Nodes and OSDs: %1").arg(r.run.name.isEmpty() ? kind : r.run.name);
    c.subtitle = QStringLiteral("%1 · run %2 · %3").arg(kind).arg(r.run.id).arg(runDateText(r.run));
    c.limits = bottleneckLines(r.steps, false);
    c.strip = strip;
    c.footer = runFooter(r);
    return c;
}

Error loadStripChart(SessionStore &store, RunId id, bool redact, StripChart *out)
{
    RunRecords records;
    if (const Error e = loadRunRecords(store, id, &records))
        return e;
    const QList<SeriesData> series = store.series(id);
    if (store.lastError())
        return store.lastError();
    const UsageStrip strip = runUsageStrip(records, store.runSummary(id), series);
    if (strip.isEmpty())
        return Error(Error::Code::InvalidInput, QStringLiteral("run %1 has no node or OSD samples").arg(id));
    *out = buildStripChart(records, strip);
    if (redact) {
        Redactor red;
        red.addRecords(records);
        redactChart(*out, red);
    }
    return {};
}

Error loadCompareChart(
    SessionStore &store, const QList<RunId> &ids, bool redact, BarChart *out, const CompareChartOptions &options)
{
    RunCompare c;
    if (const Error e = compareRuns(store, ids, &c))
        return e;
    QList<RunRecords> records;
    for (RunId id : ids) {
        RunRecords r;
        if (const Error e = loadRunRecords(store, id, &r))
            return e;
        records << r;
    }
    *out = buildCompareChart(c, records, options);
    if (redact) {
        Redactor red;
        addCompareNames(red, c, records);
        redactChart(*out, red);
    }
    return {};
}

} // namespace cm::render
