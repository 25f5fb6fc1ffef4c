// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Builds the "Ceph" branch of the cluster panel from a CephInventory: health badge
// (checks as children and tooltip), OSDs grouped by CRUSH host, pools, CephFS, RGW.
#include "cephconnection.h"
#include "model/cephinventory.h"

#include <QColor>
#include <QIcon>

class QTreeWidgetItem;

namespace cm::ui::cephtree {

QColor healthColor(const QString &status); // OK green, WARN amber, ERR red, else grey
QString shortFsid(const QString &fsid); // the first 8 hex digits
QIcon dotIcon(const QColor &c);

void setDisconnected(QTreeWidgetItem *root);
void setConnecting(QTreeWidgetItem *root, const CephConnection &c); // keeps the children
void setInventory(QTreeWidgetItem *root, const CephConnection &c, const CephInventory &inv);
void setError(QTreeWidgetItem *root, const CephConnection &c, const Error &e);

// Text of one row, for tests and tooltips.
QString osdDetail(const CephOsd &o);
QString poolDetail(const CephPool &p);

} // namespace cm::ui::cephtree
