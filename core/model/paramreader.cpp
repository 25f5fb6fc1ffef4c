// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/paramreader.h"

#include <QJsonValue>
#include <QRegularExpression>

#include <cmath>

namespace cm {

namespace {

QString shown(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 17);
    case QJsonValue::String: {
        const QString s = v.toString();
        return QLatin1Char('"') + (s.size() > 40 ? s.left(40) + QStringLiteral("…") : s) + QLatin1Char('"');
    }
    case QJsonValue::Array: return QStringLiteral("a list");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Null: return QStringLiteral("null");
    default: return QStringLiteral("nothing");
    }
}

bool hasControl(const QString &s)
{
    for (const QChar c : s)
        if (c.unicode() < 0x20 || c.unicode() == 0x7f)
            return true;
    return false;
}

bool hasSpace(const QString &s)
{
    for (const QChar c : s)
        if (c.isSpace())
            return true;
    return false;
}

} // namespace

qint64 sizeTextBytes(const QString &text)
{
    static const QRegularExpression re(QStringLiteral(R"(^([0-9]{1,19})(?:([kKmMgGtTpP])i?[bB]?)?$)"));
    const QRegularExpressionMatch m = re.match(text);
    if (!m.hasMatch())
        return -1;
    bool ok = false;
    const qulonglong n = m.captured(1).toULongLong(&ok);
    if (!ok)
        return -1;
    const QString prefix = m.captured(2).toLower();
    const int shift = prefix.isEmpty() ? 0 : 10 * (int(QStringLiteral("kmgtp").indexOf(prefix)) + 1);
    constexpr qulonglong Limit = qulonglong(1) << 60;
    if (n > (Limit >> shift))
        return -1;
    return qint64(n << shift);
}

ParamReader::ParamReader(const QJsonObject &object, QString where, QString context)
    : m_object(object)
    , m_where(std::move(where))
    , m_context(std::move(context))
{ }

void ParamReader::fail(const QString &message)
{
    if (!m_error)
        m_error = Error(Error::Code::InvalidInput, m_where + QStringLiteral(": ") + message, m_context);
}

void ParamReader::allowOnly(const QStringList &known)
{
    for (auto it = m_object.begin(); it != m_object.end(); ++it) {
        if (!known.contains(it.key())) {
            QStringList sorted = known;
            sorted.sort();
            fail(QStringLiteral("unknown parameter \"%1\" (known: %2)")
                     .arg(it.key(), sorted.join(QStringLiteral(", "))));
            return;
        }
    }
}

int ParamReader::integer(const QString &key, int def, int min, int max, const QString &unit)
{
    if (!present(key))
        return def;
    const QJsonValue v = m_object.value(key);
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || !std::isfinite(d) || d != std::floor(d) || d < min || d > max) {
        fail(QStringLiteral("\"%1\" must be a whole number from %2 to %3%4, not %5")
                 .arg(key)
                 .arg(min)
                 .arg(max)
                 .arg(unit.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(unit), shown(v)));
        return def;
    }
    return int(d);
}

double ParamReader::number(const QString &key, double def, double min, double max, const QString &unit)
{
    if (!present(key))
        return def;
    const QJsonValue v = m_object.value(key);
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || !std::isfinite(d) || d < min || d > max) {
        fail(QStringLiteral("\"%1\" must be a number from %2 to %3%4, not %5")
                 .arg(key)
                 .arg(min)
                 .arg(max)
                 .arg(unit.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(unit), shown(v)));
        return def;
    }
    return d;
}

QString ParamReader::size(const QString &key, const QString &def, qint64 minBytes, qint64 maxBytes)
{
    if (!present(key))
        return def;
    const QJsonValue v = m_object.value(key);
    const qint64 bytes = v.isString() ? sizeTextBytes(v.toString()) : -1;
    if (bytes < minBytes || bytes > maxBytes) {
        auto human = [](qint64 b) {
            static const char *units[] = {"", "k", "M", "G", "T", "P"};
            int u = 0;
            while (u < 5 && b >= 1024 && b % 1024 == 0) {
                b /= 1024;
                ++u;
            }
            return QString::number(b) + QLatin1String(units[u]);
        };
        fail(QStringLiteral("\"%1\" must be a size like 4k, 1M or 4G from %2 to %3, not %4")
                 .arg(key, human(minBytes), human(maxBytes), shown(v)));
        return def;
    }
    return v.toString();
}

QString ParamReader::choice(const QString &key, const QString &def, const QStringList &allowed)
{
    if (!present(key))
        return def;
    const QJsonValue v = m_object.value(key);
    if (!v.isString() || !allowed.contains(v.toString())) {
        fail(QStringLiteral("\"%1\" must be one of %2, not %3").arg(key, allowed.join(QStringLiteral(", ")), shown(v)));
        return def;
    }
    return v.toString();
}

QString ParamReader::path(const QString &key, bool required, bool spacesAllowed)
{
    if (!present(key)) {
        if (required)
            fail(QStringLiteral("\"%1\" is missing (an absolute path)").arg(key));
        return {};
    }
    const QJsonValue v = m_object.value(key);
    const QString p = v.toString();
    if (!v.isString()) {
        fail(QStringLiteral("\"%1\" must be a path, not %2").arg(key, shown(v)));
        return {};
    }
    if (p.isEmpty()) {
        if (required)
            fail(QStringLiteral("\"%1\" is missing (an absolute path)").arg(key));
        return {};
    }
    if (!p.startsWith(QLatin1Char('/')) || hasControl(p) || (!spacesAllowed && hasSpace(p))
        || p.contains(QLatin1Char(',')) || p.size() > 4096
        || p.split(QLatin1Char('/')).contains(QStringLiteral(".."))) {
        fail(QStringLiteral("\"%1\" must be an absolute path without %2commas, control characters or \"..\", not %3")
                 .arg(key, spacesAllowed ? QString() : QStringLiteral("spaces, "), shown(v)));
        return {};
    }
    return p;
}

QString ParamReader::cephName(const QString &key, const QString &def, bool required)
{
    static const QRegularExpression re(QStringLiteral(R"(^[A-Za-z0-9_.][A-Za-z0-9_.-]{0,127}$)"));
    if (!present(key)) {
        if (required)
            fail(QStringLiteral("\"%1\" is missing").arg(key));
        return def;
    }
    const QJsonValue v = m_object.value(key);
    if (!v.isString() || !re.match(v.toString()).hasMatch()) {
        fail(QStringLiteral("\"%1\" must be a name of letters, digits, '_', '.' and '-' (at most 128), not %2")
                 .arg(key, shown(v)));
        return def;
    }
    return v.toString();
}

bool ParamReader::flag(const QString &key, bool def)
{
    if (!present(key))
        return def;
    const QJsonValue v = m_object.value(key);
    if (v.isBool())
        return v.toBool();
    if (v.isDouble() && (v.toDouble() == 0 || v.toDouble() == 1))
        return v.toDouble() == 1;
    fail(QStringLiteral("\"%1\" must be true or false (or 1 or 0), not %2").arg(key, shown(v)));
    return def;
}

QString ParamReader::text(const QString &key, const QString &def, int maxLength)
{
    if (!present(key))
        return def;
    const QJsonValue v = m_object.value(key);
    const QString s = v.toString();
    bool control = false;
    for (const QChar c : s)
        control = control || c.unicode() < 0x20 || c.unicode() == 0x7f;
    if (!v.isString() || s.size() > maxLength || control) {
        fail(QStringLiteral("\"%1\" must be text of at most %2 characters without control characters, not %3")
                 .arg(key)
                 .arg(maxLength)
                 .arg(shown(v)));
        return def;
    }
    return s;
}

} // namespace cm
