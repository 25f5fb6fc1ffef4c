// SPDX-License-Identifier: GPL-3.0-or-later
#include "cephsession.h"

#include <QtConcurrent>

namespace cm::ui {

CephSession::CephSession(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<CephProbeResult>::finished, this, &CephSession::onFinished);
}

// A probe still running finishes on its worker (bounded by the spec's timeout); its
// result is dropped with the watcher.
CephSession::~CephSession() = default;

void CephSession::setConnection(const CephConnection &c)
{
    m_connection = c;
    m_inventory = {};
    m_error = {};
    m_connected = false;
    ++m_generation;
    Q_EMIT connectionChanged(m_connection);
    refresh();
}

void CephSession::disconnectCluster()
{
    setConnection({});
}

void CephSession::refresh()
{
    if (!m_connection.isValid())
        return;
    if (m_probing) {
        m_again = true;
        return;
    }
    start();
}

void CephSession::start()
{
    m_again = false;
    m_runningGeneration = m_generation;
    m_probing = true;
    Q_EMIT probeStarted();
    m_watcher.setFuture(QtConcurrent::run([spec = m_connection.spec] { return probeCephCluster(spec); }));
}

void CephSession::onFinished()
{
    const CephProbeResult r = m_watcher.result();
    const bool current = m_runningGeneration == m_generation;
    m_probing = false;
    if (current) {
        m_error = r.error;
        m_connected = !r.error;
        if (r.error) {
            m_inventory = {};
            Q_EMIT probeFailed(r.error);
        } else {
            m_inventory = r.inventory;
            Q_EMIT inventoryAvailable(m_inventory);
        }
    }
    if ((m_again || !current) && m_connection.isValid())
        start();
}

} // namespace cm::ui
