// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads and writes the knobs of core/model/knob.h on one node, through its Transport
// (docs/ARCHITECTURE.md §12). Every write is read back: a value the node did not take is
// an error, never a silent no-op. Writes need root; a node logged into as another user
// needs sudo without a password (`sudo -n`), checked before anything is written.
//
// A network knob (MTU, bond hash policy) can cut the node off. Before it is written, a
// dead-man switch is armed on the node: a detached timer that writes the old value back
// after N seconds unless the app, reaching the node again over a new connection, disarms
// it. The idea is `netplan try`'s.
//
// Threading: like its Transport, used only on the thread that made it.
#include "model/knob.h"
#include "transport/transport.h"

#include <QHash>

namespace cm {

class NodeKnobs {
public:
    explicit NodeKnobs(Transport &transport, CancelToken cancel = {});

    // Root, or sudo without a password; else an AuthDenied error that says so. `what`
    // names the change in the message ("write-cache on sdb").
    Error checkPrivilege(const QString &what);
    bool usesSudo() const { return m_sudo; }
    // What an earlier checkPrivilege() on this node found (no second round trip).
    void setUsesSudo(bool sudo) { m_sudo = sudo; }

    // What the node has: its block devices, interfaces, bonds or CPU frequency policies.
    Error listObjects(KnobObject kind, QStringList *names);
    // The knob's current value on s.object, as knobCurrentValue gives it.
    Error read(const KnobSetting &s, QString *current);
    // Writes raw and reads it back.
    Error write(const KnobSetting &s, const QString &raw);
    // The exact command write() runs (for the review and the journal).
    QStringList writeArgv(const KnobSetting &s, const QString &raw) const;
    // How the knob is set on this object, in words, once it was read: the write cache of
    // an ATA drive through hdparm, of another SCSI drive through sdparm, of an NVMe drive
    // through nvme-cli, and otherwise only the kernel's flag in /sys (whether it sends
    // flushes: the drive's own cache is not changed).
    QString methodText(const KnobSetting &s) const;

    // Arms the dead-man switch that writes `restoreRaw` back after `seconds`; *handle
    // names it for disarm().
    Error armDeadMan(const KnobSetting &s, const QString &restoreRaw, int seconds, QString *handle);
    Error disarmDeadMan(const QString &handle);
    // A packet of `mtu` bytes that may not be fragmented (ping -M do) reaches the address:
    // a new MTU holds on the whole path, the other end and the switches included.
    Error pingDontFragment(const QString &address, int mtu);
    static bool isDeadManHandle(const QString &handle);

private:
    enum class CacheMethod { Sysfs, Hdparm, Sdparm, Nvme };
    Error cacheMethod(const QString &device, CacheMethod *method);
    Error readCache(const QString &device, CacheMethod method, QString *current);
    QStringList privileged(const QStringList &argv) const;
    QStringList plainWriteArgv(const KnobSetting &s, const QString &raw) const;
    ExecResult run(const QStringList &argv, int timeoutMs = 20000);

    Transport &m_transport;
    CancelToken m_cancel;
    bool m_sudo = false;
    QHash<QString, CacheMethod> m_cacheMethods; // by device, found by read()
};

// The sysfs file that holds a knob's value for an object ("/sys/block/sdb/queue/write_cache").
QString knobSysfsPath(const KnobInfo &knob, const QString &object);

} // namespace cm
