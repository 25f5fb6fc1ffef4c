// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The settings an experiment changes on a node and puts back afterwards
// (docs/ARCHITECTURE.md §12): what each knob touches, the values a user may ask for and
// the value written for them. Pure: reading and writing them on a node is
// core/tuning/nodeknobs.
//
// A setting is written "NODE:KNOB=VALUE" or "NODE:KNOB@OBJECT=VALUE":
//   pve1:write-cache@sdb=off   pve1:mtu@eth0=9000   pve2:scheduler@nvme0n1=none
// The object (a block device, a network interface, a CPU frequency policy) is what the
// knob changes; without one, the experiment takes what the run uses on that node.
// A Ceph option is the cluster's, not a node's: its node is "ceph" (the plan's cluster)
// and its object the option's section and name, as `ceph config set WHO NAME VALUE`:
//   ceph:config@client/rbd_cache=false   ceph:config@osd/osd_memory_target=4G
// and a cluster-wide OSD flag likewise: ceph:osd-flag@noscrub=set
#include "model/error.h"

#include <QJsonObject>
#include <QList>
#include <QString>

namespace cm {

inline constexpr char kKnobContext[] = "cm::Knob";

enum class KnobObject {
    Device, // a block device: sdb, nvme0n1, loop3
    Interface, // a network interface: eth0, bond0, vmbr0
    Bond, // a bonding master: bond0
    CpuPolicy, // a CPU frequency policy: policy0, or "all"
    CephOption, // a Ceph option in the mons' configuration: "client/rbd_cache"
    CephFlag, // a cluster-wide OSD flag: "noscrub"
};

// The cluster's, not a node's (a Ceph option or flag): node "ceph", set through the mons.
bool isClusterObject(KnobObject kind);

// The node name of a knob that is the cluster's (a Ceph option).
inline constexpr char kCephKnobNode[] = "ceph";

struct KnobInfo {
    QString id; // "write-cache"
    const char *title; // QT_TRANSLATE_NOOP in kKnobContext: "Drive volatile write cache"
    const char *values; // the values a user may give, for help texts: "on | off"
    KnobObject object;
    // A wrong value can cut the node off the network: it gets a dead-man switch (the
    // node restores it by itself unless the app confirms it still reaches the node).
    bool network = false;
};

// Every knob, in the order help texts list them.
const QList<KnobInfo> &knobCatalogue();
const KnobInfo *findKnob(const QString &id);

struct KnobSetting {
    QString node;
    QString knob;
    QString object; // empty: what the run uses there
    QString value; // as the user wrote it
    QString raw; // what is written on the node ("write through" for write-cache off)

    // Checks everything that can be checked without the node; a clear error otherwise.
    static KnobSetting parse(const QString &text, Error *error);
    bool isClusterKnob() const; // the cluster's, set through the mons
    // A Ceph option's section and name: "client/rbd_cache" → "client", "rbd_cache".
    QString cephWho() const { return object.section(QLatin1Char('/'), 0, 0); }
    QString cephName() const { return object.section(QLatin1Char('/'), 1); }
    QString toString() const; // "pve1:write-cache@sdb=off"
    const KnobInfo *info() const { return findKnob(knob); }

    QJsonObject toJson() const; // {node, knob, object, value}
    static KnobSetting fromJson(const QJsonObject &o, Error *error);
    friend bool operator==(const KnobSetting &, const KnobSetting &) = default;
};

// The raw value a knob writes for what the user asked ("off" → "write through"); an
// InvalidInput error naming the allowed values when it is out of range.
Error knobRawValue(const KnobInfo &knob, const QString &value, QString *raw);
// An object name a command may carry: a device or interface name as the kernel spells
// them (no "/", no "..", no white space), a policy "policyN" or "all".
Error checkKnobObject(KnobObject kind, const QString &object);
// The value the node reported, as the knob compares and restores it: scheduler
// "[none] mq-deadline" → "none", bond policy "layer3+4 1" → "layer3+4".
QString knobCurrentValue(const KnobInfo &knob, const QByteArray &reported);

} // namespace cm
