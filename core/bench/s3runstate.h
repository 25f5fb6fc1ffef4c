#pragma once
// The S3 kind's state for one run: its bucket and which objects of it exist, shared by
// the run's steps, emptied and removed when the run is over — also after a cancel or a
// failed step.
#include "bench/steprunner.h"

#include <QJsonObject>

namespace cm {

class S3RunState : public RunState {
public:
    explicit S3RunState(QJsonObject target);
    void finish(Transport &transport, const std::function<void(const QString &)> &log) override;

private:
    QJsonObject m_target;
};

} // namespace cm
