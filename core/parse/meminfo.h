// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// /proc/meminfo: total and available memory in bytes. Pure.
#include "model/error.h"

#include <QByteArray>
#include <QStringList>

namespace cm {

struct MemInfo {
    quint64 totalBytes = 0;
    quint64 availableBytes = 0; // MemAvailable, or free + buffers + cached before 3.14
    quint64 freeBytes = 0;
    bool availableEstimated = false;
};

// err when MemTotal is missing or unreadable.
MemInfo parseMemInfo(const QByteArray &data, Error *err = nullptr, QStringList *warnings = nullptr);

} // namespace cm
