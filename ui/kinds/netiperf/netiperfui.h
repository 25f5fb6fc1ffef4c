// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The network kind in the UI: nodes, parameters, preview; the matrix and findings in Results; per-link traffic live.
#include "kinds/uikind.h"

namespace cm::ui {

UiKind netIperfUiKind();

} // namespace cm::ui
