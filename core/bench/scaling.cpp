// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/scaling.h"

#include "model/paramreader.h"

#include <algorithm>

namespace cm::scaling {

Error expand(const RunnerKind &kind, const QList<int> &counts, Plan *plan)
{
    auto bad = [&](const QString &m) { return Error(Error::Code::InvalidInput, m, kind.id()); };
    if (!kind.sumsClients())
        return bad(QStringLiteral("a scaling series needs a kind whose clients add up (disk, RBD)"));
    const int nodes = int(plan->nodes.size());
    for (int i = 0; i < counts.size(); ++i) {
        if (counts.at(i) < 1 || counts.at(i) > nodes)
            return bad(QStringLiteral("%1 clients: the plan has %2 client nodes").arg(counts.at(i)).arg(nodes));
        if (i > 0 && counts.at(i) <= counts.at(i - 1))
            return bad(
                QStringLiteral("client counts must increase: %1 after %2").arg(counts.at(i)).arg(counts.at(i - 1)));
    }
    QList<PlanStep> out;
    for (const PlanStep &s : std::as_const(plan->steps))
        for (int k : counts) {
            PlanStep step = s;
            step.id = QStringLiteral("%1-c%2").arg(s.id).arg(k);
            step.title = k == 1 ? QStringLiteral("%1 · 1 client").arg(s.title)
                                : QStringLiteral("%1 · %2 clients").arg(s.title).arg(k);
            step.params.insert(kClientsKey, k);
            out << step;
        }
    plan->steps = out;
    return {};
}

QList<int> parseCounts(const QString &text, QString *error)
{
    QList<int> out;
    for (const QString &part : text.split(QLatin1Char(','))) {
        bool ok = false;
        const int k = part.trimmed().toInt(&ok);
        if (!ok || k < 1 || k > 256) {
            *error = QStringLiteral("--clients: \"%1\" is not a client count from 1 to 256").arg(part);
            return {};
        }
        out << k;
    }
    return out;
}

int stepClients(const PlanStep &step)
{
    return step.params.value(kClientsKey).toInt(0);
}

QStringList stepNodes(const Plan &plan, const PlanStep &step)
{
    const int k = stepClients(step);
    QStringList names;
    for (int n = 0; n < k && n < plan.nodes.size(); ++n)
        names << plan.nodes.at(n).displayName();
    return names;
}

Error checkClients(const Plan &plan, const QString &kindId)
{
    for (const PlanStep &s : plan.steps) {
        ParamReader r(s.params, QStringLiteral("step %1").arg(s.id), kindId);
        r.integer(kClientsKey, 0, 1, int(std::max<qsizetype>(1, plan.nodes.size())), QStringLiteral("client nodes"));
        if (!r.ok())
            return r.error();
    }
    return {};
}

} // namespace cm::scaling

namespace cm {

QStringList RunnerKind::stepNodes(const Plan &plan, int stepIndex) const
{
    if (stepIndex < 0 || stepIndex >= plan.steps.size())
        return {};
    return scaling::stepNodes(plan, plan.steps.at(stepIndex));
}

} // namespace cm
