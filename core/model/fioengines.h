// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The fio engines a disk plan may name: fio's own synchronous and asynchronous engines
// on a file or a device. Never "external" (it loads a shared library of the plan's
// choosing) nor an engine that talks to a network or a cluster.
#include <QStringList>

namespace cm {

inline QStringList fioDiskEngines()
{
    return {QStringLiteral("libaio"), QStringLiteral("io_uring"), QStringLiteral("psync"), QStringLiteral("pvsync"),
        QStringLiteral("pvsync2"), QStringLiteral("sync"), QStringLiteral("posixaio"), QStringLiteral("mmap")};
}

} // namespace cm
