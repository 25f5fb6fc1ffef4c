// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/forumpost.h"

namespace cm::render {

QString composeForumPost(const ForumPost &post)
{
    const bool bb = post.format == ExportFormat::BBCode;
    QStringList parts;
    if (!post.title.trimmed().isEmpty())
        parts << (bb ? QStringLiteral("[b]%1[/b]") : QStringLiteral("### %1")).arg(post.title.trimmed());
    if (!post.summary.trimmed().isEmpty())
        parts << post.summary.trimmed();
    if (!post.imageName.isEmpty())
        parts << (bb ? QStringLiteral("[img]%1[/img]") : QStringLiteral("![chart](%1)")).arg(post.imageName);
    if (!post.table.trimmed().isEmpty())
        parts << post.table.trimmed();
    parts << (bb ? QStringLiteral("[size=2]Measured with ClusterMark %1[/size]")
                 : QStringLiteral("<sub>Measured with ClusterMark %1</sub>"))
                 .arg(QLatin1String(CLUSTERMARK_VERSION));
    return parts.join(QStringLiteral("\n\n")) + QLatin1Char('\n');
}

QString composeForumPost(const ForumPost &post, Redactor *red)
{
    const QString text = composeForumPost(post);
    return red ? red->apply(text) : text;
}

} // namespace cm::render
