// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The strip above the live charts: plan name, step n/m and its title, elapsed time,
// ETA, a progress bar and Cancel.
#include "model/runstatus.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace cm::ui {

class LiveHeader : public QWidget {
    Q_OBJECT
public:
    explicit LiveHeader(QWidget *parent = nullptr);

    // stepSeconds: each plan step's estimate (repeats reuse them); with it the ETA
    // follows the run's real pace instead of counting down one total.
    void startRun(
        const QString &planName, int stepCount, double estimatedSeconds, const QList<double> &stepSeconds = {});
    void setStep(int index, int total, const QString &title);
    void setElapsed(double seconds);
    // What the running step does now: setting up (prefill, mounts, objects written
    // before reading) until its first figures arrive, then measuring.
    enum class Phase { SettingUp, Measuring };
    void setPhase(Phase phase);
    void setFinished(RunStatus status, const QString &message);
    void setIdle();
    // The Ceph cluster's latest condition ("HEALTH_WARN · scrub"); empty hides it.
    void setHealth(const QString &label);
    QString healthText() const;

    QString stepText() const;
    QString etaText() const;
    QString statusText() const;
    QPushButton *cancelButton() const { return m_cancel; }

Q_SIGNALS:
    void cancelClicked();

private:
    double secondsLeft(double now) const; // < 0: unknown

    QLabel *m_plan = nullptr;
    QLabel *m_step = nullptr;
    QLabel *m_elapsed = nullptr;
    QLabel *m_eta = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_health = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancel = nullptr;
    double m_estimated = 0;
    QList<double> m_stepSeconds;
    int m_stepIndex = -1; // the step running, in the order the run runs them
    int m_stepTotal = 0;
    double m_stepStartedAt = 0;
    double m_now = 0;
    bool m_running = false;
};

} // namespace cm::ui
