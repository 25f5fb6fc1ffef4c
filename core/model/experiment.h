// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// An experiment (docs/ARCHITECTURE.md §12): a workload (a plan of any kind), a baseline
// (the nodes as they are) and one or more variants, each a set of knob settings; every
// variant is measured `repetitions` times, in an order that keeps the variants close in
// time: interleaved (A B B A A B …) or shuffled within each round. One warm-up run of the
// baseline comes first and is not counted. JSON: the experiment file and the CLI's
// `experiment` (fuzzed: fuzz_experiment).
#include "model/knob.h"
#include "model/plan.h"

namespace cm {

struct ExperimentVariant {
    QString name; // "write cache off"; the baseline's is "baseline"
    QList<KnobSetting> knobs; // none for the baseline
    // Fields of the plan's target this variant sets (the RBD client cache
    // {"cache": "writeback"}, an S3 endpoint over TLS {"endpoint": "https://…"}): scalar
    // values only, checked by the kind with the rest of the plan before anything runs.
    QJsonObject target;
};

enum class ExperimentOrder { Interleaved, Random };

struct Experiment {
    static constexpr int MaxVariants = 8;
    static constexpr int MaxRepetitions = 50;
    static constexpr int MaxKnobs = 64; // per variant
    static constexpr int MaxTargetFields = 32; // per variant

    QString name;
    Plan plan;
    QList<ExperimentVariant> variants; // [0] is the baseline
    int repetitions = 4; // counted runs per variant, 2 … 50
    ExperimentOrder order = ExperimentOrder::Interleaved;
    quint32 seed = 1; // a Random order is the same for the same seed
    bool warmUp = true;
    int deadManSeconds = 30; // 10 … 600: a network knob's switch on the node

    QJsonObject toJson() const;
    // Checks the structure, the knob settings and that every knob's node is one of the
    // plan's; the plan itself is checked by Plan::fromJson (and its kind before a run).
    static Experiment fromJson(const QJsonObject &o, Error *error);
    static Experiment fromJsonBytes(const QByteArray &bytes, Error *error);
};

struct ExperimentSlot {
    int variant = 0;
    int repetition = 0; // 0-based within the variant; the warm-up's is -1
    bool warmUp = false;
    friend bool operator==(const ExperimentSlot &, const ExperimentSlot &) = default;
};

// The runs in the order they go. Interleaved: rounds of every variant, every other
// round reversed (A B, B A, A B …: each pair as close in time as the runs allow).
// Random: every round shuffled, reproducibly from the seed.
QList<ExperimentSlot> experimentSchedule(const Experiment &e);
// A target field's value as a user typed it: true/false a boolean, a number a number,
// anything else text ("cache=off", "concurrency=16").
QJsonValue experimentTargetValue(const QString &text);
// The plan a variant runs: the experiment's, with the variant's target fields set.
Plan experimentPlan(const Experiment &e, int variant);

} // namespace cm
