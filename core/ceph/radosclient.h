// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A librados cluster handle. Threading: a RadosClient belongs to the thread that
// connected it (docs/ARCHITECTURE.md §4: Ceph handles belong to one thread each); every call
// blocks that worker, never the UI. Mon and OSD operations time out (spec.timeoutSec),
// so a dead or unreachable cluster gives an error instead of a hang.
#include "ceph/cephconnectionspec.h"
#include "model/error.h"

#include <QByteArray>
#include <QJsonObject>

namespace cm {

class RadosClient {
public:
    RadosClient() = default;
    ~RadosClient();
    RadosClient(const RadosClient &) = delete;
    RadosClient &operator=(const RadosClient &) = delete;

    Error connect(const CephConnectionSpec &spec);
    bool isConnected() const { return m_cluster != nullptr; }
    void shutdown();

    // A mon command as JSON ({"prefix":"status","format":"json"}); the reply's data in
    // *out. Errors carry the mon's status text.
    Error monCommand(const QJsonObject &command, QByteArray *out, const QByteArray &input = {});
    // A mgr command as JSON ({"prefix":"balancer status","format":"json"}).
    Error mgrCommand(const QJsonObject &command, QByteArray *out);
    // librados' API version ("3.0.0"), of the library this process loaded.
    static QString libraryVersion();
    QString fsid() const;
    // An option as this client sees it once connected: ceph.conf, then what the mons'
    // configuration gives clients ("client/rbd_cache"). Empty when unknown.
    QString configValue(const char *option) const;
    int timeoutSec() const { return m_timeoutSec; } // the spec's op timeout
    void *handle() const { return m_cluster; } // rados_t, for librbd/ioctx users

private:
    // rados_mon_command / rados_mgr_command (opaque here: no librados in this header).
    using CommandFn
        = int (*)(void *, const char **, size_t, const char *, size_t, char **, size_t *, char **, size_t *);
    Error runCommand(
        CommandFn fn, const QString &to, const QJsonObject &command, QByteArray *out, const QByteArray &input);
    void *m_cluster = nullptr; // rados_t (kept opaque: no librados in this header)
    QString m_context;
    int m_timeoutSec = 0;
};

} // namespace cm
