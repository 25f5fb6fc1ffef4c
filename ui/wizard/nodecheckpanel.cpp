// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard/nodecheckpanel.h"

#include "bench/registry.h"

#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QtConcurrent>

namespace cm::ui {

NodeCheckPanel::NodeCheckPanel(QWidget *parent)
    : QWidget(parent)
    , m_checker([](const Plan &plan, const QList<PreflightCheck> &checks) {
        return preflight::checkPlan(plan, checks, CancelToken());
    })
{
    setObjectName(QStringLiteral("nodeCheckPanel"));
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_button = new QPushButton(tr("Check the nodes"), this);
    m_button->setObjectName(QStringLiteral("checkNodesButton"));
    m_button->setToolTip(tr("Whether every node can run the test's tool and reach the cluster, before the run"));
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("checkNodesResult"));
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::PlainText);
    row->addWidget(m_button, 0, Qt::AlignTop);
    row->addWidget(m_result, 1);
    connect(m_button, &QPushButton::clicked, this, &NodeCheckPanel::check);
    setVisible(false);
}

void NodeCheckPanel::setPlan(const Plan &plan)
{
    ++m_generation;
    m_plan = plan;
    const auto kind = Registry::instance().kind(plan.kind);
    m_checks = kind ? kind->preflight(plan) : QList<PreflightCheck> {};
    m_result->clear();
    m_button->setEnabled(true);
    setVisible(!m_checks.isEmpty());
}

void NodeCheckPanel::check()
{
    m_button->setEnabled(false);
    m_result->setText(tr("Checking %n node(s)…", nullptr, int(m_plan.nodes.size())));
    const int generation = m_generation;
    auto *watcher = new QFutureWatcher<QList<PreflightResult>>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        if (generation == m_generation)
            show(watcher->result());
    });
    watcher->setFuture(QtConcurrent::run(m_checker, m_plan, m_checks));
}

void NodeCheckPanel::show(const QList<PreflightResult> &results)
{
    m_button->setEnabled(true);
    QStringList failed; // only what needs doing; the passed checks are counted
    for (const PreflightResult &r : results)
        if (!r.ok)
            failed << tr("✗ %1: %2: %3 — %4").arg(r.node, r.what, r.detail, r.fix);
    const int passed = int(results.size() - failed.size());
    if (failed.isEmpty())
        m_result->setText(tr("✓ Every node can run the test and reach the cluster (%n check(s)).", nullptr, passed));
    else
        m_result->setText(
            failed.join(QLatin1Char('\n')) + QLatin1Char('\n') + tr("%n other check(s) passed.", nullptr, passed));
    m_result->setStyleSheet(failed.isEmpty() ? QString() : QStringLiteral("color: #b00020;"));
    Q_EMIT checked(failed.isEmpty());
}

} // namespace cm::ui
