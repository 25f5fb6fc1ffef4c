// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/chartmodel.h"

#include "report/redactor.h"

namespace cm::render {

QStringList ChartFooter::lines() const
{
    QStringList out;
    for (const QString &s : {test, parameters, cluster})
        if (!s.isEmpty())
            out << s;
    out << extra;
    if (!appVersion.isEmpty())
        out << appVersion;
    return out;
}

namespace {

void redactFooter(ChartFooter &f, Redactor &r)
{
    f.test = r.apply(f.test);
    f.parameters = r.apply(f.parameters);
    f.cluster = r.apply(f.cluster);
    for (QString &s : f.extra)
        s = r.apply(s);
}

} // namespace

void redactChart(TimeChart &c, Redactor &r)
{
    c.title = r.apply(c.title);
    c.subtitle = r.apply(c.subtitle);
    for (LegendEntry &e : c.legend)
        e.label = r.apply(e.label);
    for (ChartPanel &p : c.panels) {
        p.title = r.apply(p.title);
        p.note = r.apply(p.note);
    }
    redactFooter(c.footer, r);
}

void redactChart(BarChart &c, Redactor &r)
{
    c.title = r.apply(c.title);
    for (LegendEntry &e : c.runs)
        e.label = r.apply(e.label);
    for (BarGroup &g : c.groups) {
        g.label = r.apply(g.label);
        g.figure = r.apply(g.figure);
    }
    c.note = r.apply(c.note);
    redactFooter(c.footer, r);
}

void redactChart(StripChart &c, Redactor &r)
{
    c.title = r.apply(c.title);
    c.subtitle = r.apply(c.subtitle);
    for (QString &l : c.limits)
        l = r.apply(l);
    for (UsageStripRow &row : c.strip.rows) {
        row.node = r.apply(row.node);
        row.part = r.apply(row.part);
    }
    for (UsageStripStep &st : c.strip.steps)
        st.label = r.apply(st.label);
    redactFooter(c.footer, r);
}

} // namespace cm::render
