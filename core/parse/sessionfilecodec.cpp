// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/sessionfilecodec.h"

#include "model/runstatus.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>
#include <QSet>

#include <cmath>
#include <limits>

namespace cm::sessionfile {

namespace {

// Collects the first problem, named by its JSON path ("runs[3].steps[0].summary").
class Checker {
public:
    enum Need { Required, Optional };

    bool failed() const { return !m_error.isEmpty(); }
    QString error() const { return m_error; }
    bool fail(const QString &path, const QString &what)
    {
        if (m_error.isEmpty())
            m_error = path + QStringLiteral(": ") + what;
        return false;
    }

    static QString at(const QString &path, const char *key)
    {
        return path.isEmpty() ? QString::fromLatin1(key) : path + QLatin1Char('.') + QLatin1String(key);
    }
    static QString at(const QString &path, qsizetype i) { return QStringLiteral("%1[%2]").arg(path).arg(i); }

    // The value of `key`, or Undefined (an error when Required).
    QJsonValue get(const QJsonObject &o, const QString &path, const char *key, Need need)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined() && need == Required)
            fail(at(path, key), QStringLiteral("missing"));
        return v;
    }

    bool wrongType(const QString &path, const char *expected, const QJsonValue &v)
    {
        return fail(path, QStringLiteral("expected %1, found %2").arg(QLatin1String(expected), typeName(v)));
    }

    bool string(const QJsonObject &o, const QString &path, const char *key, QString *out, Need need = Required)
    {
        const QJsonValue v = get(o, path, key, need);
        if (v.isUndefined())
            return need == Optional;
        if (!v.isString())
            return wrongType(at(path, key), "a string", v);
        *out = v.toString();
        return true;
    }

    bool object(const QJsonObject &o, const QString &path, const char *key, QJsonObject *out, Need need = Required)
    {
        const QJsonValue v = get(o, path, key, need);
        if (v.isUndefined())
            return need == Optional;
        if (!v.isObject())
            return wrongType(at(path, key), "an object", v);
        *out = v.toObject();
        return true;
    }

    bool array(const QJsonObject &o, const QString &path, const char *key, QJsonArray *out, Need need = Required)
    {
        const QJsonValue v = get(o, path, key, need);
        if (v.isUndefined())
            return need == Optional;
        if (!v.isArray())
            return wrongType(at(path, key), "an array", v);
        *out = v.toArray();
        return true;
    }

    bool integer(const QJsonObject &o, const QString &path, const char *key, int *out, Need need = Required)
    {
        const QJsonValue v = get(o, path, key, need);
        if (v.isUndefined())
            return need == Optional;
        const double d = v.toDouble(0.5);
        if (!v.isDouble() || std::floor(d) != d || d < std::numeric_limits<int>::min()
            || d > std::numeric_limits<int>::max())
            return wrongType(at(path, key), "an integer", v);
        *out = int(d);
        return true;
    }

    bool finite(const QJsonObject &o, const QString &path, const char *key, double *out, Need need = Required)
    {
        const QJsonValue v = get(o, path, key, need);
        if (v.isUndefined())
            return need == Optional;
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return wrongType(at(path, key), "a number", v);
        *out = v.toDouble();
        return true;
    }

    // ISO 8601; null allowed when `nullable` (an end that never came).
    bool date(
        const QJsonObject &o, const QString &path, const char *key, QDateTime *out, bool nullable, Need need = Required)
    {
        const QJsonValue v = get(o, path, key, need);
        if (v.isUndefined())
            return need == Optional;
        if (v.isNull() && nullable) {
            *out = QDateTime();
            return true;
        }
        if (!v.isString())
            return wrongType(at(path, key), nullable ? "a date (ISO 8601) or null" : "a date (ISO 8601)", v);
        const QDateTime d = QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
        if (!d.isValid())
            return fail(at(path, key), QStringLiteral("\"%1\" is not an ISO 8601 date").arg(v.toString().left(40)));
        // Written back in UTC: it must stay a four-digit year there.
        const int year = d.toUTC().date().year();
        if (year < 1 || year > 9999)
            return fail(at(path, key), QStringLiteral("\"%1\" is out of range").arg(v.toString().left(40)));
        *out = d;
        return true;
    }

    bool strings(const QJsonObject &o, const QString &path, const char *key, QStringList *out, Need need = Required)
    {
        QJsonArray a;
        if (!array(o, path, key, &a, need))
            return false;
        QStringList list;
        for (qsizetype i = 0; i < a.size(); ++i) {
            if (!a.at(i).isString())
                return wrongType(at(at(path, key), i), "a string", a.at(i));
            list << a.at(i).toString();
        }
        *out = list;
        return true;
    }

    // Numbers; null is a gap (NaN) where `gaps`; "inf" / "-inf" are infinities.
    bool numbers(const QJsonObject &o, const QString &path, const char *key, QList<double> *out, bool gaps)
    {
        QJsonArray a;
        if (!array(o, path, key, &a))
            return false;
        QList<double> list;
        list.reserve(a.size());
        for (qsizetype i = 0; i < a.size(); ++i) {
            const QJsonValue v = a.at(i);
            if (v.isDouble())
                list << v.toDouble();
            else if (v.isNull() && gaps)
                list << std::numeric_limits<double>::quiet_NaN();
            else if (v.isString() && (v.toString() == QLatin1String("inf") || v.toString() == QLatin1String("-inf")))
                list << (v.toString().startsWith(QLatin1Char('-')) ? -1 : 1) * std::numeric_limits<double>::infinity();
            else
                return wrongType(at(at(path, key), i), gaps ? "a number or null" : "a number", v);
        }
        *out = list;
        return true;
    }

    static QString typeName(const QJsonValue &v)
    {
        switch (v.type()) {
        case QJsonValue::Null: return QStringLiteral("null");
        case QJsonValue::Bool: return QStringLiteral("true/false");
        case QJsonValue::Double: return QStringLiteral("a number");
        case QJsonValue::String: return QStringLiteral("a string");
        case QJsonValue::Array: return QStringLiteral("an array");
        case QJsonValue::Object: return QStringLiteral("an object");
        case QJsonValue::Undefined: break;
        }
        return QStringLiteral("nothing");
    }

private:
    QString m_error;
};

using C = Checker;

bool decodeStep(Checker &c, const QJsonValue &value, const QString &path, SessionFileStep *s)
{
    if (!value.isObject())
        return c.wrongType(path, "an object", value);
    const QJsonObject o = value.toObject();
    const bool fields = c.integer(o, path, "index", &s->index) && c.integer(o, path, "iteration", &s->iteration)
        && c.string(o, path, "testId", &s->testId) && c.string(o, path, "title", &s->title)
        && c.string(o, path, "node", &s->node) && c.string(o, path, "target", &s->target)
        && c.string(o, path, "status", &s->status) && c.string(o, path, "command", &s->command, C::Optional)
        && c.object(o, path, "params", &s->params, C::Optional) && c.object(o, path, "summary", &s->summary)
        && c.object(o, path, "environment", &s->environment, C::Optional)
        && c.string(o, path, "error", &s->error, C::Optional) && c.date(o, path, "started", &s->started, false)
        && c.date(o, path, "finished", &s->finished, true);
    if (!fields)
        return false;
    const QJsonValue text = o.value(QLatin1String("rawOutput"));
    const QJsonValue b64 = o.value(QLatin1String("rawOutputBase64"));
    if (!text.isUndefined() && !b64.isUndefined())
        return c.fail(path, QStringLiteral("both rawOutput and rawOutputBase64"));
    if (!text.isUndefined()) {
        if (!text.isString())
            return c.wrongType(C::at(path, "rawOutput"), "a string", text);
        s->rawOutput = text.toString().toUtf8();
    } else if (!b64.isUndefined()) {
        if (!b64.isString())
            return c.wrongType(C::at(path, "rawOutputBase64"), "a string", b64);
        const auto r = QByteArray::fromBase64Encoding(
            b64.toString().toLatin1(), QByteArray::Base64Encoding | QByteArray::AbortOnBase64DecodingErrors);
        if (!r)
            return c.fail(C::at(path, "rawOutputBase64"), QStringLiteral("not valid base64"));
        s->rawOutput = *r;
    }
    return true;
}

bool decodeSeries(Checker &c, const QJsonValue &value, const QString &path, SessionFileSeries *s)
{
    if (!value.isObject())
        return c.wrongType(path, "an object", value);
    const QJsonObject o = value.toObject();
    if (!(c.integer(o, path, "step", &s->step) && c.string(o, path, "target", &s->target)
            && c.string(o, path, "metric", &s->metric) && c.numbers(o, path, "t", &s->t, false)
            && c.numbers(o, path, "v", &s->v, true)))
        return false;
    for (qsizetype i = 0; i < s->t.size(); ++i)
        if (std::isinf(s->t[i]))
            return c.fail(C::at(C::at(path, "t"), i), QStringLiteral("a time must be finite"));
    if (s->t.size() != s->v.size())
        return c.fail(C::at(path, "v"), QStringLiteral("%1 values for %2 times").arg(s->v.size()).arg(s->t.size()));
    return true;
}

bool decodeRun(Checker &c, const QJsonValue &value, const QString &path, SessionFileRun *r)
{
    if (!value.isObject())
        return c.wrongType(path, "an object", value);
    const QJsonObject o = value.toObject();
    QJsonArray steps, series;
    if (!(c.string(o, path, "kind", &r->kind) && c.string(o, path, "name", &r->name)
            && c.string(o, path, "status", &r->status) && c.string(o, path, "error", &r->error, C::Optional)
            && c.date(o, path, "started", &r->started, false) && c.date(o, path, "finished", &r->finished, true)
            && c.finite(o, path, "lastSampleT", &r->lastSampleT, C::Optional) && c.object(o, path, "plan", &r->plan)
            && c.object(o, path, "environment", &r->environment, C::Optional)
            && c.object(o, path, "summary", &r->summary, C::Optional) && c.array(o, path, "steps", &steps)
            && c.array(o, path, "series", &series)))
        return false;
    if (runStatusName(runStatusFromName(r->status)) != r->status)
        return c.fail(C::at(path, "status"), QStringLiteral("unknown run status \"%1\"").arg(r->status.left(40)));
    const QString stepsPath = C::at(path, "steps");
    r->steps.resize(steps.size());
    for (qsizetype i = 0; i < steps.size(); ++i)
        if (!decodeStep(c, steps.at(i), C::at(stepsPath, i), &r->steps[i]))
            return false;
    const QString seriesPath = C::at(path, "series");
    r->series.resize(series.size());
    QSet<QString> seen;
    for (qsizetype i = 0; i < series.size(); ++i) {
        SessionFileSeries &s = r->series[i];
        if (!decodeSeries(c, series.at(i), C::at(seriesPath, i), &s))
            return false;
        const QString key = QStringLiteral("%1\x1f%2\x1f%3").arg(s.step).arg(s.target, s.metric);
        if (seen.contains(key))
            return c.fail(C::at(seriesPath, i),
                QStringLiteral("a second series for step %1, target \"%2\", metric \"%3\"")
                    .arg(s.step)
                    .arg(s.target.left(40), s.metric.left(40)));
        seen.insert(key);
    }
    // Absent: as far as the samples reach (what the store would have recorded).
    if (!o.contains(QLatin1String("lastSampleT"))) {
        r->lastSampleT = 0;
        for (const SessionFileSeries &s : std::as_const(r->series))
            for (double t : s.t)
                r->lastSampleT = std::max(r->lastSampleT, t);
    }
    return true;
}

Error invalid(const QString &message)
{
    return Error(Error::Code::InvalidInput, message);
}

const QRegularExpression &formatClaim()
{
    static const QRegularExpression re(QStringLiteral("\"format\"\\s*:\\s*\"clustermark-session\""));
    return re;
}

} // namespace

bool looksLikeSessionFile(const QByteArray &bytes)
{
    // The encoder's keys are sorted: "format" comes within the first hundred bytes.
    const QString head = QString::fromUtf8(bytes.left(4096));
    if (formatClaim().match(head).hasMatch())
        return true;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    return pe.error == QJsonParseError::NoError && doc.isObject()
        && doc.object().value(QLatin1String("format")).toString() == QLatin1String(FormatName);
}

Error decode(const QByteArray &bytes, SessionFileData *out)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError)
        // Qt reports some errors at the end one past the last byte.
        return invalid(QStringLiteral("not valid JSON at byte %1: %2")
                           .arg(std::min<qsizetype>(pe.offset, bytes.size()))
                           .arg(pe.errorString()));
    if (!doc.isObject())
        return invalid(QStringLiteral("not a ClusterMark session file (the JSON is not an object)"));
    return decodeJson(doc.object(), out);
}

Error decodeJson(const QJsonObject &root, SessionFileData *out)
{
    const QJsonValue format = root.value(QLatin1String("format"));
    if (format.isUndefined())
        return invalid(QStringLiteral("not a ClusterMark session file (no \"format\" field)"));
    if (format.toString() != QLatin1String(FormatName))
        return invalid(QStringLiteral("not a ClusterMark session file (format %1)")
                           .arg(format.isString() ? QStringLiteral("\"%1\"").arg(format.toString().left(60))
                                                  : Checker::typeName(format)));
    Checker c;
    int schema = 0;
    if (!c.integer(root, {}, "schema", &schema))
        return invalid(c.error());
    if (schema < 1)
        return invalid(QStringLiteral("schema: %1 is not a schema version").arg(schema));
    if (schema > SchemaVersion)
        return invalid(QStringLiteral("made by a newer ClusterMark: schema %1, this version reads up to %2")
                           .arg(schema)
                           .arg(SchemaVersion));

    SessionFileData d;
    QJsonObject session;
    QJsonArray runs;
    if (c.object(root, {}, "session", &session) && c.string(session, QStringLiteral("session"), "name", &d.name)
        && c.strings(session, QStringLiteral("session"), "tags", &d.tags, C::Optional)
        && c.string(session, QStringLiteral("session"), "note", &d.note, C::Optional)
        && c.date(session, QStringLiteral("session"), "created", &d.created, false, C::Optional)
        && c.array(root, {}, "runs", &runs)) {
        if (d.name.trimmed().isEmpty())
            c.fail(QStringLiteral("session.name"), QStringLiteral("empty"));
        d.runs.resize(runs.size());
        for (qsizetype i = 0; i < runs.size() && !c.failed(); ++i)
            decodeRun(c, runs.at(i), Checker::at(QStringLiteral("runs"), i), &d.runs[i]);
    }
    if (c.failed())
        return invalid(c.error());
    *out = std::move(d);
    return {};
}

} // namespace cm::sessionfile
