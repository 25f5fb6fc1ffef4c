// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One live chart (bandwidth, IOPS, latency or CPU): one line per (target, metric),
// coloured by target. Points arrive in batches (appendPoints) and reach the plot once
// per line per refresh (flush). The history here is bounded: per line at most one
// bucket (its min and max point) per two plot columns (columnstore.h); the store keeps
// full resolution. Qt Charts draws the frame (title, axes, legend, health bands); the
// lines are drawn by a LivePlotItem over the plot area (liveplotitem.h says why). Each
// line still has a QLineSeries, without points, for its legend entry and pen.
#include "live/columnstore.h"
#include "model/metric.h"
#include "model/ratewords.h"
#include "unitscale.h"

#include <QChartView>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QSet>

class QAreaSeries;
class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace cm::ui {

class LivePlotItem;

class LiveChart : public QChartView {
    Q_OBJECT
public:
    LiveChart(const QString &title, metric::Unit unit, QWidget *parent = nullptr);

    void clear();
    // The unit of what it draws (a network run's throughput: bit/s); clears the chart.
    void setUnit(metric::Unit unit);
    void setTitle(const QString &title);
    // The run's kind's words: its ops/s unit (IOPS, requests/s) and its directions'
    // names in the legend (read/write, GET/PUT).
    void setRateWords(const RateWords &words);
    // The end of the dashboard's time axis, so its charts' axes end together.
    void setTimeEnd(double seconds) { m_timeEnd = seconds; }
    double timeAxisEnd() const;
    // Whether the y axis is logarithmic now: a latency chart whose lines span more
    // than LogSpan (its lowest positive point to its highest).
    bool isLogScale() const { return m_log; }
    static constexpr double LogSpan = 30;
    // Raw points (x = seconds since run start, y = base unit) for one line; each step
    // is its own segment.
    void appendPoints(const QString &target, const QString &metric, const QList<QPointF> &points, int step = 0);
    // Pushes what arrived since the last flush to the series and rescales the axes.
    void flush();

    int lineCount() const { return int(series().size()); } // segments shown
    int displayedPointCount() const; // points currently drawn (all lines)
    // The points drawn for series()[index] (display unit), at most one per plot column.
    QList<QPointF> linePoints(int index) const;
    LivePlotItem *plotItem() const { return m_plot; }
    qint64 receivedPointCount() const; // points received since clear()
    qsizetype heldPointCount() const; // buckets held: bounded by the plot width per line
    UnitScale scale() const { return m_scale; }
    QValueAxis *axisY() const { return m_axisY; }
    QList<QLineSeries *> series() const;
    // A shaded span of the time axis (health timeline); the same id updates it.
    void setBand(int id, double start, double end, const QColor &color, const QString &label);
    int bandCount() const { return int(m_bands.size()); }
    // Legend entries (one per target and metric). Up to 8 sit below the plot, as many
    // as fit the height (at most 24) on its right in a smaller font; beyond that (e.g.
    // one line per OSD) the legend hides, the title says how many lines there are, the
    // figure cards carry the colours and hovering a line names it.
    int legendEntryCount() const { return m_legendEntries; }
    bool isLegendShown() const;
    static constexpr int BottomLegendMax = 8;
    static constexpr int SideLegendMax = 24;

protected:
    void resizeEvent(QResizeEvent *e) override;
    void drawBackground(QPainter *painter, const QRectF &rect) override;

private:
    void hideDuplicateLegendMarkers();
    void fitBands();
    void fitLegend();
    void syncPlot();
    void showLineName(int plotLine);
    struct Line {
        QString target;
        QString metric;
        QLineSeries *series = nullptr; // legend entry, created with the first non-zero value
        int plotLine = -1; // its index in m_plot
        bool hasSignal = false;
        ColumnStore history;
        QList<QPointF> pending;
        bool fresh = true; // line (re)created: fill it completely
    };
    QLineSeries *createSeries(const QString &target, const QString &metric);
    int plotColumns() const;
    QString lineName(const QString &target, const QString &metric) const;
    QString metricName(const QString &metric) const;
    int directionIndex(const QString &metric);
    void rescaleAxes();
    void setLog(bool log);
    UnitScale scaleOf(double maxValue) const; // the unit's, in the kind's ops noun

    QString m_title;
    metric::Unit m_unit;
    QValueAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
    QLogValueAxis *m_logAxisY = nullptr; // latency charts: shown instead of m_axisY when m_log
    bool m_log = false;
    double m_minPositiveY = 0;
    double m_timeEnd = 0;
    RateWords m_words;
    QStringList m_directions; // other than read and write, in the order first seen
    QHash<QString, Line> m_lines; // key: target '\n' metric '\n' step
    QHash<int, QAreaSeries *> m_bands;
    double m_bandTop = -1;
    LivePlotItem *m_plot = nullptr;
    QList<QLineSeries *> m_plotSeries; // by plot line
    QList<QString> m_order;
    UnitScale m_scale;
    double m_maxY = 0;
    double m_maxX = 0;
    int m_legendEntries = 0;
    QFont m_legendFont;
};

} // namespace cm::ui
