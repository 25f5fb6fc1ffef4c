// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How an error reads on screen. core's messages are English one-liners for logs and
// the CLI, often carrying a tool's own words (fio, libssh, librados); the screen leads
// them with a translated sentence for the error's kind, so a user reading another
// language knows what happened and keeps the exact words to search for.
#include "model/error.h"

namespace cm::ui {

// "A command failed: fio exited with status 1 (pve1)"; empty for no error.
QString errorText(const Error &e);
// The translated sentence alone: "A command failed".
QString errorHeadline(Error::Code code);

} // namespace cm::ui
