// SPDX-License-Identifier: GPL-3.0-or-later
// The declarations behind --help, the manual page and completion (clihelp.h).
#include "clihelp.h"

namespace cm::cli {

const QList<CommandHelp> &commandHelp()
{
    static const QList<CommandHelp> commands = {
        {QStringLiteral("plan"), QStringLiteral("KIND [options]"),
            QStringLiteral("write a plan JSON to stdout (the format the wizard saves); `plan --help` lists the kinds, "
                           "`plan KIND --help` the options of one")},
        {QStringLiteral("run"), QStringLiteral("PLAN.json [--markdown-out FILE] [--watch NODE]... [--pause-scrub]"),
            QStringLiteral("run a plan: progress on stderr (one updating line with the time left on a terminal, "
                           "plain lines otherwise), the saved run as JSON on stdout; --watch: a node that runs no "
                           "step but is watched too (CPU, NICs, disks), so it can be named as what limited a step; "
                           "--pause-scrub: set the cluster's noscrub and nodeep-scrub flags for the run and unset "
                           "them after it (`restore` after a crash)")},
        {QStringLiteral("import-result"), QStringLiteral("FILE [--session NAME] [--node NAME] [--json]"),
            QStringLiteral("a result file you already have becomes a run: fio JSON or json+ (also "
                           "--status-interval and --client output), iperf3 -J, iperf 2 -y C, rados bench, rbd bench, "
                           "ceph tell osd bench; the format is read from the content. --node: the machine fio ran on "
                           "/ the iperf client (default: the host the file names, else \"imported\"); a cut or "
                           "foreign file is refused with the byte offset or line, and nothing is stored")},
        {QStringLiteral("sessions"), QString(), QStringLiteral("list sessions and runs (JSON)")},
        {QStringLiteral("show"), QStringLiteral("RUN [--json|--markdown]"),
            QStringLiteral("one saved run, with its steps, summaries and series")},
        {QStringLiteral("compare"), QStringLiteral("RUN_A RUN_B [RUN…] [--format md|bbcode|csv|json] [--no-redact]"),
            QStringLiteral("the runs' headline figures side by side against RUN_A: mean ± standard deviation over "
                           "the repetitions, % change, Welch's t-test p (significant below 0.05), and what differs "
                           "between the runs (parameters, kernel, fio version, write cache, …)")},
        {QStringLiteral("compare"),
            QStringLiteral("RUN_A RUN_B [RUN…] --png FILE --svg FILE [--width W --height H] [--theme light|dark] "
                           "[--latency] [--no-redact]"),
            QStringLiteral("a bar chart per test (headline figure, % change, * when significant), footer with "
                           "parameters, cluster and version")},
        {QStringLiteral("export"), QStringLiteral("RUN [--format md|bbcode|csv|json|cdm] [--redact|--no-redact]"),
            QStringLiteral("one run's table for a forum post or a spreadsheet; cdm: the CrystalDiskMark text layout "
                           "(disk runs). Markdown, BBCode and cdm replace host names, IP and MAC addresses with "
                           "node1…, ip1…, mac1… unless --no-redact; CSV and JSON only with --redact")},
        {QStringLiteral("export"),
            QStringLiteral("RUN --png FILE --svg FILE [--width W --height H] [--theme light|dark] [--no-redact] "
                           "[--scaling | --strip]"),
            QStringLiteral("the run's throughput, IOPS and latency over time as PNG and/or SVG (default 1200×800, "
                           "light), footer naming the test, its parameters, the cluster and the version; redacted "
                           "by default; --scaling: a scaling series' cluster total per number of clients, with the "
                           "efficiency per client; --strip: every watched node's CPU, NICs, disks and each OSD's "
                           "commit latency over time, coloured by utilisation, each step's bottleneck framed")},
        {QStringLiteral("export-session"), QStringLiteral("SESSION FILE"),
            QStringLiteral("a whole session (by name or id) in one JSON file: every run with its plan, environment, "
                           "steps, raw tool output and all samples")},
        {QStringLiteral("import"), QStringLiteral("FILE"),
            QStringLiteral("add the session in a session file to the database, all or nothing; a taken session name "
                           "gets a suffix: NAME (imported)")},
        {QStringLiteral("inventory"), QStringLiteral("NODE --json [--procfs DIR] [--sysfs DIR]"),
            QStringLiteral("hostname, kernel, CPU, memory, disks, NICs of a node (or of a recorded /proc and /sys "
                           "tree)")},
        {QStringLiteral("check"), QStringLiteral("PLAN.json"),
            QStringLiteral("before a run: can every node of the plan run its engine (the tool, its package) and "
                           "reach the cluster (mons, gateway)? JSON; exit 1 naming what a node lacks")},
        {QStringLiteral("trust"), QStringLiteral("USER@HOST[:PORT] [--fingerprint SHA256:…|--yes]"),
            QStringLiteral("show a node's SSH host key fingerprint and trust it (first use)")},
        {QStringLiteral("ceph"),
            QStringLiteral("inventory [--conf FILE --keyring FILE | --lab DIR] [--timeout S] --json"),
            QStringLiteral("health, versions, OSDs, pools, CephFS, RGW of a Ceph cluster (default: /etc/ceph, then "
                           "/etc/pve)")},
        {QStringLiteral("ceph"),
            QStringLiteral("fetch NODE [--conf PATH] [--keyring PATH] [--client NAME] [--remember] --json"),
            QStringLiteral("read a node's ceph.conf and keyring over SSH (/etc/pve first, then /etc/ceph) in one "
                           "round trip, test the connection (fsid, health); the key stays in memory, or in the "
                           "keychain with --remember; the output never shows it")},
        {QStringLiteral("cleanup"),
            QStringLiteral("[--conf F --keyring F --client admin | --lab DIR] [--fs NAME] [--node N --dir D] "
                           "[--s3-endpoint URL --access-key AK [--secret-ref env:VAR|lab:DIR|keychain]] [--dry-run] "
                           "[--json]"),
            QStringLiteral("find and remove what benchmarks left behind: clustermark-bench-… pools, RBD images and "
                           "RADOS objects, folders at the root of the CephFS (--fs, else the default one), bench "
                           "files in DIR on nodes, S3 buckets (emptied, unfinished uploads aborted; --lab also "
                           "cleans the lab's gateway); nothing else is ever removed")},
        {QStringLiteral("s3"),
            QStringLiteral("create-user NODE|--lab DIR --uid UID [--endpoint URL] [--display-name NAME] [--conf F] "
                           "[--keyring F] [--id ID | --name TYPE.ID] [--sudo] [--json]"),
            QStringLiteral("create an RGW user with radosgw-admin on NODE (or the lab), or read it when it exists; "
                           "its secret goes to the keychain, only the access key is printed")},
        {QStringLiteral("experiment"),
            QStringLiteral("PLAN.json [--knob NODE:KNOB[@OBJECT]=VALUE]... [--target KEY=VALUE]... [--variant NAME] "
                           "[--name NAME] [--repetitions N] [--order interleaved|random] [--seed N] [--no-warm-up] "
                           "[--dead-man SECONDS] [--json]"),
            QStringLiteral("measure a change: the app applies the knobs (write-cache, read-ahead, scheduler, "
                           "cpu-governor, mtu, bond-hash) on the nodes and devices the run uses, runs the plan as "
                           "baseline and variant interleaved (A B B A …) after a warm-up run, puts every knob back "
                           "(also on Ctrl-C or an error; a network knob restores itself on a node the app cannot "
                           "reach) and prints per figure the change, its 95 % interval and better / worse / no "
                           "difference beyond noise; --target sets a field of the plan's target for the variant "
                           "(cache=writeback for RBD's client cache, an S3 endpoint=https://… against http://), "
                           "checked like the plan")},
        {QStringLiteral("experiment"),
            QStringLiteral("EXPERIMENT.json [--json] | experiment --show ID [--json | --format md|bbcode|csv]"),
            QStringLiteral("run a saved experiment file, or show a finished experiment's verdict")},
        {QStringLiteral("experiment"),
            QStringLiteral("--show ID --png FILE --svg FILE [--width W --height H] [--theme light|dark] "
                           "[--no-redact]"),
            QStringLiteral("every run's figures in the order they ran, coloured by variant, with the verdict")},
        {QStringLiteral("restore"), QStringLiteral("[--dry-run] [--json]"),
            QStringLiteral("put back every knob an experiment changed on a node and a crashed or killed run left "
                           "changed (the revert journal in the database): each old value is written and read "
                           "back; exit 1 naming what could not be restored")},
        {QStringLiteral("lab"), QStringLiteral("start [DIR] [--osds N] [--addr IPV4]"),
            QStringLiteral("a throwaway single-host Ceph cluster (ceph-lab.sh; needs the Ceph daemons "
                           "installed); --addr: an address of this host to listen on instead of "
                           "127.0.0.1 (for client nodes)")},
        {QStringLiteral("lab"), QStringLiteral("stop DIR"),
            QStringLiteral("stop the lab in DIR and remove what it made")},
        {QStringLiteral("complete"), QStringLiteral("WORD…"),
            QStringLiteral("the candidates for the last WORD of a clustermark-cli command line (commands, kinds, "
                           "options and their choices, saved runs), one per line with a tab before its "
                           "description; the bash and zsh completion call it")},
    };
    return commands;
}

const QList<CliOption> &globalOptions()
{
    static const QList<CliOption> options = {
        {QStringLiteral("--verbose"), {},
            QStringLiteral("show the library's own log lines (connections, pools made and removed); "
                           "QT_LOGGING_RULES still wins")},
        {QStringLiteral("--quiet"), {},
            QStringLiteral("print errors only: no progress (the run's JSON still goes to stdout)")},
        {QStringLiteral("--version"), {}, QStringLiteral("print the version and exit")},
        {QStringLiteral("--help"), {}, QStringLiteral("print this help, or a command's with COMMAND --help")},
    };
    return options;
}

const QList<NamedText> &exitCodes()
{
    static const QList<NamedText> codes = {
        {QString::number(ExitOk), QStringLiteral("success")},
        {QString::number(ExitFailed),
            QStringLiteral("the run or the command failed: a step failed, a node could not be reached, a check "
                           "found a node lacking a tool")},
        {QString::number(ExitUsage),
            QStringLiteral("usage error: an unknown command or option, a bad value, an unreadable or invalid plan "
                           "or input file")},
        {QString::number(ExitRefused),
            QStringLiteral("refused by a safety rule: a target that might hold data, a link the app did not make, "
                           "a changed host key; nothing was written")},
        {QString::number(ExitCancelled),
            QStringLiteral("cancelled with Ctrl-C or TERM; what the run made was removed")},
    };
    return codes;
}

const QList<NamedText> &environmentVariables()
{
    static const QList<NamedText> vars = {
        {QStringLiteral("CLUSTERMARK_DATA_DIR"),
            QStringLiteral("the folder of the database (default: the app data folder, "
                           "~/.local/share/ClusterMark/ClusterMark)")},
        {QStringLiteral("CLUSTERMARK_SCRIPTS"),
            QStringLiteral("the scripts folder of a source tree, for `lab start` and `lab stop` (default: the "
                           "source tree next to the build folder, else the installed /usr/share/clustermark/lab)")},
        {QStringLiteral("QT_LOGGING_RULES"), QStringLiteral("Qt's log filter; wins over --verbose and --quiet")},
    };
    return vars;
}

} // namespace cm::cli
