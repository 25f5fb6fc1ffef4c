// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Live per-link traffic of a network run: each interface's TX and RX rate (from the
// node monitor's net.<iface>.tx / .rx samples), per node the aggregate over its links
// (bond and bridge masters left out, they repeat their members' traffic), and the
// links' nominal speeds as dotted reference lines labelled on the plot (net.<iface>.speed
// samples from the runner's probe, or setNominalSpeed() from the inventory); a nominal
// speed more than 2.5 times the traffic stays off the scale (the traffic stays
// readable) and is named at the top of the plot. Axis in bit/s, as link speeds are
// quoted. Idle interfaces (under 2% of the busiest and 1 Mbit/s) are not drawn.
// Samples arrive in batches (addSamples) and reach the chart in flush().
#include "model/sample.h"

#include <QChartView>
#include <QHash>
#include <QMap>
#include <QSet>

class QGraphicsSimpleTextItem;
class QLineSeries;
class QValueAxis;

namespace cm::ui {

class LinkChart : public QChartView {
    Q_OBJECT
public:
    explicit LinkChart(QWidget *parent = nullptr);

    void clear();
    // Takes the net.<iface>.tx/.rx/.speed/.master samples of the batch, ignores others.
    void addSamples(const SampleList &samples);
    // A link's nominal speed in bit/s (from the inventory or bond info), e.g. 10e9.
    void setNominalSpeed(const QString &node, const QString &iface, double bitsPerSecond);
    void setMaster(const QString &node, const QString &iface, bool master = true);
    void flush();

    // What is drawn, for tests and screenshots.
    QStringList lineNames() const; // "node1 s1a TX", "node1 all links TX"
    // "10 Gbit/s nominal: node1 s1a s1b · node2 s2a", "20 Gbit/s nominal: node1 all links"
    QStringList referenceNames() const;
    QStringList offScaleReferences() const { return m_offScale; } // of those, above the axis
    QList<QLineSeries *> series() const;
    double peakBitsPerSecond(const QString &node, const QString &iface, bool tx) const;
    double aggregatePeak(const QString &node, bool tx) const;
    bool isMaster(const QString &node, const QString &iface) const;
    double nominalSpeed(const QString &node, const QString &iface) const { return m_speeds.value(key(node, iface)); }
    QValueAxis *axisY() const { return m_axisY; }
    QString unitLabel() const { return m_unitLabel; }

private:
    struct Line {
        QString node, iface;
        bool tx = true;
        QMap<double, double> points; // t → bit/s
        double peak = 0;
    };
    static QString key(const QString &node, const QString &iface) { return node + QLatin1Char('\n') + iface; }
    static QString lineKey(const QString &node, const QString &iface, bool tx)
    {
        return key(node, iface) + (tx ? QLatin1String("\ntx") : QLatin1String("\nrx"));
    }
    QColor colorFor(const QString &node, const QString &iface);
    QLineSeries *seriesFor(const QString &name, const QColor &color, Qt::PenStyle style, qreal width);
    void placeReferenceLabels();

    QValueAxis *m_axisX = nullptr;
    QValueAxis *m_axisY = nullptr;
    QHash<QString, Line> m_lines;
    QHash<QString, double> m_speeds; // key(node, iface) → bit/s
    QSet<QString> m_masters; // key(node, iface)
    QHash<QString, QLineSeries *> m_series; // by display name
    QHash<QString, QColor> m_colors;
    QStringList m_shownLines, m_shownRefs, m_offScale;
    QList<std::pair<double, QString>> m_refValues; // display unit, label (on the scale)
    QList<QGraphicsSimpleTextItem *> m_refLabels;
    QString m_unitLabel;
    bool m_dirty = false;
};

} // namespace cm::ui
