// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Small pure parsers for /proc and /etc files used by the inventory.
#include <QByteArray>
#include <QString>

namespace cm {

struct CpuInfo {
    QString model; // "model name", else "Hardware"/"Model"/"cpu" (ARM, POWER)
    int logicalCpus = 0; // "processor" entries
};
CpuInfo parseCpuinfo(const QByteArray &text);

struct MemInfo {
    quint64 totalBytes = 0;
    quint64 availableBytes = 0; // MemAvailable, or MemFree+Buffers+Cached before 3.14
    bool valid = false; // MemTotal was found
};
MemInfo parseMeminfo(const QByteArray &text);

// PRETTY_NAME (unquoted), else NAME VERSION; empty when neither is present.
QString parseOsReleasePrettyName(const QByteArray &text);

} // namespace cm
