// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One table rendered as GitHub Markdown, Discuz-style BBCode ([table][tr][td], [b]) or
// CSV (RFC 4180: fields with a comma, quote or line break quoted, quotes doubled,
// CRLF line ends). Title and notes are not part of the CSV. Pure.
#include <QList>
#include <QString>
#include <QStringList>

namespace cm {

enum class ExportFormat { Markdown, BBCode, Csv, Json, CrystalText };

// "md"/"markdown", "bbcode", "csv", "json", "cdm"; false for anything else.
bool exportFormatFromName(const QString &name, ExportFormat *out);
// Forum formats are redacted unless asked otherwise.
bool redactByDefault(ExportFormat f);

struct TextTable {
    QString title; // a bold line above the table
    QStringList headers;
    QList<bool> rightAligned; // per column; missing = left
    QList<QStringList> rows;
    QStringList notes; // plain lines below the table
    QStringList bullets; // a list below the notes
    QString bulletsTitle;
};

QString tableMarkdown(const TextTable &t);
QString tableBBCode(const TextTable &t);
QString tableCsv(const TextTable &t);
QString csvField(const QString &s);

} // namespace cm
