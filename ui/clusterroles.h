// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Item data roles and item types of the cluster panel's tree (nodes and Ceph).
#include <Qt>

namespace cm::ui::clusterrole {

enum Role {
    KeyRole = Qt::UserRole + 1, // node: NodeSpec::secretKey()
    TypeRole, // an ItemType
    PathRole, // disk: device path
    MountRole, // disk: mountpoint
    CephNameRole, // Ceph: host name, pool name, OSD id, check code
    CephAppsRole, // Ceph pool: its applications (QStringList)
};

enum ItemType {
    NodeItem = 1,
    DiskItem,
    NicItem,
    CephRootItem = 100,
    CephHealthItem,
    CephCheckItem,
    CephOsdGroupItem,
    CephHostItem,
    CephOsdItem,
    CephPoolGroupItem,
    CephPoolItem,
    CephFsGroupItem,
    CephFsItem,
    CephRgwGroupItem,
    CephRgwItem,
    CephErrorItem,
    CephWarningItem, // "Partly read"
    CephLabItem, // "Local Ceph lab (throwaway, on this machine)"
    CephNoteItem, // details and hints under an error
};

} // namespace cm::ui::clusterrole
