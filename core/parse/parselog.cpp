// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/parselog.h"

namespace cm {
Q_LOGGING_CATEGORY(lcParse, "clustermark.core.parse", QtInfoMsg)
}
