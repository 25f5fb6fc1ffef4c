// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to SecretStore: one QtKeychain job, run on the dedicated keychain thread.
//
// Why a thread of its own: QtKeychain queues every job in one process-wide executor
// object that lives on the thread of the first job; jobs started from short-lived
// worker threads would stall it. All jobs therefore run on one long-lived thread with
// its own event loop (the libsecret callbacks need it), and callers either get a
// queued signal (UI) or wait on a semaphore (workers, CLI) — no nested event loop.
#include "model/error.h"

#include <QObject>
#include <QString>

class QThread;

namespace QKeychain {
class Job;
}

namespace cm {

class KeychainRequest : public QObject {
    Q_OBJECT
public:
    enum class Op { Read, Write, Delete };
    KeychainRequest(Op op, QString key, QString secret);

    // Moves the request to the keychain thread and starts it there. It deletes
    // itself after emitting finished().
    void dispatch();

    // The keychain thread; started on first use, stopped when QCoreApplication ends.
    static QThread *thread();

Q_SIGNALS:
    void finished(const QString &key, const QString &secret, const cm::Error &error);

private:
    void start();
    void onJobFinished(QKeychain::Job *job);

    Op m_op;
    QString m_key;
    QString m_secret;
};

} // namespace cm
