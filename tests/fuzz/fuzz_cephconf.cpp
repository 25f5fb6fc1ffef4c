// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the ceph.conf, mon_host and keyring parsers must never crash, hang
// or leak on any input. Links clustermark_parse only.
#include "parse/cephconf.h"
#include "parse/cephkeyring.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const cm::CephConf conf = cm::parseCephConf(input);
    QString error;
    (void)cm::cephConfMonitors(conf, QStringLiteral("client.admin"), &error);
    (void)conf.clientValue(QStringLiteral("keyring"), QStringLiteral("admin"));
    (void)cm::splitMonHost(QString::fromUtf8(input), &error);
    cm::Error e;
    const QString key = cm::cephKeyringKey(input, QStringLiteral("client.admin"), &e);
    (void)cm::isValidCephKey(QString::fromUtf8(input));
    (void)key;
    return 0;
}
