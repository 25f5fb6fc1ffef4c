// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What a Ceph cluster is made of, as the mons report it (core/ceph/cephinventoryprobe.h
// fills it, core/parse/cephjson.h parses each reply). Plain values with JSON round trip.
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <QStringList>

namespace cm {

struct CephHealthCheck {
    QString code; // "POOL_APP_NOT_ENABLED"
    QString severity; // "HEALTH_WARN", "HEALTH_ERR"
    QString summary; // "1 pool(s) do not have an application enabled"
    QJsonObject toJson() const;
    static CephHealthCheck fromJson(const QJsonObject &o);
    friend bool operator==(const CephHealthCheck &, const CephHealthCheck &) = default;
};

struct CephOsd {
    int id = -1;
    QString name; // "osd.0"
    QString host; // CRUSH host bucket; empty if not under one
    QString deviceClass; // "hdd", "ssd", "nvme"
    bool up = false;
    bool in = false; // reweight > 0
    double crushWeight = 0;
    double reweight = 0;
    double utilization = 0; // percent used (osd df)
    qint64 kb = 0;
    qint64 kbUsed = 0;
    int pgs = 0;
    QJsonObject toJson() const;
    static CephOsd fromJson(const QJsonObject &o);
    friend bool operator==(const CephOsd &, const CephOsd &) = default;
};

struct CephPool {
    enum class Type { Replicated, Erasure };
    int id = -1;
    QString name;
    int size = 0;
    int minSize = 0;
    int pgNum = 0;
    Type type = Type::Replicated;
    QString erasureCodeProfile; // EC only
    int k = 0; // EC only, from the profile (0 = unknown)
    int m = 0;
    QStringList applications; // "cephfs", "rbd", "rgw", ...
    int crushRule = 0;
    bool isErasure() const { return type == Type::Erasure; }
    QJsonObject toJson() const;
    static CephPool fromJson(const QJsonObject &o);
    friend bool operator==(const CephPool &, const CephPool &) = default;
};

struct CephFilesystem {
    QString name;
    QString metadataPool;
    QStringList dataPools;
    int mdsActive = 0; // MDS daemons in up:active
    QJsonObject toJson() const;
    static CephFilesystem fromJson(const QJsonObject &o);
    friend bool operator==(const CephFilesystem &, const CephFilesystem &) = default;
};

struct CephRgwDaemon {
    QString name; // "lab" (the daemon's id), else its gid
    QString host; // hostname from the daemon's metadata
    QString endpoint; // from frontend_config ("127.0.0.1:8080"); empty if unknown
    QJsonObject toJson() const;
    static CephRgwDaemon fromJson(const QJsonObject &o);
    friend bool operator==(const CephRgwDaemon &, const CephRgwDaemon &) = default;
};

struct CephInventory {
    QString fsid;
    QString healthStatus; // "HEALTH_OK", "HEALTH_WARN", "HEALTH_ERR"
    QList<CephHealthCheck> checks;
    QMap<QString, QStringList> versions; // "osd" -> {"ceph version 16.2.15 (...) pacific (stable)"}
    QMap<QString, QList<int>> hosts; // CRUSH host -> OSD ids
    QList<CephOsd> osds;
    QList<CephPool> pools;
    QList<CephFilesystem> filesystems;
    QList<CephRgwDaemon> rgwDaemons;
    QStringList warnings; // what could not be read or understood

    const CephPool *pool(const QString &name) const;
    const CephOsd *osd(int id) const;
    bool hasCheck(const QString &code) const;
    QJsonObject toJson() const;
    static CephInventory fromJson(const QJsonObject &o);
    friend bool operator==(const CephInventory &, const CephInventory &) = default;
};

} // namespace cm

Q_DECLARE_METATYPE(cm::CephInventory)
