// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A forum post from an exported chart: a title, the user's summary text, the chart
// image (a placeholder to replace with the uploaded image's address), the results
// table in BBCode (Discuz-style) or Markdown, and a line naming the app. With
// redaction on, the whole post goes through the redactor, the summary included. Pure.
#include "report/redactor.h"
#include "report/texttable.h"

namespace cm::render {

struct ForumPost {
    ExportFormat format = ExportFormat::BBCode; // BBCode or Markdown
    QString title;
    QString summary; // free text, kept as typed (line breaks too)
    QString imageName; // "clustermark-run-12.png": the file the user uploads
    QString table; // already in `format`
};

QString composeForumPost(const ForumPost &post);
// Redactor::apply over the composed text when red is not null.
QString composeForumPost(const ForumPost &post, Redactor *red);

} // namespace cm::render
