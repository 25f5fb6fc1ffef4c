// SPDX-License-Identifier: GPL-3.0-or-later
#include "runprogress.h"

#include "clicommon.h"

#include <QJsonArray>

namespace cm::cli {

QString formatSeconds(double seconds)
{
    const int t = int(seconds + 0.5);
    return QStringLiteral("%1:%2").arg(t / 60).arg(t % 60, 2, 10, QLatin1Char('0'));
}

QString stepFigures(const QJsonObject &s)
{
    QStringList parts;
    for (const char *dir : {"read", "write"}) {
        const QJsonObject d = s.value(QLatin1String(dir)).toObject();
        // ops that move no data (RADOS stat) still count
        if (d.value(QStringLiteral("io_bytes")).toDouble() <= 0 && d.value(QStringLiteral("total_ios")).toDouble() <= 0)
            continue;
        parts << QStringLiteral("%1 %2 MB/s %3 IOPS")
                     .arg(QLatin1String(dir))
                     .arg(d.value(QStringLiteral("bw")).toDouble() / 1e6, 0, 'f', 1)
                     .arg(d.value(QStringLiteral("iops")).toDouble(), 0, 'f', 0);
    }
    const QJsonObject meta = s.value(QStringLiteral("meta")).toObject(); // CephFS metadata
    for (const char *op : {"create", "stat", "delete"}) {
        const QJsonObject o = meta.value(QLatin1String(op)).toObject();
        if (!o.isEmpty())
            parts << QStringLiteral("%1 %2 ops/s (p99 %3 us)")
                         .arg(QLatin1String(op))
                         .arg(o.value(QStringLiteral("iops")).toDouble(), 0, 'f', 0)
                         .arg(o.value(QStringLiteral("lat_p99_ns")).toDouble() / 1e3, 0, 'f', 0);
    }
    for (const QJsonValue &v : s.value(QStringLiteral("osds")).toArray()) { // per-OSD latency
        const QJsonObject o = v.toObject();
        parts << QStringLiteral("\n      osd.%1 %2 writes, p50 %3 us, p99 %4 us%5")
                     .arg(o.value(QStringLiteral("id")).toInt())
                     .arg(o.value(QStringLiteral("ops")).toDouble(), 0, 'f', 0)
                     .arg(o.value(QStringLiteral("p50")).toDouble() / 1e3, 0, 'f', 0)
                     .arg(o.value(QStringLiteral("p99")).toDouble() / 1e3, 0, 'f', 0)
                     .arg(o.value(QStringLiteral("outlier")).toBool() ? QStringLiteral(" OUTLIER") : QString());
    }
    if (s.contains(QStringLiteral("bitsPerSecond"))) { // net-iperf
        parts << QStringLiteral("%1 Gbit/s (%2, %3 streams; %4)")
                     .arg(s.value(QStringLiteral("bitsPerSecond")).toDouble() / 1e9, 0, 'f', 3)
                     .arg(s.value(QStringLiteral("tool")).toString())
                     .arg(s.value(QStringLiteral("streams")).toInt())
                     .arg(s.value(QStringLiteral("toolReason")).toString());
        for (const QJsonValue &v : s.value(QStringLiteral("findings")).toArray())
            parts << QStringLiteral("\n      [%1] %2")
                         .arg(v.toObject().value(QStringLiteral("severity")).toString(),
                             v.toObject().value(QStringLiteral("text")).toString());
    }
    return parts.join(QStringLiteral(", "));
}

RunProgress::RunProgress(RunEngine *engine, bool terminal)
    : m_terminal(terminal)
{
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &RunProgress::redraw);
    connect(engine, &RunEngine::runStarted, this,
        [this](RunId id, const Plan &p, SampleBufferPtr, double est) { started(id, p, est); });
    connect(engine, &RunEngine::stepStarted, this,
        [this](RunId, int index, int total, const QString &title) { stepStarted(index, total, title); });
    connect(engine, &RunEngine::stepFinished, this,
        [this](RunId, int index, const QString &node, const QJsonObject &s) { stepFinished(index, node, s); });
    connect(engine, &RunEngine::stepFailed, this, [this](RunId, int index, const QString &node, const Error &err) {
        printErr(titleOnce(index) + QStringLiteral("    %1: FAILED: %2").arg(node, err.toString()));
    });
    connect(engine, &RunEngine::runFinished, this, [this] {
        m_tick.stop();
        clearStatusLine();
    });
}

void RunProgress::started(RunId id, const Plan &p, double estimatedSeconds)
{
    m_estimate = estimatedSeconds;
    m_clock.start();
    const QString steps = p.untilStable() ? QStringLiteral("%1 to %2 steps until each varies by at most %3 %")
                                                .arg(p.steps.size() * p.minIterations())
                                                .arg(p.steps.size() * p.maxIterations())
                                                .arg(p.untilSpreadPct)
                                          : QStringLiteral("%1 steps").arg(p.steps.size() * p.repeat);
    printProgress(QStringLiteral("run %1 started: %2 (%3 on %4 node(s), about %5)")
                      .arg(id)
                      .arg(p.name, steps)
                      .arg(p.nodes.size())
                      .arg(formatSeconds(estimatedSeconds)));
    if (m_terminal && !isQuiet()) {
        m_step = QStringLiteral("starting");
        redraw();
        m_tick.start();
    }
}

void RunProgress::stepStarted(int index, int total, const QString &title)
{
    const QString line = QStringLiteral("[%1/%2] %3").arg(index + 1).arg(total).arg(title);
    if (!m_terminal)
        return printProgress(line);
    m_titles.insert(index, line);
    m_step = line;
    redraw();
}

void RunProgress::stepFinished(int index, const QString &node, const QJsonObject &summary)
{
    // On a terminal the step's own line was the status line: it is printed with the figures.
    const QString figures = QStringLiteral("    %1: %2").arg(node, stepFigures(summary));
    printProgress(titleOnce(index) + figures);
}

// On a terminal a step's title was only on the status line: it is printed above the
// first line about the step.
QString RunProgress::titleOnce(int index)
{
    if (!m_terminal || !m_titles.contains(index))
        return {};
    return m_titles.take(index) + QLatin1Char('\n');
}

// "[3/8] RND4K Q32T1 · 1:05 · about 2:10 left"; past the estimate, how far past it.
void RunProgress::redraw()
{
    const double elapsed = m_clock.elapsed() / 1000.0;
    const double left = m_estimate - elapsed;
    const QString eta = left >= 0.5 ? QStringLiteral("about %1 left").arg(formatSeconds(left))
                                    : QStringLiteral("%1 past the estimate").arg(formatSeconds(-left));
    setStatusLine(QStringLiteral("%1 · %2 · %3").arg(m_step, formatSeconds(elapsed), eta));
}

} // namespace cm::cli
