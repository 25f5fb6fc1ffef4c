// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Check the nodes" on a review page: runs the plan kind's preflight checks
// (bench/preflight.h) on every node at once, off the UI thread, and lists each result:
// what a node lacks, and the package or the fix. Hidden for plans without checks.
#include "bench/preflight.h"
#include "model/plan.h"

#include <QWidget>

#include <functional>

class QLabel;
class QPushButton;

namespace cm::ui {

class NodeCheckPanel : public QWidget {
    Q_OBJECT
public:
    using Checker = std::function<QList<PreflightResult>(const Plan &, const QList<PreflightCheck> &)>;

    explicit NodeCheckPanel(QWidget *parent = nullptr);
    void setPlan(const Plan &plan); // shows the panel when the plan's kind has checks
    void setChecker(Checker c) { m_checker = std::move(c); } // tests: no SSH
    QPushButton *checkButton() const { return m_button; }
    QLabel *resultLabel() const { return m_result; }

Q_SIGNALS:
    void checked(bool allOk);

private:
    void check();
    void show(const QList<PreflightResult> &results);

    Plan m_plan;
    QList<PreflightCheck> m_checks;
    Checker m_checker;
    QPushButton *m_button = nullptr;
    QLabel *m_result = nullptr;
    int m_generation = 0; // a result of an older plan is dropped
};

} // namespace cm::ui
