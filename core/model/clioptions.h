// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Command-line options declared as data. A kind lists its options once; the CLI parses
// `plan KIND …` from that list and prints it for `plan KIND --help`, so the help and
// the parser cannot drift apart (docs/ARCHITECTURE.md §5).
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <utility>

namespace cm {

struct CliOption {
    CliOption(QString name_, QString valueName_, QString help_, QString defaultText_ = {}, bool repeatable_ = false)
        : name(std::move(name_))
        , valueName(std::move(valueName_))
        , help(std::move(help_))
        , defaultText(std::move(defaultText_))
        , repeatable(repeatable_)
    { }
    QString name; // "--pool"
    QString valueName; // "POOL"; empty: a flag, which takes no value
    QString help; // what it does, one or two sentences
    QString defaultText; // shown in the help; empty: no default
    bool repeatable = false;
};

class CliArgs {
public:
    // Reads "--name VALUE", "--name=VALUE" and flags. An unknown option, a missing
    // value, a value given to a flag, a second value of a single option or a stray word
    // is refused with a message naming it.
    static CliArgs parse(const QStringList &args, const QList<CliOption> &options, QString *error);

    bool has(const QString &name) const { return m_values.contains(name); }
    QString value(const QString &name, const QString &fallback = {}) const;
    QStringList values(const QString &name) const { return m_values.value(name); }
    bool flag(const QString &name) const { return m_values.contains(name); }
    // A whole number from lo to hi; fallback when absent. The message names the option.
    bool integer(const QString &name, int fallback, int lo, int hi, int *out, QString *error) const;
    // A whole number above 0; fallback when absent.
    bool positive(const QString &name, int fallback, int *out, QString *error) const;

private:
    QMap<QString, QStringList> m_values;
};

// Words of text in lines of at most width characters, every line after the first
// indented by indent spaces (the first line starts where the caller is).
QString cliWrapped(const QString &text, int indent, int width);

// "usage: USAGE\n\nSUMMARY\n\noptions:\n  --name VALUE   help (default: D)\n…"
QString cliHelpText(const QString &usage, const QString &summary, const QList<CliOption> &options);

} // namespace cm
