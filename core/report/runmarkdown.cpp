// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/runmarkdown.h"
#include "report/steptitle.h"

#include "report/bottleneck.h"
#include "report/crosschecklines.h"
#include "report/journallatency.h"
#include "report/runexport.h"
#include "report/scalingtable.h"
#include "report/stepcaveats.h"
#include "report/stepoperations.h"
#include "report/unitformat.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>
#include <QTimeZone>

namespace cm {

namespace {

const QString Dash = QStringLiteral("–");

QString cell(QString s)
{
    s.replace(QLatin1Char('\n'), QLatin1Char(' '));
    s.replace(QLatin1Char('|'), QLatin1String("\\|"));
    return s.trimmed().isEmpty() ? Dash : s.trimmed();
}

// A direction counts when it moved data; fio reports zeros for the other one.
QJsonObject direction(const QJsonObject &summary, const QString &name)
{
    const QJsonObject d = summary.value(name).toObject();
    const bool used = d.value(QStringLiteral("bw")).toDouble() > 0 || d.value(QStringLiteral("iops")).toDouble() > 0
        || d.value(QStringLiteral("io_bytes")).toDouble() > 0;
    return used ? d : QJsonObject();
}

QString latency(const QJsonObject &r, const QJsonObject &w, const QString &key)
{
    QStringList parts;
    for (const QJsonObject *d : {&r, &w}) {
        if (!d->isEmpty() && d->contains(key))
            parts << formatLatencyNs(d->value(key).toDouble());
    }
    return parts.isEmpty() ? Dash : parts.join(QLatin1String(" / "));
}

// Per-OSD latency steps: one row per OSD, the slow ones flagged (forum readers look for them).
QString osdTable(const StepRecord &s, const QString &title)
{
    const QJsonArray osds = s.summary.value(QStringLiteral("osds")).toArray();
    if (osds.isEmpty())
        return {};
    QString out = QStringLiteral("**%1** — per OSD (%2, pool %3)\n\n")
                      .arg(cell(title), cell(s.summary.value(QStringLiteral("mode")).toString()),
                          cell(s.summary.value(QStringLiteral("pool")).toString()));
    out += QLatin1String(
        "| OSD | Host | Class | Writes | IOPS | Lat p50 | Lat p99 | |\n|:--|:--|:--|--:|--:|--:|--:|:--|\n");
    for (const QJsonValue &v : osds) {
        const QJsonObject o = v.toObject();
        QString cls = o.value(QStringLiteral("deviceClass")).toString();
        const QJsonValue rot = o.value(QStringLiteral("rotational"));
        if (rot.isBool())
            cls += rot.toBool() ? QStringLiteral(" (rotational)") : QStringLiteral(" (flash)");
        QString note;
        if (!o.value(QStringLiteral("error")).toString().isEmpty())
            note = QStringLiteral("failed: ") + o.value(QStringLiteral("error")).toString();
        else if (o.value(QStringLiteral("outlier")).toBool())
            note = QStringLiteral("**slow**: ") + o.value(QStringLiteral("outlierReason")).toString();
        const bool measured = o.value(QStringLiteral("ops")).toDouble() > 0;
        out += QStringLiteral("| osd.%1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 |\n")
                   .arg(o.value(QStringLiteral("id")).toInt())
                   .arg(cell(o.value(QStringLiteral("host")).toString()), cell(cls),
                       QString::number(qint64(o.value(QStringLiteral("ops")).toDouble())),
                       measured ? formatIops(o.value(QStringLiteral("iops")).toDouble()) : Dash,
                       measured ? formatLatencyNs(o.value(QStringLiteral("p50")).toDouble()) : Dash,
                       measured ? formatLatencyNs(o.value(QStringLiteral("p99")).toDouble()) : Dash, cell(note));
    }
    return out + QLatin1Char('\n');
}

// Steps with metadata or other non-data operations (CephFS create/stat/delete, S3
// HEAD/DELETE/LIST): one row per operation, below the main table.
QString operationsTable(const QList<QPair<QString, const StepRecord *>> &steps)
{
    QString rows;
    for (const auto &[test, s] : steps)
        for (const StepOperation &op : stepOperations(s->summary))
            rows += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |\n")
                        .arg(cell(test), op.label, formatIops(op.opsPerSec), QString::number(qint64(op.count)),
                            op.hasLatency("lat_p50_ns") ? formatLatencyNs(op.latency("lat_p50_ns")) : Dash,
                            op.hasLatency("lat_p99_ns") ? formatLatencyNs(op.latency("lat_p99_ns")) : Dash);
    if (rows.isEmpty())
        return {};
    return QLatin1String("**Operations**\n\n| Test | Operation | Ops/s | Count | Lat p50 | Lat p99 |\n"
                         "|:--|:--|--:|--:|--:|--:|\n")
        + rows + QLatin1Char('\n');
}

bool isNetStep(const StepRecord &s)
{
    return s.summary.contains(QStringLiteral("bitsPerSecond"));
}

QString gbit(const QJsonValue &v)
{
    return v.isDouble() ? QString::number(v.toDouble() / 1e9, 'f', 2) : Dash;
}

// A run of network steps (net-iperf; failed ones have no figures): one row per pair,
// then the findings that need attention.
QString netTable(const QList<StepRecord> &steps, bool repeated)
{
    QString out = QLatin1String("| Pair | Tool | Streams | Gbit/s | Reverse Gbit/s | Retransmits | Sender links |\n"
                                "|:--|:--|--:|--:|--:|--:|:--|\n");
    QStringList notes;
    for (const StepRecord &s : steps) {
        const QString test = stepTitle(s, repeated, true);
        QStringList links;
        const QJsonObject shares = s.summary.value(QStringLiteral("senderLinkShares")).toObject();
        for (auto it = shares.begin(); it != shares.end(); ++it)
            if (it.value().toDouble() >= 0.005)
                links << QStringLiteral("%1 %2 %").arg(it.key()).arg(qRound(100 * it.value().toDouble()));
        const QJsonValue re = s.summary.value(QStringLiteral("retransmits"));
        out += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 |\n")
                   .arg(cell(test), cell(s.summary.value(QStringLiteral("tool")).toString()),
                       s.summary.contains(QStringLiteral("streams"))
                           ? QString::number(s.summary.value(QStringLiteral("streams")).toInt())
                           : Dash,
                       gbit(s.summary.value(QStringLiteral("bitsPerSecond"))),
                       gbit(s.summary.value(QStringLiteral("reverseBitsPerSecond"))),
                       re.isDouble() ? QString::number(re.toInt()) : Dash, cell(links.join(QStringLiteral(", "))));
        for (const QJsonValue &f : s.summary.value(QStringLiteral("findings")).toArray()) {
            const QJsonObject o = f.toObject();
            const QString sev = o.value(QStringLiteral("severity")).toString();
            if (sev == QLatin1String("info")
                && o.value(QStringLiteral("id")).toString() != QLatin1String("single-stream"))
                continue;
            const QString line = QStringLiteral("- %1: %2").arg(sev, cell(o.value(QStringLiteral("text")).toString()));
            if (!notes.contains(line))
                notes << line;
        }
    }
    out += QLatin1Char('\n');
    if (!notes.isEmpty())
        out += notes.join(QLatin1Char('\n')) + QStringLiteral("\n\n");
    return out;
}

} // namespace

QString runMarkdown(const RunInfo &run, const QList<StepRecord> &steps)
{
    QString status = runStatusName(run.status);
    if (run.status == RunStatus::Interrupted)
        status = QStringLiteral("interrupted (the run stopped before it finished; figures cover what was saved)");
    else if (run.status == RunStatus::Failed && !run.error.isEmpty())
        status += QLatin1String(": ") + cell(run.error);
    const QString date = run.started.isValid()
        ? run.started.toTimeZone(QTimeZone::utc()).toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"))
        : Dash;
    QString out = QStringLiteral("**%1** — %2 — %3\n\n").arg(cell(run.name), date, status);
    bool anyNet = false, allNet = !steps.isEmpty();
    bool repeatedRun = false;
    for (const StepRecord &s : steps) {
        anyNet = anyNet || isNetStep(s);
        allNet = allNet && (isNetStep(s) || s.status != QLatin1String("completed"));
        repeatedRun = repeatedRun || s.iteration > 0;
    }
    if (anyNet && allNet) {
        out += netTable(steps, repeatedRun);
        QStringList tools;
        for (const StepRecord &s : steps) {
            const QString t = QStringLiteral("%1 %2")
                                  .arg(s.summary.value(QStringLiteral("tool")).toString(),
                                      s.summary.value(QStringLiteral("toolVersion")).toString())
                                  .trimmed();
            if (!t.isEmpty() && !tools.contains(t))
                tools << t;
        }
        tools << QStringLiteral("ClusterMark %1").arg(QLatin1String(CLUSTERMARK_VERSION));
        return out + tools.join(QStringLiteral(" · ")) + QLatin1Char('\n');
    }
    QString dataRows;

    const bool repeated = repeatsSteps(steps);
    QStringList tools;
    QString osdTables;
    QList<QPair<QString, const StepRecord *>> titled;
    QList<QList<StepCaveat>> caveats;
    bool mixed = false;
    for (const StepRecord &s : steps) {
        caveats << StepCaveats::ofStep(s);
        const QString test = StepCaveats::markedTitle(stepTitle(s, repeated, true), caveats.last());
        const QJsonObject r = direction(s.summary, QStringLiteral("read"));
        const QJsonObject w = direction(s.summary, QStringLiteral("write"));
        mixed = mixed || (!r.isEmpty() && !w.isEmpty());
        auto bw = [](const QJsonObject &d) {
            return d.isEmpty() ? Dash : formatMBps(d.value(QStringLiteral("bw")).toDouble());
        };
        auto iops = [](const QJsonObject &d) {
            return d.isEmpty() ? Dash : formatIops(d.value(QStringLiteral("iops")).toDouble());
        };
        // A step of operations only (CephFS metadata, S3 HEAD/LIST/DELETE) is in the
        // Operations table alone: a row of dashes here says nothing.
        titled.append({test, &s});
        if (r.isEmpty() && w.isEmpty() && !stepOperations(s.summary).isEmpty())
            continue;
        dataRows += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 |\n")
                        .arg(cell(test), cell(s.node), bw(r), iops(r), bw(w), iops(w),
                            latency(r, w, QStringLiteral("lat_p50_ns")), latency(r, w, QStringLiteral("lat_p99_ns")));
        osdTables += osdTable(s, test);
        const QString fio = s.summary.value(QStringLiteral("fio_version")).toString();
        if (!fio.isEmpty() && !tools.contains(fio))
            tools << fio;
        const QString cache = s.summary.value(QStringLiteral("write_cache")).toString();
        if (!cache.isEmpty()) {
            const QString c = QStringLiteral("write cache: %1").arg(cache);
            if (!tools.contains(c))
                tools << c;
        }
    }
    if (steps.isEmpty())
        dataRows = QStringLiteral("| (no steps recorded) | | | | | | | |\n");
    if (!dataRows.isEmpty())
        out += QStringLiteral("| Test | Node | %1 | Lat p50 | Lat p99 |\n")
                   .arg(figureHeaders(rateWordsOf(run.kind)).join(QStringLiteral(" | ")))
            + QLatin1String("|:--|:--|--:|--:|--:|--:|--:|--:|\n") + dataRows + QLatin1Char('\n');
    if (mixed)
        out += QLatin1String("Latency: read / write for tests that do both.\n\n");
    if (const QStringList legend = StepCaveats::legend(caveats); !legend.isEmpty())
        out += legend.join(QStringLiteral("  \n")) + QStringLiteral("\n\n");
    if (const QStringList journal = journalLatencyLines(steps); !journal.isEmpty())
        out += journal.join(QStringLiteral("  \n")) + QStringLiteral("\n\n");
    if (const QStringList checks = crossCheckLines(steps); !checks.isEmpty())
        out += checks.join(QStringLiteral("  \n")) + QStringLiteral("\n\n");
    if (const QStringList limits = bottleneckLines(steps, false); !limits.isEmpty())
        out += limits.join(QStringLiteral("  \n")) + QStringLiteral("\n\n");
    if (const QString totals = clusterTotalNote(steps); !totals.isEmpty())
        out += totals + QStringLiteral("\n\n");
    out += scalingMarkdown(steps);
    out += operationsTable(titled);
    out += osdTables;
    tools << QStringLiteral("ClusterMark %1").arg(QLatin1String(CLUSTERMARK_VERSION));
    out += tools.join(QStringLiteral(" · ")) + QLatin1Char('\n');
    return out;
}

} // namespace cm
