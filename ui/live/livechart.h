#pragma once
// One live chart (bandwidth, IOPS, latency or CPU): one line per (target, metric),
// coloured by target. Points arrive in batches (appendPoints) and reach the series in
// one append() or replace() per line per refresh (flush), never one call per point.
// The history here is bounded: per line at most one bucket (its min and max point) per
// plot column (columnstore.h); the store keeps full resolution.
#include "live/columnstore.h"
#include "model/metric.h"
#include "unitscale.h"

#include <QChartView>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QSet>

class QAreaSeries;
class QLineSeries;
class QValueAxis;

namespace cm::ui {

class LiveChart : public QChartView {
    Q_OBJECT
public:
    LiveChart(const QString &title, metric::Unit unit, QWidget *parent = nullptr);

    void clear();
    // Raw points (x = seconds since run start, y = base unit) for one line; each step
    // is its own segment.
    void appendPoints(const QString &target, const QString &metric, const QList<QPointF> &points, int step = 0);
    // Pushes what arrived since the last flush to the series and rescales the axes.
    void flush();

    int lineCount() const { return int(series().size()); }   // segments shown
    int displayedPointCount() const;     // points currently in the series
    qint64 receivedPointCount() const;   // points received since clear()
    qsizetype heldPointCount() const;    // buckets held: bounded by the plot width per line
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

private:
    void hideDuplicateLegendMarkers();
    void fitBands();
    void fitLegend();
    struct Line {
        QString target;
        QString metric;
        QLineSeries *series = nullptr;   // created with the first non-zero value
        bool hasSignal = false;
        ColumnStore history;
        QList<QPointF> pending;
        qsizetype shownBuckets = 0;      // buckets the series shows
        bool fresh = true;               // series (re)created: fill it completely
    };
    QLineSeries *createSeries(const QString &target, const QString &metric);
    int plotColumns() const;
    QString lineName(const QString &target, const QString &metric) const;

    QString m_title;
    metric::Unit m_unit;
    QValueAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
    QHash<QString, Line> m_lines;   // key: target '\n' metric '\n' step
    QHash<int, QAreaSeries *> m_bands;
    QList<QString> m_order;
    UnitScale m_scale;
    double m_maxY = 0;
    double m_maxX = 0;
    int m_legendEntries = 0;
    QFont m_legendFont;
};

} // namespace cm::ui
