// SPDX-License-Identifier: GPL-3.0-or-later
// `ceph inventory` (a cluster's inventory from its mons) and `lab start|stop` (the
// single-host Ceph lab of scripts/lab/ceph-lab.sh).
#include "clicommon.h"
#include "clihelp.h"

#include "ceph/cephinventoryprobe.h"
#include "ceph/radosclient.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>

namespace cm::cli {

namespace {

// $CLUSTERMARK_SCRIPTS/lab/ceph-lab.sh, else the source tree next to a build folder
// (<exe dir>/../../scripts/lab/ceph-lab.sh), else the installed copy
// (<exe dir>/../share/clustermark/lab); empty with *tried filled when absent.
QString labScript(QStringList *tried)
{
    QStringList candidates;
    const QString env = qEnvironmentVariable("CLUSTERMARK_SCRIPTS");
    if (!env.isEmpty())
        candidates << QDir(env).filePath(QStringLiteral("lab/ceph-lab.sh"));
    const QDir exeDir(QCoreApplication::applicationDirPath());
    candidates << exeDir.filePath(QStringLiteral("../../scripts/lab/ceph-lab.sh"))
               << exeDir.filePath(QStringLiteral("../share/clustermark/lab/ceph-lab.sh"));
    for (const QString &c : candidates)
        if (QFileInfo(c).isFile())
            return QDir::cleanPath(c);
    *tried = candidates;
    return {};
}

int cephInventory(QStringList args)
{
    takeFlag(args, QStringLiteral("--json")); // JSON is the only output format
    CephConnectionSpec spec;
    const QString lab = takeOption(args, QStringLiteral("--lab")).value(0);
    spec.confPath = takeOption(args, QStringLiteral("--conf")).value(0);
    spec.keyringPath = takeOption(args, QStringLiteral("--keyring")).value(0);
    const QString timeout = takeOption(args, QStringLiteral("--timeout")).value(0);
    if (!args.isEmpty() || (!lab.isEmpty() && !spec.confPath.isEmpty())) {
        printErr(QStringLiteral("usage: clustermark-cli ceph inventory [--conf FILE --keyring FILE | --lab DIR] "
                                "[--timeout S] --json"));
        return ExitUsage;
    }
    if (!timeout.isEmpty()) {
        bool ok = false;
        spec.timeoutSec = timeout.toInt(&ok);
        if (!ok || spec.timeoutSec < 1 || spec.timeoutSec > 600) {
            printErr(QStringLiteral("ceph inventory: --timeout must be 1..600 seconds"));
            return ExitUsage;
        }
    }
    if (!lab.isEmpty()) {
        const QMap<QString, QString> v = labValues(lab);
        spec.confPath = v.value(QStringLiteral("CEPH_CONF"));
        spec.keyringPath = v.value(QStringLiteral("KEYRING"));
        if (spec.confPath.isEmpty()) {
            printErr(QStringLiteral("ceph inventory: %1 holds no started lab (no lab.env with CEPH_CONF)").arg(lab));
            return ExitFailed;
        }
    } else if (spec.confPath.isEmpty()) {
        const CephConnectionSpec local = CephConnectionSpec::localDefault();
        spec.confPath = local.confPath;
        if (spec.keyringPath.isEmpty())
            spec.keyringPath = local.keyringPath;
        if (spec.confPath.isEmpty()) {
            printErr(
                QStringLiteral("ceph inventory: no /etc/ceph/ceph.conf nor /etc/pve/ceph.conf; give --conf or --lab"));
            return ExitFailed;
        }
    }
    for (const QString &f : {spec.confPath, spec.keyringPath})
        if (!f.isEmpty() && !QFileInfo(f).isReadable()) {
            printErr(QStringLiteral("ceph inventory: cannot read %1").arg(f));
            return ExitFailed;
        }
    RadosClient client;
    if (const Error e = client.connect(spec)) {
        printErr(QStringLiteral("ceph inventory: %1").arg(e.toString()));
        return ExitFailed;
    }
    Error e;
    const CephInventory inv = probeCephInventory(client, &e);
    if (e) {
        printErr(QStringLiteral("ceph inventory: %1").arg(e.toString()));
        return ExitFailed;
    }
    for (const QString &w : inv.warnings)
        printErr(QStringLiteral("warning: %1").arg(w));
    printJson(QJsonDocument(inv.toJson()));
    return ExitOk;
}

} // namespace

int cmdCeph(const QStringList &argsIn)
{
    QStringList args = argsIn;
    if (args.value(0) == QLatin1String("inventory"))
        return cephInventory(args.mid(1));
    if (args.value(0) == QLatin1String("fetch"))
        return cephFetch(args.mid(1));
    printErr(QStringLiteral("usage: clustermark-cli ceph inventory [--conf FILE --keyring FILE | --lab DIR] --json\n"
                            "       clustermark-cli ceph fetch NODE [--conf PATH] [--keyring PATH] [--client NAME] "
                            "[--remember] --json"));
    return ExitUsage;
}

int cmdLab(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const QString usage
        = QStringLiteral("usage: clustermark-cli lab start [DIR] [--osds N] [--addr IPV4] | lab stop DIR");
    const QString sub = args.isEmpty() ? QString() : args.takeFirst();
    QStringList scriptArgs;
    if (sub == QLatin1String("start")) {
        const QString osds = takeOption(args, QStringLiteral("--osds")).value(0);
        const QString addr = takeOption(args, QStringLiteral("--addr")).value(0);
        if (args.size() > 1) {
            printErr(usage);
            return ExitUsage;
        }
        const QString dir
            = args.isEmpty() ? QDir::temp().filePath(QStringLiteral("clustermark-ceph-lab")) : args.first();
        scriptArgs << QStringLiteral("start") << dir;
        if (!osds.isEmpty())
            scriptArgs << QStringLiteral("--osds") << osds;
        if (!addr.isEmpty()) // checked by the script: an IPv4 address of this host
            scriptArgs << QStringLiteral("--addr") << addr;
    } else if (sub == QLatin1String("stop") && args.size() == 1) {
        scriptArgs << QStringLiteral("stop") << args.first();
    } else {
        printErr(usage);
        return ExitUsage;
    }
    QStringList tried;
    const QString script = labScript(&tried);
    if (script.isEmpty()) {
        printErr(QStringLiteral("lab: ceph-lab.sh not found (tried %1); set CLUSTERMARK_SCRIPTS to the scripts folder")
                     .arg(tried.join(QStringLiteral(", "))));
        return ExitFailed;
    }
    // Output through pipes: the lab's daemons keep the script's descriptors open, so
    // they must not be this process's own stdout/stderr (a caller reading to EOF would hang).
    QProcess p;
    p.start(QStringLiteral("bash"), QStringList {script} + scriptArgs);
    // The script bounds its start (CEPH_LAB_TIMEOUT, 60 s by default) and its stop.
    const bool finished = p.waitForStarted(5000) && p.waitForFinished(180000);
    if (!finished) {
        p.kill();
        p.waitForFinished(5000);
        printErr(QStringLiteral("lab: ceph-lab.sh %1 did not finish").arg(scriptArgs.first()));
        return ExitFailed;
    }
    fputs(p.readAllStandardOutput().constData(), stdout);
    fputs(p.readAllStandardError().constData(), stderr);
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : 1;
}

} // namespace cm::cli
