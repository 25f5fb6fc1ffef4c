// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Network test, review: every pair's exact server and client commands as the runner
// builds them (NetIperfKind::commandPreview; PORT is picked at run time), the
// estimated duration, and "Check the nodes": probes both ends of every pair (iperf
// versions, link speeds) and shows the tool the automatic choice takes and why
// (NetIperfRunner::chooseTool), the commands then for that tool only.
#include "bench/netiperf/netendprobe.h"
#include "wizard/planwizard.h"

#include <QFutureWatcher>
#include <QHash>

#include <functional>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace cm::ui {

class NetPreviewPage : public PlanWizardPage {
    Q_OBJECT
public:
    using Prober = std::function<NetEndProbe(const NodeSpec &)>; // blocking; runs on a worker

    explicit NetPreviewPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool validatePage() override;

    // Default: connect with the node's own key or agent (makeTransport) and probeNetEnd.
    void setProber(Prober p) { m_prober = std::move(p); }
    void checkNodes(); // async; toolsChecked() follows
    bool isChecking() const { return m_watcher.isRunning(); }

    QString commandsText() const;
    double estimatedSeconds() const { return m_estimate; }
    QLineEdit *nameEdit() const { return m_name; }
    QPushButton *checkButton() const { return m_check; }
    QLabel *toolLabel() const { return m_toolLabel; }
    // The tool the automatic choice took for step i after checkNodes(), and why.
    QString resolvedTool(int step) const { return m_resolved.value(step).first; }
    QString toolReason(int step) const { return m_resolved.value(step).second; }
    QString savePlan(const QString &fileName);

Q_SIGNALS:
    void toolsChecked();

private:
    void render();
    void onProbed();

    QLineEdit *m_name = nullptr;
    QLabel *m_estimateLabel = nullptr;
    QLabel *m_toolLabel = nullptr;
    QPlainTextEdit *m_commands = nullptr;
    QPushButton *m_check = nullptr;
    QPushButton *m_save = nullptr;
    double m_estimate = 0;
    Prober m_prober;
    QFutureWatcher<QList<NetEndProbe>> m_watcher;
    QHash<int, std::pair<QString, QString>> m_resolved; // step → (tool, why)
    QString m_checkedFor; // plan JSON the check was made for
};

} // namespace cm::ui
