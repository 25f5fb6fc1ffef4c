// SPDX-License-Identifier: GPL-3.0-or-later
// A cut cell or header section shows its whole text as a tooltip (real widgets,
// offscreen); a cell that fits, or has its own tooltip, does not get one.
#include "elidedtooltips.h"

#include <QHeaderView>
#include <QHelpEvent>
#include <QTableWidget>
#include <QTest>
#include <QToolTip>

using namespace cm::ui;

class TestElidedToolTips : public QObject {
    Q_OBJECT
    static QPoint centre(QTableWidget &t, int row, int col)
    {
        return t.visualRect(t.model()->index(row, col)).center();
    }
    static QString tipAt(QWidget *viewport, const QPoint &pos)
    {
        QToolTip::hideText();
        QHelpEvent e(QEvent::ToolTip, pos, viewport->mapToGlobal(pos));
        QApplication::sendEvent(viewport, &e);
        return QToolTip::isVisible() ? QToolTip::text() : QString();
    }

private Q_SLOTS:
    void cutCellsShowTheirText()
    {
        ElidedToolTips::install();
        QTableWidget t(2, 2);
        t.setHorizontalHeaderLabels({QStringLiteral("Key figures of the run, all of them"), QStringLiteral("B")});
        const QString longText = QStringLiteral("R 1.30 GB/s · W 3.32 GB/s · R 1.24k IOPS · W 3.16k IOPS");
        t.setItem(0, 0, new QTableWidgetItem(longText));
        t.setItem(1, 0, new QTableWidgetItem(QStringLiteral("ok")));
        auto *own = new QTableWidgetItem(longText);
        own->setToolTip(QStringLiteral("its own"));
        t.setItem(0, 1, own);
        t.setColumnWidth(0, 80);
        t.setColumnWidth(1, 80);
        t.resize(400, 200);
        t.show();
        QVERIFY(QTest::qWaitForWindowExposed(&t));
        QCOMPARE(ElidedToolTips::cutText(&t, centre(t, 0, 0)), longText);
        QCOMPARE(ElidedToolTips::cutText(&t, centre(t, 1, 0)), QString()); // it fits
        QCOMPARE(ElidedToolTips::cutText(&t, centre(t, 0, 1)), QString()); // its own tooltip wins
        QCOMPARE(tipAt(t.viewport(), centre(t, 0, 0)), longText);
        QCOMPARE(tipAt(t.viewport(), centre(t, 0, 1)), QStringLiteral("its own"));
        QHeaderView *h = t.horizontalHeader();
        const QPoint section(h->sectionViewportPosition(0) + 20, h->height() / 2);
        QCOMPARE(ElidedToolTips::cutText(h, section), QStringLiteral("Key figures of the run, all of them"));
        QCOMPARE(tipAt(h->viewport(), section), QStringLiteral("Key figures of the run, all of them"));
        t.setColumnWidth(0, 600); // wide enough: nothing is cut
        QCOMPARE(ElidedToolTips::cutText(&t, centre(t, 0, 0)), QString());
    }
};

QTEST_MAIN(TestElidedToolTips)
#include "test_elidedtooltips.moc"
