// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Something a benchmark left behind (docs/ARCHITECTURE.md §8 "clean leftovers"): a pool, an RBD
// image, a RADOS object, a bench file on a node, a folder at the root of a CephFS or an
// S3 bucket, all named with the app's prefix
// "clustermark-bench-". Values only; LeftoverCleaner and BenchFileCleaner find and
// remove them.
#include "model/error.h"

#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QString>

namespace cm {

struct Leftover {
    enum class Kind { Pool, Image, Object, NodeFile, Bucket, FsFolder, NodeMount };

    Kind kind = Kind::Object;
    QString location; // the pool (Image, Object), node (NodeFile, NodeMount), S3 endpoint (Bucket) or
        // file system (FsFolder, "" = the default one); empty for a Pool
    QString name; // pool, image or object name; a file's or mount folder's full path; a
        // bucket; a folder's path inside the file system
    QString nspace; // an object's RADOS namespace ("" = default)
    qint64 bytes = -1; // size when known
    qint64 objects = -1; // a pool's or bucket's object count when known

    static Leftover make(Kind kind, const QString &location, const QString &name)
    {
        Leftover l;
        l.kind = kind;
        l.location = location;
        l.name = name;
        return l;
    }

    static QString prefix() { return QStringLiteral("clustermark-bench-"); }
    // Starts with exactly the prefix and has something after it.
    static bool hasPrefix(const QString &name);

    static QString kindName(Kind k); // "pool", "image", "object", "file", "bucket", "folder", "mount"
    QString describe() const; // "image rbd/clustermark-bench-1a2b"
    QJsonObject toJson() const;
    static Leftover fromJson(const QJsonObject &o, bool *ok = nullptr);
    friend bool operator==(const Leftover &, const Leftover &) = default;
};

struct LeftoverFailure {
    Leftover item;
    Error error;
};

// What a remove() did with each item it was given.
struct CleanupReport {
    QList<Leftover> removed;
    QList<LeftoverFailure> failed;
    bool ok() const { return failed.isEmpty(); }
    void append(const CleanupReport &other);
    QJsonObject toJson() const; // {"removed":[…], "failed":[{…, "error":"…"}]}
    // items[i] is removed when outcomes[i] is no error.
    static CleanupReport fromOutcomes(const QList<Leftover> &items, const QList<Error> &outcomes);
};

// The answers of a clean-up script on a node that prints "<index> <word>" per item
// (index from 1): index -> word.
QMap<int, QString> indexedScriptStatus(const QByteArray &output);

} // namespace cm
