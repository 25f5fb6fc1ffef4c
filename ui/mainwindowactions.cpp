// SPDX-License-Identifier: GPL-3.0-or-later
// The main window's toolbar: its actions and the appearance menu.
#include "apptheme.h"
#include "mainwindow.h"
#include "results/resultsview.h"
#include "sessions/sessionsview.h"

#include "errortext.h"
#include "tuning/experimentcontroller.h"
#include "io/inputfile.h"

#include <QAction>
#include <QFileDialog>
#include <QActionGroup>
#include <QMenu>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>

namespace cm::ui {

void MainWindow::buildActions()
{
    auto *tb = addToolBar(tr("Main"));
    tb->setObjectName(QStringLiteral("mainToolBar"));
    tb->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    tb->setMovable(false);
    m_addNode = tb->addAction(style()->standardIcon(QStyle::SP_FileDialogNewFolder), tr("Add node"));
    m_newPlan = tb->addAction(style()->standardIcon(QStyle::SP_FileDialogDetailedView), tr("New plan"));
    m_runAgain = tb->addAction(style()->standardIcon(QStyle::SP_BrowserReload), tr("Run again…"));
    m_runAgain->setObjectName(QStringLiteral("runAgainAction"));
    m_runAgain->setToolTip(tr("Run the run selected in Results again, after showing its plan"));
    m_experiment = tb->addAction(style()->standardIcon(QStyle::SP_FileDialogContentsView), tr("Experiment…"));
    m_experiment->setObjectName(QStringLiteral("experimentAction"));
    m_experiment->setToolTip(tr("Measure the plan of the run selected in Results with and without a change, in "
                                "turns, with a verdict beyond noise"));
    m_stop = tb->addAction(style()->standardIcon(QStyle::SP_BrowserStop), tr("Stop"));
    m_stop->setObjectName(QStringLiteral("stopAction"));
    tb->addSeparator();
    m_connectCeph = tb->addAction(style()->standardIcon(QStyle::SP_DriveNetIcon), tr("Connect Ceph…"));
    addThemeMenu(tb);
    m_connectCeph->setToolTip(tr("Connect a Ceph cluster (ceph.conf and keyring, or a local lab)"));
    m_addNode->setShortcut(QKeySequence(tr("Ctrl+Shift+N")));
    m_newPlan->setShortcut(QKeySequence::New);
    m_runAgain->setShortcut(QKeySequence(tr("Ctrl+R")));
    m_stop->setShortcut(QKeySequence(tr("Ctrl+.")));
    connect(m_addNode, &QAction::triggered, this, [this] { openAddNode(); });
    connect(m_connectCeph, &QAction::triggered, this, &MainWindow::openCephConnect);
    connect(m_newPlan, &QAction::triggered, this, [this] { openWizard(); });
    // The run selected in Results (after a run ends, that run), with its plan shown
    // first: nothing starts without the user seeing what.
    connect(m_runAgain, &QAction::triggered, this, [this] {
        const QList<RunId> chosen = m_results->selectedRuns();
        if (const RunId id = chosen.isEmpty() ? m_lastRun : chosen.last())
            m_sessions->runAgain(id);
        else
            showMessage(tr("Run again"), tr("Select a run in Results first."));
    });
    connect(m_experiment, &QAction::triggered, this, &MainWindow::openExperiment);
    connect(m_stop, &QAction::triggered, this, [this] {
        if (m_experiments->isRunning())
            m_experiments->cancel(); // its run too; every knob is put back
        else if (m_currentRun)
            m_engine->cancel(m_currentRun);
    });
}

void MainWindow::openExperiment()
{
    const QList<RunId> chosen = m_results->selectedRuns();
    if (const RunId id = chosen.isEmpty() ? m_lastRun : chosen.last()) {
        m_sessions->runAgain(id, true);
        return;
    }
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Plan for the experiment"), QString(), tr("Plans (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    QByteArray bytes;
    Error e = readInputFile(path, Plan::MaxFileBytes, &bytes);
    const Plan plan = e ? Plan() : Plan::fromJsonBytes(bytes, &e);
    if (e)
        showMessage(tr("Experiment"), tr("This plan cannot be used: %1").arg(errorText(e)));
    else
        m_experiments->open(plan, m_credentials);
}

// Appearance: the system's palette, light or dark; remembered, and followed at once by
// every widget and chart.
void MainWindow::addThemeMenu(QToolBar *tb)
{
    auto *button = new QToolButton(tb);
    button->setObjectName(QStringLiteral("themeButton"));
    button->setText(tr("Appearance"));
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    button->setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(button);
    auto *group = new QActionGroup(menu);
    const std::pair<Theme, QString> choices[]
        = {{Theme::System, tr("System")}, {Theme::Light, tr("Light")}, {Theme::Dark, tr("Dark")}};
    for (const auto &[theme, label] : choices) {
        QAction *a = menu->addAction(label);
        a->setObjectName(QStringLiteral("theme-") + themeName(theme));
        a->setCheckable(true);
        a->setChecked(currentTheme() == theme);
        group->addAction(a);
        connect(a, &QAction::triggered, this, [this, theme = theme] {
            applyTheme(theme);
            m_settings.setTheme(themeName(theme));
        });
    }
    button->setMenu(menu);
    tb->addWidget(button);
}

} // namespace cm::ui
