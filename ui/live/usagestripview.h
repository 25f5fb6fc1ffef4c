// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The nodes × resources strip on screen (report/usagestrip.h, painted by
// render/usagestrippainter.h): live, fed the samples the dashboard drains and the
// bottleneck it finds; in Results, a saved run's strip. Scrolls when a cluster brings
// more rows than fit. The picture is rebuilt at most once a second, and only while
// it is visible.
#include "report/usagestrip.h"

#include <QElapsedTimer>
#include <QScrollArea>

namespace cm::ui {

class UsageStripCanvas;

class UsageStripView : public QScrollArea {
    Q_OBJECT
public:
    explicit UsageStripView(QWidget *parent = nullptr);

    // Live
    void clear();
    void addSamples(const SampleList &samples);
    void markBottleneck(const BottleneckFinding &f, double from, double to);
    void addStep(const QString &label, double from, double to);
    // Rebuilds the picture when visible and due (at most once a second), or at once
    // (the run's end).
    void flush(bool now = false);
    // Results: a saved run's strip, shown as it is.
    void showStrip(const UsageStrip &strip);

    const UsageStrip &strip() const; // what is drawn now
    int rowCount() const { return int(strip().rows.size()); }

protected:
    void showEvent(QShowEvent *e) override;

private:
    void rebuild();
    UsageStripCanvas *m_canvas = nullptr;
    UsageStripBuilder m_builder;
    bool m_dirty = false;
    QElapsedTimer m_sinceRebuild;
};

} // namespace cm::ui
