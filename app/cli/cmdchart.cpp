// SPDX-License-Identifier: GPL-3.0-or-later
// `export RUN --png/--svg` and `compare A B --png/--svg`: charts through
// clustermark_render. main() creates a QGuiApplication (offscreen) for these only.
#include "clicommon.h"
#include "clihelp.h"

#include "render/chartrender.h"
#include "render/chartsource.h"
#include "render/experimentchart.h"
#include "store/sessionstore.h"

#include <QJsonObject>
#include <QSet>

#include <algorithm>

namespace cm::cli {

namespace {

struct ChartArgs {
    QString png, svg;
    render::RenderOptions render;
    bool redact = true;
    bool latency = false;
};

// Takes the chart options out of args; prints why and returns false when unusable.
bool takeChartArgs(QStringList &args, const QString &command, ChartArgs *out)
{
    auto last = [&](const QString &name) {
        const QStringList v = takeOption(args, name);
        return v.isEmpty() ? QString() : v.last();
    };
    out->png = last(QStringLiteral("--png"));
    out->svg = last(QStringLiteral("--svg"));
    const QString w = last(QStringLiteral("--width"));
    const QString h = last(QStringLiteral("--height"));
    const QString theme = last(QStringLiteral("--theme"));
    const bool on = takeFlag(args, QStringLiteral("--redact"));
    const bool off = takeFlag(args, QStringLiteral("--no-redact"));
    out->latency = takeFlag(args, QStringLiteral("--latency"));
    if (on && off) {
        printErr(QStringLiteral("%1: --redact and --no-redact exclude each other").arg(command));
        return false;
    }
    out->redact = !off;
    if (!takeOption(args, QStringLiteral("--format")).isEmpty()) {
        printErr(QStringLiteral("%1: --format is for text tables; a chart is written with --png/--svg").arg(command));
        return false;
    }
    if (out->png.isEmpty() && out->svg.isEmpty()) {
        printErr(QStringLiteral("%1: --png FILE or --svg FILE names the chart to write").arg(command));
        return false;
    }
    bool okW = true, okH = true;
    if (!w.isEmpty())
        out->render.size.setWidth(w.toInt(&okW));
    if (!h.isEmpty())
        out->render.size.setHeight(h.toInt(&okH));
    if (!okW || !okH) {
        printErr(QStringLiteral("%1: --width and --height are whole numbers of pixels").arg(command));
        return false;
    }
    if (const Error e = render::checkChartSize(out->render.size)) {
        printErr(QStringLiteral("%1: %2").arg(command, e.message));
        return false;
    }
    if (!theme.isEmpty() && !render::ChartTheme::fromName(theme, &out->render.theme)) {
        printErr(QStringLiteral("%1: unknown --theme \"%2\" (light, dark)").arg(command, theme));
        return false;
    }
    return true;
}

bool runIdList(const QStringList &args, QList<RunId> *ids)
{
    for (const QString &a : args) {
        bool ok = false;
        const RunId id = a.toLongLong(&ok);
        if (!ok || id <= 0)
            return false;
        *ids << id;
    }
    return true;
}

template <typename Chart> int write(const Chart &chart, const ChartArgs &a, const QString &command)
{
    QJsonObject out {{QStringLiteral("width"), a.render.size.width()},
        {QStringLiteral("height"), a.render.size.height()}, {QStringLiteral("theme"), a.render.theme.name},
        {QStringLiteral("redacted"), a.redact}};
    if (!a.png.isEmpty()) {
        const QImage img = render::chartImage(chart, a.render);
        if (const Error e = render::saveFile(a.png, render::pngBytes(img))) {
            printErr(QStringLiteral("%1: %2").arg(command, e.message));
            return ExitFailed;
        }
        out.insert(QStringLiteral("png"), a.png);
    }
    if (!a.svg.isEmpty()) {
        if (const Error e = render::saveFile(a.svg, render::chartSvg(chart, a.render))) {
            printErr(QStringLiteral("%1: %2").arg(command, e.message));
            return ExitFailed;
        }
        out.insert(QStringLiteral("svg"), a.svg);
    }
    printJson(QJsonDocument(out));
    return ExitOk;
}

} // namespace

bool wantsChart(const QStringList &args)
{
    for (const QString &a : args)
        if (a == QLatin1String("--png") || a == QLatin1String("--svg") || a.startsWith(QLatin1String("--png="))
            || a.startsWith(QLatin1String("--svg=")))
            return true;
    return false;
}

int cmdExportChart(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const QString command = QStringLiteral("export");
    ChartArgs a;
    if (!takeChartArgs(args, command, &a))
        return ExitUsage;
    const bool scaling = args.removeAll(QStringLiteral("--scaling")) > 0;
    const bool strip = args.removeAll(QStringLiteral("--strip")) > 0;
    QList<RunId> ids;
    if (args.size() != 1 || !runIdList(args, &ids) || (scaling && strip)) {
        printErr(QStringLiteral("usage: clustermark-cli export RUN --png FILE --svg FILE [--width W --height H] "
                                "[--theme light|dark] [--no-redact] [--scaling | --strip]"));
        return ExitUsage;
    }
    SessionStore store(storePath());
    if (!openStore(store))
        return ExitFailed;
    const bool heightGiven = std::any_of(argsIn.cbegin(), argsIn.cend(),
        [](const QString &x) { return x == QLatin1String("--height") || x.startsWith(QLatin1String("--height=")); });
    if (scaling) { // the cluster total against the number of clients
        render::BarChart chart;
        if (const Error e = render::loadScalingChart(store, ids.first(), a.redact, &chart)) {
            printErr(QStringLiteral("export: %1").arg(e.message));
            return ExitFailed;
        }
        if (!heightGiven) // a few bars: as tall as they need, not a mostly empty page
            a.render.size.setHeight(qBound(render::kMinChartSide,
                int(240 + chart.groups.size() * (chart.runs.size() * 36 + 24)), a.render.size.height()));
        return write(chart, a, command);
    }
    if (strip) { // the nodes × resources strip
        render::StripChart chart;
        if (const Error e = render::loadStripChart(store, ids.first(), a.redact, &chart)) {
            printErr(QStringLiteral("export: %1").arg(e.message));
            return ExitFailed;
        }
        if (!heightGiven) // as tall as its rows need, not a mostly empty page
            a.render.size.setHeight(qBound(render::kMinChartSide,
                int(340 + 16 * chart.limits.size() + 20 * chart.strip.rows.size()), render::kMaxChartSide));
        return write(chart, a, command);
    }
    render::RunChartData d;
    if (const Error e = render::loadRunChart(store, ids.first(), a.redact, &d)) {
        printErr(QStringLiteral("export: %1").arg(e.message));
        return ExitFailed;
    }
    return write(d.chart, a, command);
}

int cmdCompareChart(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const QString command = QStringLiteral("compare");
    ChartArgs a;
    if (!takeChartArgs(args, command, &a))
        return ExitUsage;
    QList<RunId> ids;
    if (args.size() < 2 || !runIdList(args, &ids)) {
        printErr(QStringLiteral(
            "usage: clustermark-cli compare RUN_A RUN_B [RUN…] --png FILE --svg FILE [--width W --height H] "
            "[--theme light|dark] [--latency] [--no-redact]"));
        return ExitUsage;
    }
    if (QSet<RunId>(ids.begin(), ids.end()).size() != ids.size()) {
        printErr(QStringLiteral("compare: a run is named twice"));
        return ExitUsage;
    }
    SessionStore store(storePath());
    if (!openStore(store))
        return ExitFailed;
    render::BarChart chart;
    if (const Error e = render::loadCompareChart(store, ids, a.redact, &chart, {a.latency})) {
        printErr(QStringLiteral("compare: %1").arg(e.message));
        return ExitFailed;
    }
    return write(chart, a, command);
}

int cmdExperimentChart(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const QString command = QStringLiteral("experiment");
    ChartArgs a;
    if (!takeChartArgs(args, command, &a))
        return ExitUsage;
    const QStringList show = takeOption(args, QStringLiteral("--show"));
    if (show.size() != 1 || !args.isEmpty()) {
        printErr(QStringLiteral("usage: clustermark-cli experiment --show ID --png FILE --svg FILE [--width W "
                                "--height H] [--theme light|dark] [--no-redact]"));
        return ExitUsage;
    }
    SessionStore store(storePath());
    if (!openStore(store))
        return ExitFailed;
    render::BarChart chart;
    if (const Error e = render::loadExperimentChart(store, show.first(), a.redact, &chart)) {
        printErr(QStringLiteral("experiment: %1").arg(e.message));
        return ExitFailed;
    }
    return write(chart, a, command);
}

} // namespace cm::cli
