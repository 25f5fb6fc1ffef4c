// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/nodeworker.h"

#include "transport/transportfactory.h"

#include <chrono>

namespace cm {

std::unique_ptr<Transport> createNodeTransport(const NodeSpec &node, const Credentials &credentials)
{
    // Host keys: the app's own known_hosts, strict (trust happens in the UI or CLI).
    return makeTransport(node, credentials);
}

NodeWorker::NodeWorker(NodeSpec node, Credentials credentials, CancelToken cancel)
    : m_node(std::move(node))
    , m_credentials(std::move(credentials))
    , m_cancel(std::move(cancel))
{ }

NodeWorker::~NodeWorker()
{
    {
        std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_cv.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void NodeWorker::start()
{
    m_thread = std::thread([this] { loop(); });
}

Error NodeWorker::waitConnected()
{
    std::unique_lock lock(m_mutex);
    while (!m_cv.wait_for(lock, std::chrono::milliseconds(100), [this] { return m_connectDone; })) {
        if (m_cancel.isCancelled())
            return Error(Error::Code::Cancelled, QStringLiteral("cancelled while connecting"), m_node.displayName());
    }
    return m_connectError;
}

void NodeWorker::post(Job job)
{
    {
        std::lock_guard lock(m_mutex);
        m_jobs.push_back(std::move(job));
    }
    m_cv.notify_all();
}

void NodeWorker::loop()
{
    std::unique_ptr<Transport> transport = createNodeTransport(m_node, m_credentials);
    const Error e = transport->connect();
    {
        std::lock_guard lock(m_mutex);
        m_connectDone = true;
        m_connectError = e;
    }
    m_cv.notify_all();
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_mutex);
            m_cv.wait(lock, [this] { return m_stopping || !m_jobs.empty(); });
            if (m_jobs.empty())
                return; // stopping and nothing left
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
        }
        job(*transport);
    }
}

} // namespace cm
