// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The metadata figures of a CephFS run: per metadata step, one horizontal bar per op
// (create, stat, delete) for its ops/s, all on one scale, with the op's p50 and p99
// latency and how many ops it made. Read from StepOutcome.summary["meta"] (cephfskind.h).
#include "store/sessionstore.h"

#include <QWidget>

namespace cm::ui {

class CephFsMetaPanel : public QWidget {
    Q_OBJECT
public:
    struct Bar {
        QString op; // "create", "stat", "delete"
        double opsPerSec = 0;
        qint64 totalOps = 0;
        double p50Ns = 0;
        double p99Ns = 0;
    };
    struct Group {
        QString title; // the step's title (and iteration)
        int threads = 0;
        int files = 0; // per thread
        QList<Bar> bars;
    };

    explicit CephFsMetaPanel(QWidget *parent = nullptr);

    // Keeps the steps whose summary holds metadata figures.
    void setSteps(const QList<StepRecord> &steps);
    void clear();
    QList<Group> groups() const { return m_groups; }
    int barCount() const;
    double scaleMax() const { return m_max; } // ops/s at the full bar width
    // The rectangle of bar `bar` of group `group` as painted (empty if out of range).
    QRect barRect(int group, int bar) const;

    static Group groupOf(const QString &title, const QJsonObject &summary);
    static bool hasMetadata(const QJsonObject &summary);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *e) override;

private:
    struct Metrics {
        int labelWidth = 0;
        int valueWidth = 0;
        int rowHeight = 0;
        int headHeight = 0;
    };
    Metrics metrics() const;
    static QColor colorOf(const QString &op);
    static QString opTitle(const QString &op);

    QList<Group> m_groups;
    double m_max = 0;
};

} // namespace cm::ui
