// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The significance mark of one figure of one run against the baseline, as the
// Compare tab shows it (table, bars, tooltips), and the colour of each compared run.
#include "model/metric.h"
#include "stats/comparestats.h"

#include <QColor>
#include <QString>

namespace cm::ui {

enum class SignificanceMark {
    Significant, // Welch's t-test, p < 0.05
    WithinNoise, // tested, p >= 0.05
    SingleRun, // one repetition on a side: no noise estimate
    NoSpread, // repetitions identical: no noise estimate
    Missing, // no value on one side
};

SignificanceMark significanceMark(const CompareStats &s);
QString markText(SignificanceMark m); // "significant", "within noise", "single run: no noise estimate", …
QString markSymbol(SignificanceMark m); // short symbol for bar labels
// "Welch's t-test, 95 % CI of the difference [a, b]" in the figure's unit (or why not tested).
QString testText(const CompareStats &s, metric::Unit unit);
QString changeText(const CompareStats &s); // "+12.3 %", "–" when unknown
// "1.23 GB/s ± 4.5 MB/s (n = 3)"
QString meanText(const GroupStats &g, metric::Unit unit);
// Whether the change is an improvement, given the figure's direction (false when unknown).
bool isBetter(const CompareStats &s, bool higherIsBetter);

QColor runColor(int runIndex); // baseline first; same colours in every chart

} // namespace cm::ui
