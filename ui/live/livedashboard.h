// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The Live tab: header strip, a 2×2 grid of charts (bandwidth, IOPS, latency p50/p99,
// node CPU) and a figure card per target. It drains the run's SampleBuffer on a
// 10 Hz timer on the UI thread; workers never touch widgets.
#include "report/bottleneck.h"
#include "engine/samplebuffer.h"
#include "live/healthbands.h"
#include "live/runchartgrid.h"
#include "model/plan.h"
#include "model/runstatus.h"

#include <QElapsedTimer>
#include <QHash>
#include <QTimer>
#include <QWidget>

class QGridLayout;
class QLabel;
class QHBoxLayout;
class QTabWidget;

namespace cm::ui {

class FigureCard;
class LiveChart;
class LiveHeader;
class KindLivePanel;
class UsageStripView;

class LiveDashboard : public QWidget {
    Q_OBJECT
public:
    using Chart = RunChartGrid::Chart;

    explicit LiveDashboard(QWidget *parent = nullptr);

    void startRun(RunId id, const Plan &plan, SampleBufferPtr buffer, double estimatedSeconds);
    // index of total: the steps run so far (repeats count); planStep: the plan's step it
    // runs (-1: index), whose samples the cards show and whose caveats the header names.
    void setStep(int index, int total, const QString &title, int planStep = -1);
    void finishRun(RunStatus status, const QString &message = {});
    RunId runId() const { return m_runId; }
    // A line above the run's header (an experiment's variant applied now); hidden when empty.
    void setBanner(const QString &text);
    QString banner() const;
    bool isRunning() const { return m_timer.isActive(); }

    LiveChart *chart(Chart which) const;
    // The running kind's own panel (ui/kinds/uikind.h), in place of the IOPS and
    // latency charts; null when the kind has none.
    KindLivePanel *kindPanel() const;
    RunChartGrid *charts() const { return m_charts; }
    LiveHeader *header() const { return m_header; }
    // Every watched node's resources and each OSD's latency over the run.
    UsageStripView *usageStrip() const { return m_strip; }
    QTabWidget *views() const { return m_views; }
    FigureCard *card(const QString &target) const { return m_cards.value(target); }
    int cardCount() const { return int(m_cards.size()); }
    qint64 samplesReceived() const { return m_samplesReceived; }

Q_SIGNALS:
    void cancelRequested(cm::RunId id);

public Q_SLOTS:
    void drain(); // takes the buffer's samples and pushes them in batches

private:
    FigureCard *cardFor(const QString &target);

    LiveHeader *m_header = nullptr;
    RunChartGrid *m_charts = nullptr;
    QTabWidget *m_views = nullptr; // the charts, and the nodes × resources strip
    UsageStripView *m_strip = nullptr;
    QString m_stepLabel; // the step now going, for the strip's ruler
    double m_stepFrom = -1;
    void closeStepSpan();
    QHBoxLayout *m_cardRow = nullptr;
    QWidget *m_cardHost = nullptr;
    QWidget *m_cardArea = nullptr;
    void fitCards();
    QHash<QString, FigureCard *> m_cards;
    SampleBufferPtr m_buffer;
    QTimer m_timer;
    QElapsedTimer m_clock;
    RunId m_runId = 0;
    int m_currentStep = -1;
    Plan m_plan; // the run's, for what its steps' figures are not (stepcaveats.h)
    QLabel *m_caveats = nullptr;
    QLabel *m_banner = nullptr;
    QLabel *m_limit = nullptr;
    UsageWindow m_usage; // the current step's watched resources
    bool m_stepOneInFlight = false;
    double m_lastSampleT = 0; // the run's time axis, as far as samples have come
    double m_usageFrom = 0;
    static constexpr double kLiveWindowSeconds = 3;
    void showBottleneck();
    void restartUsage(double from);
    qint64 m_samplesReceived = 0;
};

} // namespace cm::ui
