// SPDX-License-Identifier: GPL-3.0-or-later
// sessionfile::encode (declared in sessionfilecodec.h).
#include "parse/sessionfilecodec.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace cm::sessionfile {

namespace {

QJsonValue iso(const QDateTime &d)
{
    if (!d.isValid())
        return QJsonValue::Null;
    return d.toUTC().toString(Qt::ISODateWithMs); // "…Z"
}

QJsonArray numbers(const QList<double> &list)
{
    QJsonArray a;
    for (double x : list) {
        if (std::isnan(x))
            a.append(QJsonValue::Null);
        else if (std::isinf(x))
            a.append(x > 0 ? QStringLiteral("inf") : QStringLiteral("-inf"));
        else
            a.append(x);
    }
    return a;
}

bool isUtf8(const QByteArray &b)
{
    // Invalid sequences decode to U+FFFD and would not encode back to the same bytes.
    return QString::fromUtf8(b).toUtf8() == b;
}

QJsonObject stepJson(const SessionFileStep &s)
{
    QJsonObject o {{QStringLiteral("index"), s.index}, {QStringLiteral("iteration"), s.iteration},
        {QStringLiteral("testId"), s.testId}, {QStringLiteral("title"), s.title}, {QStringLiteral("node"), s.node},
        {QStringLiteral("target"), s.target}, {QStringLiteral("status"), s.status},
        {QStringLiteral("command"), s.command}, {QStringLiteral("params"), s.params},
        {QStringLiteral("summary"), s.summary}, {QStringLiteral("environment"), s.environment},
        {QStringLiteral("error"), s.error}, {QStringLiteral("started"), iso(s.started)},
        {QStringLiteral("finished"), iso(s.finished)}};
    if (isUtf8(s.rawOutput))
        o.insert(QStringLiteral("rawOutput"), QString::fromUtf8(s.rawOutput));
    else
        o.insert(QStringLiteral("rawOutputBase64"), QString::fromLatin1(s.rawOutput.toBase64()));
    return o;
}

QJsonObject runJson(const SessionFileRun &r)
{
    QJsonArray steps;
    for (const SessionFileStep &s : r.steps)
        steps.append(stepJson(s));
    QJsonArray series;
    for (const SessionFileSeries &s : r.series)
        series.append(QJsonObject {{QStringLiteral("step"), s.step}, {QStringLiteral("target"), s.target},
            {QStringLiteral("metric"), s.metric}, {QStringLiteral("t"), numbers(s.t)},
            {QStringLiteral("v"), numbers(s.v)}});
    return QJsonObject {{QStringLiteral("kind"), r.kind}, {QStringLiteral("name"), r.name},
        {QStringLiteral("status"), r.status}, {QStringLiteral("error"), r.error},
        {QStringLiteral("started"), iso(r.started)}, {QStringLiteral("finished"), iso(r.finished)},
        {QStringLiteral("lastSampleT"), r.lastSampleT}, {QStringLiteral("plan"), r.plan},
        {QStringLiteral("environment"), r.environment}, {QStringLiteral("summary"), r.summary},
        {QStringLiteral("steps"), steps}, {QStringLiteral("series"), series}};
}

} // namespace

QByteArray encode(const SessionFileData &data, const QString &app, const QDateTime &exported)
{
    QJsonObject session {{QStringLiteral("name"), data.name},
        {QStringLiteral("tags"), QJsonArray::fromStringList(data.tags)}, {QStringLiteral("note"), data.note}};
    if (data.created.isValid())
        session.insert(QStringLiteral("created"), iso(data.created));
    QJsonArray runs;
    for (const SessionFileRun &r : data.runs)
        runs.append(runJson(r));
    // Keys come out sorted, which puts "format" near the start (looksLikeSessionFile).
    QJsonObject root {{QStringLiteral("format"), QLatin1String(FormatName)}, {QStringLiteral("schema"), SchemaVersion},
        {QStringLiteral("session"), session}, {QStringLiteral("runs"), runs}};
    if (!app.isEmpty())
        root.insert(QStringLiteral("app"), app);
    if (exported.isValid())
        root.insert(QStringLiteral("exported"), iso(exported));
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

} // namespace cm::sessionfile
