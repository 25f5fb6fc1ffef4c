// SPDX-License-Identifier: GPL-3.0-or-later
#include "transport/knownhosts.h"

#include "transport/shellquote.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <libssh/libssh.h>

namespace cm {

namespace {

// Calls fn(lineNumber, rawLine, entry-or-null) for each line; entry is set when the
// line is a well-formed entry for `name`.
template <typename Fn> bool forEachLine(const QString &path, const QString &name, Fn fn)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    const QByteArray nameUtf8 = name.toUtf8();
    int lineNo = 0;
    while (!f.atEnd()) {
        QByteArray line = f.readLine();
        ++lineNo;
        QByteArray trimmed = line.trimmed();
        ssh_knownhosts_entry *entry = nullptr;
        // Markers (@revoked, @cert-authority) and comments are not host entries.
        if (!trimmed.isEmpty() && !trimmed.startsWith('#') && !trimmed.startsWith('@')) {
            if (ssh_known_hosts_parse_line(nameUtf8.constData(), trimmed.constData(), &entry) != SSH_OK)
                entry = nullptr;
        }
        fn(lineNo, line, entry);
        if (entry)
            ssh_knownhosts_entry_free(entry);
    }
    return true;
}

} // namespace

QString sshKeyFingerprint(ssh_key key)
{
    if (!key)
        return {};
    unsigned char *hash = nullptr;
    size_t len = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &len) != SSH_OK)
        return {};
    char *fp = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, len);
    ssh_clean_pubkey_hash(&hash);
    if (!fp)
        return {};
    const QString out = QString::fromLatin1(fp);
    ssh_string_free_char(fp);
    return out;
}

QString fingerprintOfPublicKey(const QString &opensshLine, Error *error)
{
    const QStringList parts = opensshLine.simplified().split(QLatin1Char(' '));
    ssh_key key = nullptr;
    if (parts.size() >= 2) {
        const enum ssh_keytypes_e type = ssh_key_type_from_name(parts[0].toLatin1().constData());
        if (type != SSH_KEYTYPE_UNKNOWN)
            ssh_pki_import_pubkey_base64(parts[1].toLatin1().constData(), type, &key);
    }
    if (!key) {
        if (error)
            *error
                = Error(Error::Code::InvalidInput, QStringLiteral("not an OpenSSH public key"), opensshLine.left(40));
        return {};
    }
    const QString fp = sshKeyFingerprint(key);
    ssh_key_free(key);
    if (error)
        *error = {};
    return fp;
}

QString fingerprintOfPublicKeyFile(const QString &path, Error *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        if (error)
            *error = Error(Error::Code::Storage, QStringLiteral("cannot read %1: %2").arg(path, f.errorString()), path);
        return {};
    }
    return fingerprintOfPublicKey(QString::fromUtf8(f.readLine()), error);
}

QString KnownHosts::entryName(const QString &host, int port)
{
    const QString h = host.toLower();
    if (port <= 0 || port == 22)
        return h;
    return QStringLiteral("[%1]:%2").arg(h).arg(port);
}

KnownHosts::Result KnownHosts::check(const QString &host, int port, ssh_key key) const
{
    Result r;
    bool known = false, sameType = false;
    forEachLine(m_path, entryName(host, port), [&](int lineNo, const QByteArray &, ssh_knownhosts_entry *e) {
        if (!e || !e->publickey)
            return;
        r.knownFingerprints << sshKeyFingerprint(e->publickey);
        r.lines << lineNo;
        if (!key)
            return;
        if (ssh_key_cmp(e->publickey, key, SSH_KEY_CMP_PUBLIC) == 0)
            known = true;
        else if (ssh_key_type(e->publickey) == ssh_key_type(key))
            sameType = true;
    });
    if (known)
        r.status = Status::Known;
    else if (sameType)
        r.status = Status::Changed;
    else if (!r.lines.isEmpty())
        r.status = Status::OtherType;
    return r;
}

Error KnownHosts::add(const QString &host, int port, ssh_key key) const
{
    char *b64 = nullptr;
    if (ssh_pki_export_pubkey_base64(key, &b64) != SSH_OK || !b64)
        return Error(Error::Code::Internal, QStringLiteral("cannot export the host key"), host);
    const QByteArray line
        = entryName(host, port).toUtf8() + ' ' + ssh_key_type_to_char(ssh_key_type(key)) + ' ' + QByteArray(b64) + '\n';
    ssh_string_free_char(b64);

    const QFileInfo info(m_path);
    if (!QDir().mkpath(info.absolutePath()))
        return Error(Error::Code::Storage, QStringLiteral("cannot create %1").arg(info.absolutePath()), m_path);
    QFile f(m_path);
    const bool existed = f.exists();
    if (!f.open(QIODevice::Append))
        return Error(Error::Code::Storage, QStringLiteral("cannot write %1: %2").arg(m_path, f.errorString()), m_path);
    if (!existed)
        f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    // A file whose last line lacks a newline would merge with ours.
    if (f.size() > 0) {
        QFile rd(m_path);
        if (rd.open(QIODevice::ReadOnly) && rd.seek(rd.size() - 1) && rd.read(1) != "\n")
            f.write("\n");
    }
    if (f.write(line) != line.size() || !f.flush())
        return Error(Error::Code::Storage, QStringLiteral("cannot write %1: %2").arg(m_path, f.errorString()), m_path);
    return {};
}

Error KnownHosts::remove(const QString &host, int port) const
{
    QByteArray kept;
    bool removed = false;
    if (!forEachLine(m_path, entryName(host, port), [&](int, const QByteArray &line, ssh_knownhosts_entry *e) {
            if (e)
                removed = true;
            else
                kept += line;
        }))
        return {}; // no file: nothing to remove
    if (!removed)
        return {};
    QSaveFile out(m_path);
    if (!out.open(QIODevice::WriteOnly) || out.write(kept) != kept.size() || !out.commit())
        return Error(Error::Code::Storage, QStringLiteral("cannot rewrite %1").arg(m_path), m_path);
    return {};
}

QString KnownHosts::removeCommand(const QString &host, int port) const
{
    return shellJoin(
        {QStringLiteral("ssh-keygen"), QStringLiteral("-R"), entryName(host, port), QStringLiteral("-f"), m_path});
}

} // namespace cm
