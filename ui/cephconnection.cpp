// SPDX-License-Identifier: GPL-3.0-or-later
#include "cephconnection.h"
#include "errortext.h"

#include "ceph/cephconfigfetcher.h"

#include "ceph/cephinventoryprobe.h"
#include "ceph/radosclient.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLoggingCategory>

Q_LOGGING_CATEGORY(lcCephUi, "clustermark.ui.ceph")

namespace cm::ui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::ui::CephConnection)
};
} // namespace

QString CephConnection::labText()
{
    return Tr::tr("Local Ceph lab (throwaway, on this machine)");
}

QString CephConnection::displayName() const
{
    if (isLab())
        return labText();
    if (!spec.confPath.isEmpty())
        return spec.confPath;
    return spec.monHost;
}

QJsonObject CephConnection::planCeph() const
{
    if (!isValid())
        return {};
    CephConnectionSpec s = spec;
    s.clientName = normalizedClientName(spec.clientName);
    return s.toJson(); // never the key
}

CephConnection CephConnection::forLab(const QString &dir)
{
    CephConnection c;
    const QDir d(QFileInfo(dir).absoluteFilePath());
    c.labDir = d.absolutePath();
    c.spec.confPath = d.filePath(QStringLiteral("ceph.conf"));
    c.spec.keyringPath = d.filePath(QStringLiteral("keyring"));
    return c;
}

bool CephConnection::isLabDir(const QString &dir)
{
    const QDir d(dir);
    return !dir.isEmpty() && QFileInfo::exists(d.filePath(QStringLiteral(".ceph-lab")))
        && QFileInfo::exists(d.filePath(QStringLiteral("ceph.conf")))
        && QFileInfo::exists(d.filePath(QStringLiteral("keyring")));
}

QString CephConnection::normalizedClientName(const QString &name)
{
    const QString n = name.trimmed();
    if (n.isEmpty())
        return QStringLiteral("client.admin");
    return n.startsWith(QLatin1String("client.")) ? n : QStringLiteral("client.") + n;
}

CephProbeResult probeCephCluster(const CephConnectionSpec &spec)
{
    QElapsedTimer t;
    t.start();
    CephProbeResult r;
    CephConnectionSpec s = spec;
    s.clientName = CephConnection::normalizedClientName(s.clientName);
    RadosClient client;
    r.error = client.connect(s);
    if (!r.error)
        r.inventory = probeCephInventory(client, &r.error);
    client.shutdown();
    r.elapsedMs = t.elapsed();
    r.spec = s;
    if (r.error)
        qCInfo(lcCephUi) << "Ceph probe failed after" << r.elapsedMs << "ms:" << r.error.toString();
    return r;
}

CephProbeResult fetchAndProbeCephCluster(const NodeSpec &node, const QString &clientName, int timeoutSec,
    const QString &confPath, const QString &keyringPath)
{
    CephFetchOptions options;
    options.confPath = confPath;
    options.keyringPath = keyringPath;
    options.clientName = CephConnection::normalizedClientName(clientName);
    Error e;
    const CephFetchResult fetched = CephConfigFetcher::fetchFromNode(node, Credentials(), options, &e);
    if (e) {
        CephProbeResult r;
        r.error = e;
        return r;
    }
    CephConnectionSpec spec = fetched.spec;
    spec.timeoutSec = timeoutSec;
    CephProbeResult r = probeCephCluster(spec);
    r.spec.fsid = r.error ? fetched.fsid : r.inventory.fsid;
    return r;
}

QString cephErrorHeadline(const Error &e)
{
    switch (e.code) {
    case Error::Code::Timeout:
    case Error::Code::Unreachable: return Tr::tr("The cluster cannot be reached.");
    case Error::Code::AuthDenied: return Tr::tr("The cluster refused the client's key.");
    case Error::Code::PathMissing: return Tr::tr("A file is missing or unreadable.");
    default: break;
    }
    return Tr::tr("The cluster could not be read.");
}

QString cephErrorText(const Error &e)
{
    QString text;
    switch (e.code) {
    case Error::Code::Timeout:
    case Error::Code::Unreachable: text = Tr::tr("The cluster cannot be reached: %1").arg(e.message); break;
    case Error::Code::AuthDenied: text = Tr::tr("The cluster refused the client's key: %1").arg(e.message); break;
    case Error::Code::PathMissing: text = Tr::tr("A file is missing or unreadable: %1").arg(e.message); break;
    default: return errorText(e);
    }
    if (!e.context.isEmpty())
        text += QStringLiteral(" (%1)").arg(e.context);
    return text;
}

} // namespace cm::ui
