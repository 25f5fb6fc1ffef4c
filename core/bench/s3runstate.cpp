#include "bench/s3runstate.h"

namespace cm {

S3RunState::S3RunState(QJsonObject target) : m_target(std::move(target)) {}

void S3RunState::finish(Transport &, const std::function<void(const QString &)> &) {}

} // namespace cm
