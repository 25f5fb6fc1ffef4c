// SPDX-License-Identifier: GPL-3.0-or-later
// `restore`: puts back every knob an experiment changed and a crashed or killed process
// left in the revert journal (tuning/knobjournal.h): it reaches each node again, writes
// the old value and reads it back. --dry-run lists them only.
#include "clicommon.h"
#include "clihelp.h"

#include "secrets/secretstore.h"
#include "store/sessionstore.h"
#include "transport/transportfactory.h"
#include "tuning/knobsession.h"

#include <QJsonArray>
#include <QJsonObject>

namespace cm::cli {

namespace {

QJsonObject entryJson(const KnobJournalEntry &e)
{
    return QJsonObject {{QStringLiteral("id"), e.id}, {QStringLiteral("experiment"), e.experiment},
        {QStringLiteral("node"), e.where()}, {QStringLiteral("knob"), e.knob}, {QStringLiteral("object"), e.object},
        {QStringLiteral("old"), e.oldValue}, {QStringLiteral("new"), e.newValue},
        {QStringLiteral("since"), e.created.toUTC().toString(Qt::ISODate)}};
}

} // namespace

int cmdRestore(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const bool json = takeFlag(args, QStringLiteral("--json"));
    const bool dryRun = takeFlag(args, QStringLiteral("--dry-run"));
    if (!args.isEmpty()) {
        printErr(QStringLiteral("usage: clustermark-cli restore [--dry-run] [--json]"));
        return ExitUsage;
    }
    SessionStore store(storePath());
    if (!openStore(store))
        return ExitFailed;
    Error err;
    const QList<KnobJournalEntry> left = KnobJournal(store).open(true, &err);
    if (err) {
        printErr(QStringLiteral("restore: %1").arg(err.toString()));
        return ExitFailed;
    }
    if (!json)
        for (const KnobJournalEntry &e : left)
            printErr(QStringLiteral("%1: %2 (experiment %3, changed %4)")
                         .arg(dryRun ? QStringLiteral("left changed") : QStringLiteral("restoring"), e.describe(),
                             e.experiment, e.created.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))));
    RestoreReport report;
    if (!dryRun) {
        const TransportMaker maker = [](const NodeSpec &n) {
            Credentials c;
            if (n.rememberSecret)
                SecretStore::loadCredentials(n, &c);
            return makeTransport(n, c);
        };
        report = restoreJournal(store, left, maker, CancelToken());
    }
    if (json) {
        QJsonArray restored, failed, listed;
        for (const KnobJournalEntry &e : report.restored)
            restored.append(entryJson(e));
        for (const auto &[e, why] : std::as_const(report.failed)) {
            QJsonObject o = entryJson(e);
            o.insert(QStringLiteral("error"), why.toString());
            failed.append(o);
        }
        for (const KnobJournalEntry &e : left)
            listed.append(entryJson(e));
        printJson(QJsonDocument(
            QJsonObject {{dryRun ? QStringLiteral("left") : QStringLiteral("restored"), dryRun ? listed : restored},
                {QStringLiteral("failed"), failed}}));
    } else {
        for (const auto &[e, why] : std::as_const(report.failed))
            printErr(QStringLiteral("not restored: %1: %2").arg(e.describe(), why.toString()));
        if (left.isEmpty())
            printErr(QStringLiteral("nothing to restore: every changed knob was put back"));
        else if (!dryRun)
            printErr(QStringLiteral("restored %1 of %2").arg(report.restored.size()).arg(left.size()));
    }
    return report.failed.isEmpty() ? 0 : 1;
}

} // namespace cm::cli
