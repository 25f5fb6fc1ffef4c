// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Per-run buffer between worker threads and the UI (docs/ARCHITECTURE.md §4): workers append
// under a mutex; the UI drains it on a ~10 Hz timer and pushes points in batches.
#include "model/sample.h"

#include <QMutex>

#include <memory>

namespace cm {

class SampleBuffer {
public:
    void append(const SampleList &samples)
    {
        QMutexLocker lock(&m_mutex);
        m_pending.append(samples);
    }
    // Takes everything appended since the last call.
    SampleList take()
    {
        QMutexLocker lock(&m_mutex);
        SampleList out;
        out.swap(m_pending);
        return out;
    }

private:
    QMutex m_mutex;
    SampleList m_pending;
};

using SampleBufferPtr = std::shared_ptr<SampleBuffer>;

} // namespace cm
