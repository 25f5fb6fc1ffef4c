// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QLoggingCategory>

namespace cm {
Q_DECLARE_LOGGING_CATEGORY(lcParse)
}
