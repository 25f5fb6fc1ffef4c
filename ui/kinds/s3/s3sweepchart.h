// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// S3 runs by object size: throughput (MB/s) and requests per second against the
// object size on a log2 axis (QLogValueAxis), one series per operation (GET and PUT
// apart; HEAD, DELETE and LIST in requests/s), values on a log10 axis (a sweep spans
// decades), every point labelled with its value (a label that would cover another
// goes below its point);
// below, a table with latency and time-to-first-byte percentiles per size and
// operation, and the failed requests by HTTP status when there were any.
// Repetitions of a step are averaged into one point.
#include "store/sessionstore.h"

#include <QList>
#include <QMap>
#include <QWidget>

class QChart;
class QChartView;
class QGraphicsItem;
class QGraphicsSimpleTextItem;
class QLabel;
class QLogValueAxis;
class QTableWidget;

namespace cm::ui {

struct S3SweepPoint {
    QString op; // "get", "put", "head", "delete", "list"
    qint64 size = 0; // object size, bytes
    double mbPerSec = 0; // GET / PUT only, decimal MB/s
    double opsPerSec = 0;
    double latP50Ns = 0, latP99Ns = 0;
    double ttfbP50Ns = 0, ttfbP99Ns = 0; // GET only
    int samples = 0; // step iterations averaged
};

class S3SweepChart : public QWidget {
    Q_OBJECT
public:
    explicit S3SweepChart(QWidget *parent = nullptr);

    // One point per (op, size) over the completed steps of an S3 run, sorted by size then op.
    static QList<S3SweepPoint> pointsFrom(const QList<StepRecord> &steps);
    // Failed requests by status ("403", "transport") summed over the steps.
    static QMap<QString, double> errorsFrom(const QList<StepRecord> &steps);

    void setSteps(const QList<StepRecord> &steps);
    void clear();

    QList<S3SweepPoint> points() const { return m_points; }
    QChartView *throughputView() const { return m_bwView; }
    QChartView *opsView() const { return m_opsView; }
    QTableWidget *table() const { return m_table; }
    QLabel *errorsLabel() const { return m_errors; }
    // Texts of the size labels under the X axis of a chart ("64 KiB", …).
    QStringList sizeLabels(QChartView *view) const;
    // Value labels of a chart's points, as shown ("223", "0.87"), and whether any two overlap.
    QStringList valueLabels(QChartView *view) const;
    bool valueLabelsOverlap(QChartView *view) const;

private:
    struct Overlay {
        QList<QGraphicsItem *> items;
        QList<QGraphicsSimpleTextItem *> sizes;
        QList<QGraphicsSimpleTextItem *> values;
    };
    void fillChart(QChartView *view, bool throughput);
    void placeLabels(QChart *chart);

    QChartView *m_bwView = nullptr;
    QChartView *m_opsView = nullptr;
    QTableWidget *m_table = nullptr;
    QLabel *m_errors = nullptr;
    QLabel *m_empty = nullptr;
    QList<S3SweepPoint> m_points;
    QMap<QChart *, Overlay> m_overlay;
};

} // namespace cm::ui
