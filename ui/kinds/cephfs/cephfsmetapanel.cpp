// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/cephfs/cephfsmetapanel.h"

#include "unitscale.h"

#include <QLocale>
#include <QPainter>
#include <QPaintEvent>

#include <algorithm>
#include <cmath>

namespace cm::ui {

namespace {
constexpr int kMargin = 10;
constexpr int kGap = 10;
const QStringList kOpOrder {QStringLiteral("create"), QStringLiteral("stat"), QStringLiteral("delete")};

QFont smaller(QFont f)
{
    f.setPointSizeF(f.pointSizeF() * 0.9);
    return f;
}
} // namespace

CephFsMetaPanel::CephFsMetaPanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("cephFsMetaPanel"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

bool CephFsMetaPanel::hasMetadata(const QJsonObject &summary)
{
    return summary.value(QStringLiteral("meta")).isObject()
        && !summary.value(QStringLiteral("meta")).toObject().isEmpty();
}

CephFsMetaPanel::Group CephFsMetaPanel::groupOf(const QString &title, const QJsonObject &summary)
{
    Group g;
    g.title = title;
    g.threads = summary.value(QStringLiteral("threads")).toInt();
    g.files = summary.value(QStringLiteral("files")).toInt();
    const QJsonObject meta = summary.value(QStringLiteral("meta")).toObject();
    QStringList ops = kOpOrder;
    for (auto it = meta.constBegin(); it != meta.constEnd(); ++it)
        if (!ops.contains(it.key()))
            ops << it.key(); // an op this version does not know still shows
    for (const QString &op : std::as_const(ops)) {
        if (!meta.value(op).isObject())
            continue;
        const QJsonObject o = meta.value(op).toObject();
        Bar b;
        b.op = op;
        b.opsPerSec = o.value(QStringLiteral("iops")).toDouble();
        b.totalOps = o.value(QStringLiteral("total_ops")).toVariant().toLongLong();
        b.p50Ns = o.value(QStringLiteral("lat_p50_ns")).toDouble();
        b.p99Ns = o.value(QStringLiteral("lat_p99_ns")).toDouble();
        g.bars << b;
    }
    return g;
}

void CephFsMetaPanel::setSteps(const QList<StepRecord> &steps)
{
    m_groups.clear();
    m_max = 0;
    for (const StepRecord &s : steps) {
        if (!hasMetadata(s.summary))
            continue;
        QString title = s.title.isEmpty() ? s.testId : s.title;
        if (s.iteration > 0)
            title += QStringLiteral(" #%1").arg(s.iteration + 1);
        if (s.status != QLatin1String("completed") && !s.status.isEmpty())
            title += QStringLiteral(" (%1)").arg(s.status);
        const Group g = groupOf(title, s.summary);
        for (const Bar &b : g.bars)
            m_max = std::max(m_max, b.opsPerSec);
        m_groups << g;
    }
    updateGeometry();
    update();
}

void CephFsMetaPanel::clear()
{
    setSteps({});
}

int CephFsMetaPanel::barCount() const
{
    int n = 0;
    for (const Group &g : m_groups)
        n += int(g.bars.size());
    return n;
}

QColor CephFsMetaPanel::colorOf(const QString &op)
{
    if (op == QLatin1String("create"))
        return QColor(46, 125, 50);
    if (op == QLatin1String("stat"))
        return QColor(21, 101, 192);
    if (op == QLatin1String("delete"))
        return QColor(230, 81, 0);
    return QColor(110, 110, 110);
}

QString CephFsMetaPanel::opTitle(const QString &op)
{
    if (op == QLatin1String("create"))
        return tr("Create");
    if (op == QLatin1String("stat"))
        return tr("Stat");
    if (op == QLatin1String("delete"))
        return tr("Delete");
    return op;
}

CephFsMetaPanel::Metrics CephFsMetaPanel::metrics() const
{
    const QFontMetrics fm(font());
    const QFontMetrics small(smaller(font()));
    Metrics m;
    m.labelWidth = 0;
    for (const QString &op : kOpOrder)
        m.labelWidth = std::max(m.labelWidth, fm.horizontalAdvance(opTitle(op)));
    for (const Group &g : m_groups)
        for (const Bar &b : g.bars)
            m.labelWidth = std::max(m.labelWidth, fm.horizontalAdvance(opTitle(b.op)));
    m.valueWidth = fm.horizontalAdvance(tr("%1 ops/s").arg(QLocale().toString(888888.8, 'f', 1)));
    m.rowHeight = fm.height() + small.height() + 12;
    m.headHeight = fm.height() + small.height() + 10;
    return m;
}

QSize CephFsMetaPanel::sizeHint() const
{
    const Metrics m = metrics();
    int h = 2 * kMargin;
    for (const Group &g : m_groups)
        h += m.headHeight + int(g.bars.size()) * m.rowHeight + kGap;
    if (m_groups.isEmpty())
        h += QFontMetrics(font()).height() * 2;
    return {m.labelWidth + m.valueWidth + 360 + 2 * kMargin, h};
}

QSize CephFsMetaPanel::minimumSizeHint() const
{
    const Metrics m = metrics();
    return {m.labelWidth + m.valueWidth + 160 + 2 * kMargin, sizeHint().height()};
}

QRect CephFsMetaPanel::barRect(int group, int bar) const
{
    if (group < 0 || group >= m_groups.size() || bar < 0 || bar >= m_groups.at(group).bars.size())
        return {};
    const Metrics m = metrics();
    int y = kMargin;
    for (int i = 0; i < group; ++i)
        y += m.headHeight + int(m_groups.at(i).bars.size()) * m.rowHeight + kGap;
    y += m.headHeight + bar * m.rowHeight;
    const int x0 = kMargin + m.labelWidth + kGap;
    const int full = std::max(20, width() - x0 - kMargin - m.valueWidth - kGap);
    const double v = m_groups.at(group).bars.at(bar).opsPerSec;
    const int w = m_max > 0 ? int(std::lround(full * v / m_max)) : 0;
    const int barH = QFontMetrics(font()).height() + 2;
    return {x0, y + 2, std::max(v > 0 ? 2 : 0, w), barH};
}

void CephFsMetaPanel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QFontMetrics fm(font());
    const QFont smallFont = smaller(font());
    const QFontMetrics small(smallFont);
    const QColor text = palette().color(QPalette::WindowText);
    const QColor mid = palette().color(QPalette::PlaceholderText);
    if (m_groups.isEmpty()) {
        p.setPen(mid);
        p.drawText(rect().adjusted(kMargin, kMargin, -kMargin, -kMargin),
            Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, tr("This run has no metadata step."));
        return;
    }
    const Metrics m = metrics();
    const QLocale loc;
    int y = kMargin;
    for (int gi = 0; gi < m_groups.size(); ++gi) {
        const Group &g = m_groups.at(gi);
        QFont bold = font();
        bold.setBold(true);
        p.setFont(bold);
        p.setPen(text);
        p.drawText(QRect(kMargin, y, width() - 2 * kMargin, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
            QFontMetrics(bold).elidedText(g.title, Qt::ElideRight, width() - 2 * kMargin));
        p.setFont(smallFont);
        p.setPen(mid);
        if (g.threads > 0 && g.files > 0)
            p.drawText(QRect(kMargin, y + fm.height() + 2, width() - 2 * kMargin, small.height()), Qt::AlignLeft,
                tr("%1 threads × %2 files each; bars: operations per second, on one scale for the whole run")
                    .arg(g.threads)
                    .arg(loc.toString(g.files)));
        for (int bi = 0; bi < g.bars.size(); ++bi) {
            const Bar &b = g.bars.at(bi);
            const QRect bar = barRect(gi, bi);
            p.setFont(font());
            p.setPen(text);
            p.drawText(
                QRect(kMargin, bar.top(), m.labelWidth, bar.height()), Qt::AlignLeft | Qt::AlignVCenter, opTitle(b.op));
            const int full = std::max(20, width() - bar.left() - kMargin - m.valueWidth - kGap);
            p.fillRect(QRect(bar.left(), bar.top(), full, bar.height()), palette().color(QPalette::AlternateBase));
            p.fillRect(bar, colorOf(b.op));
            p.setPen(text);
            QFont boldValue = font();
            boldValue.setBold(true);
            p.setFont(boldValue);
            p.drawText(QRect(bar.left() + full + kGap, bar.top(), m.valueWidth + kMargin, bar.height()),
                Qt::AlignLeft | Qt::AlignVCenter,
                tr("%1 ops/s").arg(loc.toString(b.opsPerSec, 'f', b.opsPerSec < 100 ? 1 : 0)));
            p.setFont(smallFont);
            p.setPen(mid);
            QStringList facts;
            if (b.p50Ns > 0)
                facts << tr("p50 %1").arg(formatLatencyNs(b.p50Ns));
            if (b.p99Ns > 0)
                facts << tr("p99 %1").arg(formatLatencyNs(b.p99Ns));
            if (b.totalOps > 0)
                facts << tr("%1 ops").arg(loc.toString(b.totalOps));
            p.drawText(QRect(bar.left(), bar.bottom() + 3, width() - bar.left() - kMargin, small.height()),
                Qt::AlignLeft | Qt::AlignVCenter, facts.join(QStringLiteral("  ·  ")));
        }
        y += m.headHeight + int(g.bars.size()) * m.rowHeight + kGap;
    }
}

} // namespace cm::ui
