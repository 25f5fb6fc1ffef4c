// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// GitHub-flavoured Markdown summary of one run for forum posts: a title line (plan
// name, start date in UTC, status), one table row per step from its summary JSON,
// and a footer naming the tool versions. Pure: the store feeds it.
#include "store/sessionstore.h"

namespace cm {

QString runMarkdown(const RunInfo &run, const QList<StepRecord> &steps);

} // namespace cm
