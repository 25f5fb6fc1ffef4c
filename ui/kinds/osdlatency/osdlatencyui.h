// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The per-OSD latency kind in the UI: target, the test table, review; the heat map in Results.
#include "kinds/uikind.h"

namespace cm::ui {

UiKind osdLatencyUiKind();

} // namespace cm::ui
