// SPDX-License-Identifier: GPL-3.0-or-later
#include "live/liveheader.h"

#include "unitscale.h"

#include <QFontMetrics>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>

#include <algorithm>

namespace cm::ui {

LiveHeader::LiveHeader(QWidget *parent)
    : QWidget(parent)
{
    auto *h = new QHBoxLayout(this);
    h->setContentsMargins(6, 4, 6, 4);
    h->setSpacing(14);
    m_plan = new QLabel(this);
    QFont f = m_plan->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.15);
    m_plan->setFont(f);
    m_step = new QLabel(this);
    m_elapsed = new QLabel(this);
    m_eta = new QLabel(this);
    // As wide as its longest text from the start: the layout is not always redone before
    // the text grows from "ETA 0:05" to "finishing…", which cut it.
    for (const QString &t : {tr("ETA unknown"), tr("finishing…"), tr("ETA %1").arg(QStringLiteral("00:00:00"))})
        m_eta->setMinimumWidth(qMax(m_eta->minimumWidth(), m_eta->fontMetrics().horizontalAdvance(t) + 4));
    m_status = new QLabel(this);
    m_health = new QLabel(this);
    m_health->setStyleSheet(
        QStringLiteral("QLabel { background: rgba(230,160,0,60); border-radius: 3px; padding: 1px 6px; }"));
    m_health->setVisible(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumWidth(180);
    m_progress->setMaximumHeight(12);
    m_cancel = new QPushButton(style()->standardIcon(QStyle::SP_BrowserStop), tr("Cancel"), this);
    // The step title gives way first in a narrow window (clipped, full text in its
    // tooltip); the status word never does.
    m_step->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_step->setMinimumWidth(80);
    h->addWidget(m_plan);
    h->addWidget(m_step, 1);
    h->addWidget(m_health);
    h->addWidget(m_status);
    h->addWidget(m_elapsed);
    h->addWidget(m_eta);
    h->addWidget(m_progress);
    h->addWidget(m_cancel);
    connect(m_cancel, &QPushButton::clicked, this, &LiveHeader::cancelClicked);
    setIdle();
}

void LiveHeader::setHealth(const QString &label)
{
    m_health->setText(label.isEmpty() ? QString() : tr("Ceph: %1").arg(label));
    m_health->setVisible(!label.isEmpty());
}

QString LiveHeader::healthText() const
{
    return m_health->text();
}

void LiveHeader::setIdle()
{
    setHealth({});
    m_running = false;
    m_plan->setText(tr("No run yet"));
    m_step->setText(tr("Plan a benchmark with “New plan”."));
    m_elapsed->clear();
    m_eta->clear();
    m_status->clear();
    m_status->setMinimumWidth(0);
    m_progress->setValue(0);
    m_progress->setVisible(false);
    m_cancel->setEnabled(false);
}

void LiveHeader::startRun(
    const QString &planName, int stepCount, double estimatedSeconds, const QList<double> &stepSeconds)
{
    m_running = true;
    m_estimated = estimatedSeconds;
    m_stepSeconds = stepSeconds;
    m_stepIndex = -1;
    m_stepTotal = stepCount;
    m_stepStartedAt = 0;
    m_now = 0;
    m_plan->setText(planName);
    setHealth({});
    m_step->setText(tr("Starting (%n step(s))…", nullptr, stepCount));
    m_status->setText(tr("Running"));
    m_status->setStyleSheet(QString());
    m_status->setMinimumWidth(0);
    m_progress->setVisible(true);
    m_progress->setValue(0);
    m_cancel->setEnabled(true);
    setElapsed(0);
}

void LiveHeader::setStep(int index, int total, const QString &title)
{
    m_stepIndex = index;
    m_stepTotal = total;
    m_stepStartedAt = m_now;
    m_step->setText(tr("Step %1/%2: %3").arg(index + 1).arg(total).arg(title));
    m_step->setToolTip(m_step->text());
}

void LiveHeader::setPhase(Phase phase)
{
    if (!m_running)
        return;
    m_status->setText(phase == Phase::SettingUp ? tr("Setting up…") : tr("Measuring"));
    m_status->setToolTip(phase == Phase::SettingUp
            ? tr("The step prepares what it measures (an image prefilled, objects written before reading, a "
                 "file system mounted, the tools started) and has no figures yet.")
            : QString());
}

void LiveHeader::setElapsed(double seconds)
{
    m_now = seconds;
    m_elapsed->setText(tr("Elapsed %1").arg(formatDuration(seconds)));
    if (!m_running)
        return;
    const double left = secondsLeft(seconds);
    if (left < 0) {
        m_eta->setText(tr("ETA unknown"));
        return;
    }
    // Under a second left but still running: the last step is overrunning its estimate.
    m_eta->setText(left < 1 ? tr("finishing…") : tr("ETA %1").arg(formatDuration(left)));
    m_progress->setValue(int(std::min(1.0, seconds / std::max(seconds + left, 1e-9)) * 1000));
}

// The steps run so far took `scale` times their estimates (prefill and set-up are
// part of a step's real time): the current step and the ones after it are expected to
// as well. Without per-step estimates, the total counts down.
double LiveHeader::secondsLeft(double now) const
{
    if (m_stepSeconds.isEmpty() || m_stepIndex < 0)
        return m_estimated > 0 ? std::max(0.0, m_estimated - now) : -1;
    const auto estimate = [&](int k) { return m_stepSeconds.at(k % m_stepSeconds.size()); };
    double plannedBefore = 0;
    for (int k = 0; k < m_stepIndex; ++k)
        plannedBefore += estimate(k);
    const double scale = plannedBefore >= 1 ? std::clamp(m_stepStartedAt / plannedBefore, 0.5, 5.0) : 1.0;
    double left = std::max(0.0, estimate(m_stepIndex) * scale - (now - m_stepStartedAt));
    for (int k = m_stepIndex + 1; k < m_stepTotal; ++k)
        left += estimate(k) * scale;
    return left;
}

void LiveHeader::setFinished(RunStatus status, const QString &message)
{
    m_running = false;
    m_cancel->setEnabled(false);
    m_eta->clear();
    QString text;
    QString color;
    switch (status) {
    case RunStatus::Completed:
        text = tr("Completed");
        color = QStringLiteral("#2e7d32");
        m_progress->setValue(1000);
        break;
    case RunStatus::Failed:
        text = tr("Failed");
        color = QStringLiteral("#c62828");
        break;
    case RunStatus::Cancelled:
        text = tr("Cancelled");
        color = QStringLiteral("#ef6c00");
        break;
    case RunStatus::Interrupted:
        text = tr("Interrupted");
        color = QStringLiteral("#ef6c00");
        break;
    case RunStatus::Running: text = tr("Running"); break;
    }
    m_status->setText(message.isEmpty() ? text : text + QStringLiteral(": ") + message);
    m_status->setToolTip(message);
    m_status->setStyleSheet(color.isEmpty() ? QString() : QStringLiteral("color: %1; font-weight: bold;").arg(color));
    // Room for the bold text (the size hint can be one computed for the regular weight).
    QFont bold = m_status->font();
    bold.setBold(!color.isEmpty());
    m_status->setMinimumWidth(QFontMetrics(bold).horizontalAdvance(m_status->text()) + 4);
}

QString LiveHeader::stepText() const
{
    return m_step->text();
}
QString LiveHeader::etaText() const
{
    return m_eta->text();
}
QString LiveHeader::statusText() const
{
    return m_status->text();
}

} // namespace cm::ui
