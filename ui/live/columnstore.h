// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Bounded display history of one live line: points go into time buckets; each bucket
// keeps only its lowest and highest point (so spikes stay visible). When there are
// more buckets than plot columns the bucket width doubles and neighbours merge, so a
// line holds at most `columns` buckets however long the run: memory is bounded and a
// refresh costs O(columns), not O(history). Full resolution lives in the store.
#include <QList>
#include <QPointF>

namespace cm::ui {

class ColumnStore {
public:
    void setColumns(int columns); // the plot width in pixels; keeps at most half as many buckets
    int columns() const { return m_columns; }
    void append(const QList<QPointF> &points); // x ascending; earlier x joins the first bucket
    void clear();

    // Display points: per bucket its min and max point in x order (one when they
    // coincide), and the latest point when it is neither.
    QList<QPointF> points(double yDivisor = 1.0) const;
    // Display points of buckets [from, end).
    QList<QPointF> pointsFrom(qsizetype fromBucket, double yDivisor = 1.0) const;

    qsizetype bucketCount() const { return m_buckets.size(); }
    qint64 received() const { return m_received; }
    double bucketWidth() const { return m_width; }

    // What changed since the last takeChanges(): `rebuilt` when the buckets merged
    // (everything moves), else the first bucket whose points changed (-1: none).
    struct Changes {
        bool rebuilt = false;
        qsizetype firstBucket = -1;
    };
    Changes takeChanges();

private:
    struct Bucket {
        qint64 index = 0; // floor((x - origin) / width)
        QPointF lo, hi; // lowest and highest point
        int n = 0;
    };
    void widen();
    void touch(qsizetype bucket);

    QList<Bucket> m_buckets;
    double m_origin = 0;
    double m_width = 0.05; // seconds; finer than any sampling interval at first
    int m_columns = 300;
    qint64 m_received = 0;
    QPointF m_last; // the latest point appended
    Changes m_changes;
};

} // namespace cm::ui
