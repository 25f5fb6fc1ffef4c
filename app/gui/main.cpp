// SPDX-License-Identifier: GPL-3.0-or-later
// clustermark: the desktop app. Wires core (kinds, store, engine) to the main window.
//   --demo [FOLDER]         quick disk plan on this machine (file target in FOLDER, or
//                           a fresh temp folder; 5 s per test), started at once on Live
//   --screenshot FILE       grab the main window to FILE (PNG) ...
//   --quit-after SECONDS    ... after that many seconds, then quit
//   --ceph PATH             connect this Ceph cluster for this session: a lab folder
//                           (scripts/lab/ceph-lab.sh) or a ceph.conf
//   --run PLAN.json         run a saved plan (the wizard's or the CLI's) at once on Live
//   --show-run ID           open on Results with that saved run selected
//   --view NAME             bring the tabs named NAME to the front: "strip" (the nodes ×
//                           resources strip, live and in Results) or "charts"
#include "bench/diskfio/diskfiokind.h"
#include "apptheme.h"
#include "bench/registry.h"
#include "engine/runengine.h"
#include "mainwindow.h"
#include "io/appsettings.h"
#include "io/inputfile.h"
#include "store/sessionstore.h"
#include "tuning/knobjournal.h"
#include "tuning/knobrestoredialog.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QTemporaryDir>
#include <QTimer>
#include <QTranslator>

#include <memory>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ClusterMark"));
    QApplication::setOrganizationName(QStringLiteral("ClusterMark"));
    QApplication::setApplicationVersion(QStringLiteral(CLUSTERMARK_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("clustermark"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/clustermark.svg")));

    QTranslator qtTranslator, appTranslator;
    if (qtTranslator.load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(&qtTranslator);
    if (appTranslator.load(QLocale(), QStringLiteral("clustermark"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(&appTranslator);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "Benchmark homelab clusters: disks, network, Ceph."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption demo(QStringLiteral("demo"),
        QApplication::translate("main", "Run the quick disk benchmark on this machine at once."));
    const QCommandLineOption screenshot(QStringLiteral("screenshot"),
        QApplication::translate("main", "Save a PNG of the main window to <file>."), QStringLiteral("file"));
    const QCommandLineOption quitAfter(QStringLiteral("quit-after"),
        QApplication::translate("main", "Quit after <seconds> (after the screenshot)."), QStringLiteral("seconds"));
    const QCommandLineOption demoRuntime(QStringLiteral("demo-runtime"),
        QApplication::translate("main", "Seconds per test of --demo (default 5)."), QStringLiteral("seconds"),
        QStringLiteral("5"));
    const QCommandLineOption ceph(QStringLiteral("ceph"),
        QApplication::translate("main", "Connect the Ceph cluster of <path>: a lab folder or a ceph.conf."),
        QStringLiteral("path"));
    const QCommandLineOption runPlan(QStringLiteral("run"),
        QApplication::translate("main", "Run the saved plan <file> at once."), QStringLiteral("file"));
    const QCommandLineOption showRun(QStringLiteral("show-run"),
        QApplication::translate("main", "Open on Results with the saved run <id> selected."), QStringLiteral("id"));
    const QCommandLineOption view(QStringLiteral("view"),
        QApplication::translate("main", "Bring the <view> to the front: strip (nodes and OSDs) or charts."),
        QStringLiteral("view"));
    const QCommandLineOption theme(QStringLiteral("theme"),
        QApplication::translate("main", "The window's look: system, light or dark (default: the one last chosen)."),
        QStringLiteral("theme"));
    parser.addOptions({demo, screenshot, quitAfter, demoRuntime, ceph, runPlan, showRun, view, theme});
    parser.addPositionalArgument(QStringLiteral("folder"),
        QApplication::translate("main", "With --demo: the folder for the test file (default: a fresh temp folder)."),
        QStringLiteral("[folder]"));
    parser.process(app);

    {
        bool known = true;
        const cm::ui::Theme chosen
            = cm::ui::themeFromName(parser.isSet(theme) ? parser.value(theme) : cm::AppSettings().theme(), &known);
        if (!known && parser.isSet(theme)) {
            fprintf(
                stderr, "clustermark: --theme: \"%s\" is not system, light or dark\n", qPrintable(parser.value(theme)));
            return 2;
        }
        cm::ui::applyTheme(chosen);
    }

    cm::registerBuiltinKinds();
    const QString storePath = cm::SessionStore::defaultPath(); // honours CLUSTERMARK_DATA_DIR
    QList<cm::KnobJournalEntry> knobsLeft; // by an experiment that did not finish
    {
        cm::SessionStore store(storePath);
        if (!store.open()) {
            store.markInterruptedRuns();
            knobsLeft = cm::KnobJournal(store).open(true);
        }
    }
    cm::RunEngine engine(storePath);
    cm::ui::MainWindow window(&engine, storePath);
    window.show();
    if (!knobsLeft.isEmpty())
        QTimer::singleShot(0, &window, [&window, storePath, knobsLeft] {
            auto *d = new cm::ui::KnobRestoreDialog(storePath, knobsLeft, &window);
            d->setAttribute(Qt::WA_DeleteOnClose);
            d->open();
        });

    if (parser.isSet(ceph)) {
        const QFileInfo path(parser.value(ceph));
        cm::ui::CephConnection c;
        if (path.isDir()) {
            if (!cm::ui::CephConnection::isLabDir(path.absoluteFilePath())) {
                fprintf(stderr, "clustermark: --ceph: %s holds no Ceph lab\n", qPrintable(path.absoluteFilePath()));
                return 1;
            }
            c = cm::ui::CephConnection::forLab(path.absoluteFilePath());
        } else {
            c.spec.confPath = path.absoluteFilePath();
            if (cm::ui::CephConnection::isLabDir(path.absolutePath()))
                c.labDir = path.absolutePath();
        }
        window.connectCeph(c, false);
    }

    std::unique_ptr<QTemporaryDir> demoDir;
    if (parser.isSet(demo)) {
        QString folder = parser.positionalArguments().value(0);
        if (folder.isEmpty()) {
            demoDir = std::make_unique<QTemporaryDir>();
            if (!demoDir->isValid()) {
                fprintf(stderr, "clustermark: --demo: %s\n", qPrintable(demoDir->errorString()));
                return 1;
            }
            folder = demoDir->path();
        }
        cm::Error err;
        const QJsonObject target {{QStringLiteral("type"), QStringLiteral("file")},
            {QStringLiteral("dir"), QFileInfo(folder).absoluteFilePath()},
            {QStringLiteral("size"), QStringLiteral("256M")}};
        cm::Plan plan
            = cm::DiskFioKind::makePlan(QStringLiteral("quick"), {cm::NodeSpec::parse(QStringLiteral("local"))}, target,
                std::max(1, parser.value(demoRuntime).toInt()), &err);
        if (err) {
            fprintf(stderr, "clustermark: --demo: %s\n", qPrintable(err.message));
            return 1;
        }
        plan.name = QApplication::translate("main", "Quick disk (demo, this machine)");
        window.showLive();
        QTimer::singleShot(0, &window, [&window, plan] { window.startPlan(plan); });
    }

    if (parser.isSet(showRun)) {
        bool ok = false;
        const qint64 id = parser.value(showRun).toLongLong(&ok);
        if (!ok || id <= 0) {
            fprintf(stderr, "clustermark: --show-run: give a run number (clustermark-cli sessions lists them)\n");
            return 1;
        }
        window.showRun(id);
    }

    if (parser.isSet(runPlan)) {
        const QString planPath = parser.value(runPlan);
        QByteArray bytes;
        cm::Error err = cm::readInputFile(planPath, cm::Plan::MaxFileBytes, &bytes);
        cm::Plan plan;
        if (!err)
            plan = cm::Plan::fromJsonBytes(bytes, &err);
        const auto kind = err ? nullptr : cm::Registry::instance().kind(plan.kind);
        if (!err && !kind)
            err = cm::Error(
                cm::Error::Code::InvalidInput, QStringLiteral("unknown kind \"%1\"").arg(plan.kind), planPath);
        if (!err)
            err = kind->validate(plan);
        if (err) {
            fprintf(stderr, "clustermark: --run: %s\n", qPrintable(err.toString()));
            return 1;
        }
        window.showLive();
        QTimer::singleShot(0, &window, [&window, plan] { window.startPlan(plan); });
    }

    if (parser.isSet(view)) {
        const QString name = parser.value(view);
        if (name != QLatin1String("strip") && name != QLatin1String("charts")) {
            fprintf(stderr, "clustermark: --view: strip or charts\n");
            return 1;
        }
        window.showView(
            name == QLatin1String("strip") ? cm::ui::MainWindow::View::Strip : cm::ui::MainWindow::View::Charts);
    }

    const double quitSec = parser.value(quitAfter).toDouble();
    const QString shotFile = parser.value(screenshot);
    if (quitSec > 0 || !shotFile.isEmpty()) {
        const int ms = int((quitSec > 0 ? quitSec : 3) * 1000);
        QTimer::singleShot(ms, &window, [&window, shotFile, quitSec] {
            if (!shotFile.isEmpty() && !window.grab().save(shotFile, "PNG"))
                fprintf(stderr, "clustermark: cannot write %s\n", qPrintable(shotFile));
            if (quitSec > 0)
                QApplication::quit();
        });
    }
    return QApplication::exec();
}
