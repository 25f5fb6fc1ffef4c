// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/texttable.h"

namespace cm {

namespace {

QString mdCell(QString s)
{
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    s.replace(QLatin1Char('|'), QLatin1String("\\|"));
    s = s.trimmed();
    return s.isEmpty() ? QStringLiteral("–") : s;
}

// BBCode has no escape: brackets in text would open tags, so they become fullwidth.
QString bbText(QString s)
{
    s.replace(QLatin1Char('['), QChar(0xFF3B));
    s.replace(QLatin1Char(']'), QChar(0xFF3D));
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return s.trimmed();
}

} // namespace

bool exportFormatFromName(const QString &name, ExportFormat *out)
{
    const QString n = name.toLower();
    if (n == QLatin1String("md") || n == QLatin1String("markdown"))
        *out = ExportFormat::Markdown;
    else if (n == QLatin1String("bbcode"))
        *out = ExportFormat::BBCode;
    else if (n == QLatin1String("csv"))
        *out = ExportFormat::Csv;
    else if (n == QLatin1String("json"))
        *out = ExportFormat::Json;
    else if (n == QLatin1String("cdm"))
        *out = ExportFormat::CrystalText;
    else
        return false;
    return true;
}

bool redactByDefault(ExportFormat f)
{
    return f == ExportFormat::Markdown || f == ExportFormat::BBCode || f == ExportFormat::CrystalText;
}

QString tableMarkdown(const TextTable &t)
{
    QString out;
    if (!t.title.isEmpty())
        out += QStringLiteral("**%1**\n\n").arg(t.title);
    QStringList head, align;
    for (int c = 0; c < t.headers.size(); ++c) {
        head << mdCell(t.headers.at(c));
        align << (t.rightAligned.value(c) ? QStringLiteral("--:") : QStringLiteral(":--"));
    }
    out += QStringLiteral("| %1 |\n|%2|\n").arg(head.join(QStringLiteral(" | ")), align.join(QLatin1Char('|')));
    for (const QStringList &row : t.rows) {
        QStringList cells;
        for (int c = 0; c < t.headers.size(); ++c)
            cells << mdCell(row.value(c));
        out += QStringLiteral("| %1 |\n").arg(cells.join(QStringLiteral(" | ")));
    }
    if (!t.notes.isEmpty())
        out += QLatin1Char('\n') + t.notes.join(QStringLiteral("  \n")) + QLatin1Char('\n');
    if (!t.bullets.isEmpty()) {
        out += QLatin1Char('\n');
        if (!t.bulletsTitle.isEmpty())
            out += t.bulletsTitle + QLatin1String("\n\n");
        for (const QString &b : t.bullets)
            out += QStringLiteral("- %1\n").arg(QString(b).replace(QLatin1Char('\n'), QLatin1Char(' ')));
    }
    return out;
}

QString tableBBCode(const TextTable &t)
{
    QString out;
    if (!t.title.isEmpty())
        out += QStringLiteral("[b]%1[/b]\n").arg(bbText(t.title));
    out += QLatin1String("[table]\n[tr]");
    for (const QString &h : t.headers)
        out += QStringLiteral("[td][b]%1[/b][/td]").arg(bbText(h));
    out += QLatin1String("[/tr]\n");
    for (const QStringList &row : t.rows) {
        out += QLatin1String("[tr]");
        for (int c = 0; c < t.headers.size(); ++c) {
            const QString v = bbText(row.value(c));
            out += t.rightAligned.value(c)
                ? QStringLiteral("[td][align=right]%1[/align][/td]").arg(v.isEmpty() ? QStringLiteral("–") : v)
                : QStringLiteral("[td]%1[/td]").arg(v.isEmpty() ? QStringLiteral("–") : v);
        }
        out += QLatin1String("[/tr]\n");
    }
    out += QLatin1String("[/table]\n");
    for (const QString &n : t.notes)
        out += bbText(n) + QLatin1Char('\n');
    if (!t.bullets.isEmpty()) {
        if (!t.bulletsTitle.isEmpty())
            out += bbText(t.bulletsTitle) + QLatin1Char('\n');
        out += QLatin1String("[list]\n");
        for (const QString &b : t.bullets)
            out += QStringLiteral("[*]%1\n").arg(bbText(b));
        out += QLatin1String("[/list]\n");
    }
    return out;
}

QString csvField(const QString &s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n'))
        && !s.contains(QLatin1Char('\r')))
        return s;
    return QLatin1Char('"') + QString(s).replace(QLatin1String("\""), QLatin1String("\"\"")) + QLatin1Char('"');
}

QString tableCsv(const TextTable &t)
{
    auto line = [](const QStringList &fields, int width) {
        QStringList f;
        for (int c = 0; c < width; ++c)
            f << csvField(fields.value(c));
        return f.join(QLatin1Char(',')) + QLatin1String("\r\n");
    };
    const int width = int(t.headers.size());
    QString out = line(t.headers, width);
    for (const QStringList &row : t.rows)
        out += line(row, width);
    return out;
}

} // namespace cm
