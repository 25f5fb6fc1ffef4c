// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/cephconf.h"

namespace cm {

namespace {

constexpr qsizetype kMaxInput = 1 << 20;

// Strips comments and resolves quotes and escapes of one logical line.
QString cleanLine(const QString &raw, bool *unbalanced)
{
    QString out;
    out.reserve(raw.size());
    bool quoted = false;
    for (qsizetype i = 0; i < raw.size(); ++i) {
        const QChar c = raw.at(i);
        if (c == QLatin1Char('\\')) {
            if (i + 1 < raw.size()) // a lone final backslash is dropped
                out += raw.at(++i);
            continue;
        }
        if (c == QLatin1Char('"')) {
            quoted = !quoted;
            continue;
        }
        if (!quoted && (c == QLatin1Char('#') || c == QLatin1Char(';')))
            break;
        out += c;
    }
    *unbalanced = quoted;
    return out;
}

bool monAddressChar(QChar c)
{
    return (c.unicode() < 128 && c.isLetterOrNumber()) || c == QLatin1Char('.') || c == QLatin1Char(':')
        || c == QLatin1Char('-') || c == QLatin1Char('_') || c == QLatin1Char('/') || c == QLatin1Char('%')
        || c == QLatin1Char('[') || c == QLatin1Char(']') || c == QLatin1Char(',');
}

} // namespace

QString CephConf::normalizeKey(const QString &key)
{
    QString out;
    bool sep = false;
    for (const QChar c : key.trimmed()) {
        if (c == QLatin1Char(' ') || c == QLatin1Char('\t') || c == QLatin1Char('-') || c == QLatin1Char('_')) {
            sep = true;
            continue;
        }
        if (sep && !out.isEmpty())
            out += QLatin1Char('_');
        sep = false;
        out += c.toLower();
    }
    return out;
}

QString CephConf::value(const QString &section, const QString &key) const
{
    return sections.value(section).value(normalizeKey(key));
}

QString CephConf::clientValue(const QString &key, const QString &clientName) const
{
    const QString k = normalizeKey(key);
    for (const QString &s : {cephEntityName(clientName), QStringLiteral("client"), QStringLiteral("global")}) {
        const auto it = sections.constFind(s);
        if (it != sections.cend() && it->contains(k))
            return it->value(k);
    }
    return {};
}

CephConf parseCephConf(const QByteArray &text)
{
    CephConf conf;
    if (text.size() > kMaxInput) {
        conf.warnings << QStringLiteral("file too large (%1 bytes; at most %2)").arg(text.size()).arg(kMaxInput);
        return conf;
    }
    const QStringList lines = QString::fromUtf8(text).split(QLatin1Char('\n'));
    QString section;
    QString pending; // a line continued with a trailing backslash
    int pendingStart = 0;
    for (int n = 0; n < lines.size(); ++n) {
        QString raw = lines.at(n);
        if (raw.endsWith(QLatin1Char('\r')))
            raw.chop(1);
        if (pending.isEmpty())
            pendingStart = n + 1;
        // An odd number of trailing backslashes continues the line (joined before
        // comments are stripped).
        qsizetype slashes = 0;
        while (slashes < raw.size() && raw.at(raw.size() - 1 - slashes) == QLatin1Char('\\'))
            ++slashes;
        if (slashes % 2 == 1 && n + 1 < lines.size()) {
            pending += raw.left(raw.size() - 1);
            continue;
        }
        bool unbalanced = false;
        const QString line = cleanLine(pending + raw, &unbalanced).trimmed();
        pending.clear();
        if (unbalanced)
            conf.warnings << QStringLiteral("line %1: unbalanced quote").arg(pendingStart);
        if (line.isEmpty())
            continue;
        if (line.startsWith(QLatin1Char('['))) {
            const qsizetype close = line.indexOf(QLatin1Char(']'));
            const QString name = close > 0 ? line.mid(1, close - 1).trimmed() : QString();
            if (name.isEmpty() || !line.mid(close + 1).trimmed().isEmpty()) {
                conf.warnings << QStringLiteral("line %1: malformed section header").arg(pendingStart);
                section = QStringLiteral("\x01invalid"); // keys below belong nowhere
                continue;
            }
            section = name;
            conf.sections[section];
            continue;
        }
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            conf.warnings << QStringLiteral("line %1: not \"key = value\"").arg(pendingStart);
            continue;
        }
        const QString key = CephConf::normalizeKey(line.left(eq));
        if (key.isEmpty()) {
            conf.warnings << QStringLiteral("line %1: empty key").arg(pendingStart);
            continue;
        }
        if (section.isEmpty()) {
            conf.warnings << QStringLiteral("line %1: \"%2\" outside any section").arg(pendingStart).arg(key);
            continue;
        }
        if (section.startsWith(QLatin1Char('\x01')))
            continue;
        conf.sections[section].insert(key, line.mid(eq + 1).trimmed());
    }
    return conf;
}

QStringList splitMonHost(const QString &value, QString *error)
{
    QStringList out;
    QString cur;
    int depth = 0;
    auto flush = [&] {
        if (!cur.isEmpty())
            out << cur;
        cur.clear();
    };
    for (const QChar c : value) {
        if (depth == 0 && (c == QLatin1Char(',') || c == QLatin1Char(';') || c.isSpace())) {
            flush();
            continue;
        }
        if (!monAddressChar(c)) {
            if (error)
                *error = QStringLiteral("mon host \"%1\": unexpected character '%2'").arg(value.left(200), QString(c));
            return {};
        }
        if (c == QLatin1Char('[')) {
            if (depth > 0) {
                if (error)
                    *error = QStringLiteral("mon host \"%1\": nested brackets").arg(value.left(200));
                return {};
            }
            ++depth;
        } else if (c == QLatin1Char(']')) {
            if (depth == 0) {
                if (error)
                    *error = QStringLiteral("mon host \"%1\": unbalanced ']'").arg(value.left(200));
                return {};
            }
            --depth;
        }
        cur += c;
    }
    if (depth != 0) {
        if (error)
            *error = QStringLiteral("mon host \"%1\": unbalanced '['").arg(value.left(200));
        return {};
    }
    flush();
    for (const QString &m : out)
        if (m == QLatin1String("[]") || m.startsWith(QLatin1Char(',')) || m.contains(QLatin1String(",,"))) {
            if (error)
                *error = QStringLiteral("mon host \"%1\": empty address").arg(value.left(200));
            return {};
        }
    if (out.isEmpty() && error)
        *error = QStringLiteral("mon host is empty");
    return out;
}

QStringList cephConfMonitors(const CephConf &conf, const QString &clientName, QString *error)
{
    QString err;
    const QString monHost = conf.clientValue(QStringLiteral("mon_host"), clientName);
    if (!monHost.isEmpty()) {
        const QStringList mons = splitMonHost(monHost, &err);
        if (error)
            *error = err;
        return mons;
    }
    QStringList mons;
    for (auto it = conf.sections.cbegin(); it != conf.sections.cend(); ++it) {
        if (!it.key().startsWith(QLatin1String("mon.")))
            continue;
        QString addr = it->value(QStringLiteral("mon_addr"));
        if (addr.isEmpty())
            addr = it->value(QStringLiteral("public_addr"));
        if (addr.isEmpty())
            continue;
        const QStringList one = splitMonHost(addr, &err);
        if (one.isEmpty()) {
            if (error)
                *error = QStringLiteral("[%1]: %2").arg(it.key(), err);
            return {};
        }
        mons << one;
    }
    if (mons.isEmpty() && error)
        *error = QStringLiteral("no mon_host in [global] or [client], and no [mon.X] section with a mon addr");
    return mons;
}

QString cephEntityName(const QString &clientName)
{
    const QString n = clientName.trimmed();
    if (n.isEmpty())
        return QStringLiteral("client.admin");
    return n.contains(QLatin1Char('.')) ? n : QStringLiteral("client.") + n;
}

} // namespace cm
