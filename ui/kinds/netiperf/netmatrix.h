// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Network results as a matrix (docs/ARCHITECTURE.md §2 "Network"): rows = sender, columns =
// receiver, Gbit/s in each cell, coloured from green (as fast as the best pair) to red
// (half of it or less); failed pairs are hatched with their reason, pairs the plan did
// not measure stay empty. Hover a cell for retransmits, CPU and the tool. Input: the
// net-iperf step records of a run (params client/server/direction, summary
// bitsPerSecond/reverseBitsPerSecond/retransmits/senderCpuPercent/receiverCpuPercent).
#include "store/sessionstore.h"

#include <QWidget>

#include <optional>

namespace cm::ui {

struct NetPairCell {
    QString sender, receiver;
    double bitsPerSecond = 0; // mean of the completed measurements
    int measurements = 0; // completed
    int failures = 0;
    QString reason; // the last failure's error
    qint64 retransmits = -1; // sum over the measurements; -1 unknown (iperf 2)
    std::optional<double> senderCpu, receiverCpu; // % (iperf3)
    QString tool, toolReason;
    int streams = 0;
    bool bidir = false; // measured as one direction of a bidirectional test

    bool failed() const { return measurements == 0 && failures > 0; }
};

class NetMatrix : public QWidget {
    Q_OBJECT
public:
    explicit NetMatrix(QWidget *parent = nullptr);

    void setSteps(const QList<StepRecord> &steps);
    void setCells(const QList<NetPairCell> &cells, const QStringList &nodes = {});
    static QList<NetPairCell> cellsFromSteps(const QList<StepRecord> &steps, QStringList *nodes = nullptr);

    QStringList nodes() const { return m_nodes; } // row and column order
    int cellCount() const { return int(m_cells.size()); }
    const NetPairCell *cell(const QString &sender, const QString &receiver) const;
    QRect cellRect(const QString &sender, const QString &receiver) const;
    QColor cellColor(const QString &sender, const QString &receiver) const;
    QString cellText(const QString &sender, const QString &receiver) const;
    QString toolTipFor(const QString &sender, const QString &receiver) const;
    double bestBitsPerSecond() const { return m_best; }

    // green (t = 0, as fast as the best pair) → yellow → red (t = 1, half of it or less)
    static QColor scaleColor(double t);
    static QString formatGbits(double bitsPerSecond); // "1.91 Gbit/s", "940 Mbit/s"

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *e) override;
    bool event(QEvent *e) override;

private:
    int headerWidth() const;
    QRect gridRect() const;
    double position(double bps) const;
    int indexAt(const QPoint &p, QString *sender, QString *receiver) const;

    QList<NetPairCell> m_cells;
    QStringList m_nodes;
    double m_best = 0;
};

} // namespace cm::ui
