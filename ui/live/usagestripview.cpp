// SPDX-License-Identifier: GPL-3.0-or-later
#include "live/usagestripview.h"

#include "render/usagestrippainter.h"

#include <QPainter>

namespace cm::ui {

namespace {

// The painter's words, translated.
render::UsageStripTexts texts()
{
    render::UsageStripTexts t;
    t.cpu = cm::ui::UsageStripView::tr("CPU");
    t.core = cm::ui::UsageStripView::tr("busiest core");
    t.memory = cm::ui::UsageStripView::tr("memory");
    t.noSpeed = cm::ui::UsageStripView::tr("%1 (link speed unknown)");
    t.utilisation = cm::ui::UsageStripView::tr("utilisation");
    t.osdLatency = cm::ui::UsageStripView::tr("OSD commit latency");
    t.limit = cm::ui::UsageStripView::tr("what limited the step");
    t.empty
        = cm::ui::UsageStripView::tr("No node or OSD was sampled yet. The strip fills once the run's nodes report.");
    return t;
}

} // namespace

// Paints the strip at the widget's palette: a dark desktop gets the dark theme.
class UsageStripCanvas : public QWidget {
public:
    explicit UsageStripCanvas(QWidget *parent)
        : QWidget(parent)
    { }
    UsageStrip strip;
    render::UsageStripLayout stripLayout() const
    {
        render::UsageStripLayout l;
        l.fontPx = QFontMetricsF(font()).height() * 0.8;
        l.rowHeight = std::max(12.0, QFontMetricsF(font()).height());
        return l;
    }
    QSize sizeHint() const override { return {600, minimumHeight()}; }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        const bool dark = palette().color(QPalette::Window).lightness() < 128;
        render::ChartTheme theme = dark ? render::ChartTheme::dark() : render::ChartTheme::light();
        theme.background = palette().color(QPalette::Base);
        theme.text = palette().color(QPalette::Text);
        p.fillRect(rect(), theme.background);
        p.setFont(font());
        render::paintUsageStrip(p, QRectF(rect()).adjusted(6, 4, -6, -4), strip, theme, texts(), stripLayout());
    }
};

UsageStripView::UsageStripView(QWidget *parent)
    : QScrollArea(parent)
{
    setObjectName(QStringLiteral("usageStrip"));
    setWidgetResizable(true);
    setFrameShape(QFrame::NoFrame);
    m_canvas = new UsageStripCanvas(this);
    m_canvas->setObjectName(QStringLiteral("usageStripCanvas"));
    setWidget(m_canvas);
    rebuild();
}

void UsageStripView::clear()
{
    m_builder.clear();
    m_dirty = false;
    rebuild();
}

void UsageStripView::addSamples(const SampleList &samples)
{
    const int before = m_builder.rowCount();
    m_builder.add(samples);
    m_dirty = true;
    if (m_builder.rowCount() != before)
        m_sinceRebuild.invalidate(); // a new row: show it now
}

void UsageStripView::markBottleneck(const BottleneckFinding &f, double from, double to)
{
    m_builder.mark(f, from, to);
    m_dirty = true;
}

void UsageStripView::addStep(const QString &label, double from, double to)
{
    m_builder.addStep(label, from, to);
    m_dirty = true;
}

void UsageStripView::flush(bool now)
{
    if (!m_dirty || !isVisible() || (!now && m_sinceRebuild.isValid() && m_sinceRebuild.elapsed() < 1000))
        return;
    rebuild();
}

void UsageStripView::showStrip(const UsageStrip &strip)
{
    m_builder.clear();
    m_dirty = false;
    m_canvas->strip = strip;
    m_canvas->setMinimumHeight(int(render::usageStripHeight(strip, m_canvas->stripLayout())));
    m_canvas->update();
}

const UsageStrip &UsageStripView::strip() const
{
    return m_canvas->strip;
}

void UsageStripView::showEvent(QShowEvent *e)
{
    QScrollArea::showEvent(e);
    if (m_dirty)
        rebuild();
}

void UsageStripView::rebuild()
{
    m_canvas->strip = m_builder.strip();
    m_canvas->setMinimumHeight(int(render::usageStripHeight(m_canvas->strip, m_canvas->stripLayout())));
    m_canvas->update();
    m_dirty = false;
    m_sinceRebuild.start();
}

} // namespace cm::ui
