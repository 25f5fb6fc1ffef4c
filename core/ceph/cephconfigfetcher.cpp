// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephconfigfetcher.h"

#include "parse/cephconf.h"
#include "parse/cephkeyring.h"
#include "parse/markedsections.h"
#include "transport/transportfactory.h"

#include <QJsonArray>
#include <QLoggingCategory>
#include <QRandomGenerator>

Q_LOGGING_CATEGORY(lcCephFetch, "clustermark.core.cephfetch", QtInfoMsg)

namespace cm {

namespace {

// $1 nonce, $2 how many of the following paths are conf candidates; the rest are
// keyring candidates. For each kind the first readable regular file is printed
// (at most 1 MiB); every candidate tried gets a status section "try:N".
const char *const FetchScript = R"SH(CMN=$1; nc=$2; shift 2; export LC_ALL=C
i=0; have_conf=; have_keyring=
for p in "$@"; do
  i=$((i+1))
  if [ "$i" -le "$nc" ]; then k=conf; [ -n "$have_conf" ] && continue
  else k=keyring; [ -n "$have_keyring" ] && continue; fi
  d=${p%/*}; [ -n "$d" ] || d=/
  if [ -d "$p" ]; then st=notfile
  elif [ ! -e "$p" ] && [ -d "$d" ] && [ ! -x "$d" ]; then st=unreadable
  elif [ ! -e "$p" ]; then st=missing
  elif [ ! -f "$p" ]; then st=notfile
  elif [ ! -r "$p" ]; then st=unreadable
  else st=ok; fi
  b "try:$i"; printf '%s' "$st"; e "try:$i"
  if [ "$st" = ok ]; then
    b "$k"; head -c 1048576 -- "$p"; e "$k"
    if [ "$k" = conf ]; then have_conf=1; else have_keyring=1; fi
  fi
done
exit 0
)SH";

QString statusText(const QString &st)
{
    if (st == QLatin1String("missing"))
        return QStringLiteral("missing");
    if (st == QLatin1String("notfile"))
        return QStringLiteral("not a regular file");
    if (st == QLatin1String("unreadable"))
        return QStringLiteral("permission denied");
    return st.isEmpty() ? QStringLiteral("not tried") : st;
}

} // namespace

QJsonObject CephFetchResult::toJson(const QString &keyLabel) const
{
    QJsonObject o;
    o.insert(QStringLiteral("node"), node);
    o.insert(QStringLiteral("confPath"), confPath);
    o.insert(QStringLiteral("keyringPath"), keyringPath);
    o.insert(QStringLiteral("monHost"), spec.monHost);
    o.insert(QStringLiteral("monitors"), QJsonArray::fromStringList(monitors));
    o.insert(QStringLiteral("client"), spec.clientName);
    o.insert(QStringLiteral("fsid"), fsid);
    o.insert(QStringLiteral("key"), keyLabel);
    if (!warnings.isEmpty())
        o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(warnings));
    return o;
}

QStringList CephConfigFetcher::confCandidates(const CephFetchOptions &o)
{
    if (!o.confPath.isEmpty())
        return {o.confPath};
    return {o.rootPrefix + QStringLiteral("/etc/pve/ceph.conf"), o.rootPrefix + QStringLiteral("/etc/ceph/ceph.conf")};
}

QStringList CephConfigFetcher::keyringCandidates(const CephFetchOptions &o)
{
    if (!o.keyringPath.isEmpty())
        return {o.keyringPath};
    const QString file = QStringLiteral("ceph.%1.keyring").arg(cephEntityName(o.clientName));
    return {o.rootPrefix + QStringLiteral("/etc/pve/priv/") + file, o.rootPrefix + QStringLiteral("/etc/ceph/") + file};
}

Command CephConfigFetcher::fetchCommand(const CephFetchOptions &o, const QByteArray &nonce)
{
    const QStringList confs = confCandidates(o);
    Command c;
    c.argv = QStringList {QStringLiteral("sh"), QStringLiteral("-c"),
                 QString::fromUtf8(markedSectionShellFunctions()) + QString::fromUtf8(FetchScript),
                 QStringLiteral("cm-ceph-fetch"), QString::fromLatin1(nonce), QString::number(confs.size())}
        + confs + keyringCandidates(o);
    c.timeoutMs = qMax(1000, o.timeoutMs);
    c.maxRuntimeSec = qMax(5, o.timeoutMs / 1000 + 5);
    return c;
}

CephFetchResult CephConfigFetcher::fromOutput(
    const QByteArray &output, const QByteArray &nonce, const CephFetchOptions &o, const QString &nodeName, Error *error)
{
    CephFetchResult res;
    res.node = nodeName;
    *error = {};
    const QString client = cephEntityName(o.clientName);
    const QMap<QString, MarkedSection> secs = splitMarkedSections(output, nonce);
    const QStringList confs = confCandidates(o);
    const QStringList keyrings = keyringCandidates(o);

    // The first readable candidate of each kind; what happened to those before it.
    auto pick = [&](const QStringList &paths, int offset, QString *chosen, bool *denied) {
        QStringList tried;
        *denied = false;
        for (int i = 0; i < paths.size() && chosen->isEmpty(); ++i) {
            const QString st
                = QString::fromUtf8(secs.value(QStringLiteral("try:%1").arg(offset + i + 1)).body).trimmed();
            if (st == QLatin1String("ok"))
                *chosen = paths.at(i);
            else
                tried << QStringLiteral("%1 (%2)").arg(paths.at(i), statusText(st));
            *denied = *denied || st == QLatin1String("unreadable");
        }
        return tried;
    };
    QString confPath, keyringPath;
    bool confDenied = false, keyDenied = false;
    const QStringList confTried = pick(confs, 0, &confPath, &confDenied);
    const QStringList keyTried = pick(keyrings, int(confs.size()), &keyringPath, &keyDenied);
    const QString asRoot = QStringLiteral("; connect as root or give a path this user can read");
    if (confPath.isEmpty()) {
        *error = Error(confDenied ? Error::Code::CommandFailed : Error::Code::PathMissing,
            QStringLiteral("no readable Ceph configuration on %1: %2%3")
                .arg(nodeName, confTried.join(QStringLiteral(", ")), confDenied ? asRoot : QString()),
            nodeName);
        return res;
    }
    if (keyringPath.isEmpty()) {
        *error = Error(keyDenied ? Error::Code::CommandFailed : Error::Code::PathMissing,
            QStringLiteral("no readable keyring for %1 on %2: %3%4")
                .arg(client, nodeName, keyTried.join(QStringLiteral(", ")), keyDenied ? asRoot : QString()),
            nodeName);
        return res;
    }
    for (const QString &t : confTried + keyTried)
        if (t.endsWith(QLatin1String("(permission denied)")))
            res.warnings << QStringLiteral("skipped %1").arg(t);
    const MarkedSection confSec = secs.value(QStringLiteral("conf"));
    const MarkedSection keySec = secs.value(QStringLiteral("keyring"));
    if (confSec.exitCode != 0 || keySec.exitCode != 0) {
        *error = Error(Error::Code::CommandFailed,
            QStringLiteral("reading %1 on %2 failed").arg(confSec.exitCode != 0 ? confPath : keyringPath, nodeName),
            nodeName);
        return res;
    }

    const CephConf conf = parseCephConf(confSec.body);
    for (const QString &w : conf.warnings)
        res.warnings << QStringLiteral("%1: %2").arg(confPath, w);
    QString why;
    res.monitors = cephConfMonitors(conf, client, &why);
    if (res.monitors.isEmpty()) {
        *error = Error(Error::Code::ParseError, QStringLiteral("%1 on %2: %3").arg(confPath, nodeName, why), nodeName);
        return res;
    }
    res.fsid = conf.value(QStringLiteral("global"), QStringLiteral("fsid"));

    Error keyErr;
    QString key = cephKeyringKey(keySec.body, client, &keyErr);
    if (keyErr) {
        *error = Error(Error::Code::ParseError,
            QStringLiteral("%1 on %2: %3").arg(keyringPath, nodeName, keyErr.message), nodeName);
        return res;
    }
    res.confPath = confPath;
    res.keyringPath = keyringPath;
    res.spec.monHost = res.monitors.join(QLatin1Char(','));
    res.spec.clientName = client;
    res.spec.key = key;
    return res;
}

CephFetchResult CephConfigFetcher::fetch(const CephFetchOptions &options, Error *error)
{
    Error local;
    Error &err = error ? *error : local;
    const QString nodeName = m_transport.node().displayName();
    if ((err = m_transport.connect()))
        return {};
    const QByteArray nonce = QByteArray::number(QRandomGenerator::global()->generate64(), 16);
    ExecResult r = m_transport.run(fetchCommand(options, nonce), {}, CancelToken());
    if (r.error) {
        err = r.error;
        return {};
    }
    if (r.exitCode != 0) {
        err = Error(Error::Code::CommandFailed,
            QStringLiteral("reading the Ceph configuration on %1 failed (exit %2): %3")
                .arg(nodeName)
                .arg(r.exitCode)
                .arg(QString::fromUtf8(r.stdErr.right(400)).trimmed()),
            nodeName);
        return {};
    }
    CephFetchResult res = fromOutput(r.stdOut, nonce, options, nodeName, &err);
    r.stdOut.fill('\0'); // the keyring text: do not leave it lying in freed memory
    if (!err)
        qCInfo(lcCephFetch) << "fetched" << res.confPath << "and" << res.keyringPath << "from" << nodeName << "mons"
                            << res.spec.monHost;
    return res;
}

CephFetchResult CephConfigFetcher::fetchFromNode(
    const NodeSpec &node, const Credentials &credentials, const CephFetchOptions &options, Error *error)
{
    std::unique_ptr<Transport> t = makeTransport(node, credentials);
    return CephConfigFetcher(*t).fetch(options, error);
}

} // namespace cm
