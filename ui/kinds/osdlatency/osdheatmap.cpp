// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/osdlatency/osdheatmap.h"

#include "results/heatscale.h"
#include "unitscale.h"

#include <QEvent>
#include <QHelpEvent>
#include <QJsonArray>
#include <QLinearGradient>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace cm::ui {

namespace {
constexpr int Margin = 8;
constexpr int CellW = 104;
constexpr int CellH = 60;
constexpr int Gap = 6;
constexpr int RowGap = 12;
constexpr int LegendH = 58;
const QColor OutlierColor(198, 40, 40);

QString badgeText(const OsdLatencyCell &c)
{
    if (c.rotational == 1)
        return OsdHeatMap::tr("HDD");
    if (c.rotational == 0)
        return c.deviceClass == QLatin1String("nvme") ? OsdHeatMap::tr("NVMe") : OsdHeatMap::tr("SSD");
    return QStringLiteral("?");
}
} // namespace

OsdHeatMap::OsdHeatMap(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("osdHeatMap"));
    setAttribute(Qt::WA_OpaquePaintEvent, false);
    setMouseTracking(true);
    QSizePolicy sp(QSizePolicy::Expanding, QSizePolicy::Preferred);
    sp.setHeightForWidth(true);
    setSizePolicy(sp);
}

QList<OsdLatencyCell> OsdHeatMap::parseSummary(const QJsonObject &summary, int *skipped)
{
    QList<OsdLatencyCell> out;
    int bad = 0;
    const QJsonArray osds = summary.value(QStringLiteral("osds")).toArray();
    for (const QJsonValue &v : osds) {
        const QJsonObject o = v.toObject();
        if (!o.value(QStringLiteral("id")).isDouble()) {
            ++bad;
            continue;
        }
        OsdLatencyCell c;
        c.id = o.value(QStringLiteral("id")).toInt();
        c.host = o.value(QStringLiteral("host")).toString();
        c.deviceClass = o.value(QStringLiteral("deviceClass")).toString();
        const QJsonValue rot = o.value(QStringLiteral("rotational"));
        c.rotational = rot.isBool() ? int(rot.toBool()) : -1;
        c.ops = qint64(o.value(QStringLiteral("ops")).toDouble());
        auto num = [&](const char *k) {
            const double d = o.value(QLatin1String(k)).toDouble();
            return std::isfinite(d) && d > 0 ? d : 0.0;
        };
        c.p50 = num("p50");
        c.p99 = num("p99");
        c.p999 = num("p999");
        c.mean = num("mean");
        c.max = num("max");
        c.iops = num("iops");
        c.outlier = o.value(QStringLiteral("outlier")).toBool();
        c.outlierReason = o.value(QStringLiteral("outlierReason")).toString();
        out.append(c);
    }
    if (skipped)
        *skipped = bad;
    return out;
}

void OsdHeatMap::setSummary(const QJsonObject &summary)
{
    int skipped = 0;
    const QList<OsdLatencyCell> cells = parseSummary(summary, &skipped);
    setCells(cells);
    m_skipped = skipped;
}

void OsdHeatMap::setCells(const QList<OsdLatencyCell> &cells)
{
    m_cells = cells;
    m_skipped = 0;
    // hosts in name order (OSDs without a host last), OSDs by id within a host
    std::stable_sort(m_cells.begin(), m_cells.end(), [](const OsdLatencyCell &a, const OsdLatencyCell &b) {
        if (a.host.isEmpty() != b.host.isEmpty())
            return b.host.isEmpty();
        if (a.host != b.host)
            return a.host < b.host;
        return a.id < b.id;
    });
    rescale();
    relayout();
    updateGeometry();
    update();
}

void OsdHeatMap::setMetric(Metric m)
{
    if (m_metric == m)
        return;
    m_metric = m;
    rescale();
    update();
}

double OsdHeatMap::valueOf(const OsdLatencyCell &c) const
{
    return m_metric == Metric::P99 ? c.p99 : c.p50;
}

// Log scale from the fastest OSD to the slowest, at least a factor 2 wide so that a
// healthy cluster with a few % spread stays green.
void OsdHeatMap::rescale()
{
    m_lo = 0;
    m_hi = 0;
    for (const OsdLatencyCell &c : std::as_const(m_cells)) {
        const double v = valueOf(c);
        if (v <= 0)
            continue;
        m_lo = m_lo > 0 ? std::min(m_lo, v) : v;
        m_hi = std::max(m_hi, v);
    }
    if (m_lo > 0)
        m_hi = std::max(m_hi, 2 * m_lo);
}

double OsdHeatMap::position(double v) const
{
    if (v <= 0 || m_lo <= 0 || m_hi <= m_lo)
        return 0;
    return std::clamp(std::log(v / m_lo) / std::log(m_hi / m_lo), 0.0, 1.0);
}

QColor OsdHeatMap::scaleColor(double t)
{
    return heatScaleColor(t);
}

QColor OsdHeatMap::cellColor(int osdId) const
{
    for (const OsdLatencyCell &c : m_cells)
        if (c.id == osdId)
            return valueOf(c) > 0 ? scaleColor(position(valueOf(c))) : palette().color(QPalette::Mid);
    return {};
}

QStringList OsdHeatMap::hosts() const
{
    QStringList h;
    for (const OsdLatencyCell &c : m_cells) {
        const QString name = c.host.isEmpty() ? tr("(no host)") : c.host;
        if (h.isEmpty() || h.last() != name)
            h << name;
    }
    return h;
}

int OsdHeatMap::hostColumnWidth() const
{
    QFont f = font();
    f.setBold(true);
    const QFontMetrics fm(f);
    int w = 60;
    for (const QString &h : hosts())
        w = std::max(w, fm.horizontalAdvance(h));
    return std::min(w, 180) + 12;
}

// Places the cells for a given width; returns the y below the last row.
int OsdHeatMap::layoutCells(int width, QList<Placed> *placed, QList<QPair<QString, QRect>> *hostLabels) const
{
    const int left = Margin + hostColumnWidth();
    const int perLine = std::max(1, (width - left - Margin + Gap) / (CellW + Gap));
    int y = Margin;
    int i = 0;
    const int n = int(m_cells.size());
    while (i < n) {
        const QString host = m_cells.at(i).host;
        int j = i;
        while (j < n && m_cells.at(j).host == host)
            ++j;
        const int lines = (j - i + perLine - 1) / perLine;
        if (hostLabels)
            hostLabels->append({host.isEmpty() ? tr("(no host)") : host,
                QRect(Margin, y, left - Margin - 8, lines * CellH + (lines - 1) * Gap)});
        for (int k = i; k < j; ++k) {
            const int pos = k - i;
            const QRect r(left + (pos % perLine) * (CellW + Gap), y + (pos / perLine) * (CellH + Gap), CellW, CellH);
            if (placed)
                placed->append(Placed {k, r});
        }
        y += lines * CellH + (lines - 1) * Gap + RowGap;
        i = j;
    }
    return y;
}

void OsdHeatMap::relayout()
{
    m_placed.clear();
    m_hostLabels.clear();
    m_contentBottom = layoutCells(width(), &m_placed, &m_hostLabels);
}

int OsdHeatMap::heightForWidth(int w) const
{
    if (m_cells.isEmpty())
        return 80;
    return layoutCells(w, nullptr, nullptr) + LegendH + Margin;
}

QSize OsdHeatMap::sizeHint() const
{
    const int w = Margin * 2 + hostColumnWidth() + 6 * (CellW + Gap);
    return QSize(w, heightForWidth(w));
}

QSize OsdHeatMap::minimumSizeHint() const
{
    return QSize(Margin * 2 + hostColumnWidth() + CellW, 80);
}

void OsdHeatMap::resizeEvent(QResizeEvent *e)
{
    QWidget::resizeEvent(e);
    relayout();
}

QRect OsdHeatMap::cellRect(int osdId) const
{
    for (const Placed &p : m_placed)
        if (m_cells.at(p.index).id == osdId)
            return p.rect;
    return {};
}

bool OsdHeatMap::isOutlier(int osdId) const
{
    for (const OsdLatencyCell &c : m_cells)
        if (c.id == osdId)
            return c.outlier;
    return false;
}

QString OsdHeatMap::emptyText() const
{
    return tr("No OSD results in this run.");
}

QString OsdHeatMap::legendTitle() const
{
    return m_metric == Metric::P99 ? tr("Colour: p99 latency") : tr("Colour: p50 latency");
}

QString OsdHeatMap::toolTipFor(int osdId) const
{
    for (const OsdLatencyCell &c : m_cells) {
        if (c.id != osdId)
            continue;
        QString t = QStringLiteral("<b>osd.%1</b> — %2<br>")
                        .arg(c.id)
                        .arg((c.host.isEmpty() ? tr("no host") : c.host).toHtmlEscaped());
        t += tr("class %1, %2")
                 .arg(c.deviceClass.isEmpty() ? tr("unknown") : c.deviceClass.toHtmlEscaped(),
                     c.rotational == 1       ? tr("rotational")
                         : c.rotational == 0 ? tr("not rotational")
                                             : tr("rotational unknown"));
        t += QStringLiteral("<br>");
        t += tr("p50 %1 · p99 %2 · p99.9 %3")
                 .arg(formatLatencyNs(c.p50), formatLatencyNs(c.p99), formatLatencyNs(c.p999));
        t += QStringLiteral("<br>");
        t += tr("mean %1 · max %2").arg(formatLatencyNs(c.mean), formatLatencyNs(c.max));
        t += QStringLiteral("<br>");
        t += tr("%1 · %n op(s)", nullptr, int(std::min<qint64>(c.ops, INT_MAX))).arg(formatIops(c.iops));
        if (c.outlier)
            t += QStringLiteral("<br><b style='color:#c62828'>%1</b>")
                     .arg((c.outlierReason.isEmpty() ? tr("Outlier") : tr("Outlier: %1").arg(c.outlierReason))
                              .toHtmlEscaped());
        return t;
    }
    return {};
}

int OsdHeatMap::indexAt(const QPoint &p) const
{
    for (const Placed &pl : m_placed)
        if (pl.rect.contains(p))
            return pl.index;
    return -1;
}

bool OsdHeatMap::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *he = static_cast<QHelpEvent *>(e);
        const int i = indexAt(he->pos());
        if (i >= 0)
            QToolTip::showText(he->globalPos(), toolTipFor(m_cells.at(i).id), this, cellRect(m_cells.at(i).id));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

QRect OsdHeatMap::legendRect(int top) const
{
    return QRect(Margin, top, std::max(0, width() - 2 * Margin), LegendH - 8);
}

void OsdHeatMap::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QColor text = palette().color(QPalette::Text);
    if (m_cells.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, emptyText());
        return;
    }
    QFont base = font();
    QFont bold = base;
    bold.setBold(true);
    QFont small = base;
    small.setPointSizeF(base.pointSizeF() * 0.8);

    p.setFont(bold);
    p.setPen(text);
    for (const auto &[name, r] : std::as_const(m_hostLabels))
        p.drawText(r.adjusted(0, 0, 0, 0), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
            QFontMetrics(bold).elidedText(name, Qt::ElideMiddle, r.width()));

    const QString metricName = m_metric == Metric::P99 ? QStringLiteral("p99") : QStringLiteral("p50");
    for (const Placed &pl : std::as_const(m_placed)) {
        const OsdLatencyCell &c = m_cells.at(pl.index);
        const QRectF r = QRectF(pl.rect).adjusted(0.5, 0.5, -0.5, -0.5);
        const double v = valueOf(c);
        const QColor fill = v > 0 ? scaleColor(position(v)) : palette().color(QPalette::Mid);
        p.setPen(QPen(fill.darker(135), 1));
        p.setBrush(fill);
        p.drawRoundedRect(r, 4, 4);
        if (c.outlier) {
            // a bold red frame with a white line inside: visible on a red cell too
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(OutlierColor, 3.5));
            p.drawRoundedRect(r.adjusted(1.5, 1.5, -1.5, -1.5), 4, 4);
            p.setPen(QPen(Qt::white, 1));
            p.drawRoundedRect(r.adjusted(3.5, 3.5, -3.5, -3.5), 3, 3);
        }
        const QColor ink(25, 25, 25); // dark text reads on every scale colour
        const QRect inner = pl.rect.adjusted(7, 6, -7, -6);
        // badge (HDD / SSD / NVMe) top right
        p.setFont(small);
        const QString badge = badgeText(c);
        const QFontMetrics sfm(small);
        const QRect badgeRect(inner.right() - sfm.horizontalAdvance(badge) - 8, inner.top(),
            sfm.horizontalAdvance(badge) + 8, sfm.height() + 1);
        p.setPen(Qt::NoPen);
        p.setBrush(c.rotational == 1 ? QColor(93, 64, 55)
                : c.rotational == 0  ? QColor(21, 101, 192)
                                     : QColor(117, 117, 117));
        p.drawRoundedRect(badgeRect, 3, 3);
        p.setPen(Qt::white);
        p.drawText(badgeRect, Qt::AlignCenter, badge);
        p.setPen(ink);
        p.setFont(bold);
        p.drawText(QRect(inner.left(), inner.top(), badgeRect.left() - inner.left() - 2, badgeRect.height()),
            Qt::AlignLeft | Qt::AlignVCenter, QStringLiteral("osd.%1").arg(c.id));
        p.setFont(small);
        QString middle = c.deviceClass.isEmpty() ? tr("no class") : c.deviceClass;
        if (c.iops > 0)
            middle += QStringLiteral(" · ") + formatIops(c.iops);
        p.drawText(inner, Qt::AlignLeft | Qt::AlignVCenter, sfm.elidedText(middle, Qt::ElideRight, inner.width()));
        p.setFont(bold);
        p.drawText(inner, Qt::AlignLeft | Qt::AlignBottom,
            v > 0 ? QStringLiteral("%1 %2").arg(metricName, formatLatencyNs(v)) : tr("no ops"));
    }

    // Legend: the gradient with its ends and middle in time units, and the outlier mark.
    const QRect lr = legendRect(m_contentBottom);
    p.setFont(bold);
    p.setPen(text);
    const QFontMetrics bfm(bold);
    p.drawText(QRect(lr.left(), lr.top(), lr.width(), bfm.height()), Qt::AlignLeft | Qt::AlignVCenter, legendTitle());
    const int barLeft = lr.left();
    const int barW = std::min(280, std::max(120, lr.width() / 2));
    const QRect bar(barLeft, lr.top() + bfm.height() + 4, barW, 12);
    QLinearGradient g(bar.topLeft(), bar.topRight());
    for (int i = 0; i <= 10; ++i)
        g.setColorAt(i / 10.0, scaleColor(i / 10.0));
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    p.setBrush(g);
    p.drawRect(bar);
    p.setFont(small);
    p.setPen(text);
    const QFontMetrics sfm(small);
    const int ty = bar.bottom() + 2;
    if (m_lo > 0) {
        const double mid = std::sqrt(m_lo * m_hi); // the middle of a log scale
        p.drawText(QRect(bar.left(), ty, barW / 3, sfm.height()), Qt::AlignLeft, formatLatencyNs(m_lo));
        p.drawText(QRect(bar.left() + barW / 3, ty, barW / 3, sfm.height()), Qt::AlignHCenter, formatLatencyNs(mid));
        p.drawText(QRect(bar.right() - barW / 3, ty, barW / 3, sfm.height()), Qt::AlignRight, formatLatencyNs(m_hi));
    }
    const QRect mark(bar.right() + 24, bar.top() - 2, 22, 16);
    p.setBrush(scaleColor(1));
    p.setPen(QPen(OutlierColor, 3));
    p.drawRoundedRect(mark, 3, 3);
    p.setPen(QPen(Qt::white, 1));
    p.drawRoundedRect(QRectF(mark).adjusted(2.5, 2.5, -2.5, -2.5), 2, 2);
    p.setPen(text);
    p.drawText(QRect(mark.right() + 6, mark.top(), std::max(0, lr.right() - mark.right() - 6), mark.height()),
        Qt::AlignLeft | Qt::AlignVCenter, tr("outlier (hover for the reason)"));
}

} // namespace cm::ui
