// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// S3 PUT and GET with curl on client nodes (S3Kind, engine "curl"): curl 7.88, on every
// Debian 12 and Proxmox node, signs with --aws-sigv4, keeps `concurrency` requests in
// flight (--parallel --parallel-max) and prints each request's own timings
// (parse/curltransfer.h), from which the latency histograms are built request by
// request. No load agent of the app's own runs on a node.
//
// - The secret: resolved on this machine (S3SecretRef) and handed to curl in a config
//   read from standard input (-K -), with the URLs; never on a command line or in a
//   file on the node.
// - Each client node has its own bucket for the run, clustermark-bench-<node>-<random>,
//   created by its first step. Keys are S3Kind::kKeyPrefix<size>-<n>; each of a step's
//   k clients uses objects / k of them (rounded up). A GET step first writes the
//   client's objects (not measured) unless an earlier step of the run did.
// - Time-based: the config repeats the URL set in order, cycle after cycle, and
//   `timeout -s INT` ends curl at the runtime; what completed by then is counted (a
//   request cut off is not). curl reads the set in order, not at random.
// - Per-second intervals are counted by arrival on this machine (stdbuf -oL: one line
//   per request, as it finishes).
// - After the run the node deletes its objects and bucket; a lost node's bucket is a
//   leftover that `clustermark-cli cleanup --s3-endpoint` finds by its prefix.
#include "bench/steprunner.h"
#include "model/plan.h"

#include <QMap>

namespace cm {

class S3OpStats;

class S3CurlRunState : public RunState {
public:
    explicit S3CurlRunState(QJsonObject target);
    // The secret (resolved once, kept in memory) and the client's bucket name.
    Error open(const QString &nodeName, QString *bucket);
    QByteArray secret() const { return m_secret; }
    bool bucketCreated() const { return m_created; }
    void setBucketCreated() { m_created = true; }
    int writtenObjects(qint64 size) const { return m_written.value(size); }
    void setWrittenObjects(qint64 size, int n) { m_written[size] = qMax(m_written.value(size), n); }
    // Keys 0..n-1 may exist (a PUT step cut short by its runtime): the clean-up deletes them.
    void setTouchedObjects(qint64 size, int n) { m_touched[size] = qMax(m_touched.value(size), n); }
    // Deletes the objects the run wrote and the bucket, with curl on the node.
    QList<Leftover> finish(Transport &transport, const std::function<void(const QString &)> &log) override;

private:
    QJsonObject m_target;
    QByteArray m_secret;
    QString m_bucket;
    bool m_created = false;
    QMap<qint64, int> m_written; // object size -> keys 0..n-1 written
    QMap<qint64, int> m_touched; // object size -> keys 0..n-1 perhaps written
    Error m_openError;
};

class S3CurlRunner : public StepRunner {
public:
    S3CurlRunner(Plan plan, int stepIndex);
    StepOutcome run(StepContext &ctx) override;

    static QString commandPreview(const Plan &plan, int stepIndex, const NodeSpec &node);
    // curl's argv for `requests` config entries read from standard input.
    static QStringList curlArgs(const QJsonObject &target, int parallel);
    // curlArgs under `timeout`, which ends it with INT after runtimeSec.
    static QStringList timedCurlArgs(const QJsonObject &target, int parallel, int runtimeSec);
    // The config on standard input: credentials, the write-out line, then each URL
    // (glob ranges) with its body file (PUT) and /dev/null as its output.
    static QByteArray config(const QJsonObject &target, const QByteArray &secret, const QStringList &urls,
        const QString &method, const QString &bodyFile);
    // Objects per client in this step: the working set shared out over its clients.
    static int clientObjects(const Plan &plan, const PlanStep &step);

private:
    struct Load;
    Error prepare(StepContext &ctx, S3CurlRunState &state, const QString &bucket, Load &load, StepOutcome &out);
    Error measure(StepContext &ctx, S3CurlRunState &state, const Load &load, StepOutcome &out);
    Command measureCommand(const QByteArray &secret, const Load &load, QString *shown) const;
    Error verdict(const S3OpStats &total, const Load &load, const ExecResult &r, const QString &target) const;

    Plan m_plan;
    int m_stepIndex;
};

} // namespace cm
