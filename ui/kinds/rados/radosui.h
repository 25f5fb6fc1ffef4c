// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The RADOS kind in the UI.
#include "kinds/uikind.h"

namespace cm::ui {

UiKind radosUiKind();

} // namespace cm::ui
