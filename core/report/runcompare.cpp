// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/runcompare.h"

#include "report/runexport.h"

#include "report/redactor.h"
#include "report/rundifferences.h"
#include "report/stepoperations.h"

#include <QJsonArray>
#include <QSet>
#include <QTimeZone>

#include <algorithm>
#include <cmath>

namespace cm {

namespace {

struct FigureSpec {
    const char *direction; // summary key: "read" / "write"; "" for a key of the summary itself
    const char *field; // key inside it
    const char *key;
    metric::Unit unit;
    bool higherIsBetter;
};

const FigureSpec kFigures[] = {
    {"read", "bw", "read.bw", metric::Unit::BytesPerSec, true},
    {"read", "iops", "read.iops", metric::Unit::OpsPerSec, true},
    {"read", "lat_p50_ns", "read.lat.p50", metric::Unit::Nanoseconds, false},
    {"read", "lat_p99_ns", "read.lat.p99", metric::Unit::Nanoseconds, false},
    {"write", "bw", "write.bw", metric::Unit::BytesPerSec, true},
    {"write", "iops", "write.iops", metric::Unit::OpsPerSec, true},
    {"write", "lat_p50_ns", "write.lat.p50", metric::Unit::Nanoseconds, false},
    {"write", "lat_p99_ns", "write.lat.p99", metric::Unit::Nanoseconds, false},
    // A network step: what the receiver got (bytes/s, shown in bit/s) and the sender's
    // retransmitted segments.
    {"", "bytesPerSecond", "net.bw", metric::Unit::BitRate, true},
    {"", "retransmits", "net.retransmits", metric::Unit::Other, false},
};

// "Read IOPS" in the runs' kind's words: "GET requests/s", "PUT lat p99".
QString figureLabel(const FigureSpec &spec, const RateWords &w)
{
    if (qstrlen(spec.direction) == 0)
        return qstrcmp(spec.field, "retransmits") == 0 ? QStringLiteral("Retransmits") : QStringLiteral("Throughput");
    const bool read = qstrcmp(spec.direction, "read") == 0;
    const QString dir = QString::fromUtf8(read ? w.readTitle : w.writeTitle);
    const QString field = QLatin1String(spec.field);
    if (field == QLatin1String("bw"))
        return dir + QStringLiteral(" MB/s");
    if (field == QLatin1String("iops"))
        return dir + QLatin1Char(' ') + QString::fromUtf8(opsUnit(w.noun));
    return dir + QStringLiteral(" lat ")
        + (field == QLatin1String("lat_p50_ns") ? QStringLiteral("p50") : QStringLiteral("p99"));
}

// As runMarkdown: a direction counts when it moved data (fio reports zeros for the other).
bool directionUsed(const QJsonObject &summary, const QString &name)
{
    const QJsonObject d = summary.value(name).toObject();
    return d.value(QStringLiteral("bw")).toDouble() > 0 || d.value(QStringLiteral("iops")).toDouble() > 0
        || d.value(QStringLiteral("io_bytes")).toDouble() > 0;
}

QJsonValue num(double v)
{
    return std::isfinite(v) ? QJsonValue(v) : QJsonValue(QJsonValue::Null);
}

QJsonValue isoOrNull(const QDateTime &d)
{
    return d.isValid() ? QJsonValue(d.toTimeZone(QTimeZone::utc()).toString(Qt::ISODate))
                       : QJsonValue(QJsonValue::Null);
}

QString unitName(metric::Unit u)
{
    switch (u) {
    case metric::Unit::BytesPerSec:
    case metric::Unit::BitRate: return QStringLiteral("bytes/s"); // values keep the base unit
    case metric::Unit::OpsPerSec: return QStringLiteral("ops/s");
    case metric::Unit::Nanoseconds: return QStringLiteral("ns");
    case metric::Unit::Percent: return QStringLiteral("%");
    case metric::Unit::Other: break;
    }
    return {};
}

QJsonObject statsJson(const CompareStats &s)
{
    QJsonObject o {{QStringLiteral("diff"), num(s.diff)}, {QStringLiteral("changePct"), num(s.changePct)},
        {QStringLiteral("tested"), s.tested}, {QStringLiteral("significant"), s.significant},
        {QStringLiteral("test"), QStringLiteral("welch")}};
    if (s.tested) {
        o.insert(QStringLiteral("t"), num(s.t));
        o.insert(QStringLiteral("df"), num(s.df));
        o.insert(QStringLiteral("p"), num(s.p));
        o.insert(QStringLiteral("ci95"), QJsonArray {num(s.ciLow), num(s.ciHigh)});
    }
    if (!s.note.isEmpty())
        o.insert(QStringLiteral("note"), s.note);
    return o;
}

// The pairing key of a step: test id + node, + target when this run has several
// targets for one test on one node in one iteration.
struct KeyedRun {
    QList<QString> keys; // per step
};

KeyedRun keyRun(const QList<StepRecord> &steps)
{
    QHash<QString, int> perIteration;
    for (const StepRecord &s : steps)
        ++perIteration[s.testId + QChar(0x1f) + s.node + QChar(0x1f) + QString::number(s.iteration)];
    KeyedRun k;
    for (const StepRecord &s : steps) {
        QString key = s.testId + QChar(0x1f) + s.node;
        if (perIteration.value(key + QChar(0x1f) + QString::number(s.iteration)) > 1)
            key += QChar(0x1f) + s.target;
        k.keys << key;
    }
    return k;
}

// CephFS metadata and S3 HEAD/DELETE/LIST figures (stepOperations): rate, p50 and p99
// per operation that any run of the row measured.
void addOperationFigures(const QList<QList<const StepRecord *>> &perRun, int n, CompareRow *row)
{
    struct OpFigure {
        const char *suffix;
        const char *label;
        const char *latencyField; // nullptr: the rate
        metric::Unit unit;
        bool higherIsBetter;
    };
    static const OpFigure kOpFigures[] = {
        {"iops", "ops/s", nullptr, metric::Unit::OpsPerSec, true},
        {"lat.p50", "lat p50", "lat_p50_ns", metric::Unit::Nanoseconds, false},
        {"lat.p99", "lat p99", "lat_p99_ns", metric::Unit::Nanoseconds, false},
    };
    QStringList keys;
    QHash<QString, QString> labels;
    QHash<QString, QList<QList<StepOperation>>> byKey; // op key → per run → one per step
    for (int i = 0; i < n; ++i)
        for (const StepRecord *s : perRun.at(i))
            for (const StepOperation &op : stepOperations(s->summary)) {
                if (!byKey.contains(op.key)) {
                    keys << op.key;
                    labels.insert(op.key, op.label);
                    byKey.insert(op.key, QList<QList<StepOperation>>(n));
                }
                byKey[op.key][i] << op;
            }
    for (const QString &key : std::as_const(keys)) {
        const auto &ops = byKey.value(key);
        for (const OpFigure &spec : kOpFigures) {
            CompareFigure f;
            f.key = key + QLatin1Char('.') + QLatin1String(spec.suffix);
            f.label = labels.value(key) + QLatin1Char(' ') + QLatin1String(spec.label);
            f.unit = spec.unit;
            f.higherIsBetter = spec.higherIsBetter;
            bool used = false;
            for (int i = 0; i < n; ++i) {
                QList<double> v;
                for (const StepOperation &op : ops.at(i)) {
                    if (!spec.latencyField)
                        v << op.opsPerSec;
                    else if (op.hasLatency(spec.latencyField))
                        v << op.latency(spec.latencyField);
                }
                used = used || !v.isEmpty();
                f.values << v;
            }
            if (!used)
                continue;
            for (int i = 1; i < n; ++i)
                f.vsBaseline << compareGroups(f.values.at(0), f.values.at(i));
            row->figures << f;
        }
    }
}

} // namespace

Error loadRunRecords(SessionStore &store, RunId id, RunRecords *out)
{
    Error e;
    out->run = store.run(id, &e);
    if (e)
        return e;
    out->plan = store.runPlan(id);
    out->environment = store.runEnvironment(id);
    out->steps = store.steps(id);
    if (store.lastError())
        return store.lastError();
    for (StepRecord &s : out->steps)
        s.rawOutput.clear();
    return {};
}

RunCompare compareRunRecords(const QList<RunRecords> &runs)
{
    RunCompare out;
    const int n = int(runs.size());
    for (const RunRecords &r : runs)
        out.runs << r.run;

    QStringList order; // row keys, first appearance (baseline first)
    QHash<QString, CompareRow> rows;
    QHash<QString, QList<QList<const StepRecord *>>> stepsByKey; // key → per run → completed steps
    for (int i = 0; i < n; ++i) {
        const RunRecords &r = runs.at(i);
        if (r.run.status != RunStatus::Completed)
            out.warnings << CompareWarning {r.run.id, r.run.status, {}, 0, {}, {}};
        const KeyedRun keyed = keyRun(r.steps);
        for (int s = 0; s < r.steps.size(); ++s) {
            const StepRecord &step = r.steps.at(s);
            const QString &key = keyed.keys.at(s);
            if (!rows.contains(key)) {
                CompareRow row;
                row.testId = step.testId;
                row.title = step.title.isEmpty() ? step.testId : step.title;
                row.node = step.node;
                if (key.count(QChar(0x1f)) > 1)
                    row.target = step.target;
                rows.insert(key, row);
                order << key;
                stepsByKey[key] = QList<QList<const StepRecord *>>(n);
            }
            if (step.status != QLatin1String("completed")) {
                out.warnings << CompareWarning {
                    r.run.id, r.run.status, rows.value(key).title, step.iteration + 1, step.node, step.status};
                continue;
            }
            stepsByKey[key][i] << &step;
            for (const StepCaveat &c : StepCaveats::ofStep(step)) {
                CompareRow &row = rows[key];
                const bool known = std::any_of(
                    row.caveats.cbegin(), row.caveats.cend(), [&](const StepCaveat &x) { return x.kind == c.kind; });
                if (!known)
                    row.caveats << c;
            }
        }
    }

    // One kind's words when every run is of it (an S3 run's GET requests/s), else the plain ones.
    RateWords words;
    if (!runs.isEmpty()) {
        words = rateWordsOf(runs.first().run.kind);
        for (const RunRecords &r : runs)
            if (r.run.kind != runs.first().run.kind)
                words = RateWords();
    }
    for (const QString &key : std::as_const(order)) {
        CompareRow row = rows.value(key);
        const auto &perRun = stepsByKey.value(key);
        for (int i = 0; i < n; ++i)
            row.repetitions << int(perRun.at(i).size());
        for (const FigureSpec &spec : kFigures) {
            const QString dir = QLatin1String(spec.direction);
            const QString field = QLatin1String(spec.field);
            bool used = false;
            CompareFigure f;
            f.key = QLatin1String(spec.key);
            f.label = figureLabel(spec, words);
            f.unit = spec.unit;
            f.higherIsBetter = spec.higherIsBetter;
            for (int i = 0; i < n; ++i) {
                QList<double> v;
                for (const StepRecord *s : perRun.at(i)) {
                    if (!dir.isEmpty() && !directionUsed(s->summary, dir))
                        continue;
                    const QJsonValue x
                        = dir.isEmpty() ? s->summary.value(field) : s->summary.value(dir).toObject().value(field);
                    if (x.isDouble()) {
                        v << x.toDouble();
                        used = true;
                    }
                }
                f.values << v;
            }
            if (!used)
                continue;
            for (int i = 1; i < n; ++i)
                f.vsBaseline << compareGroups(f.values.at(0), f.values.at(i));
            row.figures << f;
        }
        addOperationFigures(perRun, n, &row);
        std::sort(row.caveats.begin(), row.caveats.end(),
            [](const StepCaveat &a, const StepCaveat &b) { return a.kind < b.kind; });
        out.rows << row;
    }
    int parameterLines = 0;
    out.differences = runDifferences(runs, &parameterLines);
    out.parametersDiffer = parameterLines > 0;
    Redactor names;
    for (const RunRecords &r : runs)
        names.addRecords(r);
    out.hostNames = names.names();
    return out;
}

Error compareRuns(SessionStore &store, const QList<RunId> &ids, RunCompare *out)
{
    if (ids.size() < 2)
        return Error(Error::Code::InvalidInput, QStringLiteral("a comparison needs at least two runs"));
    if (QSet<RunId>(ids.begin(), ids.end()).size() != ids.size())
        return Error(Error::Code::InvalidInput, QStringLiteral("a run is named twice"));
    QList<RunRecords> runs;
    for (RunId id : ids) {
        RunRecords r;
        if (const Error e = loadRunRecords(store, id, &r))
            return e;
        runs << r;
    }
    *out = compareRunRecords(runs);
    return {};
}

QString CompareWarning::text() const
{
    if (test.isEmpty())
        return QStringLiteral("run %1 is %2").arg(run).arg(runStatusName(runStatus));
    return QStringLiteral("%1 #%2 on %3 %4 in run %5")
        .arg(test)
        .arg(repetition)
        .arg(node, stepStatus.isEmpty() ? QStringLiteral("has no status") : stepStatus)
        .arg(run);
}

QJsonObject RunCompare::toJson() const
{
    QStringList warningLines;
    for (const CompareWarning &w : warnings)
        warningLines << w.text();
    QJsonArray runsJson;
    for (const RunInfo &r : runs)
        runsJson.append(QJsonObject {{QStringLiteral("id"), r.id}, {QStringLiteral("session"), r.sessionName},
            {QStringLiteral("kind"), r.kind}, {QStringLiteral("name"), r.name},
            {QStringLiteral("nodes"), QJsonArray::fromStringList(r.nodes)},
            {QStringLiteral("status"), runStatusName(r.status)}, {QStringLiteral("started"), isoOrNull(r.started)}});
    QJsonArray rowsJson;
    for (const CompareRow &row : rows) {
        QJsonArray figs;
        for (const CompareFigure &f : row.figures) {
            QJsonArray perRun;
            for (int i = 0; i < f.values.size(); ++i) {
                const GroupStats g = groupStats(f.values.at(i));
                QJsonArray vals;
                for (double v : f.values.at(i))
                    vals.append(num(v));
                QJsonObject o {{QStringLiteral("run"), runs.value(i).id}, {QStringLiteral("values"), vals},
                    {QStringLiteral("n"), g.n}, {QStringLiteral("mean"), num(g.mean)},
                    {QStringLiteral("stddev"), num(g.stddev)}};
                if (i > 0)
                    o.insert(QStringLiteral("vsBaseline"), statsJson(f.vsBaseline.value(i - 1)));
                perRun.append(o);
            }
            figs.append(QJsonObject {{QStringLiteral("key"), f.key}, {QStringLiteral("label"), f.label},
                {QStringLiteral("unit"), unitName(f.unit)}, {QStringLiteral("higherIsBetter"), f.higherIsBetter},
                {QStringLiteral("runs"), perRun}});
        }
        QJsonArray reps;
        for (int r : row.repetitions)
            reps.append(r);
        QJsonObject o {{QStringLiteral("testId"), row.testId}, {QStringLiteral("title"), row.title},
            {QStringLiteral("node"), row.node}, {QStringLiteral("repetitions"), reps},
            {QStringLiteral("figures"), figs}};
        if (!row.target.isEmpty())
            o.insert(QStringLiteral("target"), row.target);
        rowsJson.append(o);
    }
    return QJsonObject {{QStringLiteral("format"), QStringLiteral("clustermark-compare")},
        {QStringLiteral("version"), 1},
        {QStringLiteral("test"), QStringLiteral("Welch's t-test, two-sided, alpha 0.05; 95 % CI of the difference")},
        {QStringLiteral("runs"), runsJson}, {QStringLiteral("rows"), rowsJson},
        {QStringLiteral("differences"), QJsonArray::fromStringList(differences)},
        {QStringLiteral("parametersDiffer"), parametersDiffer},
        {QStringLiteral("warnings"), QJsonArray::fromStringList(warningLines)}};
}

} // namespace cm
