// SPDX-License-Identifier: GPL-3.0-or-later
// Ceph connection options shared by the CLI's Ceph commands.
#include "clicommon.h"

#include "ceph/cephconnectionspec.h"
#include "parse/cephconf.h"
#include "util/labenv.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace cm::cli {

QMap<QString, QString> labValues(const QString &dir)
{
    return readLabEnv(dir);
}

bool takeCephSpec(QStringList &args, const QString &command, CephConnectionSpec *spec, bool *given)
{
    const QString lab = takeOption(args, QStringLiteral("--lab")).value(0);
    const QString conf = takeOption(args, QStringLiteral("--conf")).value(0);
    const QString keyring = takeOption(args, QStringLiteral("--keyring")).value(0);
    const QString client = takeOption(args, QStringLiteral("--client")).value(0);
    const QString timeout = takeOption(args, QStringLiteral("--timeout")).value(0);
    if (given)
        *given = !lab.isEmpty() || !conf.isEmpty() || !keyring.isEmpty() || !client.isEmpty();
    if (!lab.isEmpty() && (!conf.isEmpty() || !keyring.isEmpty())) {
        printErr(QStringLiteral("%1: give either --lab or --conf/--keyring").arg(command));
        return false;
    }
    if (!timeout.isEmpty()) {
        bool ok = false;
        spec->timeoutSec = timeout.toInt(&ok);
        if (!ok || spec->timeoutSec < 1 || spec->timeoutSec > 600) {
            printErr(QStringLiteral("%1: --timeout must be 1..600 seconds").arg(command));
            return false;
        }
    }
    if (!client.isEmpty())
        spec->clientName = cephEntityName(client);
    if (!lab.isEmpty()) {
        const QMap<QString, QString> v = labValues(lab);
        spec->confPath = v.value(QStringLiteral("CEPH_CONF"));
        spec->keyringPath = v.value(QStringLiteral("KEYRING"));
        if (spec->confPath.isEmpty()) {
            printErr(QStringLiteral("%1: %2 holds no started lab (no lab.env with CEPH_CONF)").arg(command, lab));
            return false;
        }
    } else if (conf.isEmpty()) {
        const CephConnectionSpec local = CephConnectionSpec::localDefault();
        spec->confPath = local.confPath;
        spec->keyringPath = keyring.isEmpty() ? local.keyringPath : keyring;
        if (spec->confPath.isEmpty()) {
            printErr(
                QStringLiteral("%1: no /etc/ceph/ceph.conf nor /etc/pve/ceph.conf; give --conf or --lab").arg(command));
            return false;
        }
    } else {
        spec->confPath = conf;
        spec->keyringPath = keyring;
    }
    for (const QString &f : {spec->confPath, spec->keyringPath})
        if (!f.isEmpty() && !QFileInfo(f).isReadable()) {
            printErr(QStringLiteral("%1: cannot read %2").arg(command, f));
            return false;
        }
    return true;
}

} // namespace cm::cli
