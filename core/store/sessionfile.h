// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Session files (docs/ARCHITECTURE.md §6): a whole session — its name, tags and note, and every run
// with its plan, environment, steps (summaries and raw output) and all samples — in one
// JSON file (format: parse/sessionfilecodec.h), and back into a store.
#include "model/error.h"
#include "model/sample.h"

#include <QList>
#include <QString>

namespace cm {

class SessionStore;

// Far above a day-long run of 64 series; keeps a wrong file from filling memory.
constexpr qint64 MaxSessionFileBytes = qint64(2) << 30;

struct SessionImport {
    qint64 sessionId = 0;
    QString name; // as stored: with a suffix when the file's name was taken
    bool renamed = false;
    QList<RunId> runs; // new ids, in the file's order
};

// Writes the file atomically (an existing file is replaced only when all is written).
Error exportSession(SessionStore &store, qint64 sessionId, const QString &path);

// All or nothing: a file that cannot be read, is not valid JSON, is of a newer schema or
// has a missing or wrongly typed field is refused before the store is touched, and the
// rows go in one transaction. Errors carry the file's path as context.
Error importSession(SessionStore &store, const QString &path, SessionImport *result = nullptr);
// The same for bytes already read; `origin` names them in errors.
Error importSessionBytes(
    SessionStore &store, const QByteArray &bytes, const QString &origin, SessionImport *result = nullptr);

} // namespace cm
