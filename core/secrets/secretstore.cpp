// SPDX-License-Identifier: GPL-3.0-or-later
#include "secrets/secretstore.h"

#include "secrets/keychainrequest.h"

#include <QSemaphore>
#include <QThread>

#include <memory>

namespace cm {

namespace {

struct Outcome {
    QSemaphore done;
    QString secret;
    Error error;
};

Error runBlocking(KeychainRequest::Op op, const QString &key, const QString &secret, QString *out, int timeoutMs)
{
    if (QThread::currentThread() == KeychainRequest::thread())
        return Error(Error::Code::Internal, QStringLiteral("blocking keychain call on the keychain thread"), key);
    auto outcome = std::make_shared<Outcome>();
    auto *req = new KeychainRequest(op, key, secret);
    QObject::connect(
        req, &KeychainRequest::finished, req,
        [outcome](const QString &, const QString &s, const Error &e) {
            outcome->secret = s;
            outcome->error = e;
            outcome->done.release();
        },
        Qt::DirectConnection);
    req->dispatch();
    if (!outcome->done.tryAcquire(1, timeoutMs))
        return Error(Error::Code::Keychain,
            QStringLiteral("the system keychain did not answer within %1 ms").arg(timeoutMs), key);
    if (out)
        *out = outcome->secret;
    return outcome->error;
}

} // namespace

SecretStore::SecretStore(QObject *parent)
    : QObject(parent)
{ }

QString SecretStore::keyFor(const NodeSpec &node, SecretKind kind)
{
    return node.secretKey()
        + (kind == SecretKind::Password ? QStringLiteral(":password") : QStringLiteral(":passphrase"));
}

void SecretStore::read(const QString &key)
{
    auto *req = new KeychainRequest(KeychainRequest::Op::Read, key, {});
    connect(req, &KeychainRequest::finished, this,
        [this](const QString &k, const QString &s, const Error &e) { Q_EMIT readFinished(k, s, e); });
    req->dispatch();
}

void SecretStore::write(const QString &key, const QString &secret)
{
    auto *req = new KeychainRequest(KeychainRequest::Op::Write, key, secret);
    connect(req, &KeychainRequest::finished, this,
        [this](const QString &k, const QString &, const Error &e) { Q_EMIT writeFinished(k, e); });
    req->dispatch();
}

void SecretStore::remove(const QString &key)
{
    auto *req = new KeychainRequest(KeychainRequest::Op::Delete, key, {});
    connect(req, &KeychainRequest::finished, this,
        [this](const QString &k, const QString &, const Error &e) { Q_EMIT deleteFinished(k, e); });
    req->dispatch();
}

Error SecretStore::readBlocking(const QString &key, QString *secret, int timeoutMs)
{
    return runBlocking(KeychainRequest::Op::Read, key, {}, secret, timeoutMs);
}

Error SecretStore::writeBlocking(const QString &key, const QString &secret, int timeoutMs)
{
    return runBlocking(KeychainRequest::Op::Write, key, secret, nullptr, timeoutMs);
}

Error SecretStore::removeBlocking(const QString &key, int timeoutMs)
{
    return runBlocking(KeychainRequest::Op::Delete, key, {}, nullptr, timeoutMs);
}

Error SecretStore::loadCredentials(const NodeSpec &node, Credentials *out, int timeoutMs)
{
    Credentials c;
    if (Error e = readBlocking(keyFor(node, SecretKind::Password), &c.password, timeoutMs))
        return e;
    if (Error e = readBlocking(keyFor(node, SecretKind::KeyPassphrase), &c.keyPassphrase, timeoutMs))
        return e;
    if (out)
        *out = c;
    return {};
}

} // namespace cm

#include "moc_secretstore.cpp"
