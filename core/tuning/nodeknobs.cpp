// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/nodeknobs.h"

#include "parse/writecacheoutput.h"
#include "transport/shellquote.h"

#include <QRegularExpression>

namespace cm {

namespace {

// $1: the value, $2: the sysfs file. The file is a fixed /sys path built from a checked
// object name (model/knob.h); /sys's own links (/sys/block/sdb) are the kernel's.
const char *const kSysfsWrite = R"SH(printf '%s\n' "$1" > "$2")SH";

// $1: seconds; then the command that restores the old value. Prints the marker file and
// the timer's process group. The timer restores only while the marker exists: disarm
// removes it, then ends the timer's group.
const char *const kArmDeadMan = R"SH(secs=$1; shift
f=$(mktemp /tmp/clustermark-deadman-XXXXXX) || exit 1
setsid sh -c 'sleep "$1"; f=$2; shift 2; if [ -e "$f" ]; then rm -f -- "$f"; "$@"; fi' sh "$secs" "$f" "$@" </dev/null >/dev/null 2>&1 &
echo "$f $!")SH";

// $1: the marker, $2: the timer's process group leader. The group is ended only when
// that process still names the marker (a PID is not reused blindly).
const char *const kDisarmDeadMan = R"SH(rm -f -- "$1"
if [ -r "/proc/$2/cmdline" ] && tr '\0' ' ' < "/proc/$2/cmdline" | grep -qF -- "$1"; then kill -s TERM -- "-$2" 2>/dev/null; fi
exit 0)SH";

// $1: a block device name. How its volatile write cache is set: hdparm for an ATA drive,
// sdparm for another SCSI drive, nvme for an NVMe drive (with nvme-cli), else sysfs.
const char *const kCacheMethod = R"SH(d=$1
case "$d" in
  nvme*) if command -v nvme >/dev/null 2>&1; then echo nvme; exit 0; fi ;;
  sd*) v=$(tr -d ' ' < "/sys/block/$d/device/vendor" 2>/dev/null)
       if [ "$v" = ATA ] && command -v hdparm >/dev/null 2>&1; then echo hdparm; exit 0; fi
       if command -v sdparm >/dev/null 2>&1; then echo sdparm; exit 0; fi ;;
esac
echo sysfs)SH";

// The NVMe controller of a namespace: nvme0n1 → /dev/nvme0.
QString nvmeController(const QString &device)
{
    static const QRegularExpression ns(QStringLiteral("^(nvme[0-9]+)n[0-9]+$"));
    const QRegularExpressionMatch m = ns.match(device);
    return QStringLiteral("/dev/") + (m.hasMatch() ? m.captured(1) : device);
}

QString lastLine(const QByteArray &text)
{
    const QList<QByteArray> lines = text.trimmed().split('\n');
    return lines.isEmpty() ? QString() : QString::fromUtf8(lines.last()).trimmed();
}

} // namespace

QString knobSysfsPath(const KnobInfo &knob, const QString &object)
{
    if (knob.id == QLatin1String("write-cache"))
        return QStringLiteral("/sys/block/%1/queue/write_cache").arg(object);
    if (knob.id == QLatin1String("read-ahead"))
        return QStringLiteral("/sys/block/%1/queue/read_ahead_kb").arg(object);
    if (knob.id == QLatin1String("scheduler"))
        return QStringLiteral("/sys/block/%1/queue/scheduler").arg(object);
    if (knob.id == QLatin1String("cpu-governor"))
        return QStringLiteral("/sys/devices/system/cpu/cpufreq/%1/scaling_governor").arg(object);
    if (knob.id == QLatin1String("mtu"))
        return QStringLiteral("/sys/class/net/%1/mtu").arg(object);
    if (knob.id == QLatin1String("bond-hash"))
        return QStringLiteral("/sys/class/net/%1/bonding/xmit_hash_policy").arg(object);
    return {};
}

NodeKnobs::NodeKnobs(Transport &transport, CancelToken cancel)
    : m_transport(transport)
    , m_cancel(std::move(cancel))
{ }

ExecResult NodeKnobs::run(const QStringList &argv, int timeoutMs)
{
    Command c;
    c.argv = argv;
    c.timeoutMs = timeoutMs;
    c.maxRuntimeSec = timeoutMs / 1000 + 5;
    return m_transport.run(c, {}, m_cancel);
}

QStringList NodeKnobs::privileged(const QStringList &argv) const
{
    return m_sudo ? QStringList {QStringLiteral("sudo"), QStringLiteral("-n"), QStringLiteral("--")} + argv : argv;
}

Error NodeKnobs::checkPrivilege(const QString &what)
{
    const QString node = m_transport.node().displayName();
    ExecResult id = run({QStringLiteral("id"), QStringLiteral("-u")});
    if (id.error)
        return id.error;
    if (id.exitCode == 0 && id.stdOut.trimmed() == "0") {
        m_sudo = false;
        return {};
    }
    const ExecResult sudo = run({QStringLiteral("sudo"), QStringLiteral("-n"), QStringLiteral("true")});
    if (sudo.error && sudo.error.code != Error::Code::ToolMissing)
        return sudo.error;
    if (sudo.ok()) {
        m_sudo = true;
        return {};
    }
    return Error(Error::Code::AuthDenied,
        QStringLiteral("changing %1 on %2 needs root, or sudo without a password; the login there is neither")
            .arg(what, node),
        node, lastLine(sudo.stdErr));
}

Error NodeKnobs::listObjects(KnobObject kind, QStringList *names)
{
    const QString node = m_transport.node().displayName();
    names->clear();
    QString folder = QStringLiteral("/sys/block");
    if (kind == KnobObject::Interface)
        folder = QStringLiteral("/sys/class/net");
    else if (kind == KnobObject::CpuPolicy)
        folder = QStringLiteral("/sys/devices/system/cpu/cpufreq");
    if (kind == KnobObject::Bond) {
        Error e;
        const QByteArray masters = m_transport.readFile(QStringLiteral("/sys/class/net/bonding_masters"), &e);
        if (e && e.code == Error::Code::Cancelled)
            return e;
        for (const QByteArray &m : masters.simplified().split(' '))
            if (!m.isEmpty() && !checkKnobObject(kind, QString::fromUtf8(m)))
                *names << QString::fromUtf8(m);
        return names->isEmpty() ? Error(Error::Code::PathMissing,
                   QStringLiteral("%1 has no bond (the bonding driver is not loaded)").arg(node), node)
                                : Error();
    }
    const ExecResult r = run({QStringLiteral("ls"), QStringLiteral("-1"), QStringLiteral("--"), folder});
    if (r.error)
        return r.error;
    for (const QByteArray &l : r.stdOut.split('\n')) {
        const QString name = QString::fromUtf8(l).trimmed();
        if (name.isEmpty() || checkKnobObject(kind, name))
            continue;
        if (kind != KnobObject::CpuPolicy || name.startsWith(QLatin1String("policy")))
            *names << name;
    }
    if (names->isEmpty() && kind == KnobObject::CpuPolicy)
        return Error(Error::Code::PathMissing, QStringLiteral("%1 has no CPU frequency scaling").arg(node), node);
    return r.exitCode == 0 ? Error() : Error(Error::Code::CommandFailed, lastLine(r.stdErr), node);
}

Error NodeKnobs::read(const KnobSetting &s, QString *current)
{
    const KnobInfo *k = s.info();
    const QString node = m_transport.node().displayName();
    if (!k)
        return Error(Error::Code::InvalidInput, QStringLiteral("unknown knob \"%1\"").arg(s.knob), node);
    if (Error e = checkKnobObject(k->object, s.object); e || s.object == QLatin1String("all"))
        return e ? e : Error(Error::Code::Internal, QStringLiteral("\"all\" is read policy by policy"), node);
    if (k->id == QLatin1String("write-cache")) {
        CacheMethod method = CacheMethod::Sysfs;
        if (Error e = cacheMethod(s.object, &method))
            return e;
        if (method != CacheMethod::Sysfs)
            return readCache(s.object, method, current);
    }
    const QString path = knobSysfsPath(*k, s.object);
    const ExecResult r = run({QStringLiteral("cat"), QStringLiteral("--"), path});
    if (r.error)
        return r.error;
    if (r.exitCode != 0)
        return Error(Error::Code::PathMissing,
            QStringLiteral("%1 cannot read %2 for %3: %4").arg(node, path, s.knob, lastLine(r.stdErr)), node);
    *current = knobCurrentValue(*k, r.stdOut);
    return {};
}

Error NodeKnobs::cacheMethod(const QString &device, CacheMethod *method)
{
    if (const auto it = m_cacheMethods.constFind(device); it != m_cacheMethods.cend()) {
        *method = *it;
        return {};
    }
    const ExecResult r = run(
        {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kCacheMethod), QStringLiteral("sh"), device});
    if (r.error)
        return r.error;
    const QByteArray m = r.stdOut.trimmed();
    *method = m == "hdparm" ? CacheMethod::Hdparm
        : m == "sdparm"     ? CacheMethod::Sdparm
        : m == "nvme"       ? CacheMethod::Nvme
                            : CacheMethod::Sysfs;
    m_cacheMethods.insert(device, *method);
    return {};
}

Error NodeKnobs::readCache(const QString &device, CacheMethod method, QString *current)
{
    const QString node = m_transport.node().displayName();
    const QString dev = QStringLiteral("/dev/") + device;
    QStringList argv;
    if (method == CacheMethod::Hdparm)
        argv = {QStringLiteral("hdparm"), QStringLiteral("-W"), dev};
    else if (method == CacheMethod::Sdparm)
        argv = {QStringLiteral("sdparm"), QStringLiteral("--get=WCE"), dev};
    else
        argv = {QStringLiteral("nvme"), QStringLiteral("get-feature"), nvmeController(device), QStringLiteral("-f"),
            QStringLiteral("6")};
    const ExecResult r = run(privileged(argv));
    if (r.error)
        return r.error;
    const std::optional<bool> on = method == CacheMethod::Hdparm ? parseHdparmWriteCache(r.stdOut)
        : method == CacheMethod::Sdparm                          ? parseSdparmWce(r.stdOut)
                                                                 : parseNvmeVolatileWriteCache(r.stdOut);
    if (r.exitCode != 0 || !on)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("%1: %2 did not say whether the write cache of %3 is on: %4")
                .arg(node, argv.first(), device, lastLine(r.stdErr + r.stdOut)),
            node);
    *current = *on ? QStringLiteral("write back") : QStringLiteral("write through");
    return {};
}

QString NodeKnobs::methodText(const KnobSetting &s) const
{
    const KnobInfo *k = s.info();
    if (!k)
        return {};
    if (k->id == QLatin1String("write-cache")) {
        switch (m_cacheMethods.value(s.object, CacheMethod::Sysfs)) {
        case CacheMethod::Hdparm: return QStringLiteral("the drive's own cache, through hdparm -W");
        case CacheMethod::Sdparm: return QStringLiteral("the drive's own cache (WCE), through sdparm");
        case CacheMethod::Nvme: return QStringLiteral("the drive's own cache, through nvme set-feature -f 6");
        case CacheMethod::Sysfs: break;
        }
        return QStringLiteral("the kernel's flag in %1 only: whether it sends flushes; the drive's own cache is "
                              "not changed")
            .arg(knobSysfsPath(*k, s.object));
    }
    if (k->id == QLatin1String("mtu"))
        return QStringLiteral("ip link set dev %1 mtu").arg(s.object);
    return knobSysfsPath(*k, s.object);
}

QStringList NodeKnobs::plainWriteArgv(const KnobSetting &s, const QString &raw) const
{
    const KnobInfo *k = s.info();
    if (k && k->id == QLatin1String("write-cache")) {
        const bool on = raw == QLatin1String("write back");
        const QString dev = QStringLiteral("/dev/") + s.object;
        switch (m_cacheMethods.value(s.object, CacheMethod::Sysfs)) {
        case CacheMethod::Hdparm:
            return {QStringLiteral("hdparm"), on ? QStringLiteral("-W1") : QStringLiteral("-W0"), dev};
        case CacheMethod::Sdparm:
            return {QStringLiteral("sdparm"), on ? QStringLiteral("--set=WCE") : QStringLiteral("--clear=WCE"), dev};
        case CacheMethod::Nvme:
            return {QStringLiteral("nvme"), QStringLiteral("set-feature"), nvmeController(s.object),
                QStringLiteral("-f"), QStringLiteral("6"), QStringLiteral("-v"),
                on ? QStringLiteral("1") : QStringLiteral("0")};
        case CacheMethod::Sysfs: break;
        }
    }
    if (k && k->id == QLatin1String("mtu"))
        return {QStringLiteral("ip"), QStringLiteral("link"), QStringLiteral("set"), QStringLiteral("dev"), s.object,
            QStringLiteral("mtu"), raw};
    return {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kSysfsWrite), QStringLiteral("sh"), raw,
        k ? knobSysfsPath(*k, s.object) : QString()};
}

QStringList NodeKnobs::writeArgv(const KnobSetting &s, const QString &raw) const
{
    return privileged(plainWriteArgv(s, raw));
}

Error NodeKnobs::write(const KnobSetting &s, const QString &raw)
{
    const KnobInfo *k = s.info();
    const QString node = m_transport.node().displayName();
    if (!k)
        return Error(Error::Code::InvalidInput, QStringLiteral("unknown knob \"%1\"").arg(s.knob), node);
    if (Error e = checkKnobObject(k->object, s.object); e || s.object == QLatin1String("all"))
        return e ? e : Error(Error::Code::Internal, QStringLiteral("\"all\" is written policy by policy"), node);
    // The user's values were checked when the setting was parsed; this also takes an old
    // value the node reported (a governor the catalogue does not list), as one plain word
    // or two ("write back").
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9+_.-]{1,32}( [A-Za-z0-9+_.-]{1,32})?$"));
    if (!plain.match(raw).hasMatch())
        return Error(Error::Code::InvalidInput, QStringLiteral("not a value to write: \"%1\"").arg(raw.left(80)), node);
    const ExecResult r = run(writeArgv(s, raw));
    if (r.error)
        return r.error;
    const QString what = QStringLiteral("%1 on %2").arg(s.knob, s.object);
    if (r.exitCode != 0)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("%1 refused %2 = %3: %4").arg(node, what, raw, lastLine(r.stdErr)), node,
            shellJoin(writeArgv(s, raw)));
    QString now;
    if (Error e = read(s, &now))
        return e;
    if (now != raw)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("%1 did not take %2 = %3: it reads %4").arg(node, what, raw, now), node);
    return {};
}

Error NodeKnobs::pingDontFragment(const QString &address, int mtu)
{
    const QString node = m_transport.node().displayName();
    static const QRegularExpression host(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9.:-]{0,252}$"));
    if (!host.match(address).hasMatch() || mtu < 576)
        return Error(
            Error::Code::InvalidInput, QStringLiteral("not an address to ping: \"%1\"").arg(address.left(80)), node);
    // The payload: the MTU less the IPv4 (20) and ICMP (8) headers.
    const ExecResult r = run({QStringLiteral("ping"), QStringLiteral("-M"), QStringLiteral("do"), QStringLiteral("-s"),
        QString::number(mtu - 28), QStringLiteral("-c"), QStringLiteral("2"), QStringLiteral("-W"), QStringLiteral("2"),
        QStringLiteral("-q"), address});
    if (r.error)
        return r.error.code == Error::Code::ToolMissing ? Error(Error::Code::ToolMissing,
                   QStringLiteral("ping is not installed on %1 (package iputils-ping)").arg(node), node)
                                                        : r.error;
    if (r.exitCode != 0)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("%1: a %2-byte packet that may not be fragmented does not reach %3: the other end or a "
                           "switch between them takes less (%4)")
                .arg(node)
                .arg(mtu)
                .arg(address, lastLine(r.stdErr + r.stdOut)),
            node);
    return {};
}

bool NodeKnobs::isDeadManHandle(const QString &handle)
{
    static const QRegularExpression form(QStringLiteral("^/tmp/clustermark-deadman-[A-Za-z0-9]{6} [0-9]{1,10}$"));
    return form.match(handle).hasMatch();
}

Error NodeKnobs::armDeadMan(const KnobSetting &s, const QString &restoreRaw, int seconds, QString *handle)
{
    const QString node = m_transport.node().displayName();
    QStringList argv {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(kArmDeadMan),
        QStringLiteral("sh"), QString::number(std::clamp(seconds, 5, 3600))};
    argv << plainWriteArgv(s, restoreRaw);
    const ExecResult r = run(privileged(argv));
    if (r.error)
        return r.error;
    *handle = QString::fromUtf8(r.stdOut).trimmed();
    if (r.exitCode != 0 || !isDeadManHandle(*handle))
        return Error(Error::Code::CommandFailed,
            QStringLiteral("%1 could not arm the dead-man switch for %2: %3").arg(node, s.knob, lastLine(r.stdErr)),
            node);
    return {};
}

Error NodeKnobs::disarmDeadMan(const QString &handle)
{
    if (!isDeadManHandle(handle))
        return Error(Error::Code::InvalidInput, QStringLiteral("not a dead-man switch: \"%1\"").arg(handle.left(80)));
    const QStringList parts = handle.split(QLatin1Char(' '));
    const ExecResult r = run(privileged({QStringLiteral("sh"), QStringLiteral("-c"),
        QString::fromLatin1(kDisarmDeadMan), QStringLiteral("sh"), parts.at(0), parts.at(1)}));
    if (r.error)
        return r.error;
    return r.exitCode == 0 ? Error()
                           : Error(Error::Code::CommandFailed, lastLine(r.stdErr), m_transport.node().displayName());
}

} // namespace cm
