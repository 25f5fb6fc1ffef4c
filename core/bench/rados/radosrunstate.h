// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The RADOS kind's state for one run: the object set its steps share (a write step's
// objects are read by the next steps, which write only what is missing), removed when
// the run is over — also after a cancel or a failed step.
#include "bench/steprunner.h"
#include "ceph/cephconnectionspec.h"
#include "ceph/radosobjectset.h"

namespace cm {

class RadosRunState : public RunState {
public:
    RadosRunState(CephConnectionSpec spec, QString pool, quint64 objectSize, int objects);
    RadosObjectSet &objects() { return m_set; }
    // Connects (its own handle, on the calling worker) and removes the set's objects.
    QList<Leftover> finish(Transport &transport, const std::function<void(const QString &)> &log) override;
    quint64 removed() const { return m_removed; }
    quint64 left() const { return m_left; }
    Error error() const { return m_error; }

private:
    CephConnectionSpec m_spec;
    RadosObjectSet m_set;
    quint64 m_removed = 0;
    quint64 m_left = 0;
    Error m_error;
};

} // namespace cm
