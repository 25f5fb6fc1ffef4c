// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Ceph keyring files ("[client.admin]\n\tkey = AQ…==\n\tcaps mon = \"allow *\""), which
// share ceph.conf's syntax. Pure. The key is a secret: callers keep it in memory only.
#include "model/error.h"

#include <QByteArray>
#include <QString>

namespace cm {

// The key of `entity` ("client.admin"; "admin" is read as client.admin). Errors
// (ParseError) say which: no such section (naming those present), no key line, or a
// key that is not a Ceph secret. The error text never contains the key.
QString cephKeyringKey(const QByteArray &keyring, const QString &entity, Error *error = nullptr);

// A Ceph secret as base64: type (2 bytes), creation time (8), length (2), then exactly
// that many bytes of key. *why says what is wrong, without quoting the key.
bool isValidCephKey(const QString &key, QString *why = nullptr);

} // namespace cm
