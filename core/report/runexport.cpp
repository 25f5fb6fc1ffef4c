// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/runexport.h"
#include "report/steptitle.h"

#include "bench/registry.h"

#include "report/bottleneck.h"
#include "report/crosschecklines.h"
#include "report/journallatency.h"
#include "report/redactor.h"
#include "report/runmarkdown.h"
#include "report/stepcaveats.h"
#include "report/stepoperations.h"
#include "report/unitformat.h"
#include "stats/clustertotal.h"

#include <QJsonArray>
#include <QMap>
#include <QTimeZone>

#include <algorithm>
#include <cmath>

namespace cm {

namespace {

const QString Dash = QStringLiteral("–");

bool used(const QJsonObject &summary, const QString &name)
{
    const QJsonObject d = summary.value(name).toObject();
    return d.value(QStringLiteral("bw")).toDouble() > 0 || d.value(QStringLiteral("iops")).toDouble() > 0
        || d.value(QStringLiteral("io_bytes")).toDouble() > 0;
}

QString rawField(const QJsonObject &summary, const QString &dir, const QString &key)
{
    if (!used(summary, dir))
        return {};
    const QJsonValue v = summary.value(dir).toObject().value(key);
    return v.isDouble() ? QString::number(v.toDouble(), 'g', 12) : QString();
}

QString title(const StepRecord &s, bool repeated)
{
    return stepTitle(s, repeated, true);
}

// "SEQ1M Q8T1" from fio parameters; empty when the pattern is not one CrystalDiskMark has.
QString cdmLabel(const QJsonObject &p)
{
    const QString rw = p.value(QStringLiteral("rw")).toString();
    QString kind;
    if (rw == QLatin1String("read") || rw == QLatin1String("write") || rw == QLatin1String("rw"))
        kind = QStringLiteral("SEQ");
    else if (rw.startsWith(QLatin1String("rand")))
        kind = QStringLiteral("RND");
    else
        return {};
    return QStringLiteral("%1%2 Q%3T%4")
        .arg(kind, p.value(QStringLiteral("bs")).toString().toUpper())
        .arg(p.value(QStringLiteral("iodepth")).toInt(1))
        .arg(p.value(QStringLiteral("numjobs")).toInt(1));
}

struct CdmLine {
    QString label;
    QList<double> bw, iops, lat;
};

} // namespace

RateWords rateWordsOf(const QString &kindId)
{
    const std::shared_ptr<RunnerKind> kind = Registry::instance().kind(kindId);
    return kind ? kind->rateWords() : RateWords();
}

QStringList figureHeaders(const RateWords &w)
{
    const QString read = QString::fromUtf8(w.readTitle), write = QString::fromUtf8(w.writeTitle);
    const QString ops = QString::fromUtf8(opsUnit(w.noun));
    return {read + QStringLiteral(" MB/s"), read + QLatin1Char(' ') + ops, write + QStringLiteral(" MB/s"),
        write + QLatin1Char(' ') + ops};
}

TextTable runTable(const RunRecords &r)
{
    TextTable t;
    const QString date = r.run.started.isValid()
        ? r.run.started.toTimeZone(QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))
        : Dash;
    t.title = QStringLiteral("%1 — %2 — %3").arg(r.run.name, date, runStatusName(r.run.status));
    t.headers = {QStringLiteral("Test"), QStringLiteral("Node")};
    t.headers << figureHeaders(rateWordsOf(r.run.kind.isEmpty() ? r.plan.kind : r.run.kind));
    t.headers << QStringLiteral("Lat p50") << QStringLiteral("Lat p99");
    t.rightAligned = {false, false, true, true, true, true, true, true};
    const bool repeated = repeatsSteps(r.steps);
    QStringList tools;
    QList<QList<StepCaveat>> caveats;
    for (const StepRecord &s : r.steps) {
        const bool rd = used(s.summary, QStringLiteral("read"));
        const bool wr = used(s.summary, QStringLiteral("write"));
        if (!rd && !wr && !stepOperations(s.summary).isEmpty())
            continue; // operations only: in runOperationsTable
        const QJsonObject ro = s.summary.value(QStringLiteral("read")).toObject();
        const QJsonObject wo = s.summary.value(QStringLiteral("write")).toObject();
        auto lat = [&](const QString &key) {
            QStringList parts;
            if (rd && ro.contains(key))
                parts << formatLatencyNs(ro.value(key).toDouble());
            if (wr && wo.contains(key))
                parts << formatLatencyNs(wo.value(key).toDouble());
            return parts.isEmpty() ? Dash : parts.join(QStringLiteral(" / "));
        };
        caveats << StepCaveats::ofStep(s);
        t.rows << QStringList {StepCaveats::markedTitle(title(s, repeated), caveats.last()), s.node,
            rd ? formatMBps(ro.value(QStringLiteral("bw")).toDouble()) : Dash,
            rd ? formatIops(ro.value(QStringLiteral("iops")).toDouble()) : Dash,
            wr ? formatMBps(wo.value(QStringLiteral("bw")).toDouble()) : Dash,
            wr ? formatIops(wo.value(QStringLiteral("iops")).toDouble()) : Dash, lat(QStringLiteral("lat_p50_ns")),
            lat(QStringLiteral("lat_p99_ns"))};
        const QString fio = s.summary.value(QStringLiteral("fio_version")).toString();
        if (!fio.isEmpty() && !tools.contains(fio))
            tools << fio;
    }
    tools << QStringLiteral("ClusterMark %1").arg(QLatin1String(CLUSTERMARK_VERSION));
    t.notes << StepCaveats::legend(caveats);
    t.notes << journalLatencyLines(r.steps);
    t.notes << crossCheckLines(r.steps);
    t.notes << bottleneckLines(r.steps, false);
    if (const QString totals = clusterTotalNote(r.steps); !totals.isEmpty())
        t.notes << totals;
    t.notes << tools.join(QStringLiteral(" · "));
    return t;
}

QString clusterTotalNote(const QList<StepRecord> &steps)
{
    QStringList clients, notCounted;
    double spread = -1;
    bool unmerged = false;
    for (const StepRecord &s : steps) {
        if (s.node != clusterTotalNode())
            continue;
        for (const QJsonValue &c : s.summary.value(QStringLiteral("counted_clients")).toArray())
            if (!clients.contains(c.toString()))
                clients << c.toString();
        for (const QJsonValue &c : s.summary.value(QStringLiteral("not_counted")).toArray())
            notCounted << QStringLiteral("%1 (%2)").arg(c.toString(), s.title.isEmpty() ? s.testId : s.title);
        spread = std::max(spread, s.summary.value(QStringLiteral("start_spread_ms")).toDouble(-1));
        unmerged = unmerged || !s.summary.value(QStringLiteral("latency_merged")).toBool(true);
    }
    if (clients.isEmpty() && notCounted.isEmpty())
        return {};
    QString note = QStringLiteral("(total): the sum over the clients %1; latency %2.")
                       .arg(clients.join(QStringLiteral(", ")),
                           unmerged ? QStringLiteral("percentiles left out (a client reported no histogram)")
                                    : QStringLiteral("percentiles from their merged histograms"));
    if (spread >= 0)
        note += QStringLiteral(" The clients started measuring within %1 ms of each other.")
                    .arg(QString::number(spread, 'f', 0));
    if (!notCounted.isEmpty())
        note += QStringLiteral(" Not counted: %1.").arg(notCounted.join(QStringLiteral(", ")));
    return note;
}

TextTable runOperationsTable(const RunRecords &r)
{
    TextTable t;
    t.title = QStringLiteral("Operations");
    t.headers = {QStringLiteral("Test"), QStringLiteral("Node"), QStringLiteral("Operation"), QStringLiteral("Ops/s"),
        QStringLiteral("Count"), QStringLiteral("Lat p50"), QStringLiteral("Lat p99")};
    t.rightAligned = {false, false, false, true, true, true, true};
    const bool repeated = repeatsSteps(r.steps);
    for (const StepRecord &s : r.steps)
        for (const StepOperation &op : stepOperations(s.summary))
            t.rows << QStringList {title(s, repeated), s.node, op.label, formatIops(op.opsPerSec),
                QString::number(qint64(op.count)),
                op.hasLatency("lat_p50_ns") ? formatLatencyNs(op.latency("lat_p50_ns")) : Dash,
                op.hasLatency("lat_p99_ns") ? formatLatencyNs(op.latency("lat_p99_ns")) : Dash};
    return t;
}

TextTable runCsvTable(const RunRecords &r)
{
    TextTable t;
    t.headers = {QStringLiteral("run"), QStringLiteral("test_id"), QStringLiteral("title"), QStringLiteral("node"),
        QStringLiteral("target"), QStringLiteral("iteration"), QStringLiteral("status")};
    const QStringList fields {QStringLiteral("bw"), QStringLiteral("iops"), QStringLiteral("lat_mean_ns"),
        QStringLiteral("lat_p50_ns"), QStringLiteral("lat_p99_ns"), QStringLiteral("lat_p999_ns")};
    for (const QString &dir : {QStringLiteral("read"), QStringLiteral("write")})
        for (const QString &f : fields)
            t.headers << dir + QLatin1Char('_') + (f == QLatin1String("bw") ? QStringLiteral("bw_bytes_per_s") : f);
    t.headers << QStringLiteral("error");
    const char *const opFields[] = {"lat_mean_ns", "lat_p50_ns", "lat_p99_ns", "lat_p999_ns"};
    t.headers << QStringLiteral("op") << QStringLiteral("op_per_s") << QStringLiteral("op_count");
    for (const char *f : opFields)
        t.headers << QStringLiteral("op_") + QLatin1String(f);
    t.headers << QStringLiteral("caveats"); // ids of stepcaveats.h, ';'-separated
    const qsizetype dataColumns = 2 * fields.size();
    for (const StepRecord &s : r.steps) {
        const QStringList id {
            QString::number(r.run.id), s.testId, s.title, s.node, s.target, QString::number(s.iteration + 1), s.status};
        QStringList row = id;
        for (const QString &dir : {QStringLiteral("read"), QStringLiteral("write")})
            for (const QString &f : fields)
                row << rawField(s.summary, dir, f);
        row << s.error;
        row << QString() << QString() << QString();
        for (qsizetype i = 0; i < qsizetype(std::size(opFields)); ++i)
            row << QString();
        QStringList ids;
        for (const StepCaveat &c : StepCaveats::ofStep(s))
            ids << c.id;
        row << ids.join(QLatin1Char(';'));
        t.rows << row;
        // One more row per operation (CephFS metadata, S3 HEAD/DELETE/LIST): the step's
        // identity, empty read/write fields, and the op's figures.
        for (const StepOperation &op : stepOperations(s.summary)) {
            QStringList opRow = id;
            for (qsizetype i = 0; i < dataColumns; ++i)
                opRow << QString();
            opRow << s.error << op.key << QString::number(op.opsPerSec, 'g', 12) << QString::number(op.count, 'g', 12);
            for (const char *f : opFields)
                opRow << (op.hasLatency(f) ? QString::number(op.latency(f), 'g', 12) : QString());
            opRow << QString();
            t.rows << opRow;
        }
    }
    return t;
}

QString runCrystalText(const RunRecords &r, Error *error)
{
    registerBuiltinKinds();
    const auto kind = Registry::instance().kind(r.run.kind);
    if (!kind || !kind->hasCrystalLayout()) {
        if (error)
            *error = Error(Error::Code::InvalidInput,
                QStringLiteral("the CrystalDiskMark layout is for disk-fio runs, not %1").arg(r.run.kind));
        return {};
    }
    QStringList nodes;
    QMap<QString, QList<CdmLine>> read, write; // node → lines in plan order
    QStringList versions;
    int maxReps = 0;
    QHash<QString, int> reps;
    for (const StepRecord &s : r.steps) {
        if (s.status != QLatin1String("completed"))
            continue;
        const QString label = cdmLabel(s.params);
        if (label.isEmpty())
            continue;
        if (!nodes.contains(s.node))
            nodes << s.node;
        maxReps = std::max(maxReps, ++reps[s.node + s.testId]);
        const QString v = s.summary.value(QStringLiteral("fio_version")).toString();
        if (!v.isEmpty() && !versions.contains(v))
            versions << v;
        for (const QString &dir : {QStringLiteral("read"), QStringLiteral("write")}) {
            if (!used(s.summary, dir))
                continue;
            QList<CdmLine> &lines = (dir == QLatin1String("read") ? read : write)[s.node];
            auto it = std::find_if(lines.begin(), lines.end(), [&](const CdmLine &l) { return l.label == label; });
            if (it == lines.end())
                it = lines.insert(lines.end(), CdmLine {label, {}, {}, {}});
            const QJsonObject d = s.summary.value(dir).toObject();
            it->bw << d.value(QStringLiteral("bw")).toDouble();
            it->iops << d.value(QStringLiteral("iops")).toDouble();
            it->lat << d.value(QStringLiteral("lat_mean_ns")).toDouble();
        }
    }
    auto mean = [](const QList<double> &v) {
        double s = 0;
        for (double x : v)
            s += x;
        return v.isEmpty() ? 0.0 : s / double(v.size());
    };
    const QString rule(78, QLatin1Char('-'));
    QString out = rule + QLatin1Char('\n');
    out += QStringLiteral("ClusterMark %1 — CrystalDiskMark-style results (%2)\n")
               .arg(QLatin1String(CLUSTERMARK_VERSION),
                   versions.isEmpty() ? QStringLiteral("fio") : versions.join(QStringLiteral(", ")));
    out += rule + QLatin1Char('\n');
    out += QLatin1String("* MB/s = 1,000,000 bytes/s; latency: mean completion latency\n");
    if (maxReps > 1)
        out += QStringLiteral("* mean of %1 repetitions\n").arg(maxReps);
    for (const QString &node : std::as_const(nodes)) {
        out += QStringLiteral("\n%1\n").arg(node);
        for (const auto *section : {&read, &write}) {
            const QList<CdmLine> lines = section->value(node);
            if (lines.isEmpty())
                continue;
            out += section == &read ? QLatin1String("[Read]\n") : QLatin1String("[Write]\n");
            for (const CdmLine &l : lines)
                out += QStringLiteral("  %1 %2 MB/s [%3 IOPS] <%4 us>\n")
                           .arg(l.label, -12)
                           .arg(mean(l.bw) / 1e6, 10, 'f', 2)
                           .arg(mean(l.iops), 10, 'f', 1)
                           .arg(mean(l.lat) / 1e3, 10, 'f', 2);
        }
    }
    if (nodes.isEmpty())
        out += QLatin1String("\n(no completed tests)\n");
    const QString date = r.run.started.isValid()
        ? r.run.started.toTimeZone(QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))
        : Dash;
    out += QStringLiteral("\n  Plan: %1\n  Date: %2\n").arg(r.run.name, date);
    if (r.run.status != RunStatus::Completed)
        out += QStringLiteral("Status: %1\n").arg(runStatusName(r.run.status));
    return out;
}

QString runExport(const RunRecords &r, ExportFormat format, bool redact, Error *error)
{
    QString text;
    switch (format) {
    case ExportFormat::Markdown: text = runMarkdown(r.run, r.steps); break;
    case ExportFormat::BBCode: {
        TextTable data = runTable(r);
        const TextTable ops = runOperationsTable(r);
        if (ops.rows.isEmpty()) {
            text = tableBBCode(data);
        } else if (data.rows.isEmpty()) { // operations only: one table, the run's title on it
            TextTable only = ops;
            only.title = data.title;
            only.notes = data.notes;
            text = tableBBCode(only);
        } else {
            data.notes.clear();
            TextTable second = ops;
            second.notes = runTable(r).notes;
            text = tableBBCode(data) + QLatin1Char('\n') + tableBBCode(second);
        }
        break;
    }
    case ExportFormat::Csv: text = tableCsv(runCsvTable(r)); break;
    case ExportFormat::CrystalText: text = runCrystalText(r, error); break;
    case ExportFormat::Json: return {};
    }
    if (!redact)
        return text;
    Redactor red;
    red.addRecords(r);
    return red.apply(text);
}

} // namespace cm
