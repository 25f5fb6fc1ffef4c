// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The S3 kind in the UI: endpoint, parameters, review; the object-size sweep in Results.
#include "kinds/uikind.h"

namespace cm::ui {

UiKind s3UiKind();

} // namespace cm::ui
