// SPDX-License-Identifier: GPL-3.0-or-later
// The live, compare and network charts take the window's palette, also when it changes
// while they are shown: under a dark palette their text is light and their plot dark.
#include "apptheme.h"
#include "compare/percentilechart.h"
#include "live/livechart.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QImage>
#include <QLegend>
#include <QTest>

using namespace cm;
using namespace cm::ui;

namespace {
bool followsText(QChartView *view, const QColor &text)
{
    QChart *c = view->chart();
    if (c->titleBrush().color() != text || c->legend()->labelColor() != text)
        return false;
    for (QAbstractAxis *a : c->axes())
        if (a->labelsColor() != text || a->titleBrush().color() != text)
            return false;
    return true;
}
} // namespace

class TestChartPalette : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void chartsFollowAPaletteChange()
    {
        const QPalette light = QApplication::palette();
        LiveChart live(QStringLiteral("Bandwidth"), metric::Unit::BytesPerSec);
        PercentileChart percentiles;
        live.resize(500, 300);
        percentiles.resize(500, 300);
        live.show();
        percentiles.show();
        QVERIFY(followsText(&live, light.color(QPalette::Text)));
        QVERIFY(followsText(&percentiles, light.color(QPalette::Text)));

        // The user picks the dark look while the charts are shown.
        applyTheme(Theme::Dark);
        QCOMPARE(currentTheme(), Theme::Dark);
        const QPalette dark = darkPalette();
        QCOMPARE(QApplication::palette().color(QPalette::Base), dark.color(QPalette::Base));
        QTRY_VERIFY(followsText(&live, dark.color(QPalette::Text)));
        QVERIFY(followsText(&percentiles, dark.color(QPalette::Text)));
        QCOMPARE(live.chart()->backgroundBrush().color(), dark.color(QPalette::Base));
        // What is drawn: the middle of the plot area is the dark base, not white.
        const QImage shot = live.grab().toImage();
        const QPointF mid = live.chart()->plotArea().center();
        const QColor pixel = shot.pixelColor(mid.toPoint());
        QVERIFY2(pixel.lightness() < 80, qPrintable(pixel.name()));
        // Back to the system's look: its own palette again.
        applyTheme(Theme::System);
        QCOMPARE(QApplication::palette().color(QPalette::Text), light.color(QPalette::Text));
        QTRY_VERIFY(followsText(&live, light.color(QPalette::Text)));
        bool ok = true;
        QCOMPARE(themeFromName(QStringLiteral(" Dark "), &ok), Theme::Dark);
        QVERIFY(ok);
        themeFromName(QStringLiteral("purple"), &ok);
        QVERIFY(!ok);
    }
};

QTEST_MAIN(TestChartPalette)
#include "test_chartpalette.moc"
