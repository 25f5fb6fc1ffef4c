// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The main window's experiments (docs/ARCHITECTURE.md §12): the experiment dialog for a
// plan, the ExperimentEngine that runs it through the window's RunEngine (each run
// shows in Live as any run does), the Live banner that says which variant is applied
// now, and the results dialog when it ends.
#include "engine/runengine.h"
#include "tuning/experimentengine.h"
#include "tuning/experimentresultsdialog.h"

#include <QObject>
#include <QPointer>

class QWidget;

namespace cm::ui {

class LiveDashboard;

class ExperimentController : public QObject {
    Q_OBJECT
public:
    ExperimentController(RunEngine *runs, QString storePath, LiveDashboard *live, QWidget *window);

    // The experiment dialog for this plan; its Run starts the experiment.
    void open(const Plan &plan, const QMap<QString, Credentials> &credentials);
    void start(const Experiment &x, const QMap<QString, Credentials> &credentials);
    void cancel() { m_engine.cancel(); }
    bool isRunning() const { return m_engine.isRunning(); }
    ExperimentEngine *engine() { return &m_engine; }
    ExperimentResultsDialog *resultsDialog() const { return m_results; }
    void showResults(const QString &experimentId);

Q_SIGNALS:
    void runningChanged(bool running);

private:
    void onVariantApplied(const QString &id, int slot, int variant, const QStringList &settings);
    void onFinished(const QString &id, RunStatus status, const Error &error);

    QString m_storePath;
    LiveDashboard *m_live;
    QWidget *m_window;
    ExperimentEngine m_engine;
    Experiment m_x;
    int m_runs = 0;
    QPointer<ExperimentResultsDialog> m_results;
};

} // namespace cm::ui
