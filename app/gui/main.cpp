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
//   --man                   the manual page (roff) on stdout; the build installs it
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

#include "guioptions.h"

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

namespace {

using cm::gui::GuiOptions;

void installTranslators(QTranslator *qtTranslator, QTranslator *appTranslator)
{
    // Qt's own strings from the system's Qt translations (qt6-translations-l10n); the
    // app's are compiled into the executable, so an installed app finds them too.
    if (qtTranslator->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qtTranslator);
    if (appTranslator->load(QLocale(), QStringLiteral("clustermark"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(appTranslator);
}

bool applyChosenTheme(const QCommandLineParser &parser, const GuiOptions &o)
{
    bool known = true;
    const cm::ui::Theme chosen
        = cm::ui::themeFromName(parser.isSet(o.theme) ? parser.value(o.theme) : cm::AppSettings().theme(), &known);
    if (!known && parser.isSet(o.theme)) {
        fprintf(
            stderr, "clustermark: --theme: \"%s\" is not system, light or dark\n", qPrintable(parser.value(o.theme)));
        return false;
    }
    cm::ui::applyTheme(chosen);
    return true;
}

// Knobs an experiment that did not finish left changed; the store marks runs left by a
// dead process interrupted.
QList<cm::KnobJournalEntry> openStoreAndJournal(const QString &storePath)
{
    cm::SessionStore store(storePath);
    if (store.open())
        return {};
    store.markInterruptedRuns();
    return cm::KnobJournal(store).open(true);
}

bool connectCeph(cm::ui::MainWindow &window, const QString &value)
{
    const QFileInfo path(value);
    cm::ui::CephConnection c;
    if (path.isDir()) {
        if (!cm::ui::CephConnection::isLabDir(path.absoluteFilePath())) {
            fprintf(stderr, "clustermark: --ceph: %s holds no Ceph lab\n", qPrintable(path.absoluteFilePath()));
            return false;
        }
        c = cm::ui::CephConnection::forLab(path.absoluteFilePath());
    } else {
        c.spec.confPath = path.absoluteFilePath();
        if (cm::ui::CephConnection::isLabDir(path.absolutePath()))
            c.labDir = path.absolutePath();
    }
    window.connectCeph(c, false);
    return true;
}

bool startDemo(cm::ui::MainWindow &window, const QCommandLineParser &parser, const GuiOptions &o,
    std::unique_ptr<QTemporaryDir> *demoDir)
{
    QString folder = parser.positionalArguments().value(0);
    if (folder.isEmpty()) {
        *demoDir = std::make_unique<QTemporaryDir>();
        if (!(*demoDir)->isValid()) {
            fprintf(stderr, "clustermark: --demo: %s\n", qPrintable((*demoDir)->errorString()));
            return false;
        }
        folder = (*demoDir)->path();
    }
    cm::Error err;
    const QJsonObject target {{QStringLiteral("type"), QStringLiteral("file")},
        {QStringLiteral("dir"), QFileInfo(folder).absoluteFilePath()},
        {QStringLiteral("size"), QStringLiteral("256M")}};
    cm::Plan plan = cm::DiskFioKind::makePlan(QStringLiteral("quick"), {cm::NodeSpec::parse(QStringLiteral("local"))},
        target, std::max(1, parser.value(o.demoRuntime).toInt()), &err);
    if (err) {
        fprintf(stderr, "clustermark: --demo: %s\n", qPrintable(err.message));
        return false;
    }
    plan.name = QApplication::translate("main", "Quick disk (demo, this machine)");
    window.showLive();
    QTimer::singleShot(0, &window, [&window, plan] { window.startPlan(plan); });
    return true;
}

bool startSavedPlan(cm::ui::MainWindow &window, const QString &planPath)
{
    QByteArray bytes;
    cm::Error err = cm::readInputFile(planPath, cm::Plan::MaxFileBytes, &bytes);
    cm::Plan plan;
    if (!err)
        plan = cm::Plan::fromJsonBytes(bytes, &err);
    const auto kind = err ? nullptr : cm::Registry::instance().kind(plan.kind);
    if (!err && !kind)
        err = cm::Error(cm::Error::Code::InvalidInput, QStringLiteral("unknown kind \"%1\"").arg(plan.kind), planPath);
    if (!err)
        err = kind->validate(plan);
    if (err) {
        fprintf(stderr, "clustermark: --run: %s\n", qPrintable(err.toString()));
        return false;
    }
    window.showLive();
    QTimer::singleShot(0, &window, [&window, plan] { window.startPlan(plan); });
    return true;
}

bool showRequested(cm::ui::MainWindow &window, const QCommandLineParser &parser, const GuiOptions &o)
{
    if (parser.isSet(o.showRun)) {
        bool ok = false;
        const qint64 id = parser.value(o.showRun).toLongLong(&ok);
        if (!ok || id <= 0) {
            fprintf(stderr, "clustermark: --show-run: give a run number (clustermark-cli sessions lists them)\n");
            return false;
        }
        window.showRun(id);
    }
    if (parser.isSet(o.view)) {
        const QString name = parser.value(o.view);
        if (name != QLatin1String("strip") && name != QLatin1String("charts")) {
            fprintf(stderr, "clustermark: --view: strip or charts\n");
            return false;
        }
        window.showView(
            name == QLatin1String("strip") ? cm::ui::MainWindow::View::Strip : cm::ui::MainWindow::View::Charts);
    }
    return true;
}

void scheduleScreenshotAndQuit(cm::ui::MainWindow &window, const QCommandLineParser &parser, const GuiOptions &o)
{
    const double quitSec = parser.value(o.quitAfter).toDouble();
    const QString shotFile = parser.value(o.screenshot);
    if (quitSec <= 0 && shotFile.isEmpty())
        return;
    const int ms = int((quitSec > 0 ? quitSec : 3) * 1000);
    QTimer::singleShot(ms, &window, [&window, shotFile, quitSec] {
        if (!shotFile.isEmpty() && !window.grab().save(shotFile, "PNG"))
            fprintf(stderr, "clustermark: cannot write %s\n", qPrintable(shotFile));
        if (quitSec > 0)
            QApplication::quit();
    });
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 2 && qstrcmp(argv[1], "--man") == 0) { // before any display is needed
        const QByteArray roff = cm::gui::guiManPage(GuiOptions()).toUtf8();
        fwrite(roff.constData(), 1, size_t(roff.size()), stdout);
        return 0;
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ClusterMark"));
    QApplication::setOrganizationName(QStringLiteral("ClusterMark"));
    QApplication::setApplicationVersion(QStringLiteral(CLUSTERMARK_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("clustermark"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/clustermark.svg")));
    QTranslator qtTranslator, appTranslator;
    installTranslators(&qtTranslator, &appTranslator);

    const GuiOptions o;
    QCommandLineParser parser;
    parser.setApplicationDescription(GuiOptions::description());
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addOptions(o.all());
    parser.addPositionalArgument(
        GuiOptions::positionalName(), GuiOptions::positionalHelp(), QStringLiteral("[folder]"));
    parser.process(app);
    if (!applyChosenTheme(parser, o))
        return 2;

    cm::registerBuiltinKinds();
    const QString storePath = cm::SessionStore::defaultPath(); // honours CLUSTERMARK_DATA_DIR
    const QList<cm::KnobJournalEntry> knobsLeft = openStoreAndJournal(storePath);
    cm::RunEngine engine(storePath);
    cm::ui::MainWindow window(&engine, storePath);
    window.show();
    if (!knobsLeft.isEmpty())
        QTimer::singleShot(0, &window, [&window, storePath, knobsLeft] {
            auto *d = new cm::ui::KnobRestoreDialog(storePath, knobsLeft, &window);
            d->setAttribute(Qt::WA_DeleteOnClose);
            d->open();
        });
    std::unique_ptr<QTemporaryDir> demoDir;
    if ((parser.isSet(o.ceph) && !connectCeph(window, parser.value(o.ceph)))
        || (parser.isSet(o.demo) && !startDemo(window, parser, o, &demoDir))
        || (parser.isSet(o.runPlan) && !startSavedPlan(window, parser.value(o.runPlan)))
        || !showRequested(window, parser, o)) // last: the view asked for wins over Live
        return 1;
    scheduleScreenshotAndQuit(window, parser, o);
    return QApplication::exec();
}
