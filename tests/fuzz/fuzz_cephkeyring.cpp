// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: Ceph keyring files (read from a node or a lab folder). The reader
// must never crash, hang or leak, a key it returns must be a valid Ceph secret, and no
// error message may contain the text of a key line. Links clustermark_parse only.
#include "parse/cephkeyring.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    for (const char *entity : {"client.admin", "admin", "client.rgw.x", "mon."}) {
        cm::Error e;
        const QString key = cm::cephKeyringKey(input, QLatin1String(entity), &e);
        if (!e && !cm::isValidCephKey(key))
            abort(); // handed back something that is not a secret
        if (e && e.message.isEmpty())
            abort();
        if (e && key.size() > 8 && e.message.contains(key))
            abort();
    }
    QString why;
    (void)cm::isValidCephKey(QString::fromUtf8(input), &why);
    return 0;
}
