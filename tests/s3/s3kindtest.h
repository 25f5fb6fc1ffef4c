// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the S3 kind's tests (header-only): one step through the kind's runner with
// its samples and log, and the lab's radosgw seen from a client of the test's own.
#include "bench/s3/s3kind.h"
#include "bench/s3/s3runstate.h"
#include "cephlabfixture.h"
#include "s3/s3client.h"

#include <QElapsedTimer>
#include <QJsonDocument>

#include <mutex>

namespace cmtest {

using namespace cm;

struct StepRun {
    StepOutcome out;
    SampleList samples;
    QStringList log;
    qint64 ms = 0;

    double sum(const QString &metric) const
    {
        double s = 0;
        for (const Sample &x : samples)
            if (x.metric == metric)
                s += x.value;
        return s;
    }
    bool has(const QString &metric) const
    {
        for (const Sample &x : samples)
            if (x.metric == metric)
                return true;
        return false;
    }
    QJsonObject dir(const QString &name) const { return out.summary.value(name).toObject(); }
};

inline StepRun runStep(
    const Plan &plan, int index, const std::shared_ptr<RunState> &state, const CancelToken &cancel = {})
{
    StepRun r;
    std::mutex m;
    QElapsedTimer t;
    t.start();
    StepContext ctx;
    ctx.cancel = cancel;
    ctx.stepIndex = index;
    ctx.nodeName = QStringLiteral("local");
    ctx.now = [&t] { return double(t.nsecsElapsed()) / 1e9; };
    ctx.emitSamples = [&](const SampleList &s) {
        std::lock_guard g(m);
        r.samples += s;
    };
    ctx.log = [&](const QString &line) {
        std::lock_guard g(m);
        r.log << line;
    };
    ctx.runState = state;
    r.out = S3Kind().createStepRunner(plan, index)->run(ctx);
    r.ms = t.elapsed();
    return r;
}

// Ends a run (S3RunState::finish): empty, or why its bucket could not be removed.
inline QString finishRun(const std::shared_ptr<RunState> &state)
{
    auto *s = static_cast<S3RunState *>(state.get());
    s->finish({});
    return s->finishError() ? s->finishError().toString() : QString();
}

// The lab's radosgw for S3 kind tests: plans on it, and what it holds.
class S3KindLab {
public:
    cmtest::CephLabFixture m_lab;

    bool startLab()
    {
        if (m_lab.isRunning())
            return true;
        if (!m_lab.start(1)) {
            qWarning("%s", qPrintable(m_lab.whyNot()));
            return false;
        }
        return true;
    }

    S3Kind::Options labOptions() const
    {
        S3Kind::Options o;
        o.endpoint = m_lab.rgwEndpoint();
        o.accessKey = m_lab.s3AccessKey();
        o.secretRef = QStringLiteral("lab:") + m_lab.dir();
        return o;
    }

    // A client of its own (not the run's): what the gateway holds.
    S3Client verifier() const
    {
        S3Config c;
        c.endpoint = m_lab.rgwEndpoint();
        c.accessKey = m_lab.s3AccessKey().toUtf8();
        c.secretKey = m_lab.s3SecretKey().toUtf8();
        return S3Client(c);
    }

    QStringList appBuckets()
    {
        QList<S3BucketEntry> buckets;
        if (Error e = verifier().listBuckets(&buckets))
            return {QStringLiteral("<list failed: %1>").arg(e.toString())};
        QStringList out;
        for (const S3BucketEntry &b : std::as_const(buckets))
            if (S3Client::isAppBucket(b.name))
                out << b.name;
        return out;
    }

    // radosgw-admin's own count and bytes of a bucket.
    bool bucketStats(const QString &bucket, qint64 *objects, qint64 *bytes)
    {
        QByteArray out;
        if (m_lab.client(QStringLiteral("radosgw-admin"),
                {QStringLiteral("bucket"), QStringLiteral("stats"), QStringLiteral("--bucket=") + bucket}, &out)
            != 0)
            return false;
        const QJsonObject main = QJsonDocument::fromJson(out)
                                     .object()
                                     .value(QStringLiteral("usage"))
                                     .toObject()
                                     .value(QStringLiteral("rgw.main"))
                                     .toObject();
        *objects = qint64(main.value(QStringLiteral("num_objects")).toDouble());
        *bytes = qint64(main.value(QStringLiteral("size")).toDouble());
        return true;
    }

    Plan plan(const QString &op, qint64 size, int objects, int concurrency, int runtime, QString *why = nullptr)
    {
        S3Kind::Options o = labOptions();
        o.op = op;
        o.sizes = {size};
        o.objects = objects;
        o.concurrency = concurrency;
        o.runtime = runtime;
        Error e;
        const Plan p = S3Kind::makePlan(o, &e);
        if (why)
            *why = e.toString();
        return p;
    }
};

} // namespace cmtest
