// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Ceph's own view of a run (docs/ARCHITECTURE.md §2): the mon and mgr command replies
// the Ceph poller reads every 2 s. Pure: bytes in, values out, an Error for a reply that
// is not the expected JSON shape. Recorded examples: tests/data/ceph-osdmap/README.md.
#include "model/error.h"
#include "parse/cephosdmap.h"

#include <QByteArray>
#include <QJsonArray>
#include <QList>
#include <QString>

namespace cm {

// {"prefix":"osd perf"}: each OSD's commit and apply latency as the OSD reports it
// (its own recent average, in ms granularity before Pacific, ns since).
struct CephOsdPerf {
    int id = -1;
    double commitNs = 0;
    double applyNs = 0;
};

// {"prefix":"osd pool stats"}: a pool's client I/O rate over the mgr's last window.
// A pool without client I/O has an empty client_io_rate; its rates are then 0.
struct CephPoolIoRate {
    QString pool;
    int poolId = -1;
    double readBytesPerSec = 0;
    double writeBytesPerSec = 0;
    double readOpsPerSec = 0;
    double writeOpsPerSec = 0;
    bool active() const { return readBytesPerSec + writeBytesPerSec + readOpsPerSec + writeOpsPerSec > 0; }
};

Error parseCephOsdPerf(const QByteArray &json, QList<CephOsdPerf> *out);
Error parseCephPoolIoRates(const QByteArray &json, QList<CephPoolIoRate> *out);
// {"prefix":"fs ls"}: the data pools of file system `fsName`; empty: the only (or
// first) file system's. An error when there is no such file system.
Error parseCephFsDataPools(const QByteArray &json, const QString &fsName, QStringList *out);
// {"prefix":"osd metadata"} without an id: one object per OSD.
Error parseCephOsdMetadataList(const QByteArray &json, QList<CephOsdMetadata> *out);

// How a run keeps the OSDs' metadata (run summary "ceph_osds"): one object per OSD with
// id, host, devices, device_class and, when known, rotational and the app's node on
// that host ("node").
QJsonArray cephOsdsToJson(const QList<CephOsdMetadata> &osds);
QList<CephOsdMetadata> cephOsdsFromJson(const QJsonArray &a); // entries without an id skipped

} // namespace cm
