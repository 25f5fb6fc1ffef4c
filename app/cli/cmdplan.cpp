// SPDX-License-Identifier: GPL-3.0-or-later
// `plan KIND`: parsed from the kind's declared options plus the ones every plan takes;
// `plan KIND --help` prints them.
#include "clicommon.h"
#include "clihelp.h"

#include "bench/registry.h"
#include "bench/scaling.h"

#include <algorithm>

#include <cstdio>

namespace cm::cli {

namespace {

struct RepeatOptions {
    int repeat = 1;
    double untilSpreadPct = 0;
    int maxRepeat = 0; // 0: Plan::defaultMaxRepeat
    int window = 3;
    QString figure;
};

bool readRepeatOptions(const CliArgs &args, RepeatOptions *o, QString *err)
{
    if (!args.integer(QStringLiteral("--repeat"), 1, 1, 1000, &o->repeat, err)
        || !args.integer(QStringLiteral("--max-repeat"), 0, 1, 1000, &o->maxRepeat, err)
        || !args.integer(QStringLiteral("--stable-window"), 3, 2, 100, &o->window, err))
        return false;
    const QString spread = args.value(QStringLiteral("--until-spread"));
    o->figure = args.value(QStringLiteral("--stable-figure"));
    if (!spread.isEmpty()) {
        QString t = spread;
        if (t.endsWith(QLatin1Char('%')))
            t.chop(1);
        bool ok = false;
        o->untilSpreadPct = t.toDouble(&ok);
        if (!ok || !(o->untilSpreadPct > 0) || o->untilSpreadPct > 1000)
            return *err = QStringLiteral("--until-spread needs a percentage above 0 (e.g. 5 or 2.5%), got \"%1\"")
                              .arg(spread),
                   false;
    } else if (o->maxRepeat > 0 || !o->figure.isEmpty()) {
        return *err = QStringLiteral("--max-repeat and --stable-figure go with --until-spread PCT"), false;
    }
    if (o->untilSpreadPct > 0 && o->maxRepeat > 0 && o->maxRepeat < qMax(o->repeat, o->window))
        return *err
               = QStringLiteral("--max-repeat %1 is below the %2 iterations that --repeat and --stable-window ask for")
                     .arg(o->maxRepeat)
                     .arg(qMax(o->repeat, o->window)),
               false;
    return true;
}

void applyRepeat(const RepeatOptions &r, Plan *plan)
{
    plan->repeat = r.repeat;
    plan->untilSpreadPct = r.untilSpreadPct;
    plan->stableWindow = r.window;
    plan->stableFigure = r.figure;
    plan->maxRepeat
        = r.untilSpreadPct > 0 ? (r.maxRepeat > 0 ? r.maxRepeat : Plan::defaultMaxRepeat(r.repeat, r.window)) : 0;
}

// The name the CLI shows for a kind: its shortest alias, else its id.
QString cliName(const RunnerKind &kind)
{
    QString name = kind.id();
    for (const QString &a : kind.aliases())
        if (a.size() < name.size())
            name = a;
    return name;
}

QString kindHelp(const RunnerKind &kind)
{
    const QString name = cliName(kind);
    QString text = cliHelpText(QStringLiteral("clustermark-cli plan %1 [options]").arg(name), kind.cliSummary(),
        kind.cliOptions() + commonPlanOptions());
    return text + QStringLiteral("\nThe plan is written to stdout as JSON (the format the wizard saves).\n");
}

void printOut(const QString &text)
{
    const QByteArray b = text.toUtf8();
    fwrite(b.constData(), 1, size_t(b.size()), stdout);
    fflush(stdout);
}

} // namespace

QList<CliOption> commonPlanOptions()
{
    return {
        {QStringLiteral("--session"), QStringLiteral("NAME"), QStringLiteral("the session the run is saved in")},
        {QStringLiteral("--name"), QStringLiteral("TEXT"), QStringLiteral("the plan's name")},
        {QStringLiteral("--repeat"), QStringLiteral("N"), QStringLiteral("run each step N times"), QStringLiteral("1")},
        {QStringLiteral("--until-spread"), QStringLiteral("PCT"),
            QStringLiteral(
                "repeat each step until its figure varies by at most PCT % (max - min over mean) over its last "
                "K iterations; the run's summary says the spread reached and whether it converged")},
        {QStringLiteral("--max-repeat"), QStringLiteral("N"),
            QStringLiteral("with --until-spread: at most N iterations"), QStringLiteral("10")},
        {QStringLiteral("--stable-window"), QStringLiteral("K"),
            QStringLiteral("with --until-spread: the last K iterations"), QStringLiteral("3")},
        {QStringLiteral("--stable-figure"), QStringLiteral("KEY"),
            QStringLiteral(
                "with --until-spread: a summary key such as read.iops instead of the step's headline figure")},
        {QStringLiteral("--clients"), QStringLiteral("1,2,4"),
            QStringLiteral("a scaling series: every step with the first 1, 2, 4 … of the client nodes, for the "
                           "cluster total against the number of clients (kinds whose clients add up)")},
        {QStringLiteral("--tests"), QStringLiteral("ID,…"),
            QStringLiteral("only these tests of the preset, by id (the plan's steps[].id), in the preset's order")},
        {QStringLiteral("--help"), {}, QStringLiteral("print this help")},
    };
}

QList<PlanKindHelp> planKinds()
{
    QList<PlanKindHelp> out;
    for (const QString &id : Registry::instance().ids()) {
        const auto kind = Registry::instance().kind(id);
        out << PlanKindHelp {cliName(*kind), kind->cliSummary(), kind->cliOptions()};
    }
    return out;
}

QString planUsage()
{
    QStringList names;
    for (const QString &id : Registry::instance().ids())
        names << cliName(*Registry::instance().kind(id));
    return QStringLiteral("usage: clustermark-cli plan KIND [options]\n\nKIND: %1\n"
                          "`clustermark-cli plan KIND --help` lists the options of a kind.\n")
        .arg(names.join(QStringLiteral(", ")));
}

int cmdPlan(const QStringList &argsIn)
{
    QStringList args = argsIn;
    if (args.isEmpty()) {
        printErr(planUsage());
        return ExitUsage;
    }
    const QString name = args.takeFirst();
    if (name == QLatin1String("--help") || name == QLatin1String("-h")) {
        printOut(planUsage());
        return ExitOk;
    }
    const auto kind = Registry::instance().kindByName(name);
    if (!kind) {
        printErr(QStringLiteral("plan: unknown kind \"%1\"").arg(name));
        printErr(planUsage());
        return ExitUsage;
    }
    const QString prefix = QStringLiteral("plan %1: ").arg(name);
    if (args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h"))) {
        printOut(kindHelp(*kind));
        return ExitOk;
    }
    QString err;
    const CliArgs parsed = CliArgs::parse(args, kind->cliOptions() + commonPlanOptions(), &err);
    RepeatOptions repeat;
    if (!err.isEmpty() || !readRepeatOptions(parsed, &repeat, &err)) {
        printErr(prefix + err);
        return ExitUsage;
    }
    Error e;
    QStringList notes;
    Plan plan = kind->planFromCli(parsed, &notes, &e);
    if (e) {
        printErr(prefix + e.message);
        return ExitUsage;
    }
    for (const QString &line : std::as_const(notes))
        printErr(line);
    if (parsed.has(QStringLiteral("--tests"))) {
        const QStringList wanted = parsed.value(QStringLiteral("--tests")).split(QLatin1Char(','), Qt::SkipEmptyParts);
        QStringList known;
        for (const PlanStep &s : std::as_const(plan.steps))
            known << s.id;
        for (const QString &id : wanted)
            if (!known.contains(id.trimmed())) {
                printErr(prefix
                    + QStringLiteral("--tests: no test \"%1\" in this plan (%2)")
                          .arg(id.trimmed(), known.join(QStringLiteral(", "))));
                return ExitUsage;
            }
        plan.steps.removeIf([&](const PlanStep &s) {
            return !std::any_of(wanted.cbegin(), wanted.cend(), [&](const QString &w) { return w.trimmed() == s.id; });
        });
    }
    if (parsed.has(QStringLiteral("--clients"))) {
        const QList<int> counts = scaling::parseCounts(parsed.value(QStringLiteral("--clients")), &err);
        if (!err.isEmpty() || (e = scaling::expand(*kind, counts, &plan)) || (e = kind->validate(plan))) {
            printErr(prefix + (err.isEmpty() ? e.message : err));
            return ExitUsage;
        }
    }
    plan.session = parsed.value(QStringLiteral("--session"));
    if (parsed.has(QStringLiteral("--name")))
        plan.name = parsed.value(QStringLiteral("--name"));
    applyRepeat(repeat, &plan);
    printJson(QJsonDocument(plan.toJson()));
    return ExitOk;
}

} // namespace cm::cli
