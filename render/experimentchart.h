// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The chart of an experiment (docs/ARCHITECTURE.md §12): per figure one bar for every
// counted run, in the order they ran, coloured by variant (the baseline's and each
// variant's repetitions side by side, so drift and outliers show), the verdict beside
// the figure's name. Pure.
#include "render/chartmodel.h"
#include "report/experimentreport.h"

namespace cm::render {

// At most maxFigures groups: the throughput and operation figures first.
BarChart buildExperimentChart(const ExperimentResult &r, int maxFigures = 6);
// Loads the experiment and builds its chart, names redacted when asked.
Error loadExperimentChart(SessionStore &store, const QString &id, bool redact, BarChart *out);

} // namespace cm::render
