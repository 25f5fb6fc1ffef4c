// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What the UI shows of a runner kind beyond core's RunnerKind (docs/ARCHITECTURE.md §5):
// its wizard pages, the tabs it adds to a run's Results and the panel it adds to the
// live dashboard. A kind registers one UiKind (uikinds.cpp); shared screens loop over
// the registry and never compare kind ids.
#include "model/sample.h"
#include "results/resultsloader.h"

#include <QList>
#include <QString>
#include <QWidget>

#include <functional>

namespace cm::ui {

class PlanWizard;
class PlanWizardPage;

// The standard charts of a run (live/runchartgrid.h).
enum class RunChart { Bandwidth, Iops, Latency, Cpu };

// One tab a kind adds to a run's Results, made once per pane and kept.
class KindRunTab : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;
    virtual QString title() const = 0;
    // Shows the run; false: nothing to show for it, and the tab is hidden.
    virtual bool showRun(const RunDetail &d) = 0;
    virtual void clearRun() = 0;
    // Where the tab goes among the pane's own (0: before the Summary grid) and whether
    // the pane opens on it.
    virtual int position() const { return 0; }
    virtual bool opensOnIt(const RunDetail &) const { return true; }
};

// A kind's own live chart: it takes every sample and stands in place of the IOPS and
// latency charts while a run of the kind goes.
class KindLivePanel : public QWidget {
    Q_OBJECT
public:
    using QWidget::QWidget;
    virtual void addSamples(const SampleList &samples) = 0;
    virtual void flush() = 0;
    virtual void clear() = 0;
};

struct UiKind {
    QString id; // the RunnerKind's id
    std::function<QList<PlanWizardPage *>(PlanWizard *)> wizardPages;
    std::function<QList<KindRunTab *>(QWidget *parent)> runTabs; // empty: none
    std::function<KindLivePanel *(QWidget *parent)> livePanel; // empty: the standard charts
    // Standard charts the kind never feeds (per-OSD writes have no bandwidth): hidden
    // from the run's start instead of an empty frame.
    QList<RunChart> unusedCharts;
};

class UiKindRegistry {
public:
    static UiKindRegistry &instance();
    void add(UiKind kind); // a second kind of the same id is ignored
    const UiKind *find(const QString &id) const;
    QStringList ids() const; // in registration order

private:
    QList<UiKind> m_kinds;
};

// Registers the UI of the built-in kinds, once.
void registerBuiltinUiKinds();

} // namespace cm::ui
