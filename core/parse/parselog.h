#pragma once
#include <QLoggingCategory>

namespace cm {
Q_DECLARE_LOGGING_CATEGORY(lcParse)
}
