// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/netiperf/netmatrix.h"
#include "kinds/netiperf/netfindingspanel.h"

#include "results/heatscale.h"

#include <QEvent>
#include <QHelpEvent>
#include <QJsonArray>
#include <QJsonValue>
#include <QLinearGradient>
#include <QPainter>
#include <QRegularExpression>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <functional>

namespace cm::ui {

namespace {
constexpr int Margin = 8;
constexpr int CellW = 118;
constexpr int CellH = 54;
constexpr int Gap = 4;
constexpr int LegendH = 56;
const QColor FailedColor(198, 40, 40);
} // namespace

NetMatrix::NetMatrix(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("netMatrix"));
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
}

namespace {

// Pairs run at once (netconcurrent.h): each client node's record lists its pairs.
void addPairsAtOnce(const QList<StepRecord> &steps, QStringList &order,
    const std::function<NetPairCell &(const QString &, const QString &)> &cellFor)
{
    for (const StepRecord &st : steps) {
        const bool reverse = st.params.value(QStringLiteral("direction")).toString() == QLatin1String("reverse");
        for (const QJsonValue &v : st.summary.value(QStringLiteral("pairs")).toArray()) {
            const QJsonObject p = v.toObject();
            const QString client = p.value(QStringLiteral("client")).toString();
            const QString server = p.value(QStringLiteral("server")).toString();
            for (const QString &n : {client, server})
                if (!order.contains(n))
                    order << n;
            NetPairCell &c = cellFor(reverse ? server : client, reverse ? client : server);
            c.streams = st.params.value(QStringLiteral("streams")).toInt(1);
            c.tool = st.summary.value(QStringLiteral("tool")).toString();
            c.toolReason = NetMatrix::tr("every pair at once");
            const double bps = p.value(QStringLiteral("bitsPerSecond")).toDouble(-1);
            if (!(bps >= 0)) {
                ++c.failures;
                c.reason = p.value(QStringLiteral("error")).toString(NetMatrix::tr("no figure for this pair"));
                continue;
            }
            c.bitsPerSecond = (c.bitsPerSecond * c.measurements + bps) / (c.measurements + 1);
            ++c.measurements;
            if (p.value(QStringLiteral("retransmits")).isDouble())
                c.retransmits
                    = std::max<qint64>(c.retransmits, 0) + qint64(p.value(QStringLiteral("retransmits")).toDouble());
        }
    }
}

} // namespace

QList<NetPairCell> NetMatrix::cellsFromSteps(const QList<StepRecord> &steps, QStringList *nodes)
{
    QList<NetPairCell> cells;
    QStringList order;
    auto cellFor = [&](const QString &s, const QString &r) -> NetPairCell & {
        for (NetPairCell &c : cells)
            if (c.sender == s && c.receiver == r)
                return c;
        NetPairCell c;
        c.sender = s;
        c.receiver = r;
        cells.append(c);
        return cells.last();
    };
    addPairsAtOnce(steps, order, cellFor);
    for (const StepRecord &st : steps) {
        const QString client = st.params.value(QStringLiteral("client")).toString();
        const QString server = st.params.value(QStringLiteral("server")).toString();
        if (client.isEmpty() || server.isEmpty())
            continue;
        for (const QString &n : {client, server})
            if (!order.contains(n))
                order << n;
        const QString dir = st.params.value(QStringLiteral("direction")).toString(QStringLiteral("forward"));
        const bool bidir = dir == QLatin1String("bidir");
        const bool reverse = dir == QLatin1String("reverse");
        // (sender, receiver, summary key of its figure, is the main direction)
        QList<std::tuple<QString, QString, QString, bool>> dirs;
        dirs.append({reverse ? server : client, reverse ? client : server, QStringLiteral("bitsPerSecond"), true});
        if (bidir)
            dirs.append({server, client, QStringLiteral("reverseBitsPerSecond"), false});
        const QJsonObject &s = st.summary;
        for (const auto &[snd, rcv, figure, main] : dirs) {
            NetPairCell &c = cellFor(snd, rcv);
            c.bidir = bidir;
            c.streams = st.params.value(QStringLiteral("streams")).toInt(1);
            const double bps = s.value(figure).toDouble(-1);
            if (st.status != QLatin1String("completed") || !(bps >= 0)) {
                ++c.failures;
                c.reason = !st.error.isEmpty()                ? st.error
                    : st.status == QLatin1String("completed") ? tr("no figure for this direction")
                                                              : tr("step %1").arg(st.status);
                continue;
            }
            c.bitsPerSecond = (c.bitsPerSecond * c.measurements + bps) / (c.measurements + 1);
            ++c.measurements;
            c.tool = s.value(QStringLiteral("tool")).toString();
            c.toolReason = netToolReasonText(s);
            if (main && s.value(QStringLiteral("retransmits")).isDouble())
                c.retransmits
                    = std::max<qint64>(c.retransmits, 0) + qint64(s.value(QStringLiteral("retransmits")).toDouble());
            if (main && s.value(QStringLiteral("senderCpuPercent")).isDouble())
                c.senderCpu = s.value(QStringLiteral("senderCpuPercent")).toDouble();
            if (main && s.value(QStringLiteral("receiverCpuPercent")).isDouble())
                c.receiverCpu = s.value(QStringLiteral("receiverCpuPercent")).toDouble();
        }
    }
    if (nodes)
        *nodes = order;
    return cells;
}

void NetMatrix::setSteps(const QList<StepRecord> &steps)
{
    QStringList order;
    const QList<NetPairCell> cells = cellsFromSteps(steps, &order);
    setCells(cells, order);
}

void NetMatrix::setCells(const QList<NetPairCell> &cells, const QStringList &nodes)
{
    m_cells = cells;
    m_nodes = nodes;
    for (const NetPairCell &c : cells)
        for (const QString &n : {c.sender, c.receiver})
            if (!m_nodes.contains(n))
                m_nodes << n;
    m_best = 0;
    for (const NetPairCell &c : std::as_const(m_cells))
        if (c.measurements > 0)
            m_best = std::max(m_best, c.bitsPerSecond);
    updateGeometry();
    update();
}

const NetPairCell *NetMatrix::cell(const QString &sender, const QString &receiver) const
{
    for (const NetPairCell &c : m_cells)
        if (c.sender == sender && c.receiver == receiver)
            return &c;
    return nullptr;
}

QString NetMatrix::formatGbits(double bps)
{
    if (bps >= 1e9)
        return tr("%1 Gbit/s").arg(bps / 1e9, 0, 'f', bps >= 100e9 ? 0 : bps >= 10e9 ? 1 : 2);
    if (bps >= 1e6)
        return tr("%1 Mbit/s").arg(bps / 1e6, 0, 'f', bps >= 100e6 ? 0 : 1);
    return tr("%1 kbit/s").arg(bps / 1e3, 0, 'f', 0);
}

QColor NetMatrix::scaleColor(double t)
{
    return heatScaleColor(t);
}

// 0 at the best pair, 1 at half of it or below: pairs that should be equal and are
// not stand out, a healthy uniform mesh stays green.
double NetMatrix::position(double bps) const
{
    if (m_best <= 0)
        return 0;
    return std::clamp((m_best - bps) / (0.5 * m_best), 0.0, 1.0);
}

QColor NetMatrix::cellColor(const QString &sender, const QString &receiver) const
{
    const NetPairCell *c = cell(sender, receiver);
    if (!c)
        return {};
    if (c->measurements == 0)
        return palette().color(QPalette::Mid);
    return scaleColor(position(c->bitsPerSecond));
}

QString NetMatrix::cellText(const QString &sender, const QString &receiver) const
{
    if (sender == receiver)
        return QStringLiteral("—");
    const NetPairCell *c = cell(sender, receiver);
    if (!c)
        return tr("not measured");
    if (c->failed())
        return tr("failed");
    return formatGbits(c->bitsPerSecond);
}

QString NetMatrix::toolTipFor(const QString &sender, const QString &receiver) const
{
    const NetPairCell *c = cell(sender, receiver);
    if (!c)
        return {};
    QString t = QStringLiteral("<b>%1 → %2</b>").arg(sender.toHtmlEscaped(), receiver.toHtmlEscaped());
    if (c->measurements > 0) {
        t += QStringLiteral("<br>") + formatGbits(c->bitsPerSecond);
        if (c->measurements > 1)
            t += tr(" (mean of %1 runs)").arg(c->measurements);
        if (c->bidir)
            t += tr(", while the other direction ran too");
        t += QStringLiteral("<br>")
            + (c->retransmits >= 0 ? tr("TCP retransmits: %1").arg(c->retransmits)
                                   : tr("TCP retransmits: not reported by the tool"));
        auto cpu = [](const std::optional<double> &v) {
            return v ? QStringLiteral("%1%").arg(*v, 0, 'f', 1) : QStringLiteral("?");
        };
        if (c->senderCpu || c->receiverCpu)
            t += QStringLiteral("<br>") + tr("CPU: sender %1, receiver %2").arg(cpu(c->senderCpu), cpu(c->receiverCpu));
        else
            t += QStringLiteral("<br>") + tr("CPU: not reported by the tool");
        t += QStringLiteral("<br>") + tr("%n stream(s)", nullptr, c->streams);
        if (!c->tool.isEmpty())
            t += QStringLiteral(" · ") + (c->toolReason.isEmpty() ? c->tool : c->toolReason).toHtmlEscaped();
    }
    if (c->failures > 0)
        t += QStringLiteral("<br><b style='color:#c62828'>%1</b> %2").arg(tr("Failed:"), c->reason.toHtmlEscaped());
    return t;
}

int NetMatrix::headerWidth() const
{
    QFont f = font();
    f.setBold(true);
    const QFontMetrics fm(f);
    int w = 70;
    for (const QString &n : m_nodes)
        w = std::max(w, fm.horizontalAdvance(n));
    return std::min(w, 200) + 14;
}

QRect NetMatrix::gridRect() const
{
    const QFontMetrics fm(font());
    const int top = Margin + 2 * fm.height() + 6;
    const int left = Margin + headerWidth();
    const int n = int(m_nodes.size());
    return QRect(left, top, n * CellW + std::max(0, n - 1) * Gap, n * CellH + std::max(0, n - 1) * Gap);
}

QRect NetMatrix::cellRect(const QString &sender, const QString &receiver) const
{
    const int r = int(m_nodes.indexOf(sender));
    const int c = int(m_nodes.indexOf(receiver));
    if (r < 0 || c < 0)
        return {};
    const QRect g = gridRect();
    return QRect(g.left() + c * (CellW + Gap), g.top() + r * (CellH + Gap), CellW, CellH);
}

QSize NetMatrix::sizeHint() const
{
    const QRect g = gridRect();
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    const QFontMetrics sfm(small);
    // the legend: scale bar, the failed mark and its words
    const int legend = g.left() + std::min(240, std::max(140, g.width() / 2)) + 24 + 22 + 6
        + sfm.horizontalAdvance(tr("failed (hover for the reason)")) + Margin;
    const int caption
        = g.left() + sfm.horizontalAdvance(tr("Colour: share of the best pair (%1)").arg(formatGbits(m_best))) + Margin;
    return QSize(std::max({g.right() + Margin, legend, caption}), g.bottom() + LegendH + Margin);
}

QSize NetMatrix::minimumSizeHint() const
{
    return sizeHint();
}

int NetMatrix::indexAt(const QPoint &p, QString *sender, QString *receiver) const
{
    for (const QString &s : m_nodes)
        for (const QString &r : m_nodes)
            if (s != r && cellRect(s, r).contains(p)) {
                *sender = s;
                *receiver = r;
                return 1;
            }
    return -1;
}

bool NetMatrix::event(QEvent *e)
{
    if (e->type() == QEvent::ToolTip) {
        auto *he = static_cast<QHelpEvent *>(e);
        QString s, r;
        const QString tip = indexAt(he->pos(), &s, &r) >= 0 ? toolTipFor(s, r) : QString();
        if (!tip.isEmpty())
            QToolTip::showText(he->globalPos(), tip, this, cellRect(s, r));
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(e);
}

void NetMatrix::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), palette().color(QPalette::Base));
    const QColor text = palette().color(QPalette::Text);
    if (m_nodes.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("No network results in this run."));
        return;
    }
    QFont bold = font();
    bold.setBold(true);
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    const QFontMetrics fm(font());
    const QFontMetrics sfm(small);
    const QRect g = gridRect();

    // captions: receivers across the top, senders down the left
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.setFont(small);
    p.drawText(QRect(g.left(), Margin, g.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter, tr("receiver →"));
    p.drawText(QRect(Margin, Margin, g.left() - Margin, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, tr("sender ↓"));
    p.setFont(bold);
    p.setPen(text);
    for (int i = 0; i < m_nodes.size(); ++i) {
        const QString &n = m_nodes.at(i);
        const QRect col(g.left() + i * (CellW + Gap), Margin + fm.height() + 2, CellW, fm.height() + 2);
        p.drawText(col, Qt::AlignCenter, QFontMetrics(bold).elidedText(n, Qt::ElideMiddle, CellW));
        const QRect row(Margin, g.top() + i * (CellH + Gap), g.left() - Margin - 8, CellH);
        p.drawText(
            row, Qt::AlignRight | Qt::AlignVCenter, QFontMetrics(bold).elidedText(n, Qt::ElideMiddle, row.width()));
    }

    for (const QString &s : std::as_const(m_nodes)) {
        for (const QString &r : std::as_const(m_nodes)) {
            const QRectF rc = QRectF(cellRect(s, r)).adjusted(0.5, 0.5, -0.5, -0.5);
            const QRect inner = cellRect(s, r).adjusted(6, 4, -6, -4);
            if (s == r) {
                p.setPen(Qt::NoPen);
                p.setBrush(palette().color(QPalette::AlternateBase));
                p.drawRoundedRect(rc, 4, 4);
                p.setPen(palette().color(QPalette::PlaceholderText));
                p.setFont(font());
                p.drawText(rc, Qt::AlignCenter, QStringLiteral("—"));
                continue;
            }
            const NetPairCell *c = cell(s, r);
            if (!c) {
                p.setPen(QPen(palette().color(QPalette::Mid), 1, Qt::DashLine));
                p.setBrush(Qt::NoBrush);
                p.drawRoundedRect(rc, 4, 4);
                p.setPen(palette().color(QPalette::PlaceholderText));
                p.setFont(small);
                p.drawText(rc, Qt::AlignCenter, tr("not measured"));
                continue;
            }
            const QColor ink(25, 25, 25);
            if (c->failed()) {
                p.setPen(QPen(FailedColor, 2));
                p.setBrush(QBrush(FailedColor.lighter(170), Qt::BDiagPattern));
                p.drawRoundedRect(rc.adjusted(1, 1, -1, -1), 4, 4);
                p.setPen(FailedColor);
                p.setFont(bold);
                p.drawText(inner, Qt::AlignLeft | Qt::AlignTop, QStringLiteral("✕ ") + tr("failed"));
                p.setFont(small);
                p.setPen(text);
                // the cell has room for the last words of the error ("Connection refused")
                QString reason = c->reason;
                reason.remove(QRegularExpression(QStringLiteral(R"(\s*\([^()]*\)\s*$)")));
                reason = reason.mid(reason.lastIndexOf(QStringLiteral(": ")) + 1).trimmed();
                p.drawText(
                    inner, Qt::AlignLeft | Qt::AlignBottom, sfm.elidedText(reason, Qt::ElideRight, inner.width()));
                continue;
            }
            const QColor fill = scaleColor(position(c->bitsPerSecond));
            p.setPen(QPen(fill.darker(135), 1));
            p.setBrush(fill);
            p.drawRoundedRect(rc, 4, 4);
            p.setPen(ink);
            p.setFont(bold);
            p.drawText(inner, Qt::AlignHCenter | Qt::AlignTop, formatGbits(c->bitsPerSecond));
            p.setFont(small);
            QStringList sub;
            if (m_best > 0)
                sub << QStringLiteral("%1%").arg(100.0 * c->bitsPerSecond / m_best, 0, 'f', 0);
            if (c->retransmits >= 0)
                sub << tr("%1 retr").arg(c->retransmits);
            if (c->failures > 0)
                sub << tr("%1 failed").arg(c->failures);
            p.drawText(inner, Qt::AlignHCenter | Qt::AlignBottom,
                sfm.elidedText(sub.join(QStringLiteral(" · ")), Qt::ElideRight, inner.width()));
        }
    }

    // Legend: the scale, and the failed mark.
    const int ly = g.bottom() + 14;
    p.setFont(small);
    p.setPen(text);
    const QRect bar(g.left(), ly + sfm.height() + 2, std::min(240, std::max(140, g.width() / 2)), 12);
    p.drawText(QRect(bar.left(), ly, width() - bar.left() - Margin, sfm.height()), Qt::AlignLeft | Qt::AlignVCenter,
        tr("Colour: share of the best pair (%1)").arg(formatGbits(m_best)));
    QLinearGradient grad(bar.topLeft(), bar.topRight());
    for (int i = 0; i <= 10; ++i)
        grad.setColorAt(i / 10.0, scaleColor(i / 10.0));
    p.setPen(QPen(palette().color(QPalette::Mid), 1));
    p.setBrush(grad);
    p.drawRect(bar);
    p.setPen(text);
    p.drawText(QRect(bar.left(), bar.bottom() + 2, bar.width(), sfm.height()), Qt::AlignLeft, QStringLiteral("100%"));
    p.drawText(QRect(bar.left(), bar.bottom() + 2, bar.width(), sfm.height()), Qt::AlignHCenter, QStringLiteral("75%"));
    p.drawText(QRect(bar.left(), bar.bottom() + 2, bar.width(), sfm.height()), Qt::AlignRight, QStringLiteral("≤ 50%"));
    const QRect mark(bar.right() + 24, bar.top() - 2, 22, 16);
    p.setPen(QPen(FailedColor, 2));
    p.setBrush(QBrush(FailedColor.lighter(170), Qt::BDiagPattern));
    p.drawRoundedRect(mark, 3, 3);
    p.setPen(text);
    p.drawText(QRect(mark.right() + 6, mark.top(), std::max(0, width() - mark.right() - 6 - Margin), mark.height()),
        Qt::AlignLeft | Qt::AlignVCenter, tr("failed (hover for the reason)"));
}

} // namespace cm::ui
