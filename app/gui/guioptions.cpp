// SPDX-License-Identifier: GPL-3.0-or-later
#include "guioptions.h"

#include "io/manpage.h"

#include <QCoreApplication>

namespace cm::gui {

GuiOptions::GuiOptions()
    : demo(QStringLiteral("demo"),
        QCoreApplication::translate("main", "Run the quick disk benchmark on this machine at once."))
    , screenshot(QStringLiteral("screenshot"),
          QCoreApplication::translate("main", "Save a PNG of the main window to <file>."), QStringLiteral("file"))
    , quitAfter(QStringLiteral("quit-after"),
          QCoreApplication::translate("main", "Quit after <seconds> (after the screenshot)."),
          QStringLiteral("seconds"))
    , demoRuntime(QStringLiteral("demo-runtime"),
          QCoreApplication::translate("main", "Seconds per test of --demo (default 5)."), QStringLiteral("seconds"),
          QStringLiteral("5"))
    , ceph(QStringLiteral("ceph"),
          QCoreApplication::translate("main", "Connect the Ceph cluster of <path>: a lab folder or a ceph.conf."),
          QStringLiteral("path"))
    , runPlan(QStringLiteral("run"), QCoreApplication::translate("main", "Run the saved plan <file> at once."),
          QStringLiteral("file"))
    , showRun(QStringLiteral("show-run"),
          QCoreApplication::translate("main", "Open on Results with the saved run <id> selected."),
          QStringLiteral("id"))
    , view(QStringLiteral("view"),
          QCoreApplication::translate("main", "Bring the <view> to the front: strip (nodes and OSDs) or charts."),
          QStringLiteral("view"))
    , theme(QStringLiteral("theme"),
          QCoreApplication::translate(
              "main", "The window's look: system, light or dark (default: the one last chosen)."),
          QStringLiteral("theme"))
{ }

QList<QCommandLineOption> GuiOptions::all() const
{
    return {demo, screenshot, quitAfter, demoRuntime, ceph, runPlan, showRun, view, theme};
}

QString GuiOptions::description()
{
    return QCoreApplication::translate("main", "Benchmark homelab clusters: disks, network, Ceph.");
}

QString GuiOptions::positionalHelp()
{
    return QCoreApplication::translate(
        "main", "With --demo: the folder for the test file (default: a fresh temp folder).");
}

QString guiManPage(const GuiOptions &options)
{
    ManPage page;
    page.name = QStringLiteral("clustermark");
    page.summary = QStringLiteral("benchmark a homelab cluster's disks, network and Ceph, and compare tuning changes");
    page.version = QStringLiteral("ClusterMark " CLUSTERMARK_VERSION);
    page.synopsis << QStringLiteral("[options] [FOLDER]");
    page.sections << ManSection {QStringLiteral("DESCRIPTION"), false,
        {GuiOptions::description(),
            QStringLiteral("ClusterMark is the desktop app: a wizard builds plans for disks (fio), the network "
                           "(iperf3, iperf 2), Ceph RBD, RADOS, per-OSD latency, CephFS and S3/RGW, runs them on "
                           "the nodes over SSH with live charts, saves every run, compares runs and exports charts "
                           "and tables. clustermark-cli(1) does the same without a window."),
            QStringLiteral("FOLDER: ") + GuiOptions::positionalHelp()},
        {}};
    ManSection opts {QStringLiteral("OPTIONS"), false, {}, {}};
    for (const QCommandLineOption &o : options.all()) {
        const QString term = QStringLiteral("--") + o.names().first()
            + (o.valueName().isEmpty() ? QString() : QLatin1Char(' ') + o.valueName().toUpper());
        opts.entries << ManEntry {
            term, QString(o.description()).replace(QLatin1Char('<'), QString()).replace(QLatin1Char('>'), QString())};
    }
    // What QCommandLineParser adds itself (addHelpOption, addVersionOption).
    opts.entries << ManEntry {QStringLiteral("-h, --help"), QStringLiteral("Displays help on commandline options.")};
    opts.entries << ManEntry {
        QStringLiteral("--help-all"), QStringLiteral("Displays help including Qt specific options.")};
    opts.entries << ManEntry {QStringLiteral("-v, --version"), QStringLiteral("Displays version information.")};
    page.sections << opts;
    page.sections << ManSection {QStringLiteral("ENVIRONMENT"), false, {},
        {{QStringLiteral("CLUSTERMARK_DATA_DIR"),
            QStringLiteral("the folder of the database (default: the app data folder)")}}};
    page.sections << ManSection {QStringLiteral("SEE ALSO"), false, {QStringLiteral("clustermark-cli(1)")}, {}};
    return manPageRoff(page);
}

} // namespace cm::gui
