// SPDX-License-Identifier: GPL-3.0-or-later
// --help, COMMAND --help and the manual page, all from the declarations in
// clihelpdecl.cpp and the kinds' own options (cmdplan.cpp).
#include "clihelp.h"

#include "clicommon.h"
#include "io/manpage.h"

#include <QRegularExpression>

namespace cm::cli {

namespace {

constexpr int kWidth = 90;
constexpr int kTextIndent = 21;

QString entryText(const CommandHelp &c)
{
    const QString head = c.name + (c.synopsis.isEmpty() ? QString() : QLatin1Char(' ') + c.synopsis);
    QString out = QStringLiteral("  ") + cliWrapped(head, 10, kWidth);
    if (!out.contains(QLatin1Char('\n')) && out.size() + 1 < kTextIndent)
        out = out.leftJustified(kTextIndent);
    else
        out += QLatin1Char('\n') + QString(kTextIndent, QLatin1Char(' '));
    return out + cliWrapped(c.text, kTextIndent, kWidth) + QLatin1Char('\n');
}

QString namedTextBlock(const QList<NamedText> &items, int indent)
{
    QString out;
    for (const NamedText &t : items) {
        const QString head = QStringLiteral("  ") + t.name;
        out += head.size() < indent ? head.leftJustified(indent) : head + QLatin1Char('\n') + QString(indent, u' ');
        out += cliWrapped(t.text, indent, kWidth) + QLatin1Char('\n');
    }
    return out;
}

QString optionTerm(const CliOption &o)
{
    return o.valueName.isEmpty() ? o.name : o.name + QLatin1Char(' ') + o.valueName;
}

QString optionText(const CliOption &o)
{
    QString text = o.help;
    if (!o.defaultText.isEmpty())
        text += QStringLiteral(" (default: %1)").arg(o.defaultText);
    if (o.repeatable)
        text += QStringLiteral(" (may be repeated)");
    return text;
}

QList<ManEntry> optionEntries(const QList<CliOption> &options)
{
    QList<ManEntry> out;
    for (const CliOption &o : options)
        out << ManEntry {optionTerm(o), optionText(o)};
    return out;
}

QList<ManEntry> namedEntries(const QList<NamedText> &items)
{
    QList<ManEntry> out;
    for (const NamedText &t : items)
        out << ManEntry {t.name, t.text};
    return out;
}

const QString &descriptionText()
{
    static const QString text = QStringLiteral(
        "clustermark-cli is the headless ClusterMark: it benchmarks a homelab cluster (disks with fio, the network "
        "with iperf3 and iperf 2, Ceph RBD, RADOS, per-OSD latency, CephFS and S3/RGW), saves every run in a "
        "database and compares runs. Plans are the JSON files the desktop app's wizard saves. JSON goes to stdout, "
        "progress and errors to stderr.");
    return text;
}

const QString &nodesText()
{
    static const QString text = QStringLiteral(
        "Nodes authenticate with ssh-agent or keys (~/.ssh/config is honoured); passwords and key passphrases are "
        "read from the OS keychain for nodes saved with \"remember\".");
    return text;
}

} // namespace

int exitCodeFor(RunStatus status, const Error &error)
{
    if (status == RunStatus::Completed)
        return ExitOk;
    if (status == RunStatus::Cancelled || error.code == Error::Code::Cancelled)
        return ExitCancelled;
    if (error.code == Error::Code::Unsafe || error.code == Error::Code::HostKeyChanged)
        return ExitRefused;
    if (error.code == Error::Code::InvalidInput)
        return ExitUsage;
    return ExitFailed;
}

QStringList commandNames()
{
    QStringList names;
    for (const CommandHelp &c : commandHelp())
        if (!names.contains(c.name))
            names << c.name;
    return names;
}

QStringList commandOptions(const QString &command)
{
    static const QRegularExpression option(QStringLiteral("--[a-z][a-z0-9-]*"));
    QStringList out;
    for (const CommandHelp &c : commandHelp()) {
        if (c.name != command)
            continue;
        for (auto it = option.globalMatch(c.synopsis); it.hasNext();) {
            const QString o = it.next().captured();
            if (!out.contains(o))
                out << o;
        }
    }
    return out;
}

QString usageText()
{
    QString out = QStringLiteral("usage: clustermark-cli COMMAND [options]\n\n");
    for (const CommandHelp &c : commandHelp())
        out += entryText(c);
    out += QStringLiteral("\noptions (with any command):\n");
    QList<NamedText> options;
    for (const CliOption &o : globalOptions())
        options << NamedText {optionTerm(o), optionText(o)};
    out += namedTextBlock(options, kTextIndent);
    out += QStringLiteral("\nexit status:\n") + namedTextBlock(exitCodes(), 8);
    out += QStringLiteral("\nenvironment:\n") + namedTextBlock(environmentVariables(), 24);
    out += QLatin1Char('\n') + cliWrapped(nodesText(), 0, kWidth) + QLatin1Char('\n');
    return out;
}

QString commandUsage(const QString &command)
{
    QString out;
    for (const CommandHelp &c : commandHelp())
        if (c.name == command)
            out += entryText(c);
    return out.isEmpty() ? out : QStringLiteral("usage: clustermark-cli COMMAND [options]\n\n") + out;
}

QString manPage()
{
    ManPage page;
    page.name = QStringLiteral("clustermark-cli");
    page.summary = QStringLiteral("benchmark a homelab cluster's disks, network and Ceph, and compare runs");
    page.version = QStringLiteral("ClusterMark " CLUSTERMARK_VERSION);
    for (const CommandHelp &c : commandHelp())
        page.synopsis << (c.name + QLatin1Char(' ') + c.synopsis).trimmed();
    page.sections << ManSection {QStringLiteral("DESCRIPTION"), false, {descriptionText(), nodesText()}, {}};
    ManSection commands {QStringLiteral("COMMANDS"), false, {}, {}};
    for (const CommandHelp &c : commandHelp())
        commands.entries << ManEntry {(c.name + QLatin1Char(' ') + c.synopsis).trimmed(), c.text};
    page.sections << commands;
    page.sections << ManSection {
        QStringLiteral("OPTIONS"), false, {QStringLiteral("With any command:")}, optionEntries(globalOptions())};
    page.sections << ManSection {QStringLiteral("PLAN KINDS"), false,
        {QStringLiteral("clustermark-cli plan KIND [options] writes a plan; every kind also takes the plan options "
                        "below.")},
        {}};
    for (const PlanKindHelp &k : planKinds())
        page.sections << ManSection {QStringLiteral("plan ") + k.name, true, {k.summary}, optionEntries(k.options)};
    page.sections << ManSection {
        QStringLiteral("Plan options (every kind)"), true, {}, optionEntries(commonPlanOptions())};
    page.sections << ManSection {QStringLiteral("EXIT STATUS"), false, {}, namedEntries(exitCodes())};
    page.sections << ManSection {QStringLiteral("ENVIRONMENT"), false, {}, namedEntries(environmentVariables())};
    page.sections << ManSection {
        QStringLiteral("SEE ALSO"), false, {QStringLiteral("clustermark(1), fio(1), iperf3(1), ceph(8)")}, {}};
    return manPageRoff(page);
}

} // namespace cm::cli
