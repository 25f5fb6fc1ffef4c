// SPDX-License-Identifier: GPL-3.0-or-later
#include "secrets/keychainrequest.h"

#include "secrets/secretstore.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QMutex>
#include <QThread>

#include <qt6keychain/keychain.h>

Q_LOGGING_CATEGORY(lcKeychain, "clustermark.core.secrets")

namespace cm {

namespace {

QMutex s_mutex;
QThread *s_thread = nullptr;

void stopKeychainThread()
{
    QMutexLocker lock(&s_mutex);
    if (!s_thread)
        return;
    s_thread->quit();
    if (s_thread->wait(3000))
        delete s_thread; // else leaked on purpose: deleting a running QThread aborts
    s_thread = nullptr;
}

} // namespace

KeychainRequest::KeychainRequest(Op op, QString key, QString secret)
    : m_op(op)
    , m_key(std::move(key))
    , m_secret(std::move(secret))
{ }

QThread *KeychainRequest::thread()
{
    QMutexLocker lock(&s_mutex);
    if (!s_thread) {
        s_thread = new QThread;
        s_thread->setObjectName(QStringLiteral("clustermark-keychain"));
        s_thread->start();
        qAddPostRoutine(stopKeychainThread); // runs in ~QCoreApplication
    }
    return s_thread;
}

void KeychainRequest::dispatch()
{
    moveToThread(thread());
    QMetaObject::invokeMethod(this, &KeychainRequest::start, Qt::QueuedConnection);
}

void KeychainRequest::start()
{
    const QString service = QString::fromLatin1(SecretStore::Service);
    QKeychain::Job *job = nullptr;
    switch (m_op) {
    case Op::Read: job = new QKeychain::ReadPasswordJob(service, this); break;
    case Op::Write: {
        auto *w = new QKeychain::WritePasswordJob(service, this);
        w->setTextData(m_secret);
        job = w;
        break;
    }
    case Op::Delete: job = new QKeychain::DeletePasswordJob(service, this); break;
    }
    m_secret.clear();
    job->setAutoDelete(false);
    // Never: with no Secret Service it would write the secret in plain text.
    job->setInsecureFallback(false);
    job->setKey(m_key);
    connect(job, &QKeychain::Job::finished, this, &KeychainRequest::onJobFinished);
    job->start();
}

void KeychainRequest::onJobFinished(QKeychain::Job *job)
{
    QString secret;
    cm::Error error;
    const QKeychain::Error code = job->error();
    if (code == QKeychain::NoError) {
        if (m_op == Op::Read)
            secret = static_cast<QKeychain::ReadPasswordJob *>(job)->textData();
    } else if (code == QKeychain::EntryNotFound && m_op != Op::Write) {
        // Nothing stored (read) or nothing to delete: not an error.
    } else {
        const char *what = m_op == Op::Read ? "read" : m_op == Op::Write ? "store" : "delete";
        error = cm::Error(cm::Error::Code::Keychain,
            QStringLiteral("cannot %1 the secret in the system keychain: %2")
                .arg(QLatin1String(what), job->errorString()),
            m_key);
        qCWarning(lcKeychain) << "keychain" << what << m_key << "failed:" << job->errorString();
    }
    job->deleteLater();
    Q_EMIT finished(m_key, secret, error);
    deleteLater();
}

} // namespace cm

#include "moc_keychainrequest.cpp"
