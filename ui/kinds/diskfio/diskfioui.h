// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The disk kind in the UI: nodes, target, the test table, the device safety page, review.
#include "kinds/uikind.h"

namespace cm::ui {

UiKind diskFioUiKind();

} // namespace cm::ui
