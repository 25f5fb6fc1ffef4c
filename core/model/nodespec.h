// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How to reach a node: this machine ("local") or SSH. Secrets are never part of a
// NodeSpec (they live in the keychain or in memory as Credentials).
#include <QJsonObject>
#include <QMetaType>
#include <QString>

namespace cm {

struct NodeSpec {
    enum class Auth { Auto, Key, Agent, Password };

    QString name; // display name; defaults to the host
    QString host; // "local" (or empty) = this machine without SSH
    int port = 0; // 0 = from ~/.ssh/config, else 22
    QString user; // empty = from ~/.ssh/config, else the local user
    QString identityFile; // empty = ~/.ssh/config / default keys
    Auth auth = Auth::Auto;
    bool rememberSecret = false; // keep password/passphrase in the OS keychain
    QString procRoot = QStringLiteral("/proc"); // for recorded trees (inventory)
    QString sysRoot = QStringLiteral("/sys");

    bool isLocal() const { return host.isEmpty() || host == QLatin1String("local"); }
    QString displayName() const;
    // "local", "host", "user@host", "user@host:port"; empty on a malformed spec.
    static NodeSpec parse(const QString &spec, QString *error = nullptr);
    QString toSpecString() const;
    QJsonObject toJson() const;
    static NodeSpec fromJson(const QJsonObject &o);
    // Stable key for the keychain and host-key store: "user@host:port".
    QString secretKey() const;

    friend bool operator==(const NodeSpec &, const NodeSpec &) = default;
};

// Secrets for one connection, in memory only.
struct Credentials {
    QString password;
    QString keyPassphrase;
    bool isEmpty() const { return password.isEmpty() && keyPassphrase.isEmpty(); }
};

} // namespace cm

Q_DECLARE_METATYPE(cm::NodeSpec)
