// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/s3/s3sweepchart.h"

#include "bench/s3/s3kind.h"
#include "chartpalette.h"
#include "targetcolors.h"
#include "report/unitformat.h"
#include "unitscale.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace cm::ui {

namespace {
const QStringList kOpOrder {QStringLiteral("put"), QStringLiteral("get"), QStringLiteral("head"),
    QStringLiteral("delete"), QStringLiteral("list")};

QColor opColor(const QString &op)
{
    if (op == QLatin1String("get"))
        return QColor(0x1f, 0x77, 0xb4);
    if (op == QLatin1String("put"))
        return QColor(0xd6, 0x27, 0x28);
    if (op == QLatin1String("head"))
        return QColor(0x2c, 0xa0, 0x2c);
    if (op == QLatin1String("delete"))
        return QColor(0x94, 0x67, 0xbd);
    return QColor(0x8c, 0x56, 0x4b);
}

// Three significant figures: point labels print the value as stored.
double rounded(double v)
{
    if (v <= 0)
        return 0;
    const double digits = std::max(0.0, 2.0 - std::floor(std::log10(v)));
    const double f = std::pow(10.0, digits);
    return std::round(v * f) / f;
}

enum Col { CSize, COp, CMBps, COps, CLat50, CLat99, CTtfb50, CTtfb99, CCount };
} // namespace

S3SweepChart::S3SweepChart(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("s3SweepChart"));
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    m_empty = new QLabel(tr("This run has no completed S3 step with figures."), this);
    m_empty->setObjectName(QStringLiteral("s3SweepEmpty"));
    m_empty->hide();
    v->addWidget(m_empty);
    auto *charts = new QHBoxLayout;
    for (QChartView **view : {&m_bwView, &m_opsView}) {
        auto *chart = new QChart();
        chart->setMargins(QMargins(4, 4, 4, 4));
        chart->setBackgroundRoundness(0);
        chart->legend()->setAlignment(Qt::AlignBottom);
        *view = new QChartView(chart, this);
        (*view)->setRenderHint(QPainter::Antialiasing);
        (*view)->setMinimumSize(320, 260);
        charts->addWidget(*view, 1);
        connect(chart, &QChart::plotAreaChanged, this, [this, chart] { placeLabels(chart); });
        followPalette(*view);
    }
    m_bwView->setObjectName(QStringLiteral("s3ThroughputChart"));
    m_opsView->setObjectName(QStringLiteral("s3OpsChart"));
    v->addLayout(charts, 1);
    m_table = new QTableWidget(0, CCount, this);
    m_table->setObjectName(QStringLiteral("s3SweepTable"));
    m_table->setHorizontalHeaderLabels({tr("Size"), tr("Operation"), tr("MB/s"), tr("Requests/s"), tr("Latency p50"),
        tr("Latency p99"), tr("TTFB p50"), tr("TTFB p99")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    v->addWidget(m_table, 0);
    m_errors = new QLabel(this);
    m_errors->setObjectName(QStringLiteral("s3ErrorsLabel"));
    m_errors->setWordWrap(true);
    m_errors->setStyleSheet(QStringLiteral("color: #b00020;"));
    m_errors->hide();
    v->addWidget(m_errors);
    clear();
}

QList<S3SweepPoint> S3SweepChart::pointsFrom(const QList<StepRecord> &steps)
{
    QMap<std::pair<qint64, int>, S3SweepPoint> acc; // (size, op order) → sums
    auto add = [&](const QString &op, qint64 size, double mbps, double ops, const QJsonObject &o) {
        S3SweepPoint &p = acc[{size, int(kOpOrder.indexOf(op))}];
        p.op = op;
        p.size = size;
        p.mbPerSec += mbps;
        p.opsPerSec += ops;
        p.latP50Ns += o.value(QStringLiteral("lat_p50_ns")).toDouble();
        p.latP99Ns += o.value(QStringLiteral("lat_p99_ns")).toDouble();
        p.ttfbP50Ns += o.value(QStringLiteral("ttfb_p50_ns")).toDouble();
        p.ttfbP99Ns += o.value(QStringLiteral("ttfb_p99_ns")).toDouble();
        p.samples += 1;
    };
    for (const StepRecord &s : steps) {
        if (s.status != QLatin1String("completed") || s.summary.isEmpty())
            continue;
        const qint64 size = qint64(s.summary.value(QStringLiteral("objectSize"))
                                       .toDouble(s.params.value(QStringLiteral("objectSize")).toDouble()));
        if (size <= 0)
            continue;
        for (const auto &[dir, op] : {std::pair {QStringLiteral("read"), QStringLiteral("get")},
                 std::pair {QStringLiteral("write"), QStringLiteral("put")}}) {
            const QJsonObject o = s.summary.value(dir).toObject();
            if (o.value(QStringLiteral("total_ios")).toDouble() > 0)
                add(op, size, o.value(QStringLiteral("bw")).toDouble() / 1e6, // decimal, as every throughput
                    o.value(QStringLiteral("iops")).toDouble(), o);
        }
        const QJsonObject ops = s.summary.value(QStringLiteral("ops")).toObject();
        for (auto it = ops.constBegin(); it != ops.constEnd(); ++it) {
            const QJsonObject o = it.value().toObject();
            if (kOpOrder.contains(it.key()) && o.value(QStringLiteral("total_ios")).toDouble() > 0)
                add(it.key(), size, 0, o.value(QStringLiteral("iops")).toDouble(), o);
        }
    }
    QList<S3SweepPoint> out;
    for (S3SweepPoint p : std::as_const(acc)) {
        const double n = p.samples;
        for (double *f : {&p.mbPerSec, &p.opsPerSec, &p.latP50Ns, &p.latP99Ns, &p.ttfbP50Ns, &p.ttfbP99Ns})
            *f /= n;
        out << p;
    }
    return out;
}

QMap<QString, double> S3SweepChart::errorsFrom(const QList<StepRecord> &steps)
{
    QMap<QString, double> out;
    for (const StepRecord &s : steps) {
        const QJsonObject e = s.summary.value(QStringLiteral("errors")).toObject();
        for (auto it = e.constBegin(); it != e.constEnd(); ++it)
            if (it.value().toDouble() > 0)
                out[it.key()] += it.value().toDouble();
    }
    return out;
}

void S3SweepChart::clear()
{
    setSteps({});
}

void S3SweepChart::setSteps(const QList<StepRecord> &steps)
{
    m_points = pointsFrom(steps);
    m_empty->setVisible(m_points.isEmpty());
    fillChart(m_bwView, true);
    fillChart(m_opsView, false);

    m_table->setRowCount(int(m_points.size()));
    for (int r = 0; r < m_points.size(); ++r) {
        const S3SweepPoint &p = m_points.at(r);
        const bool data = p.op == QLatin1String("get") || p.op == QLatin1String("put");
        const bool get = p.op == QLatin1String("get");
        const QStringList cells {S3Kind::sizeText(p.size), p.op.toUpper(),
            data ? formatMBps(p.mbPerSec * 1e6) : QStringLiteral("–"), formatSignificant(p.opsPerSec),
            formatLatencyNs(p.latP50Ns), formatLatencyNs(p.latP99Ns),
            get ? formatLatencyNs(p.ttfbP50Ns) : QStringLiteral("–"),
            get ? formatLatencyNs(p.ttfbP99Ns) : QStringLiteral("–")};
        for (int c = 0; c < CCount; ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            item->setTextAlignment(c <= COp ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    }
    // As tall as its rows: the charts take the rest.
    int h = m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth() + 2;
    h += int(m_points.size()) * m_table->verticalHeader()->defaultSectionSize();
    m_table->setMaximumHeight(std::max(h, 60));
    const QMap<QString, double> errors = errorsFrom(steps);
    QStringList parts;
    for (auto it = errors.cbegin(); it != errors.cend(); ++it)
        parts << (it.key() == QLatin1String("transport") ? tr("no answer (connection failed) × %1")
                                                         : tr("HTTP %1 × %2").arg(it.key()))
                     .arg(it.value(), 0, 'f', 0);
    m_errors->setText(parts.isEmpty() ? QString() : tr("Failed requests: %1").arg(parts.join(QStringLiteral(", "))));
    m_errors->setVisible(!parts.isEmpty());
}

void S3SweepChart::fillChart(QChartView *view, bool throughput)
{
    QChart *chart = view->chart();
    qDeleteAll(m_overlay.take(chart).items);
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes()) {
        chart->removeAxis(a);
        delete a;
    }
    chart->setTitle(throughput ? tr("Throughput by object size") : tr("Requests per second by object size"));

    auto *x = new QLogValueAxis(chart);
    x->setBase(2);
    x->setMinorTickCount(0);
    x->setTitleText(tr("Object size (log scale)"));
    // The axis's own labels (plain byte counts) keep their room but are not drawn:
    // placeLabels() writes "64 KiB"-style labels at the measured sizes instead.
    x->setLabelsColor(Qt::transparent);
    x->setLabelFormat(QStringLiteral("%g"));
    x->setGridLineColor(QColor(0, 0, 0, 20));
    auto *y = new QLogValueAxis(chart);
    y->setBase(10);
    y->setMinorTickCount(8);
    y->setMinorGridLineColor(QColor(0, 0, 0, 12));
    y->setTitleText(throughput ? tr("MB/s (log scale)") : tr("requests/s (log scale)"));
    y->setLabelFormat(QStringLiteral("%g"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);

    qint64 lo = 0, hi = 0;
    double bottom = 0, top = 0;
    for (const QString &op : kOpOrder) {
        if (throughput && op != QLatin1String("get") && op != QLatin1String("put"))
            continue;
        QList<QPointF> pts;
        for (const S3SweepPoint &p : std::as_const(m_points))
            if (p.op == op) {
                const double v = rounded(throughput ? p.mbPerSec : p.opsPerSec);
                if (v <= 0)
                    continue;
                pts << QPointF(double(p.size), v);
                top = std::max(top, v);
                bottom = bottom > 0 ? std::min(bottom, v) : v;
                lo = lo ? std::min(lo, p.size) : p.size;
                hi = std::max(hi, p.size);
            }
        if (pts.isEmpty())
            continue;
        auto *line = new QLineSeries(chart);
        line->setName(op.toUpper());
        QPen pen(opColor(op));
        pen.setWidthF(2);
        if (op == QLatin1String("put"))
            pen.setStyle(Qt::DashLine);
        line->setPen(pen);
        line->append(pts);
        line->setPointsVisible(true);
        chart->addSeries(line);
        line->attachAxis(x);
        line->attachAxis(y);
    }
    if (lo <= 0) {
        lo = 4 * S3Kind::kKiB;
        hi = S3Kind::kGiB;
        bottom = 1;
        top = 100;
    }
    // Half a doubling of room either side, so end points and their labels are not cut.
    x->setRange(double(lo) / 1.6, double(hi) * 1.6);
    // From a power of ten (the axis labels only those) to room for the top label.
    double yMax = top * 2.5;
    const double decade = std::pow(10.0, std::ceil(std::log10(yMax)));
    if (decade < yMax * 2)
        yMax = decade * 1.001; // a labelled power of ten at the top when it costs little room
    y->setRange(std::pow(10.0, std::floor(std::log10(bottom / 1.5))) * 0.999, yMax);
    applyChartPalette(chart, view->palette()); // its axes are new
    placeLabels(chart);
}

void S3SweepChart::placeLabels(QChart *chart)
{
    Overlay &o = m_overlay[chart];
    qDeleteAll(o.items);
    o = Overlay();
    const QList<QAbstractSeries *> series = chart->series();
    if (series.isEmpty() || !chart->scene())
        return;
    const QRectF area = chart->plotArea();
    QFont small = chart->font();
    small.setPointSizeF(small.pointSizeF() * 0.9);

    // Sizes under the axis, at the measured sizes.
    QList<qint64> sizes;
    for (const S3SweepPoint &p : std::as_const(m_points))
        if (!sizes.contains(p.size))
            sizes << p.size;
    double lastRight = -1e9;
    for (qint64 s : std::as_const(sizes)) {
        const QPointF at = chart->mapToPosition(QPointF(double(s), 1), series.first());
        auto *t = new QGraphicsSimpleTextItem(S3Kind::sizeText(s), chart);
        t->setFont(small);
        const QRectF r = t->boundingRect();
        const double left = at.x() - r.width() / 2;
        t->setPos(left, area.bottom() + 3);
        t->setVisible(left > lastRight + 4); // never on top of the previous label
        if (t->isVisible())
            lastRight = left + r.width();
        o.items << t;
        o.sizes << t;
    }

    // Values: above the point, or below it when that would cover a label already placed.
    struct Pending {
        QPointF at;
        QString text;
        QColor color;
    };
    QList<Pending> pending;
    for (QAbstractSeries *a : series) {
        auto *line = qobject_cast<QLineSeries *>(a);
        if (!line)
            continue;
        const QColor c = line->pen().color().darker(130);
        for (const QPointF &p : line->points()) {
            const double v = p.y();
            pending.append({chart->mapToPosition(p, line),
                QString::number(v, 'f',
                    v >= 100      ? 0
                        : v >= 10 ? 1
                        : v >= 1  ? 2
                                  : 3),
                c});
        }
    }
    // Higher points first: they take the space above, lower ones go below when needed.
    std::stable_sort(
        pending.begin(), pending.end(), [](const Pending &a, const Pending &b) { return a.at.y() < b.at.y(); });
    QList<QRectF> taken;
    for (const Pending &p : std::as_const(pending)) {
        auto *t = new QGraphicsSimpleTextItem(p.text);
        t->setFont(small);
        t->setBrush(p.color);
        const QRectF r = t->boundingRect();
        QRectF above(p.at.x() - r.width() / 2, p.at.y() - r.height() - 4, r.width(), r.height());
        QRectF below = above.translated(0, r.height() + 8);
        auto free = [&](const QRectF &want) {
            return std::none_of(taken.cbegin(), taken.cend(), [&](const QRectF &q) { return q.intersects(want); });
        };
        const QRectF place = free(above) || !free(below) ? above : below;
        taken << place;
        // A light box keeps the figure readable over lines and grid.
        auto *box = new QGraphicsRectItem(place.adjusted(-2, 0, 2, 0), chart);
        box->setPen(Qt::NoPen);
        box->setBrush(QColor(255, 255, 255, 200));
        t->setParentItem(box);
        t->setPos(place.topLeft());
        o.items << box;
        o.values << t;
    }
}

QStringList S3SweepChart::sizeLabels(QChartView *view) const
{
    QStringList out;
    for (const QGraphicsSimpleTextItem *t : m_overlay.value(view->chart()).sizes)
        if (t->isVisible())
            out << t->text();
    return out;
}

QStringList S3SweepChart::valueLabels(QChartView *view) const
{
    QStringList out;
    for (const QGraphicsSimpleTextItem *t : m_overlay.value(view->chart()).values)
        out << t->text();
    return out;
}

bool S3SweepChart::valueLabelsOverlap(QChartView *view) const
{
    QList<QRectF> rects;
    for (const QGraphicsSimpleTextItem *t : m_overlay.value(view->chart()).values)
        rects << t->sceneBoundingRect();
    for (int i = 0; i < rects.size(); ++i)
        for (int j = i + 1; j < rects.size(); ++j)
            if (rects.at(i).intersects(rects.at(j)))
                return true;
    return false;
}

} // namespace cm::ui
