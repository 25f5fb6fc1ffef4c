// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Per-OSD latency heat map (docs/ARCHITECTURE.md §2): one row per host, one cell per OSD with its
// name, device class, a rotational badge and its latency; the cell's colour runs
// green → yellow → red on a log scale of the chosen metric (p50 or p99), outliers get a
// bold red border and their reason as tooltip. Rows wrap when a host has more OSDs than
// fit the width. Input: the osd-latency step summary
// {"osds":[{"id":N,"host":"…","deviceClass":"hdd","rotational":true|false|null,
//           "ops":N,"p50":ns,"p99":ns,"p999":ns,"mean":ns,"max":ns,"iops":x,
//           "outlier":bool,"outlierReason":"…"}], "mode":…, "pool":…}.
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QWidget>

namespace cm::ui {

struct OsdLatencyCell {
    int id = -1;
    QString host;
    QString deviceClass;
    int rotational = -1; // 1 rotational, 0 not, -1 unknown
    qint64 ops = 0;
    double p50 = 0, p99 = 0, p999 = 0, mean = 0, max = 0, iops = 0; // ns, ops/s
    bool outlier = false;
    QString outlierReason;
};

class OsdHeatMap : public QWidget {
    Q_OBJECT
public:
    enum class Metric { P50, P99 };

    explicit OsdHeatMap(QWidget *parent = nullptr);

    // Entries without a numeric id are skipped (counted in skippedEntries()).
    void setSummary(const QJsonObject &summary);
    void setCells(const QList<OsdLatencyCell> &cells);
    void setMetric(Metric m);
    Metric metric() const { return m_metric; }

    int cellCount() const { return int(m_cells.size()); }
    int skippedEntries() const { return m_skipped; }
    QStringList hosts() const;
    QRect cellRect(int osdId) const; // in widget coordinates (empty if unknown)
    bool isOutlier(int osdId) const;
    QColor cellColor(int osdId) const; // the fill the cell gets
    QString toolTipFor(int osdId) const;
    QString emptyText() const; // shown when there are no cells
    QString legendTitle() const; // "Colour: p50 latency"
    double scaleMin() const { return m_lo; }
    double scaleMax() const { return m_hi; }

    // green (fast) → yellow → red (slow), t in [0,1]
    static QColor scaleColor(double t);
    static QList<OsdLatencyCell> parseSummary(const QJsonObject &summary, int *skipped = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int w) const override;

protected:
    void paintEvent(QPaintEvent *e) override;
    void resizeEvent(QResizeEvent *e) override;
    bool event(QEvent *e) override;

private:
    struct Placed {
        int index; // into m_cells
        QRect rect;
    };
    double valueOf(const OsdLatencyCell &c) const;
    double position(double v) const; // 0..1 on the colour scale
    void rescale();
    int layoutCells(int width, QList<Placed> *placed, QList<QPair<QString, QRect>> *hostLabels) const;
    void relayout();
    int hostColumnWidth() const;
    QRect legendRect(int top) const;
    int indexAt(const QPoint &p) const;

    QList<OsdLatencyCell> m_cells;
    QList<Placed> m_placed;
    QList<QPair<QString, QRect>> m_hostLabels;
    int m_contentBottom = 0;
    Metric m_metric = Metric::P50;
    int m_skipped = 0;
    double m_lo = 0;
    double m_hi = 0;
};

} // namespace cm::ui
