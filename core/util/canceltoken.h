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
    bool isCancelled() const { return m_flag->load(std::memory_order_acquire); }

private:
    std::shared_ptr<std::atomic<bool>> m_flag;
};

} // namespace cm
