// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Bars per test: for one figure (MB/s, IOPS, latency p50 or p99) one group per
// compared test, one bar per run (mean over the repetitions, ±1 standard deviation as
// a whisker), labelled with the absolute value and, after the baseline, the % change
// and the significance mark. Each group is scaled to its own largest bar: tests differ
// by orders of magnitude, the change is what is compared. Painted directly (no chart
// scene): cheap for many tests, and it sizes itself to its content.
#include "model/metric.h"
#include "stats/comparestats.h"

#include <QStringList>
#include <QWidget>

namespace cm::ui {

struct BarGroup {
    QString title;
    metric::Unit unit = metric::Unit::Other;
    bool higherIsBetter = true;
    QList<GroupStats> runs; // per run (n == 0: absent)
    QList<CompareStats> vsBaseline; // per run after the baseline
};

class CompareBarChart : public QWidget {
    Q_OBJECT
public:
    explicit CompareBarChart(QWidget *parent = nullptr);

    void setData(const QString &title, const QStringList &runNames, const QList<BarGroup> &groups);
    int groupCount() const { return int(m_groups.size()); }
    // The text drawn next to a bar ("1.82 GB/s   +12.3 % ✱ significant").
    QString barLabel(int group, int run) const;
    QRect barRect(int group, int run) const; // where the bar is drawn (empty when absent)

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *e) override;
    void resizeEvent(QResizeEvent *e) override;

private:
    static QString marksKey(); // what ✱ ≈ ? and the whiskers mean
    struct Layout {
        int titleH, legendH, keyH, labelW, textW, barH, groupGap, top;
    };
    Layout layout() const;
    int groupHeight() const;

    QString m_title;
    QStringList m_runNames;
    QList<BarGroup> m_groups;
};

} // namespace cm::ui
