// SPDX-License-Identifier: GPL-3.0-or-later
#include "clicommon.h"

#include "store/sessionstore.h"
#include "tuning/knobjournal.h"

#include <QSocketNotifier>

#include <csignal>
#include <cstdio>
#include <sys/socket.h>
#include <unistd.h>

namespace cm::cli {

namespace {

int g_signalFds[2] = {-1, -1};

void onTerminationSignal(int)
{
    const char c = 1;
    [[maybe_unused]] const ssize_t n = ::write(g_signalFds[1], &c, 1);
}

} // namespace

SignalCancel::SignalCancel(QObject *context, std::function<void()> onSignal)
    : QObject(context)
{
    if (g_signalFds[0] < 0)
        ::socketpair(AF_UNIX, SOCK_STREAM, 0, g_signalFds);
    std::signal(SIGINT, onTerminationSignal);
    std::signal(SIGTERM, onTerminationSignal);
    auto *notifier = new QSocketNotifier(g_signalFds[0], QSocketNotifier::Read, this);
    QObject::connect(notifier, &QSocketNotifier::activated, context, [onSignal] {
        char c;
        [[maybe_unused]] const ssize_t n = ::read(g_signalFds[0], &c, 1);
        onSignal();
    });
}

SignalCancel::~SignalCancel()
{
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
}

void printJson(const QJsonDocument &doc)
{
    const QByteArray b = doc.toJson(QJsonDocument::Indented);
    fwrite(b.constData(), 1, size_t(b.size()), stdout);
    fflush(stdout);
}

namespace {
bool g_quiet = false; // set once by main() before any command runs
QByteArray g_statusLine; // on a terminal: the line that is redrawn in place
const char kClearLine[] = "\r\x1b[K";
} // namespace

bool stderrIsTerminal()
{
    const QByteArray term = qgetenv("TERM");
    return ::isatty(::fileno(stderr)) == 1 && !term.isEmpty() && term != "dumb";
}

void setStatusLine(const QString &line)
{
    if (g_quiet)
        return;
    g_statusLine = line.toUtf8();
    fputs(kClearLine, stderr);
    fwrite(g_statusLine.constData(), 1, size_t(g_statusLine.size()), stderr);
    fflush(stderr);
}

void clearStatusLine()
{
    if (g_statusLine.isEmpty())
        return;
    g_statusLine.clear();
    fputs(kClearLine, stderr);
    fflush(stderr);
}

void setQuiet(bool quiet)
{
    g_quiet = quiet;
}

bool isQuiet()
{
    return g_quiet;
}

void printProgress(const QString &line)
{
    if (!g_quiet)
        printErr(line);
}

void printErr(const QString &line)
{
    // A status line is cleared first and drawn again below the printed line.
    const QByteArray b
        = (g_statusLine.isEmpty() ? QByteArray() : QByteArray(kClearLine)) + line.toUtf8() + '\n' + g_statusLine;
    fwrite(b.constData(), 1, size_t(b.size()), stderr);
    fflush(stderr);
}

QString storePath()
{
    return SessionStore::defaultPath();
}

bool openStore(SessionStore &store)
{
    if (const Error e = store.open()) {
        printErr(e.toString());
        return false;
    }
    store.markInterruptedRuns();
    // Knobs a crashed experiment left changed: said on every start until restored.
    static bool told = false;
    if (!told) {
        told = true;
        const QList<KnobJournalEntry> left = KnobJournal(store).open(true);
        for (const KnobJournalEntry &e : left)
            printErr(QStringLiteral("left changed by an experiment that did not finish: %1").arg(e.describe()));
        if (!left.isEmpty())
            printErr(QStringLiteral("run `clustermark-cli restore` to put %1 back")
                         .arg(left.size() == 1 ? QStringLiteral("it") : QStringLiteral("them")));
    }
    return true;
}

QStringList takeOption(QStringList &args, const QString &name)
{
    QStringList values;
    const QString eq = name + QLatin1Char('=');
    for (int i = 0; i < args.size();) {
        if (args.at(i) == name && i + 1 < args.size()) {
            values << args.at(i + 1);
            args.remove(i, 2);
        } else if (args.at(i).startsWith(eq)) {
            values << args.at(i).mid(eq.size());
            args.remove(i);
        } else {
            ++i;
        }
    }
    return values;
}

bool takeFlag(QStringList &args, const QString &name)
{
    return args.removeAll(name) > 0;
}

} // namespace cm::cli
