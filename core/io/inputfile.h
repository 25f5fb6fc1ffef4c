// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reading a file the user hands the app (a plan, a result from a forum, a session
// file): only a regular file is read, never a FIFO, a device or a socket, and never
// more than a cap, however large the file says it is (/proc and /dev files say 0).
// The open does not block (a FIFO with no writer would hang the app forever).
#include "model/error.h"

#include <QByteArray>
#include <QString>

namespace cm {

// Reads all of `path` into *bytes when it is a regular file of at most maxBytes.
// Errors: Storage (cannot open or read: "cannot read …"), InvalidInput (not a regular
// file, too large). *bytes is untouched on error.
Error readInputFile(const QString &path, qint64 maxBytes, QByteArray *bytes);

} // namespace cm
