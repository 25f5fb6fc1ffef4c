// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/manpage.h"

#include <QRegularExpression>

namespace cm {

namespace {

// A line that roff would read as a request starts with a zero-width character instead.
QString safeLineStart(const QString &line)
{
    if (line.startsWith(QLatin1Char('.')) || line.startsWith(QLatin1Char('\'')))
        return QStringLiteral("\\&") + line;
    return line;
}

// Placeholders (POOL, PLAN.json's PLAN, N) italic; options and command words bold.
QString styledTerm(const QString &term)
{
    static const QRegularExpression placeholder(QStringLiteral("^[A-Z][A-Z0-9_]*(?:[.][a-z]+)?$"));
    QStringList out;
    for (const QString &word : term.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        QString core = word;
        QString open, close;
        while (!core.isEmpty() && QStringLiteral("[(").contains(core.front())) {
            open += core.front();
            core.remove(0, 1);
        }
        while (!core.isEmpty() && QStringLiteral("]),.…").contains(core.back())) {
            close.prepend(core.back());
            core.chop(1);
        }
        const bool italic = placeholder.match(core).hasMatch();
        const QString font = italic ? QStringLiteral("\\fI") : QStringLiteral("\\fB");
        out << roffEscaped(open) + (core.isEmpty() ? QString() : font + roffEscaped(core) + QStringLiteral("\\fR"))
                + roffEscaped(close);
    }
    return out.join(QLatin1Char(' '));
}

QString paragraphText(const QString &text)
{
    QStringList lines;
    for (const QString &line : text.split(QLatin1Char('\n')))
        lines << safeLineStart(roffEscaped(line.trimmed()));
    return lines.join(QLatin1Char('\n'));
}

} // namespace

QString roffEscaped(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const char32_t c : text.toUcs4()) {
        if (c == U'\\')
            out += QStringLiteral("\\e");
        else if (c == U'-')
            out += QStringLiteral("\\-");
        else if (c >= 0x80) // groff's Unicode escape; a man page stays ASCII
            out += QStringLiteral("\\[u%1]").arg(QString::number(uint(c), 16).toUpper().rightJustified(4, u'0'));
        else
            out += QChar(char16_t(c));
    }
    return out;
}

QString manPageRoff(const ManPage &page)
{
    QString out;
    out += QStringLiteral(".\\\" Written by %1 from the declarations that print its --help.\n").arg(page.name);
    out += QStringLiteral(".TH %1 %2 \"\" \"%3\" \"User Commands\"\n")
               .arg(page.name.toUpper(), QString::number(page.section), roffEscaped(page.version));
    out += QStringLiteral(".SH NAME\n%1 \\- %2\n").arg(roffEscaped(page.name), roffEscaped(page.summary));
    out += QStringLiteral(".SH SYNOPSIS\n");
    for (int i = 0; i < page.synopsis.size(); ++i) {
        if (i > 0)
            out += QStringLiteral(".br\n");
        out += QStringLiteral("\\fB%1\\fR %2\n").arg(roffEscaped(page.name), styledTerm(page.synopsis.at(i)));
    }
    for (const ManSection &s : page.sections) {
        out += (s.subsection ? QStringLiteral(".SS \"") : QStringLiteral(".SH \"")) + roffEscaped(s.title)
            + QStringLiteral("\"\n");
        for (const QString &p : s.paragraphs)
            out += QStringLiteral(".PP\n") + paragraphText(p) + QLatin1Char('\n');
        for (const ManEntry &e : s.entries)
            out += QStringLiteral(".TP\n") + safeLineStart(styledTerm(e.term)) + QLatin1Char('\n')
                + paragraphText(e.text) + QLatin1Char('\n');
    }
    return out;
}

} // namespace cm
