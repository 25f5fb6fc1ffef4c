// SPDX-License-Identifier: GPL-3.0-or-later
// `experiment`: applies a change on the nodes, measures the baseline and the variant
// interleaved, puts the change back and prints the verdict per figure
// (docs/ARCHITECTURE.md §12). `experiment --show ID` prints a saved one's verdict.
#include "clicommon.h"
#include "clihelp.h"

#include "engine/runengine.h"
#include "io/inputfile.h"
#include "report/experimentreport.h"
#include "secrets/secretstore.h"
#include "store/sessionstore.h"
#include "tuning/experimentengine.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

namespace cm::cli {

namespace {

const char *const kUsage
    = "usage: clustermark-cli experiment PLAN.json [--knob NODE:KNOB[@OBJECT]=VALUE]... [--target KEY=VALUE]...\n"
      "         [--variant NAME]\n"
      "         [--name NAME] [--repetitions N] [--order interleaved|random] [--seed N] [--no-warm-up]\n"
      "         [--dead-man SECONDS] [--json]\n"
      "       knobs: write-cache, read-ahead, scheduler, cpu-governor, mtu, bond-hash on a node;\n"
      "       a Ceph option as ceph:config@WHO/NAME=VALUE (ceph:config@client/rbd_cache=false),\n"
      "       an OSD flag as ceph:osd-flag@FLAG=set|unset (ceph:osd-flag@noscrub=set)\n"
      "       clustermark-cli experiment EXPERIMENT.json [--json]\n"
      "       clustermark-cli experiment --show ID [--json | --format md|bbcode|csv]";

// The experiment from a file (an experiment, or a plan with --knob), refused with why.
bool readExperiment(QStringList &args, Experiment *x)
{
    const QStringList knobs = takeOption(args, QStringLiteral("--knob"));
    const QStringList targets = takeOption(args, QStringLiteral("--target"));
    const QString variant = takeOption(args, QStringLiteral("--variant")).value(0);
    const QString name = takeOption(args, QStringLiteral("--name")).value(0);
    const QStringList reps = takeOption(args, QStringLiteral("--repetitions"));
    const QStringList order = takeOption(args, QStringLiteral("--order"));
    const QStringList seed = takeOption(args, QStringLiteral("--seed"));
    const QStringList deadMan = takeOption(args, QStringLiteral("--dead-man"));
    const bool noWarmUp = takeFlag(args, QStringLiteral("--no-warm-up"));
    if (args.size() != 1) {
        printErr(QString::fromUtf8(kUsage));
        return false;
    }
    QByteArray bytes;
    if (const Error e = readInputFile(args.first(), Plan::MaxFileBytes, &bytes)) {
        printErr(QStringLiteral("experiment: %1").arg(e.message));
        return false;
    }
    QJsonObject o = QJsonDocument::fromJson(bytes).object();
    if (o.value(QStringLiteral("format")).toString() != QLatin1String("clustermark-experiment")) {
        // A plan: the experiment is made from the options.
        QJsonArray settings;
        for (const QString &k : knobs) {
            Error e;
            const KnobSetting s = KnobSetting::parse(k, &e);
            if (e) {
                printErr(QStringLiteral("experiment: --knob %1: %2").arg(k, e.message));
                return false;
            }
            settings.append(s.toJson());
        }
        QJsonObject target;
        for (const QString &t : targets) {
            const qsizetype eq = t.indexOf(QLatin1Char('='));
            if (eq <= 0) {
                printErr(
                    QStringLiteral("experiment: --target %1: write KEY=VALUE (for example cache=writeback)").arg(t));
                return false;
            }
            target.insert(t.left(eq), experimentTargetValue(t.mid(eq + 1)));
        }
        if (settings.isEmpty() && target.isEmpty()) {
            printErr(QStringLiteral("experiment: a plan needs a --knob or a --target (the change to measure)"));
            return false;
        }
        QStringList changes = knobs;
        changes += targets;
        o = QJsonObject {{QStringLiteral("format"), QStringLiteral("clustermark-experiment")},
            {QStringLiteral("plan"), o},
            {QStringLiteral("variants"),
                QJsonArray {QJsonObject {{QStringLiteral("name"), QStringLiteral("baseline")},
                                {QStringLiteral("knobs"), QJsonArray()}},
                    QJsonObject {
                        {QStringLiteral("name"), variant.isEmpty() ? changes.join(QStringLiteral(", ")) : variant},
                        {QStringLiteral("knobs"), settings}, {QStringLiteral("target"), target}}}}};
    } else if (!knobs.isEmpty() || !targets.isEmpty()) {
        printErr(QStringLiteral("experiment: --knob and --target go with a plan; an experiment file lists its own"));
        return false;
    }
    if (!name.isEmpty())
        o.insert(QStringLiteral("name"), name);
    if (!reps.isEmpty())
        o.insert(QStringLiteral("repetitions"), reps.first().toInt());
    if (!order.isEmpty())
        o.insert(QStringLiteral("order"), order.first());
    if (!seed.isEmpty())
        o.insert(QStringLiteral("seed"), seed.first().toDouble());
    if (!deadMan.isEmpty())
        o.insert(QStringLiteral("deadManSeconds"), deadMan.first().toInt());
    if (noWarmUp)
        o.insert(QStringLiteral("warmUp"), false);
    Error e;
    *x = Experiment::fromJson(o, &e);
    if (e) {
        printErr(QStringLiteral("experiment: %1").arg(e.message));
        return false;
    }
    return true;
}

QJsonObject resultJson(const ExperimentResult &r)
{
    QJsonArray figures;
    for (const ExperimentFigure &f : r.figures)
        for (int v = 0; v < f.verdicts.size(); ++v) {
            const FigureVerdict &d = f.verdicts.at(v);
            figures.append(QJsonObject {{QStringLiteral("test"), f.test}, {QStringLiteral("node"), f.node},
                {QStringLiteral("figure"), f.figure.key},
                {QStringLiteral("variant"), r.record.experiment.variants.value(v + 1).name},
                {QStringLiteral("changePct"), d.stats.changePct}, {QStringLiteral("ciLow"), d.stats.ciLow},
                {QStringLiteral("ciHigh"), d.stats.ciHigh}, {QStringLiteral("p"), d.stats.p},
                {QStringLiteral("noiseFloorPct"), d.noiseFloorPct},
                {QStringLiteral("verdict"), verdictName(d.verdict)}});
        }
    QJsonArray runs;
    for (const ExperimentRun &run : r.record.runs)
        runs.append(QJsonObject {{QStringLiteral("slot"), run.slot}, {QStringLiteral("run"), run.run},
            {QStringLiteral("variant"), run.variant}, {QStringLiteral("warmUp"), run.warmUp}});
    return QJsonObject {{QStringLiteral("id"), r.record.id}, {QStringLiteral("name"), r.record.experiment.name},
        {QStringLiteral("status"), runStatusName(r.record.status)}, {QStringLiteral("error"), r.record.error},
        {QStringLiteral("runs"), runs}, {QStringLiteral("figures"), figures}};
}

int printResult(const QString &id, bool json, const QString &format = {})
{
    SessionStore store(storePath());
    if (!openStore(store))
        return ExitFailed;
    ExperimentResult r;
    if (const Error e = loadExperimentResult(store, id, &r)) {
        printErr(QStringLiteral("experiment: %1").arg(e.toString()));
        return ExitFailed;
    }
    ExportFormat f = ExportFormat::Markdown;
    if (json)
        printJson(QJsonDocument(resultJson(r)));
    else if (!format.isEmpty() && exportFormatFromName(format, &f) && f != ExportFormat::Json
        && f != ExportFormat::CrystalText) {
        const TextTable t = experimentTable(r);
        const QString text = f == ExportFormat::BBCode ? tableBBCode(t)
            : f == ExportFormat::Csv                   ? tableCsv(t)
                                                       : tableMarkdown(t);
        fputs(text.toUtf8().constData(), stdout);
    } else if (!format.isEmpty()) {
        printErr(QStringLiteral("experiment: --format is md, bbcode or csv (or --json)"));
        return ExitUsage;
    } else
        for (const QString &line : experimentVerdictLines(r))
            fprintf(stdout, "%s\n", line.toUtf8().constData());
    return r.record.status == RunStatus::Completed ? 0 : r.record.status == RunStatus::Cancelled ? 130 : 1;
}

} // namespace

int cmdExperiment(const QStringList &argsIn)
{
    if (wantsChart(argsIn))
        return cmdExperimentChart(argsIn);
    QStringList args = argsIn;
    const bool json = takeFlag(args, QStringLiteral("--json"));
    const QStringList show = takeOption(args, QStringLiteral("--show"));
    const QString format = takeOption(args, QStringLiteral("--format")).value(0);
    if (!show.isEmpty())
        return args.isEmpty() ? printResult(show.first(), json, format) : (printErr(QString::fromUtf8(kUsage)), 2);
    Experiment x;
    if (!readExperiment(args, &x))
        return ExitUsage;
    {
        SessionStore store(storePath());
        if (!openStore(store))
            return ExitFailed;
    }
    QMap<QString, Credentials> credentials;
    for (const NodeSpec &n : x.plan.nodes) {
        Credentials c;
        if (!n.isLocal() && n.rememberSecret && !SecretStore::loadCredentials(n, &c))
            credentials.insert(n.secretKey(), c);
    }
    RunEngine runs(storePath());
    ExperimentEngine engine(storePath(), &runs);
    auto *cancelOnSignal = new SignalCancel(&engine, [&] {
        printErr(QStringLiteral("cancelling: the runs stop and every knob is put back…"));
        engine.cancel();
    });
    QString id;
    int exitCode = ExitFailed;
    QObject::connect(&engine, &ExperimentEngine::logAvailable, &engine, [](const QString &l) { printErr(l); });
    QObject::connect(&engine, &ExperimentEngine::experimentStarted, &engine, [&](const QString &i, int n) {
        id = i;
        printErr(QStringLiteral("experiment %1 started: %2 runs").arg(i).arg(n));
    });
    QObject::connect(&engine, &ExperimentEngine::variantApplied, &engine,
        [&](const QString &, int slot, int variant, const QStringList &settings) {
            printErr(
                QStringLiteral("[%1] %2%3")
                    .arg(slot + 1)
                    .arg(x.variants.at(variant).name,
                        settings.isEmpty() ? QString() : QStringLiteral(": ") + settings.join(QStringLiteral(", "))));
        });
    QObject::connect(
        &runs, &RunEngine::stepStarted, &engine, [](RunId run, int index, int total, const QString &title) {
            printErr(QStringLiteral("  run %1 [%2/%3] %4").arg(run).arg(index + 1).arg(total).arg(title));
        });
    QObject::connect(&engine, &ExperimentEngine::experimentFinished, &engine,
        [&](const QString &i, RunStatus status, const Error &e) {
            id = i;
            if (e)
                printErr(QStringLiteral("experiment: %1").arg(e.toString()));
            printErr(QStringLiteral("experiment %1 %2; every knob was put back%3")
                         .arg(i, runStatusName(status),
                             e && status == RunStatus::Failed && e.message.contains(QLatin1String("restore"))
                                 ? QStringLiteral(" except the ones named above")
                                 : QString()));
            exitCode = exitCodeFor(status, e);
            QCoreApplication::exit(exitCode);
        });
    engine.start(x, credentials);
    QCoreApplication::exec();
    delete cancelOnSignal;
    if (!id.isEmpty())
        if (const int shown = printResult(id, json, format); exitCode == ExitOk)
            exitCode = shown;
    return exitCode;
}

} // namespace cm::cli
