// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The CephFS kind in the UI: engine and target, presets, review; the metadata bars in Results.
#include "kinds/uikind.h"

namespace cm::ui {

UiKind cephFsUiKind();

} // namespace cm::ui
