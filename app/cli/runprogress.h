// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A run's progress on stderr. On a terminal: one line redrawn every second with the
// step, the time taken and the time left, and each step's figures printed above it.
// Elsewhere (a pipe, a log file): plain lines, one per event.
#include "engine/runengine.h"

#include <QElapsedTimer>
#include <QMap>
#include <QObject>
#include <QTimer>

namespace cm::cli {

class RunProgress : public QObject {
public:
    RunProgress(RunEngine *engine, bool terminal);

private:
    void started(RunId id, const Plan &plan, double estimatedSeconds);
    void stepStarted(int index, int total, const QString &title);
    void stepFinished(int index, const QString &node, const QJsonObject &summary);
    void redraw();
    QString titleOnce(int index);

    bool m_terminal;
    QTimer m_tick;
    QElapsedTimer m_clock;
    double m_estimate = 0;
    QString m_step; // "[3/8] RND4K Q32T1"
    QMap<int, QString> m_titles; // on a terminal: titles not printed yet, by step index
};

QString formatSeconds(double seconds); // "1:05"
// A finished step's figures in one line (per-OSD and iperf findings on lines below).
QString stepFigures(const QJsonObject &summary);

} // namespace cm::cli
