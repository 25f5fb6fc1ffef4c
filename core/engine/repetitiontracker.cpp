// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/repetitiontracker.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace cm {

namespace {

QJsonValue num(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

} // namespace

RepetitionTracker::RepetitionTracker(const Plan &plan)
    : m_plan(plan)
{
    for (const PlanStep &s : plan.steps) {
        StepState st;
        st.testId = s.id;
        m_steps.append(st);
    }
}

bool RepetitionTracker::wants(int step) const
{
    return step >= 0 && step < m_steps.size() && !m_steps.at(step).done;
}

bool RepetitionTracker::allDone() const
{
    return std::all_of(m_steps.cbegin(), m_steps.cend(), [](const StepState &s) { return s.done; });
}

std::optional<double> RepetitionTracker::figure(const QJsonObject &summary, const QString &key, QString *used)
{
    auto say = [&](const QString &k) {
        if (used)
            *used = k;
    };
    auto finite = [](const QJsonValue &v) -> std::optional<double> {
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return std::nullopt;
        return v.toDouble();
    };
    if (!key.isEmpty()) {
        QJsonValue v = summary;
        for (const QString &part : key.split(QLatin1Char('.')))
            v = v.toObject().value(part);
        say(key);
        return finite(v);
    }
    if (const auto v = finite(summary.value(QStringLiteral("bitsPerSecond")))) {
        say(QStringLiteral("bitsPerSecond"));
        return v;
    }
    double bw = 0;
    QStringList dirs;
    for (const char *d : {"read", "write", "trim"}) {
        const auto v = finite(summary.value(QLatin1String(d)).toObject().value(QStringLiteral("bw")));
        if (v && *v > 0) {
            bw += *v;
            dirs << QStringLiteral("%1.bw").arg(QLatin1String(d));
        }
    }
    if (!dirs.isEmpty()) {
        say(dirs.join(QLatin1Char('+')));
        return bw;
    }
    for (const char *k : {"opsPerSecond", "bytesPerSecond", "iops", "bw"})
        if (const auto v = finite(summary.value(QLatin1String(k)))) {
            say(QLatin1String(k));
            return v;
        }
    say({});
    return std::nullopt;
}

double RepetitionTracker::spreadOf(const QList<double> &values)
{
    if (values.isEmpty())
        return qQNaN();
    const auto [lo, hi] = std::minmax_element(values.cbegin(), values.cend());
    double sum = 0;
    for (double v : values)
        sum += v;
    const double mean = sum / double(values.size());
    return mean == 0 ? qQNaN() : 100.0 * (*hi - *lo) / std::fabs(mean);
}

void RepetitionTracker::record(int step, const QString &node, const QJsonObject &summary)
{
    if (step < 0 || step >= m_steps.size())
        return;
    StepState &s = m_steps[step];
    QString used;
    const auto v = figure(summary, m_plan.stableFigure, &used);
    if (!v)
        return;
    if (s.figureKey.isEmpty())
        s.figureKey = used;
    s.values[node].append(*v);
}

double RepetitionTracker::windowSpread(const StepState &s, bool *full) const
{
    // Plain repeat: the spread of all iterations, as a noise estimate.
    const int k = m_plan.untilStable() ? m_plan.stableWindow : int(1e9);
    double worst = qQNaN();
    bool all = !s.values.isEmpty();
    for (const QList<double> &v : s.values) {
        if (v.size() < k)
            all = false;
        const double sp = spreadOf(v.mid(qMax(0, int(v.size()) - k)));
        if (!std::isfinite(sp))
            all = false;
        else if (!std::isfinite(worst) || sp > worst)
            worst = sp;
    }
    if (full)
        *full = all;
    return worst;
}

QString RepetitionTracker::endIteration(int step)
{
    if (!wants(step))
        return {};
    StepState &s = m_steps[step];
    ++s.iterations;
    bool full = false;
    s.spread = windowSpread(s, &full);
    const PlanStep &ps = m_plan.steps.at(step);
    if (!m_plan.untilStable()) {
        if (s.iterations < m_plan.repeat)
            return {};
        s.done = true;
        s.outcome = QStringLiteral("fixed");
        return {};
    }
    const bool stable = full && s.spread <= m_plan.untilSpreadPct;
    if (s.iterations >= m_plan.minIterations() && stable) {
        s.done = true;
        s.outcome = QStringLiteral("converged");
        return QStringLiteral("%1: stable after %2 iterations: spread %3 % of %4 over the last %5 (bound %6 %)")
            .arg(ps.title)
            .arg(s.iterations)
            .arg(s.spread, 0, 'f', 2)
            .arg(s.figureKey)
            .arg(m_plan.stableWindow)
            .arg(m_plan.untilSpreadPct);
    }
    if (s.iterations >= m_plan.maxIterations()) {
        s.done = true;
        s.outcome = QStringLiteral("cap");
        return QStringLiteral(
            "%1: not stable after %2 iterations (the cap): spread %3 % of %4 over the last %5, bound %6 %")
            .arg(ps.title)
            .arg(s.iterations)
            .arg(std::isfinite(s.spread) ? QString::number(s.spread, 'f', 2) : QStringLiteral("unknown"))
            .arg(s.figureKey.isEmpty() ? QStringLiteral("(no figure)") : s.figureKey)
            .arg(m_plan.stableWindow)
            .arg(m_plan.untilSpreadPct);
    }
    return {};
}

int RepetitionTracker::iterations(int step) const
{
    return step >= 0 && step < m_steps.size() ? m_steps.at(step).iterations : 0;
}

QString RepetitionTracker::outcome(int step) const
{
    return step >= 0 && step < m_steps.size() ? m_steps.at(step).outcome : QString();
}

double RepetitionTracker::spreadPct(int step) const
{
    return step >= 0 && step < m_steps.size() ? m_steps.at(step).spread : qQNaN();
}

QJsonObject RepetitionTracker::stepJson(int step) const
{
    if (step < 0 || step >= m_steps.size())
        return {};
    const StepState &s = m_steps.at(step);
    QJsonObject nodes;
    for (auto it = s.values.cbegin(); it != s.values.cend(); ++it) {
        QJsonArray values;
        for (double v : it.value())
            values.append(v);
        nodes.insert(it.key(),
            QJsonObject {{QStringLiteral("values"), values},
                {QStringLiteral("spreadPct"),
                    num(spreadOf(it.value().mid(
                        qMax(0, int(it.value().size()) - (m_plan.untilStable() ? m_plan.stableWindow : int(1e9))))))}});
    }
    return QJsonObject {{QStringLiteral("index"), step}, {QStringLiteral("testId"), s.testId},
        {QStringLiteral("iterations"), s.iterations}, {QStringLiteral("outcome"), s.outcome},
        {QStringLiteral("converged"), s.outcome == QLatin1String("converged")},
        {QStringLiteral("hitCap"), s.outcome == QLatin1String("cap")}, {QStringLiteral("figure"), s.figureKey},
        {QStringLiteral("spreadPct"), num(s.spread)}, {QStringLiteral("nodes"), nodes}};
}

QJsonObject RepetitionTracker::toJson() const
{
    QJsonArray steps;
    bool converged = m_plan.untilStable();
    for (int i = 0; i < m_steps.size(); ++i) {
        steps.append(stepJson(i));
        converged = converged && m_steps.at(i).outcome == QLatin1String("converged");
    }
    QJsonObject o {{QStringLiteral("repeat"), m_plan.repeat}, {QStringLiteral("steps"), steps}};
    if (m_plan.untilStable()) {
        o.insert(QStringLiteral("untilSpreadPct"), m_plan.untilSpreadPct);
        o.insert(QStringLiteral("minRepeat"), m_plan.minIterations());
        o.insert(QStringLiteral("maxRepeat"), m_plan.maxIterations());
        o.insert(QStringLiteral("window"), m_plan.stableWindow);
        o.insert(QStringLiteral("converged"), converged);
    }
    return o;
}

} // namespace cm
