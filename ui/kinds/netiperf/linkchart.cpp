// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/netiperf/linkchart.h"

#include "chartpalette.h"
#include "live/decimator.h"
#include "model/metric.h"
#include "targetcolors.h"

#include <QChart>
#include <QGraphicsSimpleTextItem>
#include <QLegendMarker>
#include <QLegend>
#include <QLineSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace cm::ui {

namespace {
QString speedText(double bps)
{
    if (bps >= 1e9)
        return LinkChart::tr("%1 Gbit/s").arg(QString::number(bps / 1e9, 'g', 3));
    return LinkChart::tr("%1 Mbit/s").arg(QString::number(bps / 1e6, 'g', 3));
}

// "net.s1a.tx" → ("s1a", "tx"); interface names may hold dots (vlan "eno1.100").
bool splitNetMetric(const QString &m, QString *iface, QString *what)
{
    if (!m.startsWith(QLatin1String("net.")))
        return false;
    const qsizetype dot = m.lastIndexOf(QLatin1Char('.'));
    if (dot <= 4)
        return false;
    *iface = m.mid(4, dot - 4);
    *what = m.mid(dot + 1);
    return !iface->isEmpty();
}
} // namespace

LinkChart::LinkChart(QWidget *parent)
    : QChartView(parent)
{
    setObjectName(QStringLiteral("linkChart"));
    auto *c = new QChart();
    c->setTitle(tr("Per-link traffic"));
    c->setMargins(QMargins(4, 4, 4, 4));
    c->setBackgroundRoundness(0);
    c->legend()->setAlignment(Qt::AlignRight);
    QFont lf = c->legend()->font();
    lf.setPointSizeF(lf.pointSizeF() * 0.8);
    c->legend()->setFont(lf);
    m_axisX = new QValueAxis(c);
    m_axisX->setLabelFormat(QStringLiteral("%d s")); // as the run's other charts (livechart.cpp)
    m_axisX->setTitleVisible(false);
    m_axisX->setRange(0, 10);
    m_axisY = new QValueAxis(c);
    m_axisY->setLabelFormat(QStringLiteral("%.4g"));
    m_axisY->setRange(0, 1);
    m_axisX->setTickCount(6);
    m_axisY->setTickCount(6);
    m_unitLabel = tr("Gbit/s");
    m_axisY->setTitleText(m_unitLabel);
    c->addAxis(m_axisX, Qt::AlignBottom);
    c->addAxis(m_axisY, Qt::AlignLeft);
    setChart(c);
    followPalette(this);
    setRenderHint(QPainter::Antialiasing);
    setMinimumSize(300, 200);
    connect(c, &QChart::plotAreaChanged, this, &LinkChart::placeReferenceLabels);
}

// Labels on the plot: each reference line's above its right end; those off the scale
// stacked at the top left.
void LinkChart::placeReferenceLabels()
{
    const QStringList wanted = [&] {
        QStringList l;
        for (const auto &r : std::as_const(m_refValues))
            l << r.second;
        for (const QString &o : std::as_const(m_offScale))
            l << QStringLiteral("▲ ") + o;
        return l;
    }();
    while (m_refLabels.size() > wanted.size())
        delete m_refLabels.takeLast();
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.8);
    QColor ink = palette().color(QPalette::Text);
    ink.setAlpha(190);
    while (m_refLabels.size() < wanted.size()) {
        auto *t = new QGraphicsSimpleTextItem(chart());
        t->setFont(f);
        t->setBrush(ink);
        t->setZValue(20);
        m_refLabels.append(t);
    }
    const QRectF plot = chart()->plotArea();
    qreal stackY = plot.top() + 2;
    for (int i = 0; i < m_refLabels.size(); ++i) {
        QGraphicsSimpleTextItem *t = m_refLabels.at(i);
        t->setText(QFontMetrics(f).elidedText(wanted.at(i), Qt::ElideRight, int(plot.width()) - 8));
        const QRectF br = t->boundingRect();
        if (i < m_refValues.size()) {
            const QPointF at = chart()->mapToPosition(QPointF(m_axisX->max(), m_refValues.at(i).first));
            t->setPos(plot.right() - br.width() - 4, at.y() - br.height() - 1);
        } else {
            t->setPos(plot.left() + 4, stackY);
            stackY += br.height();
        }
    }
}

void LinkChart::clear()
{
    chart()->removeAllSeries(); // deletes them
    m_series.clear();
    m_lines.clear();
    m_speeds.clear();
    m_masters.clear();
    m_colors.clear();
    m_shownLines.clear();
    m_shownRefs.clear();
    m_offScale.clear();
    m_refValues.clear();
    m_axisX->setRange(0, 10);
    m_axisY->setRange(0, 1);
    m_axisX->setTickCount(6);
    m_axisY->setTickCount(6);
    m_dirty = false;
    placeReferenceLabels();
}

void LinkChart::addSamples(const SampleList &samples)
{
    for (const Sample &s : samples) {
        QString iface, what;
        if (!splitNetMetric(s.metric, &iface, &what) || iface == QLatin1String("lo"))
            continue;
        if (what == QLatin1String("tx") || what == QLatin1String("rx")) {
            const bool tx = what == QLatin1String("tx");
            Line &l = m_lines[lineKey(s.target, iface, tx)];
            l.node = s.target;
            l.iface = iface;
            l.tx = tx;
            const double bits = s.value * 8;
            l.points.insert(s.t, bits);
            l.peak = std::max(l.peak, bits);
            m_dirty = true;
        } else if (what == QLatin1String("speed") && s.value > 0) {
            m_speeds.insert(key(s.target, iface), s.value * 8);
            m_dirty = true;
        } else if (what == QLatin1String("master")) {
            setMaster(s.target, iface, s.value != 0);
        }
    }
}

void LinkChart::setNominalSpeed(const QString &node, const QString &iface, double bitsPerSecond)
{
    if (bitsPerSecond > 0)
        m_speeds.insert(key(node, iface), bitsPerSecond);
    else
        m_speeds.remove(key(node, iface));
    m_dirty = true;
}

void LinkChart::setMaster(const QString &node, const QString &iface, bool master)
{
    if (master)
        m_masters.insert(key(node, iface));
    else
        m_masters.remove(key(node, iface));
    m_dirty = true;
}

bool LinkChart::isMaster(const QString &node, const QString &iface) const
{
    return m_masters.contains(key(node, iface));
}

double LinkChart::peakBitsPerSecond(const QString &node, const QString &iface, bool tx) const
{
    return m_lines.value(lineKey(node, iface, tx)).peak;
}

double LinkChart::aggregatePeak(const QString &node, bool tx) const
{
    QMap<double, double> sum;
    for (const Line &l : m_lines)
        if (l.node == node && l.tx == tx && !isMaster(l.node, l.iface))
            for (auto it = l.points.cbegin(); it != l.points.cend(); ++it)
                sum[it.key()] += it.value();
    double peak = 0;
    for (double v : std::as_const(sum))
        peak = std::max(peak, v);
    return peak;
}

QColor LinkChart::colorFor(const QString &node, const QString &iface)
{
    const QString k = key(node, iface);
    if (m_colors.contains(k))
        return m_colors.value(k);
    const QColor base = TargetColors::instance().colorFor(node);
    int n = 0;
    for (auto it = m_colors.cbegin(); it != m_colors.cend(); ++it)
        n += it.key().startsWith(node + QLatin1Char('\n')) ? 1 : 0;
    // the node's colour, turned a little on the hue circle per interface; every other
    // one set off the background a little more
    QColor c = QColor::fromHsv((base.hsvHue() + 32 * n) % 360, base.hsvSaturation(), base.value());
    if (n % 2)
        c = awayFromBackground(c, palette(), 120);
    m_colors.insert(k, c);
    return c;
}

QLineSeries *LinkChart::seriesFor(const QString &name, const QColor &color, Qt::PenStyle style, qreal width)
{
    QLineSeries *s = m_series.value(name);
    if (!s) {
        s = new QLineSeries();
        s->setName(name);
        chart()->addSeries(s);
        s->attachAxis(m_axisX);
        s->attachAxis(m_axisY);
        m_series.insert(name, s);
    }
    QPen pen(color, width);
    pen.setStyle(style);
    s->setPen(pen);
    return s;
}

void LinkChart::flush()
{
    if (!m_dirty)
        return;
    m_dirty = false;
    double peak = 0, tMax = 0;
    for (const Line &l : std::as_const(m_lines)) {
        peak = std::max(peak, l.peak);
        if (!l.points.isEmpty())
            tMax = std::max(tMax, l.points.lastKey());
    }
    const double threshold = std::max(1e6, 0.02 * peak);
    struct Shown {
        QString name;
        QColor color;
        Qt::PenStyle style;
        qreal width;
        QList<QPointF> points;
    };
    QList<Shown> shown;
    struct Ref {
        double v; // bit/s
        QString node;
        QString what; // an interface, or empty: all its links
    };
    QList<Ref> refs;
    QStringList nodes;
    QList<const Line *> lines;
    for (const Line &l : std::as_const(m_lines))
        lines.append(&l);
    std::sort(lines.begin(), lines.end(), [](const Line *a, const Line *b) {
        return std::tie(a->node, a->iface, b->tx) < std::tie(b->node, b->iface, a->tx);
    });
    for (const Line *l : std::as_const(lines)) {
        if (!nodes.contains(l->node))
            nodes << l->node;
        if (l->peak < threshold)
            continue;
        Shown s {tr("%1 %2 %3").arg(l->node, l->iface, l->tx ? tr("TX") : tr("RX")), colorFor(l->node, l->iface),
            l->tx ? Qt::SolidLine : Qt::DashLine, 1.6, {}};
        for (auto it = l->points.cbegin(); it != l->points.cend(); ++it)
            s.points.append(QPointF(it.key(), it.value()));
        shown.append(s);
        const double speed = m_speeds.value(key(l->node, l->iface));
        if (speed > 0)
            refs.append({speed, l->node, l->iface});
    }
    double traffic = peak; // the highest line drawn, aggregates included
    // per node and direction: the sum over its links when two or more carried traffic
    for (const QString &node : std::as_const(nodes)) {
        for (bool tx : {true, false}) {
            int active = 0;
            double nominal = 0;
            bool allKnown = true;
            QMap<double, double> sum;
            for (const Line *l : std::as_const(lines)) {
                if (l->node != node || l->tx != tx || isMaster(node, l->iface))
                    continue;
                for (auto it = l->points.cbegin(); it != l->points.cend(); ++it)
                    sum[it.key()] += it.value();
                if (l->peak >= threshold) {
                    ++active;
                    const double sp = m_speeds.value(key(node, l->iface));
                    nominal += sp;
                    allKnown = allKnown && sp > 0;
                }
            }
            if (active < 2)
                continue;
            Shown s {tr("%1 all links %2").arg(node, tx ? tr("TX") : tr("RX")),
                awayFromBackground(TargetColors::instance().colorFor(node), palette(), 150),
                tx ? Qt::SolidLine : Qt::DashLine, 3.0, {}};
            for (auto it = sum.cbegin(); it != sum.cend(); ++it) {
                s.points.append(QPointF(it.key(), it.value()));
                traffic = std::max(traffic, it.value());
            }
            shown.append(s);
            if (allKnown && nominal > 0)
                refs.append({nominal, node, QString()});
        }
    }
    // one reference line per speed; the links that share it named together, by node
    std::stable_sort(refs.begin(), refs.end(), [](const Ref &a, const Ref &b) { return a.v < b.v; });
    QList<std::pair<double, QString>> merged; // bit/s, label
    for (int i = 0; i < refs.size();) {
        QStringList order; // nodes in order of appearance
        QHash<QString, QStringList> ifaces;
        QSet<QString> all;
        int j = i;
        for (; j < refs.size() && std::fabs(refs.at(j).v - refs.at(i).v) < 1; ++j) {
            const Ref &r = refs.at(j);
            if (!order.contains(r.node))
                order << r.node;
            if (r.what.isEmpty())
                all.insert(r.node);
            else if (!ifaces[r.node].contains(r.what))
                ifaces[r.node] << r.what;
        }
        QStringList parts;
        for (const QString &n : std::as_const(order)) {
            QString p = n;
            if (!ifaces.value(n).isEmpty())
                p += QLatin1Char(' ') + ifaces.value(n).join(QLatin1Char(' '));
            if (all.contains(n))
                p += ifaces.value(n).isEmpty() ? QLatin1Char(' ') + tr("all links")
                                               : QStringLiteral(", ") + tr("all links");
            parts << p;
        }
        merged.append(
            {refs.at(i).v, tr("%1 nominal: %2").arg(speedText(refs.at(i).v), parts.join(QStringLiteral(" · ")))});
        i = j;
    }
    // the scale follows the traffic; a nominal speed far above it is named, not drawn
    double top = traffic;
    for (const auto &r : std::as_const(merged))
        if (traffic <= 0 || r.first <= 2.5 * traffic)
            top = std::max(top, r.first);
    const double div = top >= 1e9 ? 1e9 : 1e6;
    m_unitLabel = div == 1e9 ? tr("Gbit/s") : tr("Mbit/s");
    m_axisY->setTitleText(m_unitLabel);
    // ticks at round values: 1, 2, 2.5 or 5 × 10^n, about five of them
    const auto step = [](double range) {
        const double raw = range / 5;
        const double e = std::pow(10.0, std::floor(std::log10(raw)));
        for (double m : {1.0, 2.0, 2.5, 5.0})
            if (m * e >= raw)
                return m * e;
        return 10 * e;
    };
    // Fixed tick counts over a range of whole steps: a tick interval set before or after
    // a range change could ask the axis for thousands of ticks in between.
    const double yStep = step(std::max(top * 1.08, div * 0.01) / div);
    const int yTicks = int(std::ceil(std::max(top * 1.08, div * 0.01) / div / yStep - 1e-9));
    m_axisY->setRange(0, yTicks * yStep);
    m_axisY->setTickCount(yTicks + 1);
    const double xStep = step(std::max(10.0, std::ceil(tMax)));
    const int xTicks = int(std::ceil(std::max(10.0, tMax) / xStep - 1e-9));
    const double xMax = xTicks * xStep;
    m_axisX->setRange(0, xMax);
    m_axisX->setTickCount(xTicks + 1);

    const int columns = std::max(50, int(chart()->plotArea().width()));
    QSet<QString> keep;
    m_shownLines.clear();
    m_shownRefs.clear();
    for (const Shown &s : std::as_const(shown)) {
        seriesFor(s.name, s.color, s.style, s.width)->replace(decimateMinMax(s.points, columns, div));
        keep.insert(s.name);
        m_shownLines << s.name;
    }
    m_offScale.clear();
    m_refValues.clear();
    for (const auto &[v, label] : std::as_const(merged)) {
        m_shownRefs << label;
        if (v > top * 1.0001) {
            m_offScale << label;
            continue;
        }
        QColor c = palette().color(QPalette::Text);
        c.setAlpha(150);
        QLineSeries *ref = seriesFor(label, c, Qt::DotLine, 1.4);
        ref->replace({QPointF(0, v / div), QPointF(xMax, v / div)});
        for (QLegendMarker *m : chart()->legend()->markers(ref))
            m->setVisible(false);
        keep.insert(label);
        m_refValues.append({v / div, label});
    }
    for (auto it = m_series.begin(); it != m_series.end();) {
        if (keep.contains(it.key())) {
            ++it;
            continue;
        }
        chart()->removeSeries(it.value());
        delete it.value();
        it = m_series.erase(it);
    }
    placeReferenceLabels();
}

QStringList LinkChart::lineNames() const
{
    return m_shownLines;
}

QStringList LinkChart::referenceNames() const
{
    return m_shownRefs;
}

QList<QLineSeries *> LinkChart::series() const
{
    return m_series.values();
}

} // namespace cm::ui
