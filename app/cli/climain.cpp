// SPDX-License-Identifier: GPL-3.0-or-later
// clustermark-cli: headless ClusterMark (the executable's main() calls run()). Builds plans, runs them, lists and shows saved
// runs; JSON on stdout, progress and errors on stderr.
#include "clicommon.h"

#include "bench/registry.h"

#include <QGuiApplication>
#include <QLoggingCategory>

#include <memory>

namespace {

const char *kUsage = R"(usage: clustermark-cli COMMAND [options]

  plan KIND [options]
        write a plan JSON to stdout (the format the wizard saves); `plan --help`
        lists the kinds, `plan KIND --help` the options of one
  run PLAN.json [--markdown-out FILE] [--watch NODE]... [--pause-scrub]
                     run a plan: progress on stderr, the saved run as JSON on stdout;
                     --watch: a node that runs no step but is watched too (CPU, NICs,
                     disks), so it can be named as what limited a step;
                     --pause-scrub: set the cluster's noscrub and nodeep-scrub flags
                     for the run and unset them after it (`restore` after a crash)
  import-result FILE [--session NAME] [--node NAME] [--json]
                     a result file you already have becomes a run: fio JSON or
                     json+ (also --status-interval and --client output), iperf3 -J,
                     iperf 2 -y C; the format is read from the content. --node: the
                     machine fio ran on / the iperf client (default: the host the
                     file names, else "imported"); a cut or foreign file is refused
                     with the byte offset or line, and nothing is stored
  sessions           list sessions and runs (JSON)
  show RUN [--json|--markdown]
                     one saved run, with its steps, summaries and series
  compare RUN_A RUN_B [RUN…] [--format md|bbcode|csv|json] [--no-redact]
                     the runs' headline figures side by side against RUN_A: mean ±
                     standard deviation over the repetitions, % change, Welch's
                     t-test p (significant below 0.05), and what differs between the
                     runs (parameters, kernel, fio version, write cache, …)
  compare RUN_A RUN_B [RUN…] --png FILE --svg FILE [--width W --height H]
          [--theme light|dark] [--latency] [--no-redact]
                     a bar chart per test (headline figure, % change, * when
                     significant), footer with parameters, cluster and version
  export RUN [--format md|bbcode|csv|json|cdm] [--redact|--no-redact]
                     one run's table for a forum post or a spreadsheet; cdm: the
                     CrystalDiskMark text layout (disk runs)
        Markdown, BBCode and cdm replace host names, IP and MAC addresses with
        node1…, ip1…, mac1… unless --no-redact; CSV and JSON only with --redact
  export RUN --png FILE --svg FILE [--width W --height H] [--theme light|dark] [--no-redact]
          [--scaling | --strip]
                     the run's throughput, IOPS and latency over time as PNG and/or
                     SVG (default 1200×800, light), footer naming the test, its
                     parameters, the cluster and the version; redacted by default;
                     --scaling: a scaling series' cluster total per number of
                     clients, with the efficiency per client; --strip: every
                     watched node's CPU, NICs, disks and each OSD's commit latency
                     over time, coloured by utilisation, each step's bottleneck framed
  export-session SESSION FILE
                     a whole session (by name or id) in one JSON file: every run with
                     its plan, environment, steps, raw tool output and all samples
  import FILE        add the session in a session file to the database, all or
                     nothing; a taken session name gets a suffix: NAME (imported)
  inventory NODE --json [--procfs DIR] [--sysfs DIR]
                     hostname, kernel, CPU, memory, disks, NICs of a node (or of a
                     recorded /proc and /sys tree)
  check PLAN.json      before a run: can every node of the plan run its engine (the
                     tool, its package) and reach the cluster (mons, gateway)? JSON;
                     exit 1 naming what a node lacks
  trust USER@HOST[:PORT] [--fingerprint SHA256:…|--yes]
                     show a node's SSH host key fingerprint and trust it (first use)
  ceph inventory [--conf FILE --keyring FILE | --lab DIR] [--timeout S] --json
                     health, versions, OSDs, pools, CephFS, RGW of a Ceph cluster
                     (default: /etc/ceph, then /etc/pve)
  ceph fetch NODE [--conf PATH] [--keyring PATH] [--client NAME] [--remember] --json
                     read a node's ceph.conf and keyring over SSH (/etc/pve first,
                     then /etc/ceph) in one round trip, test the connection (fsid,
                     health); the key stays in memory, or in the keychain with
                     --remember; the output never shows it
  cleanup [--conf F --keyring F --client admin | --lab DIR] [--fs NAME] [--node N --dir D]
          [--s3-endpoint URL --access-key AK [--secret-ref env:VAR|lab:DIR|keychain]]
          [--dry-run] [--json]
                     find and remove what benchmarks left behind: clustermark-bench-…
                     pools, RBD images and RADOS objects, folders at the root of the
                     CephFS (--fs, else the default one), bench files in DIR on
                     nodes, S3 buckets (emptied, unfinished uploads aborted; --lab
                     also cleans the lab's gateway); nothing else is ever removed
  s3 create-user NODE|--lab DIR --uid UID [--endpoint URL] [--display-name NAME]
          [--conf F] [--keyring F] [--id ID | --name TYPE.ID] [--sudo] [--json]
                     create an RGW user with radosgw-admin on NODE (or the lab), or
                     read it when it exists; its secret goes to the keychain, only
                     the access key is printed
  experiment PLAN.json [--knob NODE:KNOB[@OBJECT]=VALUE]... [--target KEY=VALUE]...
          [--variant NAME] [--name NAME]
          [--repetitions N] [--order interleaved|random] [--seed N] [--no-warm-up]
          [--dead-man SECONDS] [--json]
  experiment EXPERIMENT.json [--json] | experiment --show ID [--json | --format md|bbcode|csv]
  experiment --show ID --png FILE --svg FILE [--width W --height H] [--theme light|dark] [--no-redact]
                     measure a change: the app applies the knobs (write-cache,
                     read-ahead, scheduler, cpu-governor, mtu, bond-hash) on the
                     nodes and devices the run uses, runs the plan as baseline and
                     variant interleaved (A B B A …) after a warm-up run, puts every
                     knob back (also on Ctrl-C or an error; a network knob restores
                     itself on a node the app cannot reach) and prints per figure the
                     change, its 95 % interval and better / worse / no difference
                     beyond noise; --target sets a field of the plan's target for
                     the variant (cache=writeback for RBD's client cache, an S3
                     endpoint=https://… against http://), checked like the plan;
                     --png/--svg: every run's figures in the order they ran, coloured
                     by variant, with the verdict
  restore [--dry-run] [--json]
                     put back every knob an experiment changed on a node and a
                     crashed or killed run left changed (the revert journal in the
                     database): each old value is written and read back; exit 1
                     naming what could not be restored
  lab start [DIR] [--osds N] [--addr IPV4] | lab stop DIR
                     a throwaway single-host Ceph cluster (scripts/lab/ceph-lab.sh,
                     found through $CLUSTERMARK_SCRIPTS); --addr: an address of this
                     host to listen on instead of 127.0.0.1 (for client nodes)

Nodes authenticate with ssh-agent or keys (~/.ssh/config is honoured); passwords and
key passphrases are read from the OS keychain for nodes saved with "remember".

With any command: --verbose shows the library's own log lines (connections, pools
made and removed), --quiet prints errors only (no progress); --version.

The database lives in $CLUSTERMARK_DATA_DIR if set, else the app data folder.
)";

// The usage entries of one command: the blocks of kUsage that start with "  CMD".
QString commandUsage(const QString &cmd)
{
    QString out;
    bool inBlock = false;
    for (const QString &line : QString::fromUtf8(kUsage).split(QLatin1Char('\n'))) {
        const bool entry = line.startsWith(QLatin1String("  ")) && line.size() > 2 && line.at(2) != QLatin1Char(' ');
        if (entry)
            inBlock = line.mid(2).section(QLatin1Char(' '), 0, 0) == cmd;
        else if (!line.startsWith(QLatin1String("  ")))
            inBlock = false;
        if (inBlock)
            out += line + QLatin1Char('\n');
    }
    return out;
}

// export/compare with --png or --svg draw text: they need a QGuiApplication (fonts).
bool rendersChart(int argc, char **argv)
{
    if (argc < 2
        || (qstrcmp(argv[1], "export") != 0 && qstrcmp(argv[1], "compare") != 0 && qstrcmp(argv[1], "experiment") != 0))
        return false;
    QStringList args;
    for (int i = 2; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    return cm::cli::wantsChart(args);
}

} // namespace

int cm::cli::run(int argc, char **argv)
{
    std::unique_ptr<QCoreApplication> appHolder;
    if (rendersChart(argc, argv)) {
        // Nothing is shown: render offscreen unless a platform was chosen (a stale
        // DISPLAY would otherwise abort the command).
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        appHolder = std::make_unique<QGuiApplication>(argc, argv);
    } else {
        appHolder = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("ClusterMark"));
    QCoreApplication::setOrganizationName(QStringLiteral("ClusterMark"));
    QCoreApplication::setApplicationVersion(QStringLiteral(CLUSTERMARK_VERSION));
    cm::registerBuiltinKinds();

    QStringList args = QCoreApplication::arguments().mid(1);
    // The library's own log lines (clustermark.*: "connected to …") only with --verbose:
    // the commands say what matters; --quiet leaves errors only. QT_LOGGING_RULES still
    // wins over both.
    const bool verbose = args.removeAll(QStringLiteral("--verbose")) > 0;
    const bool quiet = args.removeAll(QStringLiteral("--quiet")) > 0;
    cm::cli::setQuiet(quiet);
    if (!verbose)
        QLoggingCategory::setFilterRules(quiet ? QStringLiteral("clustermark.*.info=false\nclustermark.*.warning=false")
                                               : QStringLiteral("clustermark.*.info=false"));
    if (args.isEmpty() || args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")) {
        fputs(kUsage, args.isEmpty() ? stderr : stdout);
        return args.isEmpty() ? 2 : 0;
    }
    if (args.first() == QLatin1String("--version")) {
        fputs("clustermark-cli " CLUSTERMARK_VERSION "\n", stdout);
        return 0;
    }
    const QString cmd = args.takeFirst();
    if (cmd != QLatin1String("plan")
        && (args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h")))) {
        const QString usage = commandUsage(cmd);
        if (!usage.isEmpty()) {
            const QByteArray b = (QStringLiteral("usage: clustermark-cli COMMAND [options]\n\n") + usage).toUtf8();
            fwrite(b.constData(), 1, size_t(b.size()), stdout);
            return 0;
        }
    }
    if (cmd == QLatin1String("plan"))
        return cm::cli::cmdPlan(args);
    if (cmd == QLatin1String("run"))
        return cm::cli::cmdRun(args);
    if (cmd == QLatin1String("sessions"))
        return cm::cli::cmdSessions(args);
    if (cmd == QLatin1String("show"))
        return cm::cli::cmdShow(args);
    if (cmd == QLatin1String("compare"))
        return cm::cli::cmdCompare(args);
    if (cmd == QLatin1String("export"))
        return cm::cli::cmdExport(args);
    if (cmd == QLatin1String("export-session"))
        return cm::cli::cmdExportSession(args);
    if (cmd == QLatin1String("import"))
        return cm::cli::cmdImport(args);
    if (cmd == QLatin1String("inventory"))
        return cm::cli::cmdInventory(args);
    if (cmd == QLatin1String("trust"))
        return cm::cli::cmdTrust(args);
    if (cmd == QLatin1String("check"))
        return cm::cli::cmdCheck(args);
    if (cmd == QLatin1String("ceph"))
        return cm::cli::cmdCeph(args);
    if (cmd == QLatin1String("lab"))
        return cm::cli::cmdLab(args);
    if (cmd == QLatin1String("cleanup"))
        return cm::cli::cmdCleanup(args);
    if (cmd == QLatin1String("s3"))
        return cm::cli::cmdS3(args);
    if (cmd == QLatin1String("import-result"))
        return cm::cli::cmdImportResult(args);
    if (cmd == QLatin1String("experiment"))
        return cm::cli::cmdExperiment(args);
    if (cmd == QLatin1String("restore"))
        return cm::cli::cmdRestore(args);
    cm::cli::printErr(QStringLiteral("unknown command \"%1\"").arg(cmd));
    fputs(kUsage, stderr);
    return 2;
}
