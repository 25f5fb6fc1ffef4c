// SPDX-License-Identifier: GPL-3.0-or-later
// Parsing and help text of declared command-line options.
#include "model/clioptions.h"

namespace cm {

namespace {

const CliOption *findOption(const QList<CliOption> &options, const QString &name)
{
    for (const CliOption &o : options)
        if (o.name == name)
            return &o;
    return nullptr;
}

} // namespace

QString cliWrapped(const QString &text, int indent, int width)
{
    QString out;
    int column = indent;
    for (const QString &word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (column > indent && column + 1 + word.size() > width) {
            out += QLatin1Char('\n') + QString(indent, QLatin1Char(' '));
            column = indent;
        } else if (column > indent) {
            out += QLatin1Char(' ');
            ++column;
        }
        out += word;
        column += int(word.size());
    }
    return out;
}

CliArgs CliArgs::parse(const QStringList &args, const QList<CliOption> &options, QString *error)
{
    CliArgs out;
    error->clear();
    for (int i = 0; i < args.size(); ++i) {
        const QString &word = args.at(i);
        if (!word.startsWith(QLatin1String("--"))) {
            *error = QStringLiteral("unexpected argument \"%1\"").arg(word);
            return {};
        }
        const qsizetype eq = word.indexOf(QLatin1Char('='));
        const QString name = eq < 0 ? word : word.left(eq);
        const CliOption *o = findOption(options, name);
        if (!o) {
            *error = QStringLiteral("unknown option \"%1\" (--help lists the options)").arg(name);
            return {};
        }
        if (out.m_values.contains(name) && !o->repeatable) {
            *error = QStringLiteral("%1 is given twice").arg(name);
            return {};
        }
        if (o->valueName.isEmpty()) {
            if (eq >= 0) {
                *error = QStringLiteral("%1 takes no value").arg(name);
                return {};
            }
            out.m_values[name];
            continue;
        }
        if (eq < 0 && i + 1 >= args.size()) {
            *error = QStringLiteral("%1 needs a value (%2)").arg(name, o->valueName);
            return {};
        }
        out.m_values[name] << (eq >= 0 ? word.mid(eq + 1) : args.at(++i));
    }
    return out;
}

QString CliArgs::value(const QString &name, const QString &fallback) const
{
    const QStringList v = m_values.value(name);
    return v.isEmpty() ? fallback : v.last();
}

bool CliArgs::integer(const QString &name, int fallback, int lo, int hi, int *out, QString *error) const
{
    *out = fallback;
    if (!has(name))
        return true;
    const QString text = value(name);
    bool ok = false;
    const int v = text.toInt(&ok);
    if (!ok) {
        *error = QStringLiteral("%1 needs a number, got \"%2\"").arg(name, text);
        return false;
    }
    if (v < lo || v > hi) {
        *error
            = QStringLiteral("%1 needs a whole number from %2 to %3, got \"%4\"").arg(name).arg(lo).arg(hi).arg(text);
        return false;
    }
    *out = v;
    return true;
}

bool CliArgs::positive(const QString &name, int fallback, int *out, QString *error) const
{
    *out = fallback;
    if (!has(name))
        return true;
    bool ok = false;
    const int v = value(name).toInt(&ok);
    if (!ok || v <= 0) {
        *error = QStringLiteral("%1 needs a positive number, got \"%2\"").arg(name, value(name));
        return false;
    }
    *out = v;
    return true;
}

QString cliHelpText(const QString &usage, const QString &summary, const QList<CliOption> &options)
{
    QString out = QStringLiteral("usage: ") + usage + QStringLiteral("\n");
    if (!summary.isEmpty())
        out += QStringLiteral("\n") + cliWrapped(summary, 0, 90) + QStringLiteral("\n");
    if (options.isEmpty())
        return out;
    out += QStringLiteral("\noptions:\n");
    for (const CliOption &o : options) {
        QString head = QStringLiteral("  ") + o.name;
        if (!o.valueName.isEmpty())
            head += QLatin1Char(' ') + o.valueName;
        QString text = o.help;
        if (!o.defaultText.isEmpty())
            text += QStringLiteral(" (default: %1)").arg(o.defaultText);
        if (o.repeatable)
            text += QStringLiteral(" (may be repeated)");
        constexpr int kIndent = 28;
        out += head.size() < kIndent ? head.leftJustified(kIndent)
                                     : head + QLatin1Char('\n') + QString(kIndent, QLatin1Char(' '));
        out += cliWrapped(text, kIndent, 90) + QLatin1Char('\n');
    }
    return out;
}

} // namespace cm
