#include "bench/s3runner.h"

#include "bench/s3kind.h"

namespace cm {

S3Runner::S3Runner(Plan plan, int stepIndex) : m_plan(std::move(plan)), m_stepIndex(stepIndex) {}

StepOutcome S3Runner::run(StepContext &ctx)
{
    StepOutcome out;
    out.command = S3Kind::describeStep(m_plan, m_plan.steps.at(m_stepIndex));
    out.target = ctx.nodeName + QStringLiteral(":s3");
    out.error = Error(Error::Code::Internal, QStringLiteral("the S3 load engine is not available yet in this build"), QStringLiteral("s3"));
    return out;
}

} // namespace cm
