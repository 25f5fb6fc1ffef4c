// SPDX-License-Identifier: GPL-3.0-or-later
#include "live/livedashboard.h"

#include "bench/registry.h"
#include "kinds/uikind.h"
#include "live/figurecard.h"
#include "live/livechart.h"
#include "live/liveheader.h"
#include "live/runchartgrid.h"
#include "live/usagestripview.h"
#include "model/metric.h"
#include "report/runexport.h"
#include "report/bottleneck.h"
#include "report/stepcaveats.h"
#include "targetcolors.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLoggingCategory>
#include <QScrollArea>
#include <QTabWidget>
#include <QVBoxLayout>

Q_LOGGING_CATEGORY(lcLive, "clustermark.ui.live")

namespace cm::ui {

LiveDashboard::LiveDashboard(QWidget *parent)
    : QWidget(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    v->setSpacing(4);
    m_banner = new QLabel(this);
    m_banner->setObjectName(QStringLiteral("liveBanner"));
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::PlainText);
    m_banner->setContentsMargins(6, 4, 6, 4);
    m_banner->setAutoFillBackground(true);
    m_banner->setBackgroundRole(QPalette::AlternateBase);
    m_banner->hide();
    v->addWidget(m_banner);
    m_header = new LiveHeader(this);
    v->addWidget(m_header);
    m_caveats = new QLabel(this);
    m_caveats->setObjectName(QStringLiteral("liveCaveats"));
    m_caveats->setWordWrap(true);
    m_caveats->setContentsMargins(6, 0, 6, 0);
    m_caveats->hide();
    v->addWidget(m_caveats);
    m_limit = new QLabel(this); // what limits the current step, from the watched resources
    m_limit->setObjectName(QStringLiteral("liveBottleneck"));
    m_limit->setWordWrap(true);
    m_limit->setContentsMargins(6, 0, 6, 0);
    m_limit->hide();
    v->addWidget(m_limit);

    auto *cardArea = new QScrollArea(this);
    cardArea->setWidgetResizable(true);
    cardArea->setFrameShape(QFrame::NoFrame);
    cardArea->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *cardHost = new QWidget(cardArea);
    m_cardHost = cardHost;
    m_cardArea = cardArea;
    m_cardRow = new QHBoxLayout(cardHost);
    m_cardRow->setContentsMargins(0, 0, 0, 0);
    m_cardRow->addStretch(1);
    cardArea->setWidget(cardHost);
    cardArea->setFixedHeight(0);
    cardArea->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);

    m_charts = new RunChartGrid(this);
    m_views = new QTabWidget(this);
    m_views->setObjectName(QStringLiteral("liveViews"));
    m_views->setDocumentMode(true);
    m_views->addTab(m_charts, tr("Charts"));
    m_strip = new UsageStripView(m_views);
    m_views->addTab(m_strip, tr("Nodes && OSDs"));
    v->addWidget(m_views, 1);
    v->addWidget(cardArea);

    m_timer.setInterval(100);
    connect(&m_timer, &QTimer::timeout, this, &LiveDashboard::drain);
    connect(m_header, &LiveHeader::cancelClicked, this, [this] { Q_EMIT cancelRequested(m_runId); });
}

void LiveDashboard::startRun(RunId id, const Plan &plan, SampleBufferPtr buffer, double estimatedSeconds)
{
    m_runId = id;
    m_plan = plan;
    m_caveats->hide();
    m_limit->hide();
    restartUsage(0);
    m_lastSampleT = 0;
    m_buffer = std::move(buffer);
    m_currentStep = -1;
    m_samplesReceived = 0;
    m_charts->startRun(plan);
    for (FigureCard *c : std::as_const(m_cards)) {
        m_cardRow->removeWidget(c);
        delete c;
    }
    m_cards.clear();
    m_cardArea->setFixedHeight(0);
    m_strip->clear();
    m_stepFrom = -1;
    QList<double> stepSeconds;
    if (const std::shared_ptr<RunnerKind> kind = Registry::instance().kind(plan.kind))
        for (int i = 0; i < plan.steps.size(); ++i)
            stepSeconds << kind->estimatedSeconds(plan, i);
    if (std::any_of(stepSeconds.cbegin(), stepSeconds.cend(), [](double s) { return s <= 0; }))
        stepSeconds.clear(); // one step without an estimate: count down the total
    m_header->startRun(plan.name.isEmpty() ? plan.kind : plan.name,
        int(plan.steps.size() * std::max(1, plan.minIterations())), estimatedSeconds, stepSeconds);
    m_clock.start();
    m_timer.start();
}

void LiveDashboard::setStep(int index, int total, const QString &title, int planStep)
{
    const int step = planStep >= 0 ? planStep : index;
    QList<StepCaveat> caveats;
    if (step >= 0 && step < m_plan.steps.size())
        if (const std::shared_ptr<RunnerKind> kind = Registry::instance().kind(m_plan.kind))
            caveats = StepCaveats::planned(m_plan.steps.at(step).params, kind->stepFacts(m_plan, step));
    m_header->setStep(index, total, StepCaveats::markedTitle(title, caveats));
    const QStringList legend = StepCaveats::legend({caveats});
    m_caveats->setText(legend.join(QLatin1Char('\n')));
    m_caveats->setVisible(!legend.isEmpty());
    m_stepOneInFlight = std::any_of(
        caveats.cbegin(), caveats.cend(), [](const StepCaveat &c) { return c.kind == StepCaveat::Kind::OneInFlight; });
    restartUsage(m_lastSampleT + UsageWindow::kSampleSeconds); // a new step: its own window
    closeStepSpan();
    m_stepLabel = title;
    m_stepFrom = m_lastSampleT;
    m_header->setPhase(LiveHeader::Phase::SettingUp); // until the step's first figures
    if (step != m_currentStep) { // (drain() switches on the step's first samples too)
        m_currentStep = step;
        for (FigureCard *c : std::as_const(m_cards))
            c->resetStep();
    }
}

void LiveDashboard::finishRun(RunStatus status, const QString &message)
{
    drain();
    closeStepSpan();
    m_strip->flush(true);
    m_limit->hide(); // Results name each step's bottleneck; a live guess is over
    m_charts->hideEmptyCharts(); // what the run did not measure has no empty frame
    for (FigureCard *c : std::as_const(m_cards))
        c->endRun();
    m_timer.stop();
    m_header->setFinished(status, message);
    m_buffer.reset();
}

LiveChart *LiveDashboard::chart(Chart which) const
{
    return m_charts->chart(which);
}

KindLivePanel *LiveDashboard::kindPanel() const
{
    return m_charts->kindPanel();
}

FigureCard *LiveDashboard::cardFor(const QString &target)
{
    auto it = m_cards.constFind(target);
    if (it != m_cards.constEnd())
        return *it;
    auto *c = new FigureCard(target, rateWordsOf(m_plan.kind), this);
    m_cards.insert(target, c);
    // node cards (CPU) after the disk targets: insert before the stretch
    m_cardRow->insertWidget(m_cardRow->count() - 1, c, 0, Qt::AlignTop);
    return c;
}

void LiveDashboard::fitCards()
{
    // The card strip is as tall as its tallest card (plus a scroll bar's room), no taller.
    int h = 0;
    for (FigureCard *c : std::as_const(m_cards))
        h = std::max(h, c->sizeHint().height());
    int want = h > 0 ? h + 16 : 0;
    if (m_timer.isActive())
        want = std::max(want, m_cardArea->height()); // no jumping charts during a run
    if (m_cardArea->height() != want)
        m_cardArea->setFixedHeight(want);
}

void LiveDashboard::drain()
{
    if (m_clock.isValid() && m_timer.isActive())
        m_header->setElapsed(m_clock.elapsed() / 1000.0);
    if (!m_buffer)
        return;
    const SampleList samples = m_buffer->take();
    if (samples.isEmpty())
        return;
    m_samplesReceived += samples.size();
    for (const Sample &x : samples)
        m_lastSampleT = std::max(m_lastSampleT, x.t);
    m_usage.add(samples);
    m_strip->addSamples(samples);
    showBottleneck();
    m_charts->addSamples(samples);
    bool health = false;
    bool measuring = false; // a figure of the running step came
    for (const Sample &s : samples) {
        if (HealthBandTracker::isHealthMetric(s.metric)) {
            health = true;
            continue;
        }
        if (metric::isCephCounter(s.metric))
            continue; // the cluster's own view: not a client's figure card
        if (s.step > m_currentStep) {
            // samples of a new step: card means restart (the header follows stepStarted)
            m_currentStep = s.step;
            for (FigureCard *c : std::as_const(m_cards))
                c->resetStep();
        }
        if (s.step >= 0 && s.step == m_currentStep)
            measuring = true;
        // Cards take values in arrival order, so a step change inside one drain is exact.
        // Node metrics (CPU, disks) carry step -1: they belong to no step.
        if ((s.step < 0 || s.step == m_currentStep) && (s.value != 0 || m_cards.contains(s.target)))
            cardFor(s.target)->addValue(s.metric, s.value);
    }
    if (measuring)
        m_header->setPhase(LiveHeader::Phase::Measuring);
    if (health) {
        const HealthBandTracker &h = m_charts->health();
        m_header->setHealth(h.isOpen() ? h.bands().last().label : QString());
    }
    m_charts->flush(m_lastSampleT); // one time axis for the dashboard
    m_strip->flush();
    fitCards();
    qCDebug(lcLive) << "drained" << samples.size() << "samples";
}

// What limits the step now (report/bottleneck.h), judged over windows of
// kLiveWindowSeconds of samples: a mean over the whole step would mix in its set-up and
// the wait for Ceph's count after it.
void LiveDashboard::showBottleneck()
{
    if (m_usage.isEmpty() || m_lastSampleT - m_usageFrom < kLiveWindowSeconds)
        return;
    QStringList clients;
    for (const NodeSpec &n : std::as_const(m_plan.nodes))
        clients << n.displayName();
    const Bottleneck b = Bottleneck::find(m_usage, clients, m_stepOneInFlight);
    m_strip->markBottleneck(b.named(), m_usageFrom, m_lastSampleT);
    m_limit->setText(
        b.named().kind == BottleneckFinding::Kind::Nothing ? b.text(true) : tr("Limiting now: %1").arg(b.text(true)));
    m_limit->setVisible(true);
    restartUsage(m_lastSampleT);
}

// The step that went until now, on the strip's ruler.
void LiveDashboard::closeStepSpan()
{
    if (m_stepFrom >= 0 && m_lastSampleT > m_stepFrom)
        m_strip->addStep(m_stepLabel, m_stepFrom, m_lastSampleT);
    m_stepFrom = -1;
}

void LiveDashboard::restartUsage(double from)
{
    m_usageFrom = from;
    m_usage.restart(from);
}

void LiveDashboard::setBanner(const QString &text)
{
    m_banner->setText(text);
    m_banner->setVisible(!text.isEmpty());
}

QString LiveDashboard::banner() const
{
    return m_banner->isHidden() ? QString() : m_banner->text();
}

} // namespace cm::ui
