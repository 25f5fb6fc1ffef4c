// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/chartrender.h"

#include "render/chartpainter.h"

#include <QBuffer>
#include <QLoggingCategory>
#include <QSaveFile>
#include <QSvgGenerator>

#include <functional>

Q_LOGGING_CATEGORY(lcRender, "clustermark.render")

namespace cm::render {

namespace {

using PaintFn = std::function<void(QPainter &, const QRectF &)>;

QImage image(const RenderOptions &o, const PaintFn &paint)
{
    QImage img(o.size, QImage::Format_ARGB32_Premultiplied);
    img.fill(o.theme.background);
    QPainter p(&img);
    paint(p, QRectF(QPointF(0, 0), QSizeF(o.size)));
    p.end();
    return img;
}

QByteArray svg(const RenderOptions &o, const QString &title, const QString &description, const PaintFn &paint)
{
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    QSvgGenerator gen;
    gen.setOutputDevice(&buf);
    gen.setSize(o.size);
    gen.setViewBox(QRect(QPoint(0, 0), o.size));
    gen.setTitle(title);
    gen.setDescription(description);
    // Fonts are sized in pixels; 96 dpi keeps the SVG's user units equal to them.
    gen.setResolution(96);
    QPainter p(&gen);
    paint(p, QRectF(QPointF(0, 0), QSizeF(o.size)));
    p.end();
    return bytes;
}

} // namespace

Error checkChartSize(const QSize &size)
{
    if (size.width() < kMinChartSide || size.height() < kMinChartSide || size.width() > kMaxChartSide
        || size.height() > kMaxChartSide)
        return Error(Error::Code::InvalidInput,
            QStringLiteral("chart size %1×%2 is outside %3…%4 pixels per side")
                .arg(size.width())
                .arg(size.height())
                .arg(kMinChartSide)
                .arg(kMaxChartSide));
    return {};
}

QImage chartImage(const TimeChart &c, const RenderOptions &o)
{
    return image(o, [&](QPainter &p, const QRectF &r) { paintTimeChart(p, r, c, o.theme); });
}

QImage chartImage(const BarChart &c, const RenderOptions &o)
{
    return image(o, [&](QPainter &p, const QRectF &r) { paintBarChart(p, r, c, o.theme); });
}

QByteArray chartSvg(const TimeChart &c, const RenderOptions &o)
{
    return svg(o, c.title, c.footer.lines().join(QLatin1Char('\n')),
        [&](QPainter &p, const QRectF &r) { paintTimeChart(p, r, c, o.theme); });
}

QByteArray chartSvg(const BarChart &c, const RenderOptions &o)
{
    return svg(o, c.title, c.footer.lines().join(QLatin1Char('\n')),
        [&](QPainter &p, const QRectF &r) { paintBarChart(p, r, c, o.theme); });
}

QImage chartImage(const StripChart &c, const RenderOptions &o)
{
    return image(o, [&](QPainter &p, const QRectF &r) { paintStripChart(p, r, c, o.theme); });
}

QByteArray chartSvg(const StripChart &c, const RenderOptions &o)
{
    return svg(o, c.title, c.footer.lines().join(QLatin1Char('\n')),
        [&](QPainter &p, const QRectF &r) { paintStripChart(p, r, c, o.theme); });
}

QByteArray pngBytes(const QImage &image)
{
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    image.save(&buf, "PNG");
    return bytes;
}

Error saveFile(const QString &path, const QByteArray &bytes)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size() || !f.commit()) {
        qCWarning(lcRender) << "cannot write" << path << f.errorString();
        return Error(Error::Code::Storage, QStringLiteral("cannot write %1: %2").arg(path, f.errorString()));
    }
    return {};
}

} // namespace cm::render
