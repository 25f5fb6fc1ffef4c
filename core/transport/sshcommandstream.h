// SPDX-License-Identifier: GPL-3.0-or-later
// One started command on its SSH channel: output without the PID line, stdin, kill.
#pragma once
// SshTransport::run makes one for each command, on its own thread. The remote shell
// prints its PID first (a session and group leader without a pty); that line is
// stripped, and cancel or timeout kill that group from a second channel.
#include "transport/transport.h"

#include <QElapsedTimer>

#include <libssh/callbacks.h>
#include <libssh/libssh.h>

#include <vector>

namespace cm {

class SshCommandStream {
public:
    // Registers the exit and close callbacks on channel (an opened session channel).
    // Output goes to out, or into res when out has no callback; res also gets the
    // cancel/timeout error and the exit code and signal.
    SshCommandStream(ssh_session session, ssh_channel channel, QString nodeName, const Command &cmd,
        const OutputCallbacks &out, ExecResult &res);
    SshCommandStream(const SshCommandStream &) = delete;
    SshCommandStream &operator=(const SshCommandStream &) = delete;

    // Sends script; false when the server refused it (then call abandon()).
    bool start(const QByteArray &script);
    // The command never started: drops the callbacks and frees the channel.
    void abandon();
    // Streams until the command ends, the connection breaks, or GiveUpMs after a
    // cancel or timeout.
    void pump(const CancelToken &cancel);
    // After pump(): frees the channels and sets res's exit code and signal.
    void finish();

    bool broken() const { return m_broken; }
    bool killStarted() const { return m_killStartedAt >= 0; }
    const QByteArray &stderrTail() const { return m_stderrTail; }
    qint64 elapsedMs() const { return m_clock.elapsed(); }

    struct ChannelState {
        bool gotStatus = false;
        int status = -1;
        bool gotSignal = false;
        QString signal;
        bool closed = false;
    };

private:
    void noteCancelOrTimeout(const CancelToken &cancel);
    bool escalateKill();
    bool sendGroupSignal(const char *sig, const QByteArray &remoteScript);
    bool startKiller();
    void writeStdin();
    bool readPass(bool &readError);
    bool commandEnded(bool readError) const;
    bool takePidLine(QByteArray &chunk);
    void deliver(bool isErr, QByteArray chunk);
    void flushPidLine();
    void freeChannels();
    void takeExitStatus();

    ssh_session m_session;
    ssh_channel m_channel;
    QString m_nodeName;
    const Command &m_cmd;
    const OutputCallbacks &m_out;
    ExecResult &m_res;

    ChannelState m_state;
    ssh_channel_callbacks_struct m_callbacks;
    QElapsedTimer m_clock;
    std::vector<ssh_channel> m_killChannels;
    qint64 m_remotePid = 0;
    bool m_pidDone = false;
    QByteArray m_pidLine;
    QByteArray m_stderrTail; // for ToolMissing even when a callback takes stderr
    qsizetype m_inPos = 0;
    bool m_inClosed = false;
    qint64 m_killStartedAt = -1;
    bool m_termSent = false;
    bool m_killSent = false;
    bool m_killerRunning = false;
    bool m_broken = false;
};

} // namespace cm
