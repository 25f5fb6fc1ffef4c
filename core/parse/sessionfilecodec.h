// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The session file format (JSON, one session with all its runs): decoding with full
// validation and encoding. Pure: bytes in, values out; no file or database access.
//
//   {"format": "clustermark-session", "schema": 1, "app": "...", "exported": ISO,
//    "session": {"name", "tags", "note", "created"},
//    "runs": [{"kind", "name", "status", "error", "started", "finished", "lastSampleT",
//              "plan", "environment",
//              "steps": [{"index", "iteration", "testId", "title", "node", "target",
//                         "status", "command", "params", "summary", "environment",
//                         "rawOutput" | "rawOutputBase64", "error", "started", "finished"}],
//              "series": [{"step", "target", "metric", "t": [...], "v": [...]}]}]}
//
// Times are ISO 8601 UTC with milliseconds; a missing end time is null. Numbers are
// written shortest-exact, a gap (NaN) as null, infinities as "inf" / "-inf". Raw
// output that is not valid UTF-8 travels as base64.
#include "model/error.h"
#include "model/sessionfiledata.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>

namespace cm::sessionfile {

inline constexpr char FormatName[] = "clustermark-session";
// Bump when a reader of the previous version would misread a new file.
inline constexpr int SchemaVersion = 1;

// Whether `bytes` claim to be a session file (its "format" field), even when the JSON
// is damaged further on: such a file should get the decoder's precise complaint.
bool looksLikeSessionFile(const QByteArray &bytes);

// Refuses (InvalidInput) bad JSON (with the byte offset), another format, a newer
// schema, and any missing or wrongly typed field (named by its JSON path, e.g.
// runs[3].steps[0].summary). *out is only written on success.
Error decode(const QByteArray &bytes, SessionFileData *out);
Error decodeJson(const QJsonObject &root, SessionFileData *out);

// Compact JSON. `app` and `exported` are informational and left out when empty.
QByteArray encode(const SessionFileData &data, const QString &app = {}, const QDateTime &exported = {});

} // namespace cm::sessionfile
