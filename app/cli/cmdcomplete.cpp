// SPDX-License-Identifier: GPL-3.0-or-later
// `complete WORD…`: the candidates for the last word of a command line, one per line as
// "CANDIDATE<TAB>DESCRIPTION". The bash and zsh completion scripts (resources/completion)
// call it, so both know the commands, kinds, presets and saved runs from the same
// declarations as --help. No candidate: the shell completes file names.
#include "clicommon.h"
#include "clihelp.h"

#include "store/sessionstore.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <cstdio>

namespace cm::cli {

namespace {

struct Candidate {
    QString word;
    QString description;
};

// "md|bbcode|csv" and "quick|standard" are choices; "FILE" and "N" are not.
QStringList choicesOf(const QString &valueName)
{
    static const QRegularExpression choices(QStringLiteral("^[a-z0-9][a-z0-9-]*(\\|[a-z0-9][a-z0-9-]*)+$"));
    return choices.match(valueName).hasMatch() ? valueName.split(QLatin1Char('|')) : QStringList();
}

// The value a command's synopsis gives an option: "--format md|bbcode|csv" → choices.
QStringList synopsisChoices(const QString &command, const QString &option)
{
    for (const CommandHelp &c : commandHelp()) {
        if (c.name != command)
            continue;
        const QStringList words = c.synopsis.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        for (int i = 0; i + 1 < words.size(); ++i) {
            QString value = words.at(i + 1);
            value.remove(QRegularExpression(QStringLiteral("[\\[\\]]")));
            if (QString(words.at(i)).remove(QLatin1Char('[')) == option && !choicesOf(value).isEmpty())
                return choicesOf(value);
        }
    }
    return {};
}

// Completion never makes a database: only an existing one is read.
template <typename Read> QList<Candidate> fromStore(Read read)
{
    if (!QFileInfo::exists(storePath()))
        return {};
    SessionStore store(storePath());
    if (store.open())
        return {};
    return read(store);
}

QList<Candidate> savedRuns()
{
    return fromStore([](SessionStore &store) {
        QList<Candidate> out;
        for (const RunInfo &r : store.runs())
            out << Candidate {QString::number(r.id),
                QStringLiteral("%1 · %2 · %3")
                    .arg(r.kind, r.name, r.started.toString(QStringLiteral("yyyy-MM-dd HH:mm")))};
        return out;
    });
}

QList<Candidate> savedSessions()
{
    return fromStore([](SessionStore &store) {
        QList<Candidate> out;
        for (const SessionInfo &s : store.sessions())
            out << Candidate {s.name, QStringLiteral("session %1").arg(s.id)};
        return out;
    });
}

QList<Candidate> words(const QStringList &list)
{
    QList<Candidate> out;
    for (const QString &w : list)
        out << Candidate {w, {}};
    return out;
}

QList<Candidate> optionCandidates(const QList<CliOption> &options)
{
    QList<Candidate> out;
    for (const CliOption &o : options)
        out << Candidate {o.name, o.help.section(QLatin1Char(';'), 0, 0).left(60)};
    return out;
}

QList<Candidate> planCandidates(const QStringList &line, const QString &prev, const QString &current)
{
    if (line.size() == 2) {
        QList<Candidate> out;
        for (const PlanKindHelp &k : planKinds())
            out << Candidate {k.name, k.summary.section(QLatin1Char('.'), 0, 0).left(60)};
        return out;
    }
    QList<CliOption> options = commonPlanOptions();
    for (const PlanKindHelp &k : planKinds())
        if (k.name == line.at(1))
            options = k.options + options;
    for (const CliOption &o : options)
        if (o.name == prev && !o.valueName.isEmpty())
            return words(choicesOf(o.valueName));
    return current.startsWith(QLatin1Char('-')) ? optionCandidates(options) : QList<Candidate>();
}

// Commands whose words after the name are saved runs (compare takes several).
bool takesRuns(const QString &command, int position)
{
    if (command == QLatin1String("compare"))
        return true;
    return position == 1 && (command == QLatin1String("show") || command == QLatin1String("export"));
}

QList<Candidate> candidates(const QStringList &line)
{
    const QString current = line.last();
    if (line.size() == 1) {
        if (current.startsWith(QLatin1Char('-')))
            return optionCandidates(globalOptions());
        QList<Candidate> out;
        for (const CommandHelp &c : commandHelp())
            if (std::none_of(out.cbegin(), out.cend(), [&](const Candidate &x) { return x.word == c.name; }))
                out << Candidate {
                    c.name, c.text.section(QLatin1Char(':'), 0, 0).section(QLatin1Char(';'), 0, 0).left(60)};
        return out;
    }
    const QString command = line.first();
    const QString prev = line.at(line.size() - 2);
    if (command == QLatin1String("plan"))
        return planCandidates(line, prev, current);
    if (const QStringList choices = synopsisChoices(command, prev); !choices.isEmpty())
        return words(choices);
    if (current.startsWith(QLatin1Char('-')))
        return words(commandOptions(command) + QStringList {QStringLiteral("--help")});
    if (prev.startsWith(QLatin1Char('-')) && prev != QLatin1String("--show") && !prev.contains(QLatin1Char('=')))
        return {}; // the option's own value: a file, a number, a name
    if (command == QLatin1String("export-session") && line.size() == 2)
        return savedSessions();
    if (takesRuns(command, int(line.size()) - 1) || prev == QLatin1String("--show"))
        return command == QLatin1String("experiment") ? QList<Candidate>() : savedRuns();
    if (line.size() == 2) { // ceph inventory|fetch, lab start|stop, s3 create-user
        QStringList subcommands;
        for (const CommandHelp &c : commandHelp())
            if (c.name == command
                && c.synopsis.section(QLatin1Char(' '), 0, 0)
                       .contains(QRegularExpression(QStringLiteral("^[a-z][a-z-]+$"))))
                subcommands << c.synopsis.section(QLatin1Char(' '), 0, 0);
        return words(subcommands);
    }
    return {};
}

} // namespace

int cmdComplete(const QStringList &argsIn)
{
    QStringList line = argsIn;
    if (!line.isEmpty() && line.first() == QLatin1String("--"))
        line.removeFirst();
    if (line.isEmpty())
        line << QString();
    QString out;
    for (const Candidate &c : candidates(line))
        if (c.word.startsWith(line.last()))
            out += c.word + QLatin1Char('\t') + QString(c.description).replace(QLatin1Char('\n'), u' ')
                + QLatin1Char('\n');
    const QByteArray bytes = out.toUtf8();
    fwrite(bytes.constData(), 1, size_t(bytes.size()), stdout);
    return ExitOk;
}

} // namespace cm::cli
