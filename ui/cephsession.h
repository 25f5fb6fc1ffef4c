// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The connected Ceph cluster for the whole window: holds the connection, reads the
// inventory on a worker thread (QtConcurrent; each probe has its own librados handle,
// created and destroyed on that worker) and reports the result on the UI thread.
// A refresh asked for during a probe runs once that probe is done; the result of a
// probe of a connection that has since changed is dropped.
#include "cephconnection.h"

#include <QFutureWatcher>
#include <QObject>

namespace cm::ui {

class CephSession : public QObject {
    Q_OBJECT
public:
    explicit CephSession(QObject *parent = nullptr);
    ~CephSession() override;

    void setConnection(const CephConnection &c); // and probes it
    void disconnectCluster();
    void refresh();

    CephConnection connection() const { return m_connection; }
    bool hasConnection() const { return m_connection.isValid(); }
    // The last probe of the current connection succeeded.
    bool isConnected() const { return m_connected; }
    bool isProbing() const { return m_probing; } // until its result is handled
    const CephInventory &inventory() const { return m_inventory; }
    Error lastError() const { return m_error; }

Q_SIGNALS:
    void connectionChanged(const cm::ui::CephConnection &c);
    void probeStarted();
    void inventoryAvailable(const cm::CephInventory &inv);
    void probeFailed(const cm::Error &e);

private:
    void start();
    void onFinished();

    CephConnection m_connection;
    CephInventory m_inventory;
    Error m_error;
    QFutureWatcher<CephProbeResult> m_watcher;
    quint64 m_generation = 0;
    quint64 m_runningGeneration = 0;
    bool m_again = false;
    bool m_connected = false;
    bool m_probing = false;
};

} // namespace cm::ui
