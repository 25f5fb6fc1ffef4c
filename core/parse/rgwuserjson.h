// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The JSON `radosgw-admin user create` and `user info` print: the user and its S3 keys.
// Pure: bytes in, values out, an Error naming what is wrong.
#include "model/error.h"

#include <QByteArray>
#include <QString>

namespace cm {

struct RgwUserKeys {
    QString userId;
    QString displayName;
    QString accessKey; // keys[0].access_key
    QString secretKey; // keys[0].secret_key
    int keyCount = 0; // S3 keys the user has
};

// Takes the first S3 key (keys[0]); a user without S3 keys is an error.
Error parseRgwUserJson(const QByteArray &json, RgwUserKeys *out);

} // namespace cm
