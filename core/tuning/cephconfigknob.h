// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Reads and writes a Ceph option in the mons' configuration database, the knob
// "ceph:config@WHO/NAME" of core/model/knob.h (docs/ARCHITECTURE.md §12), through the
// app's librados connection: `config dump`, `config set`, `config rm` as mon commands.
// An option that was not set before is "not set" (an empty value) and is put back by
// removing it, so the cluster's default and any ceph.conf value apply again.
//
// Threading: like its RadosClient, used only on the thread that connected it.
#include "model/error.h"
#include "model/knob.h"

#include <QString>

namespace cm {

class RadosClient;

class CephConfigKnob {
public:
    explicit CephConfigKnob(RadosClient &client);
    // The value set for exactly s's section and name (no mask); empty when it is not set.
    Error read(const KnobSetting &s, QString *value);
    // Sets value (empty: removes the entry) and reads it back. The mons may spell a value
    // their own way ("4G" as "4294967296"); *stored gets what they kept.
    Error write(const KnobSetting &s, const QString &value, QString *stored = nullptr);
    // The same change as the command a user would type, for the review and the log:
    // "ceph config set client rbd_cache false", "ceph config rm client rbd_cache".
    static QString commandText(const KnobSetting &s, const QString &value);

private:
    RadosClient &m_client;
};

} // namespace cm
