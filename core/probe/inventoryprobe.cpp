// SPDX-License-Identifier: GPL-3.0-or-later
#include "probe/inventoryprobe.h"

#include "parse/ipaddrparser.h"
#include "parse/lsblkparser.h"
#include "parse/markedsections.h"
#include "parse/procparser.h"

#include <QLoggingCategory>
#include <QUuid>

#include <functional>

Q_LOGGING_CATEGORY(lcProbe, "clustermark.core.probe", QtInfoMsg)

namespace cm {

namespace {

// Fixed text: nothing from the user is interpolated; procRoot ($1), sysRoot ($2) and
// the nonce ($3) arrive as positional parameters. `rd` reads one sysfs value without
// a fork (sysfs reads can fail with EINVAL, e.g. the speed of a link that is down).
const char *const ProbeScript = R"SH(P=$1; S=$2; CMN=$3; export LC_ALL=C
rd() { v=; { read -r v < "$1"; } 2>/dev/null; }
b uname; uname -n -r; e uname
b hostname; rd "$P/sys/kernel/hostname"; printf '%s\n' "$v"; rd "$P/sys/kernel/osrelease"; printf '%s' "$v"; e hostname
b os-release; cat /etc/os-release 2>/dev/null || cat /usr/lib/os-release; e os-release
b cpuinfo; cat "$P/cpuinfo"; e cpuinfo
b nproc; nproc; e nproc
b meminfo; cat "$P/meminfo"; e meminfo
O=NAME,PATH,TYPE,SIZE,ROTA,RO,MODEL,VENDOR,TRAN,SERIAL,FSTYPE,PTTYPE
b lsblk; lsblk -J -b -o "$O,MOUNTPOINTS" 2>/dev/null || lsblk -J -b -o "$O,MOUNTPOINT" 2>/dev/null || lsblk -J -b -o NAME,TYPE,SIZE,ROTA,RO,MODEL,SERIAL,FSTYPE,MOUNTPOINT; e lsblk
blk() {
  rd "$1/size"; sz=$v; rd "$1/queue/rotational"; ro=$v; rd "$1/ro"; r=$v; rd "$1/queue/write_cache"; wc=$v; rd "$1/dm/name"; dn=$v
  h=; for x in "$1"/holders/*; do [ -e "$x" ] || [ -L "$x" ] && h="$h ${x##*/}"; done
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$2" "$3" "$sz" "$ro" "$r" "$wc" "$dn" "$h"
}
b sysblock
for d in "$S"/block/*; do
  [ -d "$d" ] || continue; n=${d##*/}; blk "$d" "$n" ""
  for p in "$d"/*; do [ -e "$p/partition" ] && blk "$p" "${p##*/}" "$n"; done
done; true; e sysblock
b ip; ip -j addr; e ip
b sysnet
for n in "$S"/class/net/*; do
  [ -d "$n" ] || continue
  rd "$n/mtu"; mtu=$v; rd "$n/speed"; sp=$v; rd "$n/operstate"; st=$v; rd "$n/address"; ad=$v; m=
  [ -L "$n/master" ] && m=$(readlink "$n/master") && m=${m##*/}
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "${n##*/}" "$mtu" "$sp" "$st" "$ad" "$m"
done; true; e sysnet
exit 0
)SH";

struct SysBlock {
    QString name, parent, dmName;
    quint64 sizeBytes = 0; // sectors of 512 bytes in sysfs
    bool haveSize = false, rotational = false, readOnly = false;
    QString writeCache;
    QStringList holders;
};

QList<SysBlock> parseSysBlock(const QByteArray &body)
{
    QList<SysBlock> out;
    for (const QByteArray &line : body.split('\n')) {
        const QList<QByteArray> f = line.split('\t');
        if (f.size() < 8 || f.at(0).isEmpty())
            continue;
        SysBlock s;
        s.name = QString::fromUtf8(f.at(0));
        s.parent = QString::fromUtf8(f.at(1));
        s.sizeBytes = f.at(2).toULongLong(&s.haveSize) * 512;
        s.rotational = f.at(3).trimmed() == "1";
        s.readOnly = f.at(4).trimmed() == "1";
        s.writeCache = QString::fromUtf8(f.at(5)).trimmed();
        s.dmName = QString::fromUtf8(f.at(6)).trimmed();
        s.holders = QString::fromUtf8(f.at(7)).split(QLatin1Char(' '), Qt::SkipEmptyParts);
        out.append(s);
    }
    return out;
}

void applySysfs(QList<BlockDevice> &devices, QList<SysBlock> &sys)
{
    for (BlockDevice &d : devices) {
        for (qsizetype i = 0; i < sys.size(); ++i) {
            const SysBlock &s = sys.at(i);
            const bool match = s.name == d.name || (!s.dmName.isEmpty() && s.dmName == d.name)
                || d.path == QStringLiteral("/dev/") + s.name;
            if (!match)
                continue;
            d.writeCache = s.writeCache;
            d.holders = s.holders;
            sys.removeAt(i);
            break;
        }
        applySysfs(d.children, sys);
    }
}

BlockDevice fromSysfs(const SysBlock &s)
{
    BlockDevice d;
    d.name = s.name;
    d.path = QStringLiteral("/dev/") + s.name;
    d.type = s.parent.isEmpty() ? QStringLiteral("disk") : QStringLiteral("part");
    if (s.name.startsWith(QLatin1String("loop")))
        d.type = QStringLiteral("loop");
    else if (s.name.startsWith(QLatin1String("dm-")))
        d.type = QStringLiteral("dm");
    d.sizeBytes = s.sizeBytes;
    d.rotational = s.rotational;
    d.readOnly = s.readOnly;
    d.writeCache = s.writeCache;
    d.holders = s.holders;
    return d;
}

void applySysNet(QList<NicInfo> &nics, const QByteArray &body)
{
    for (const QByteArray &line : body.split('\n')) {
        const QList<QByteArray> f = line.split('\t');
        if (f.size() < 6 || f.at(0).isEmpty())
            continue;
        const QString name = QString::fromUtf8(f.at(0));
        NicInfo *n = nullptr;
        for (NicInfo &x : nics)
            if (x.name == name)
                n = &x;
        if (!n) {
            nics.append(NicInfo {});
            n = &nics.last();
            n->name = name;
        }
        bool ok = false;
        const int speed = f.at(2).trimmed().toInt(&ok);
        n->speedMbps = (ok && speed > 0) ? speed : -1;
        if (n->mtu <= 0)
            n->mtu = f.at(1).trimmed().toInt();
        if (n->operState.isEmpty())
            n->operState = QString::fromUtf8(f.at(3)).trimmed().toUpper();
        if (n->mac.isEmpty())
            n->mac = QString::fromUtf8(f.at(4)).trimmed();
        if (n->master.isEmpty())
            n->master = QString::fromUtf8(f.at(5)).trimmed();
    }
}

QString sectionProblem(const QMap<QString, MarkedSection> &secs, const QString &name, const QString &what)
{
    const auto it = secs.constFind(name);
    if (it == secs.cend())
        return QStringLiteral("%1: no output (the probe was cut short)").arg(what);
    if (it->exitCode == 127)
        return QStringLiteral("%1: not available on this node").arg(what);
    if (it->exitCode != 0)
        return QStringLiteral("%1: failed with exit status %2").arg(what).arg(it->exitCode);
    return {};
}

} // namespace

Command inventoryCommand(const NodeSpec &node, const QByteArray &nonce)
{
    Command c;
    c.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
        QString::fromUtf8(markedSectionShellFunctions()) + QString::fromUtf8(ProbeScript), QStringLiteral("cm-probe"),
        node.procRoot.isEmpty() ? QStringLiteral("/proc") : node.procRoot,
        node.sysRoot.isEmpty() ? QStringLiteral("/sys") : node.sysRoot, QString::fromLatin1(nonce)};
    c.timeoutMs = 60000;
    c.maxRuntimeSec = 60;
    return c;
}

NodeInventory inventoryFromProbeOutput(const QByteArray &output, const QByteArray &nonce, const QString &nodeName)
{
    NodeInventory inv;
    const QMap<QString, MarkedSection> secs = splitMarkedSections(output, nonce);
    auto body = [&](const QString &name) { return secs.value(name).body; };
    auto warn = [&](const QString &name, const QString &what) {
        const QString p = sectionProblem(secs, name, what);
        if (!p.isEmpty())
            inv.warnings << p;
        return p.isEmpty();
    };

    // Host name and kernel: procfs first (honours procRoot), `uname` as the fallback.
    const QList<QByteArray> hk = body(QStringLiteral("hostname")).split('\n');
    inv.hostname = QString::fromUtf8(hk.value(0)).trimmed();
    inv.kernel = QString::fromUtf8(hk.value(1)).trimmed();
    if (inv.hostname.isEmpty() || inv.kernel.isEmpty()) {
        const QStringList un = QString::fromUtf8(body(QStringLiteral("uname"))).simplified().split(QLatin1Char(' '));
        if (inv.hostname.isEmpty())
            inv.hostname = un.value(0);
        if (inv.kernel.isEmpty())
            inv.kernel = un.value(1);
    }
    if (inv.hostname.isEmpty())
        inv.warnings << QStringLiteral("host name: could not be read");

    if (warn(QStringLiteral("os-release"), QStringLiteral("/etc/os-release")))
        inv.os = parseOsReleasePrettyName(body(QStringLiteral("os-release")));

    if (warn(QStringLiteral("cpuinfo"), QStringLiteral("cpuinfo"))) {
        const CpuInfo c = parseCpuinfo(body(QStringLiteral("cpuinfo")));
        inv.cpuModel = c.model;
        inv.cpuCores = c.logicalCpus;
    }
    if (inv.cpuCores <= 0)
        inv.cpuCores = QString::fromUtf8(body(QStringLiteral("nproc"))).trimmed().toInt();
    if (inv.cpuCores <= 0)
        inv.warnings << QStringLiteral("CPU count: neither cpuinfo nor nproc gave it");

    if (warn(QStringLiteral("meminfo"), QStringLiteral("meminfo"))) {
        const MemInfo m = parseMeminfo(body(QStringLiteral("meminfo")));
        if (m.valid) {
            inv.memTotalBytes = m.totalBytes;
            inv.memAvailableBytes = m.availableBytes;
        } else {
            inv.warnings << QStringLiteral("meminfo: no MemTotal line");
        }
    }

    QList<SysBlock> sys = parseSysBlock(body(QStringLiteral("sysblock")));
    bool haveLsblk = false;
    if (warn(QStringLiteral("lsblk"), QStringLiteral("lsblk"))) {
        LsblkResult l = parseLsblk(body(QStringLiteral("lsblk")));
        inv.warnings << l.warnings;
        if (l.error) {
            inv.warnings << l.error.message;
        } else {
            haveLsblk = true;
            inv.disks = l.devices;
        }
    }
    applySysfs(inv.disks, sys);
    // What lsblk did not list (it is missing, or a recorded tree): from sysfs alone.
    // lsblk hides RAM disks (major 1) by default; so do we.
    for (const SysBlock &s : std::as_const(sys)) {
        if (!s.parent.isEmpty() || (haveLsblk && s.name.startsWith(QLatin1String("ram"))))
            continue;
        BlockDevice d = fromSysfs(s);
        for (const SysBlock &p : std::as_const(sys))
            if (p.parent == s.name)
                d.children.append(fromSysfs(p));
        inv.disks.append(d);
    }
    if (inv.disks.isEmpty())
        inv.warnings << QStringLiteral("disks: none found");

    if (warn(QStringLiteral("ip"), QStringLiteral("ip -j addr"))) {
        IpAddrResult r = parseIpAddr(body(QStringLiteral("ip")));
        inv.warnings << r.warnings;
        if (r.error)
            inv.warnings << r.error.message;
        else
            inv.nics = r.nics;
    }
    applySysNet(inv.nics, body(QStringLiteral("sysnet")));

    for (const QString &w : std::as_const(inv.warnings))
        qCDebug(lcProbe) << nodeName << w;
    return inv;
}

NodeInventory probeNode(Transport &t, Error *error)
{
    if (error)
        *error = {};
    const QByteArray nonce = QUuid::createUuid().toByteArray(QUuid::Id128);
    if (Error ce = t.connect()) {
        if (error)
            *error = ce;
        return {};
    }
    const ExecResult r = t.run(inventoryCommand(t.node(), nonce), {}, CancelToken());
    if (r.error || r.exitCode != 0) {
        if (error)
            *error = r.error ? r.error
                             : Error(Error::Code::CommandFailed,
                                 QStringLiteral("inventory script failed with exit status %1").arg(r.exitCode),
                                 t.node().displayName(), QString::fromUtf8(r.stdErr.right(2000)));
        return {};
    }
    return inventoryFromProbeOutput(r.stdOut, nonce, t.node().displayName());
}

} // namespace cm
