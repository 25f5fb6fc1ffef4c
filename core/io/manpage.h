// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A manual page as typed values, written as roff (man(7) macros). The CLI and the GUI
// build theirs from the same declarations that print their --help, so the two never
// drift (tests/cli/test_manpage checks that they agree).
#include <QList>
#include <QString>
#include <QStringList>

namespace cm {

struct ManEntry {
    QString term; // "--pool POOL", "run PLAN.json [--watch NODE]…": words with a dash or
        // in lower case are set bold, upper-case placeholders italic
    QString text; // one paragraph
};

struct ManSection {
    QString title; // "DESCRIPTION", "COMMANDS"
    bool subsection = false; // .SS instead of .SH
    QStringList paragraphs; // before the entries
    QList<ManEntry> entries;
};

struct ManPage {
    QString name; // "clustermark-cli"
    int section = 1;
    QString summary; // the NAME line after the dash
    QString version; // "ClusterMark 0.1.0"
    QStringList synopsis; // one line each, after the name
    QList<ManSection> sections; // after NAME and SYNOPSIS
};

QString manPageRoff(const ManPage &page);
// Text for roff: backslashes, dashes, leading dots and non-ASCII characters escaped.
QString roffEscaped(const QString &text);

} // namespace cm
