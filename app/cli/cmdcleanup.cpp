// SPDX-License-Identifier: GPL-3.0-or-later
// `cleanup`: finds what benchmarks left behind (clustermark-bench-… pools, RBD images,
// RADOS objects, folders at the root of the CephFS; on nodes, the CephFS benchmark's own
// mounts and bench files in a folder; S3 buckets) and removes exactly that.
#include "clicommon.h"
#include "clihelp.h"

#include "bench/cephfs/nodemountcleaner.h"
#include "bench/diskfio/benchfilecleaner.h"
#include "ceph/cephconnectionspec.h"
#include "ceph/cephfsleftovers.h"
#include "ceph/cephfsmount.h"
#include "ceph/leftovercleaner.h"
#include "engine/nodeworker.h"
#include "s3/s3leftovercleaner.h"
#include "secrets/secretstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

namespace cm::cli {

namespace {

QString sizeText(const Leftover &l)
{
    QStringList parts;
    if (l.bytes >= 0)
        parts << QLocale::c().formattedDataSize(l.bytes, 1, QLocale::DataSizeTraditionalFormat);
    if (l.objects >= 0)
        parts << QStringLiteral("%1 objects").arg(l.objects);
    return parts.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(parts.join(QStringLiteral(", ")));
}

} // namespace

int cmdCleanup(const QStringList &argsIn)
{
    QStringList args = argsIn;
    const QString usage
        = QStringLiteral("usage: clustermark-cli cleanup [--conf F --keyring F --client admin | --lab DIR] "
                         "[--fs NAME] [--node N [--dir D]] [--s3-endpoint URL --access-key AK "
                         "[--secret-ref env:VAR|lab:DIR|keychain]] [--dry-run] [--json]\n"
                         "  --lab DIR also cleans the lab's S3 gateway\n"
                         "  --node: the CephFS benchmark's mounts in /tmp, and with --dir the bench files there");
    const bool json = takeFlag(args, QStringLiteral("--json"));
    const bool dryRun = takeFlag(args, QStringLiteral("--dry-run"));
    const QStringList nodes = takeOption(args, QStringLiteral("--node"));
    const QStringList dirs = takeOption(args, QStringLiteral("--dir"));
    const QStringList s3Endpoints = takeOption(args, QStringLiteral("--s3-endpoint"));
    const QStringList accessKeys = takeOption(args, QStringLiteral("--access-key"));
    const QStringList secretRefs = takeOption(args, QStringLiteral("--secret-ref"));
    QString fsName = takeOption(args, QStringLiteral("--fs")).value(0);
    const bool fsGiven = !fsName.isEmpty();
    // Ceph only when asked for, or when no node is given (then the local defaults).
    QStringList cephArgs;
    for (const QString &o : {QStringLiteral("--conf"), QStringLiteral("--keyring"), QStringLiteral("--client"),
             QStringLiteral("--lab"), QStringLiteral("--timeout")})
        for (const QString &v : takeOption(args, o)) {
            cephArgs << o << v;
            if (o == QLatin1String("--lab") && fsName.isEmpty())
                fsName = labValues(v).value(QStringLiteral("CEPHFS_NAME"));
        }
    if (!args.isEmpty() || (nodes.isEmpty() && !dirs.isEmpty()) || dirs.size() > 1 || s3Endpoints.size() > 1
        || accessKeys.size() != s3Endpoints.size() || secretRefs.size() > s3Endpoints.size()) {
        printErr(usage);
        return ExitUsage;
    }
    QList<S3CleanupTarget> s3Targets;
    if (!s3Endpoints.isEmpty())
        s3Targets << S3CleanupTarget {
            s3Endpoints.first(), accessKeys.first(), secretRefs.value(0, QStringLiteral("keychain"))};
    for (qsizetype i = 0; i + 1 < cephArgs.size(); i += 2) {
        if (cephArgs.at(i) != u"--lab")
            continue;
        const QMap<QString, QString> lab = labValues(cephArgs.at(i + 1));
        const QString rgw = lab.value(QStringLiteral("RGW_ENDPOINT"));
        if (!rgw.isEmpty())
            s3Targets << S3CleanupTarget {
                rgw, lab.value(QStringLiteral("S3_ACCESS_KEY")), QStringLiteral("lab:") + cephArgs.at(i + 1)};
    }
    const bool doCeph = !cephArgs.isEmpty() || (nodes.isEmpty() && s3Endpoints.isEmpty());

    QList<Leftover> found;
    QStringList warnings;
    CleanupReport report;
    bool failed = false;
    auto fail = [&](const QString &msg) {
        printErr(QStringLiteral("cleanup: %1").arg(msg));
        warnings << msg;
        failed = true;
    };

    if (doCeph) {
        CephConnectionSpec spec;
        if (!takeCephSpec(cephArgs, QStringLiteral("cleanup"), &spec))
            return ExitUsage;
        RadosClient client;
        if (const Error e = client.connect(spec)) {
            fail(e.toString());
        } else {
            const LeftoverScan scan = LeftoverCleaner::scan(client);
            for (const QString &w : scan.warnings) {
                printErr(QStringLiteral("warning: %1").arg(w));
                warnings << w;
            }
            if (scan.error)
                fail(scan.error.toString());
            found += scan.items;
            if (!dryRun && !scan.error)
                report.append(LeftoverCleaner::remove(client, scan.items));
        }
        // Folders at the root of the CephFS (the default one, or --fs). A cluster
        // without one is skipped (a mount would only time out).
        QByteArray fsList;
        const bool hasFs = client.isConnected()
            && !client.monCommand({{QStringLiteral("prefix"), QStringLiteral("fs ls")},
                                      {QStringLiteral("format"), QStringLiteral("json")}},
                &fsList)
            && !QJsonDocument::fromJson(fsList).array().isEmpty();
        CephFsMount fs;
        if (!hasFs) {
            if (fsGiven && client.isConnected())
                fail(QStringLiteral("the cluster has no CephFS named %1").arg(fsName));
        } else if (const Error e = fs.mount(spec, fsName)) {
            fail(e.toString());
        } else {
            Error se;
            const QList<Leftover> folders = CephFsLeftovers::scan(fs, fsName, &se);
            if (se)
                fail(se.toString());
            found += folders;
            if (!dryRun)
                report.append(CephFsLeftovers::remove(fs, folders));
        }
    }
    for (const QString &spec : nodes) {
        QString err;
        const NodeSpec node = NodeSpec::parse(spec, &err);
        if (node.host.isEmpty()) {
            printErr(QStringLiteral("cleanup: %1").arg(err));
            return ExitUsage;
        }
        Credentials creds;
        if (node.rememberSecret)
            SecretStore::loadCredentials(node, &creds);
        std::unique_ptr<Transport> t = createNodeTransport(node, creds);
        Error e;
        const QList<Leftover> mounts = NodeMountCleaner::scan(*t, &e);
        if (e) {
            fail(e.toString());
            continue;
        }
        found += mounts;
        if (!dryRun)
            report.append(NodeMountCleaner::remove(*t, mounts));
        if (dirs.isEmpty())
            continue;
        const QList<Leftover> files = BenchFileCleaner::scan(*t, dirs.first(), &e);
        if (e) {
            fail(e.toString());
            continue;
        }
        found += files;
        if (!dryRun)
            report.append(BenchFileCleaner::remove(*t, files));
    }
    for (const S3CleanupTarget &t : std::as_const(s3Targets)) {
        const S3LeftoverScan scan = S3LeftoverCleaner::scan(t);
        for (const QString &w : scan.warnings) {
            printErr(QStringLiteral("warning: %1").arg(w));
            warnings << w;
        }
        if (scan.error)
            fail(scan.error.toString());
        found += scan.items;
        if (!dryRun && !scan.error)
            report.append(S3LeftoverCleaner::remove(t, scan.items));
    }
    failed = failed || !report.ok();

    if (json) {
        QJsonArray f;
        for (const Leftover &l : std::as_const(found))
            f.append(l.toJson());
        QJsonObject o = report.toJson();
        o.insert(QStringLiteral("dryRun"), dryRun);
        o.insert(QStringLiteral("found"), f);
        o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(warnings));
        printJson(QJsonDocument(o));
    } else {
        QString text;
        for (const Leftover &l : std::as_const(found))
            text += QStringLiteral("found %1%2\n").arg(l.describe(), sizeText(l));
        for (const Leftover &l : std::as_const(report.removed))
            text += QStringLiteral("removed %1\n").arg(l.describe());
        for (const LeftoverFailure &x : std::as_const(report.failed))
            text += QStringLiteral("NOT removed %1: %2\n").arg(x.item.describe(), x.error.message);
        text += dryRun ? QStringLiteral("%1 leftovers found (dry run: nothing removed)\n").arg(found.size())
                       : QStringLiteral("%1 found, %2 removed, %3 not removed\n")
                             .arg(found.size())
                             .arg(report.removed.size())
                             .arg(report.failed.size());
        fputs(text.toUtf8().constData(), stdout);
    }
    return failed ? 1 : 0;
}

} // namespace cm::cli
