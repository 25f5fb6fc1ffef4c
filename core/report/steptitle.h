// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a saved step is named in Results and the exports: its title (or test id), with
// "#N" when the run repeats its steps, and its status when it did not complete.
#include "store/sessionstore.h"

namespace cm {

bool repeatsSteps(const QList<StepRecord> &steps); // any step ran more than once
// "4k write QD16", "4k write QD16 #2"; withStatus adds " (failed)" and the like.
QString stepTitle(const StepRecord &s, bool repeated, bool withStatus = false);

} // namespace cm
