// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The desktop app's command-line options, declared once: QCommandLineParser prints
// --help from them and `clustermark --man` writes the manual page from them.
#include <QCommandLineOption>
#include <QList>
#include <QString>

namespace cm::gui {

struct GuiOptions {
    GuiOptions();
    QCommandLineOption demo, screenshot, quitAfter, demoRuntime, ceph, runPlan, showRun, view, theme;
    QList<QCommandLineOption> all() const;
    static QString description();
    static QString positionalName() { return QStringLiteral("folder"); }
    static QString positionalHelp();
};

// clustermark(1) as roff: the options above plus --help and --version.
QString guiManPage(const GuiOptions &options);

} // namespace cm::gui
