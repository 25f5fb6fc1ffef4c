// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The RBD kind in the UI.
#include "kinds/uikind.h"

namespace cm::ui {

UiKind rbdUiKind();

} // namespace cm::ui
