// SPDX-License-Identifier: GPL-3.0-or-later
// SessionStore's exports of one run (JSON and Markdown).
#include "report/runmarkdown.h"
#include "store/sessionstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QTimeZone>

namespace cm {

namespace {

QJsonValue isoOrNull(const QDateTime &d)
{
    if (!d.isValid())
        return QJsonValue::Null;
    return d.toTimeZone(QTimeZone::utc()).toString(Qt::ISODateWithMs);
}

QJsonArray numbers(const QList<double> &v)
{
    QJsonArray a;
    for (double x : v)
        a.append(x); // NaN (a gap) becomes null
    return a;
}

} // namespace

QJsonObject SessionStore::runToJson(RunId id)
{
    Error err;
    const RunInfo r = run(id, &err);
    if (err)
        return {};
    QJsonObject o {{QStringLiteral("format"), QStringLiteral("clustermark-run")}, {QStringLiteral("version"), 1}};
    o.insert(QStringLiteral("run"),
        QJsonObject {{QStringLiteral("id"), r.id}, {QStringLiteral("session"), r.sessionName},
            {QStringLiteral("kind"), r.kind}, {QStringLiteral("name"), r.name},
            {QStringLiteral("nodes"), QJsonArray::fromStringList(r.nodes)},
            {QStringLiteral("status"), runStatusName(r.status)}, {QStringLiteral("started"), isoOrNull(r.started)},
            {QStringLiteral("finished"), isoOrNull(r.finished)}, {QStringLiteral("error"), r.error},
            {QStringLiteral("lastSampleT"), r.lastSampleT}});
    // The plan as stored (not re-validated): an export must not lose anything.
    {
        QSqlQuery q(QSqlDatabase::database(m_connection, false));
        q.prepare(QStringLiteral("SELECT plan_json FROM runs WHERE id = ?"));
        q.addBindValue(id);
        if (q.exec() && q.next())
            o.insert(QStringLiteral("plan"), QJsonDocument::fromJson(q.value(0).toString().toUtf8()).object());
    }
    o.insert(QStringLiteral("environment"), runEnvironment(id));
    if (const QJsonObject summary = runSummary(id); !summary.isEmpty())
        o.insert(QStringLiteral("summary"), summary);

    QJsonArray steps;
    for (const StepRecord &s : loadSteps(id, false)) {
        steps.append(QJsonObject {{QStringLiteral("index"), s.index}, {QStringLiteral("iteration"), s.iteration},
            {QStringLiteral("testId"), s.testId}, {QStringLiteral("title"), s.title}, {QStringLiteral("node"), s.node},
            {QStringLiteral("target"), s.target}, {QStringLiteral("status"), s.status},
            {QStringLiteral("command"), s.command}, {QStringLiteral("params"), s.params},
            {QStringLiteral("summary"), s.summary}, {QStringLiteral("environment"), s.environment},
            {QStringLiteral("error"), s.error}, {QStringLiteral("started"), isoOrNull(s.started)},
            {QStringLiteral("finished"), isoOrNull(s.finished)}, {QStringLiteral("rawOutputBytes"), s.rawOutputSize}});
    }
    o.insert(QStringLiteral("steps"), steps);
    if (m_lastError)
        return {};

    QJsonArray series;
    for (const SeriesData &s : this->series(id)) {
        series.append(QJsonObject {{QStringLiteral("step"), s.step}, {QStringLiteral("target"), s.target},
            {QStringLiteral("metric"), s.metric}, {QStringLiteral("t"), numbers(s.t)},
            {QStringLiteral("v"), numbers(s.v)}});
    }
    if (m_lastError)
        return {};
    o.insert(QStringLiteral("series"), series);
    return o;
}

QString SessionStore::runToMarkdown(RunId id)
{
    Error err;
    const RunInfo r = run(id, &err);
    if (err)
        return {};
    const QList<StepRecord> s = loadSteps(id, false);
    if (m_lastError)
        return {};
    return runMarkdown(r, s);
}

} // namespace cm
