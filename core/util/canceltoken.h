// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Cancellation shared between the engine and its workers: an atomic flag, never a
// plain bool (docs/ARCHITECTURE.md §4). Copies share the flag.
#include <atomic>
#include <memory>

namespace cm {

class CancelToken {
public:
    CancelToken()
        : m_flag(std::make_shared<std::atomic<bool>>(false))
    { }
    void cancel() const { m_flag->store(true, std::memory_order_release); }
    bool isCancelled() const
    {
        return m_flag->load(std::memory_order_acquire) || (m_parent && m_parent->load(std::memory_order_acquire));
    }
    // A token cancelled by its own cancel() or by this one's; cancelling it leaves
    // this one alone.
    CancelToken child() const
    {
        CancelToken c;
        c.m_parent = m_flag;
        return c;
    }

private:
    std::shared_ptr<std::atomic<bool>> m_flag;
    std::shared_ptr<std::atomic<bool>> m_parent;
};

} // namespace cm
