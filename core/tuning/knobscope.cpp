// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/knobscope.h"

#include "tuning/nodeknobs.h"

namespace cm {

namespace {

// $1: a folder or a device. The kernel names of the block devices under it, nearest
// first (a partition, then its disk; a device-mapper volume, then what it sits on).
const char *const kDevicesUnder = R"SH(case "$1" in
  /dev/*) src=$1 ;;
  *) src=$(findmnt -n -o SOURCE --target "$1" 2>/dev/null | head -n1 | sed 's/\[.*//') ;;
esac
case "$src" in /dev/*) lsblk -s -n -r -o KNAME -- "$src" 2>/dev/null ;; esac
exit 0)SH";

// $1: an address. The interface the route to it leaves by, then the interfaces under it
// two levels down (a bridge's bond, the bond's links). ip route get takes no "--": an
// address that starts with "-" is not one.
const char *const kInterfacesTo = R"SH(case "$1" in -*) exit 0 ;; esac
dev=$(ip -o route get "$1" 2>/dev/null | sed -n 's/.* dev \([^ ]*\).*/\1/p' | head -n1)
[ -n "$dev" ] || exit 0
echo "$dev"
for l in /sys/class/net/"$dev"/lower_*; do
  [ -e "$l" ] || continue
  n=${l##*/lower_}; echo "$n"
  for m in /sys/class/net/"$n"/lower_*; do [ -e "$m" ] && echo "${m##*/lower_}"; done
done
exit 0)SH";

QStringList lines(const QByteArray &out, KnobObject kind)
{
    QStringList names;
    for (const QByteArray &l : out.split('\n')) {
        const QString n = QString::fromUtf8(l).trimmed();
        if (!n.isEmpty() && !names.contains(n) && !checkKnobObject(kind, n))
            names << n;
    }
    return names;
}

Error runScript(Transport &t, const char *script, const QString &arg, const CancelToken &cancel, QByteArray *out)
{
    Command c;
    c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromLatin1(script), QStringLiteral("sh"), arg};
    c.timeoutMs = 20000;
    c.maxRuntimeSec = 25;
    const ExecResult r = t.run(c, {}, cancel);
    if (r.error)
        return r.error;
    *out = r.stdOut;
    return {};
}

} // namespace

Error resolveUse(Transport &t, const NodeUse &use, UsedObjects *out, const CancelToken &cancel)
{
    *out = {};
    NodeKnobs nk(t, cancel);
    QStringList blockDevices;
    if (!use.storagePaths.isEmpty())
        if (Error e = nk.listObjects(KnobObject::Device, &blockDevices))
            return e;
    for (const QString &path : use.storagePaths) {
        QByteArray o;
        if (Error e = runScript(t, kDevicesUnder, path, cancel, &o))
            return e;
        for (const QString &n : lines(o, KnobObject::Device))
            if (blockDevices.contains(n) && !out->devices.contains(n))
                out->devices << n;
    }
    for (const QString &address : use.peerAddresses) {
        QByteArray o;
        if (Error e = runScript(t, kInterfacesTo, address, cancel, &o))
            return e;
        for (const QString &n : lines(o, KnobObject::Interface))
            if (!out->interfaces.contains(n) && n != QLatin1String("lo"))
                out->interfaces << n;
    }
    QStringList bonds;
    if (!out->interfaces.isEmpty() && !nk.listObjects(KnobObject::Bond, &bonds))
        for (const QString &b : std::as_const(bonds))
            if (out->interfaces.contains(b))
                out->bonds << b;
    nk.listObjects(KnobObject::CpuPolicy, &out->cpuPolicies); // none: no frequency scaling there
    return {};
}

Error scopeSettings(const QString &node, const UsedObjects &used, const QList<KnobSetting> &in, QList<KnobSetting> *out)
{
    auto refuse = [&](const QString &m) { return Error(Error::Code::Unsafe, m, node); };
    for (const KnobSetting &s : in) {
        const KnobInfo *k = s.info();
        if (!k)
            return Error(Error::Code::InvalidInput, QStringLiteral("unknown knob \"%1\"").arg(s.knob), node);
        const QStringList &pool = k->object == KnobObject::Device ? used.devices
            : k->object == KnobObject::Bond                       ? used.bonds
            : k->object == KnobObject::CpuPolicy                  ? used.cpuPolicies
                                                                  : used.interfaces;
        const char *what = k->object == KnobObject::Device ? "block device"
            : k->object == KnobObject::Bond                ? "bond"
            : k->object == KnobObject::CpuPolicy           ? "CPU frequency policy"
                                                           : "network interface";
        if (pool.isEmpty())
            return refuse(QStringLiteral("%1: the run uses no %2 there that %3 could change")
                              .arg(node, QLatin1String(what), s.knob));
        QStringList objects;
        if (k->object == KnobObject::CpuPolicy && (s.object.isEmpty() || s.object == QLatin1String("all")))
            objects = pool;
        else if (!s.object.isEmpty())
            objects = {s.object};
        else if (pool.size() == 1 || k->object == KnobObject::Interface)
            objects = {pool.first()}; // an interface: the one the route leaves by
        else
            return refuse(
                QStringLiteral("%1: the run uses the %2s %3: name one (%4@%5=%6)")
                    .arg(node, QLatin1String(what), pool.join(QStringLiteral(", ")), s.knob, pool.first(), s.value));
        for (const QString &o : std::as_const(objects)) {
            if (!pool.contains(o))
                return refuse(QStringLiteral("%1: %2 is not used by this run (it uses %3): %4 is not changed there")
                                  .arg(node, o, pool.join(QStringLiteral(", ")), s.knob));
            KnobSetting one = s;
            one.object = o;
            *out << one;
        }
    }
    return {};
}

} // namespace cm
