// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One interface to run a command on a node: this machine (LocalTransport, QProcess)
// or SSH (SshTransport, libssh).
//
// Threading: a Transport belongs to the thread that created it and is used only there
// (a worker, never the UI thread). run() blocks that worker while it streams output
// to the callbacks; it returns within ~2 s of cancel.isCancelled() becoming true, after
// killing the whole remote process group.
#include "model/error.h"
#include "model/nodespec.h"
#include "util/canceltoken.h"

#include <QByteArray>
#include <QMap>
#include <QStringList>

#include <functional>
#include <memory>

namespace cm {

struct Command {
    QStringList argv; // argv[0] is the program; every item is quoted
    QMap<QString, QString> env; // exported for this command only
    QByteArray stdinData; // written then stdin is closed
    int timeoutMs = 0; // 0 = none; on expiry the group is killed
    int maxRuntimeSec = 0; // >0: the node itself bounds it (`timeout`), so
        // nothing outlives a lost connection for long
    QString toShellString() const; // the command as a user would type it (logs, previews)
    // A command the node bounds (maxRuntimeSec) and that reads no stdin also ends when
    // its controller goes away (the app killed, the connection lost): a watchdog on the
    // node holds the controller's end of stdin and, at its end of file, ends the
    // command's whole process group (TERM, then KILL after 2 s).
    bool hasWatchdog() const { return maxRuntimeSec > 0 && stdinData.isEmpty(); }
    // The script the node's shell runs: the watchdog, if any, then `exec` of the command.
    // The transport keeps stdin open while the command runs when hasWatchdog().
    QString toScript() const;
};

struct ExecResult {
    int exitCode = -1; // -1 when killed by a signal or not started
    QString exitSignal; // "TERM", "KILL"… when killed by a signal
    QByteArray stdOut; // collected unless a callback consumed it
    QByteArray stdErr;
    Error error; // transport errors, timeout, cancel, tool missing
    bool ok() const { return !error && exitCode == 0; }
};

struct OutputCallbacks {
    // Called on the calling thread as data arrives. When set, the chunk is not
    // also collected into ExecResult.
    std::function<void(const QByteArray &)> onStdout;
    std::function<void(const QByteArray &)> onStderr;
};

class Transport {
public:
    virtual ~Transport() = default;
    virtual Error connect() = 0; // idempotent
    virtual bool isConnected() const = 0;
    virtual ExecResult run(const Command &cmd, const OutputCallbacks &out, const CancelToken &cancel) = 0;
    virtual const NodeSpec &node() const = 0;

    // Convenience: run and collect everything.
    ExecResult capture(const QStringList &argv, int timeoutMs = 30000);
    // Read a small file; empty on error (errors go to *error).
    QByteArray readFile(const QString &path, Error *error = nullptr);
};

} // namespace cm
