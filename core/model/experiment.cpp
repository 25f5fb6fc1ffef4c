// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/experiment.h"

#include "model/paramreader.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QRegularExpression>

#include <algorithm>
#include <numeric>

namespace cm {

namespace {

Error invalid(const QString &message)
{
    return Error(Error::Code::InvalidInput, message, QStringLiteral("experiment"));
}

Error readVariant(const QJsonValue &v, int index, const Plan &plan, ExperimentVariant *out)
{
    const QString where = QStringLiteral("experiment: variant %1").arg(index + 1);
    if (!v.isObject())
        return invalid(where + QStringLiteral(" must be an object"));
    ParamReader r(v.toObject(), where, QStringLiteral("experiment"));
    r.allowOnly({QStringLiteral("name"), QStringLiteral("knobs"), QStringLiteral("target")});
    out->name = r.text(QStringLiteral("name"), {}, 80).trimmed();
    if (!r.ok())
        return r.error();
    if (out->name.isEmpty())
        return invalid(where + QStringLiteral(" needs a name"));
    const QJsonValue target = v.toObject().value(QStringLiteral("target"));
    if (!target.isUndefined()) {
        static const QRegularExpression key(QStringLiteral("^[A-Za-z][A-Za-z0-9_]{0,40}$"));
        if (!target.isObject() || target.toObject().size() > Experiment::MaxTargetFields)
            return invalid(where
                + QStringLiteral(": \"target\" must be an object of at most %1 fields")
                      .arg(Experiment::MaxTargetFields));
        const QJsonObject t = target.toObject();
        for (auto it = t.begin(); it != t.end(); ++it) {
            if (!key.match(it.key()).hasMatch())
                return invalid(where + QStringLiteral(": \"%1\" is not a target field").arg(it.key().left(40)));
            if (!it.value().isString() && !it.value().isDouble() && !it.value().isBool())
                return invalid(where
                    + QStringLiteral(": target field \"%1\" must be a string, number or true/false").arg(it.key()));
        }
        out->target = t;
    }
    const QJsonValue knobs = v.toObject().value(QStringLiteral("knobs"));
    if (!knobs.isArray() || knobs.toArray().size() > Experiment::MaxKnobs)
        return invalid(where + QStringLiteral(": \"knobs\" must be a list of at most %1").arg(Experiment::MaxKnobs));
    for (const QJsonValue &k : knobs.toArray()) {
        Error e;
        const KnobSetting s = KnobSetting::fromJson(k.toObject(), &e);
        if (e || !k.isObject())
            return invalid(QStringLiteral("%1: %2").arg(where, e ? e.message : QStringLiteral("a knob is an object")));
        const bool known = s.isClusterKnob() // the plan's cluster
            || std::any_of(
                plan.nodes.cbegin(), plan.nodes.cend(), [&](const NodeSpec &n) { return n.displayName() == s.node; });
        if (!known)
            return invalid(QStringLiteral("%1: %2: \"%3\" is not a node of the plan").arg(where, s.toString(), s.node));
        out->knobs << s;
    }
    return {};
}

} // namespace

QJsonObject Experiment::toJson() const
{
    QJsonArray vs;
    for (const ExperimentVariant &v : variants) {
        QJsonArray knobs;
        for (const KnobSetting &k : v.knobs)
            knobs.append(k.toJson());
        QJsonObject o {{QStringLiteral("name"), v.name}, {QStringLiteral("knobs"), knobs}};
        if (!v.target.isEmpty())
            o.insert(QStringLiteral("target"), v.target);
        vs.append(o);
    }
    return QJsonObject {{QStringLiteral("format"), QStringLiteral("clustermark-experiment")},
        {QStringLiteral("version"), 1}, {QStringLiteral("name"), name}, {QStringLiteral("plan"), plan.toJson()},
        {QStringLiteral("variants"), vs}, {QStringLiteral("repetitions"), repetitions},
        {QStringLiteral("order"),
            order == ExperimentOrder::Random ? QStringLiteral("random") : QStringLiteral("interleaved")},
        {QStringLiteral("seed"), qint64(seed)}, {QStringLiteral("warmUp"), warmUp},
        {QStringLiteral("deadManSeconds"), deadManSeconds}};
}

Experiment Experiment::fromJson(const QJsonObject &o, Error *error)
{
    Experiment x;
    auto fail = [&](const Error &e) {
        if (error)
            *error = e;
        return Experiment();
    };
    ParamReader r(o, QStringLiteral("experiment"), QStringLiteral("experiment"));
    r.allowOnly({QStringLiteral("format"), QStringLiteral("version"), QStringLiteral("name"), QStringLiteral("plan"),
        QStringLiteral("variants"), QStringLiteral("repetitions"), QStringLiteral("order"), QStringLiteral("seed"),
        QStringLiteral("warmUp"), QStringLiteral("deadManSeconds")});
    r.choice(
        QStringLiteral("format"), QStringLiteral("clustermark-experiment"), {QStringLiteral("clustermark-experiment")});
    r.integer(QStringLiteral("version"), 1, 1, 1);
    x.name = r.text(QStringLiteral("name"), {}, 120);
    x.repetitions = r.integer(QStringLiteral("repetitions"), 4, 2, MaxRepetitions);
    x.order = r.choice(QStringLiteral("order"), QStringLiteral("interleaved"),
                  {QStringLiteral("interleaved"), QStringLiteral("random")})
            == QLatin1String("random")
        ? ExperimentOrder::Random
        : ExperimentOrder::Interleaved;
    x.seed = quint32(r.number(QStringLiteral("seed"), 1, 0, 4294967295.0));
    x.warmUp = r.flag(QStringLiteral("warmUp"), true);
    x.deadManSeconds = r.integer(QStringLiteral("deadManSeconds"), 30, 10, 600, QStringLiteral("s"));
    if (!r.ok())
        return fail(r.error());
    if (!o.value(QStringLiteral("plan")).isObject())
        return fail(invalid(QStringLiteral("experiment: \"plan\" must be a plan object")));
    Error e;
    x.plan = Plan::fromJson(o.value(QStringLiteral("plan")).toObject(), &e);
    if (e)
        return fail(Error(e.code, QStringLiteral("experiment: plan: ") + e.message, e.context));
    const QJsonArray vs = o.value(QStringLiteral("variants")).toArray();
    if (!o.value(QStringLiteral("variants")).isArray() || vs.size() < 2 || vs.size() > MaxVariants)
        return fail(invalid(QStringLiteral("experiment: \"variants\" must list the baseline and 1 to %1 variants")
                                .arg(MaxVariants - 1)));
    for (int i = 0; i < vs.size(); ++i) {
        ExperimentVariant v;
        if (Error ve = readVariant(vs.at(i), i, x.plan, &v))
            return fail(ve);
        if (i == 0 && (!v.knobs.isEmpty() || !v.target.isEmpty()))
            return fail(invalid(QStringLiteral("experiment: the first variant is the baseline: it changes no knob")));
        if (i > 0 && v.knobs.isEmpty() && v.target.isEmpty())
            return fail(
                invalid(QStringLiteral("experiment: variant \"%1\" changes no knob and no target field").arg(v.name)));
        x.variants << v;
    }
    if (error)
        *error = {};
    return x;
}

Experiment Experiment::fromJsonBytes(const QByteArray &bytes, Error *error)
{
    if (bytes.size() > Plan::MaxFileBytes) {
        if (error)
            *error = invalid(QStringLiteral("an experiment file is at most %1 bytes").arg(Plan::MaxFileBytes));
        return {};
    }
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        if (error)
            *error
                = invalid(QStringLiteral("not an experiment file: %1 at byte %2")
                              .arg(doc.isObject() || pe.error != QJsonParseError::NoError ? pe.errorString()
                                                                                          : QStringLiteral("no object"))
                              .arg(pe.offset));
        return {};
    }
    return fromJson(doc.object(), error);
}

Plan experimentPlan(const Experiment &e, int variant)
{
    Plan p = e.plan;
    const QJsonObject set = e.variants.value(variant).target;
    for (auto it = set.begin(); it != set.end(); ++it)
        p.target.insert(it.key(), it.value());
    return p;
}

QList<ExperimentSlot> experimentSchedule(const Experiment &e)
{
    QList<ExperimentSlot> out;
    const int k = int(e.variants.size());
    if (k == 0)
        return out;
    if (e.warmUp)
        out << ExperimentSlot {0, -1, true};
    QRandomGenerator random(e.seed);
    QList<int> round(k);
    for (int r = 0; r < e.repetitions; ++r) {
        std::iota(round.begin(), round.end(), 0);
        if (e.order == ExperimentOrder::Random)
            std::shuffle(round.begin(), round.end(), random);
        else if (r % 2 == 1)
            std::reverse(round.begin(), round.end());
        for (int v : std::as_const(round))
            out << ExperimentSlot {v, r, false};
    }
    return out;
}

QJsonValue experimentTargetValue(const QString &text)
{
    if (text == QLatin1String("true") || text == QLatin1String("false"))
        return text == QLatin1String("true");
    bool number = false;
    const double d = text.toDouble(&number);
    return number ? QJsonValue(d) : QJsonValue(text);
}

} // namespace cm
