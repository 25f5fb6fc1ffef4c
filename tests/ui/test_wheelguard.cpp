// SPDX-License-Identifier: GPL-3.0-or-later
// Scrolling a form over a spin box or combo box without focus scrolls the form and
// leaves the value alone; with focus, the wheel changes the value as usual.
#include "wheelguard.h"

#include <QApplication>
#include <QComboBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTest>
#include <QVBoxLayout>
#include <QWheelEvent>

using namespace cm::ui;

namespace {
void wheel(QWidget *w, int dy)
{
    const QPointF at(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent e(
        at, w->mapToGlobal(at), QPoint(), QPoint(0, dy), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}
} // namespace

class TestWheelGuard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void unfocusedFieldsScrollTheForm()
    {
        WheelGuard::install();
        WheelGuard::install(); // once only
        QCOMPARE(qApp->findChildren<WheelGuard *>(QString(), Qt::FindDirectChildrenOnly).size(), 1);
        QScrollArea area;
        auto *form = new QWidget;
        auto *v = new QVBoxLayout(form);
        auto *first = new QSpinBox(form); // takes the focus first
        auto *spin = new QSpinBox(form);
        spin->setRange(0, 1000);
        spin->setValue(500);
        auto *combo = new QComboBox(form);
        combo->addItems({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
        combo->setCurrentIndex(1);
        v->addWidget(first);
        v->addWidget(spin);
        v->addWidget(combo);
        v->addSpacing(3000); // taller than the area: it scrolls
        area.setWidget(form);
        area.resize(300, 200);
        area.show();
        area.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&area));
        first->setFocus();
        QTRY_VERIFY(first->hasFocus());
        QCOMPARE(area.verticalScrollBar()->value(), 0);

        wheel(spin, -120);
        QCOMPARE(spin->value(), 500);
        QVERIFY2(area.verticalScrollBar()->value() > 0, "the form scrolled instead");
        const int scrolled = area.verticalScrollBar()->value();
        wheel(combo, -120);
        QCOMPARE(combo->currentIndex(), 1);
        QVERIFY(area.verticalScrollBar()->value() > scrolled);

        // With focus, the field takes the wheel.
        spin->setFocus();
        QTRY_VERIFY(spin->hasFocus());
        wheel(spin, 120);
        QCOMPARE(spin->value(), 501);
    }
};

QTEST_MAIN(TestWheelGuard)
#include "test_wheelguard.moc"
