// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/redactor.h"

#include "stats/clustertotal.h"

#include <QHostAddress>
#include <QRegularExpression>

#include <algorithm>

namespace cm {

namespace {

bool nameChar(QChar c)
{
    // '-' is no name character: "clustermark-bench-pve1.fio.dat" names the node too.
    return c.isLetterOrNumber() || c == QLatin1Char('_');
}

// Replaces every match of re for which replace() returns a non-empty string.
template <typename F> QString substitute(const QString &text, const QRegularExpression &re, F replace)
{
    QString out;
    qsizetype last = 0;
    auto it = re.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        const QString r = replace(m.captured(0));
        if (r.isEmpty())
            continue;
        out += QStringView(text).mid(last, m.capturedStart(0) - last);
        out += r;
        last = m.capturedEnd(0);
    }
    out += QStringView(text).mid(last);
    return out;
}

} // namespace

void Redactor::addHost(const QString &nameIn, const QString &sameAs)
{
    QString name = nameIn.trimmed();
    const int at = int(name.lastIndexOf(QLatin1Char('@')));
    if (at >= 0)
        name = name.mid(at + 1);
    // "host:port" (not an IPv6 address)
    if (name.count(QLatin1Char(':')) == 1)
        name = name.left(name.indexOf(QLatin1Char(':')));
    if (name.size() < 2)
        return;
    const QString key = name.toLower();
    if (m_hosts.contains(key))
        return;
    QString placeholder = sameAs.isEmpty() ? QString() : m_hosts.value(sameAs.toLower());
    // An FQDN shares its short name's placeholder.
    const int dot = int(key.indexOf(QLatin1Char('.')));
    const bool address = !QHostAddress(name).isNull();
    if (placeholder.isEmpty() && !address && dot > 0 && m_hosts.contains(key.left(dot)))
        placeholder = m_hosts.value(key.left(dot));
    if (placeholder.isEmpty())
        placeholder = QStringLiteral("node%1").arg(m_hostOrder.size() + 1);
    if (!m_hostOrder.contains(placeholder))
        m_hostOrder << placeholder;
    m_hosts.insert(key, placeholder);
    m_names << name;
    if (!address && dot > 1 && !m_hosts.contains(key.left(dot)))
        m_hosts.insert(key.left(dot), placeholder);
}

void Redactor::addRecords(const RunRecords &r)
{
    for (const QString &n : r.run.nodes)
        addHost(n);
    for (const NodeSpec &n : r.plan.nodes) {
        addHost(n.displayName());
        if (!n.isLocal())
            addHost(n.host, n.displayName());
    }
    for (const StepRecord &s : r.steps) {
        if (s.node == clusterTotalNode())
            continue; // not a host: the sum over the step's clients
        addHost(s.node);
        addHost(s.environment.value(QStringLiteral("hostname")).toString(), s.node);
        const int colon = int(s.target.indexOf(QLatin1Char(':')));
        if (colon > 0)
            addHost(s.target.left(colon));
    }
    addHost(r.environment.value(QStringLiteral("client_host")).toString());
    addHost(r.environment.value(QStringLiteral("hostname")).toString());
}

QString Redactor::placeholder(QHash<QString, QString> &map, const QString &prefix, const QString &value)
{
    const QString key = value.toLower();
    auto it = map.find(key);
    if (it == map.end())
        it = map.insert(key, prefix + QString::number(map.size() + 1));
    return it.value();
}

QString Redactor::apply(const QString &textIn)
{
    QString text = textIn;
    // Host names, longest first so "pve1.lan" wins over "pve1".
    QStringList names = m_hosts.keys();
    std::sort(names.begin(), names.end(),
        [](const QString &a, const QString &b) { return a.size() != b.size() ? a.size() > b.size() : a < b; });
    for (const QString &name : std::as_const(names)) {
        const QString &to = m_hosts.value(name);
        qsizetype from = 0;
        while ((from = text.indexOf(name, from, Qt::CaseInsensitive)) >= 0) {
            const qsizetype end = from + name.size();
            const bool alone
                = (from == 0 || !nameChar(text.at(from - 1))) && (end >= text.size() || !nameChar(text.at(end)));
            if (!alone) {
                from = end;
                continue;
            }
            text.replace(from, name.size(), to);
            from += to.size();
        }
    }
    static const QRegularExpression mac(QStringLiteral(
        "(?<![0-9A-Fa-f:-])(?:[0-9A-Fa-f]{2}([:-]))(?:[0-9A-Fa-f]{2}\\1){4}[0-9A-Fa-f]{2}(?![0-9A-Fa-f:-])"));
    text = substitute(text, mac, [&](const QString &m) { return placeholder(m_mac, QStringLiteral("mac"), m); });
    static const QRegularExpression v6(QStringLiteral("(?<![0-9A-Za-z:.])[0-9A-Fa-f]{0,4}(?::[0-9A-Fa-f]{0,4}){2,7}(?:("
                                                      "?<=:)\\d{1,3}(?:\\.\\d{1,3}){3})?(?![0-9A-Za-z:])"));
    text = substitute(text, v6, [&](const QString &m) -> QString {
        const QHostAddress a(m);
        if (a.isNull() || a.protocol() != QAbstractSocket::IPv6Protocol || m == QLatin1String("::"))
            return {};
        return placeholder(m_ipv6, QStringLiteral("ip6-"), a.toString());
    });
    static const QRegularExpression v4(QStringLiteral("(?<![0-9.])(?:(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(?:"
                                                      "25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(?!\\d|\\.\\d)"));
    text = substitute(text, v4, [&](const QString &m) { return placeholder(m_ipv4, QStringLiteral("ip"), m); });
    return text;
}

} // namespace cm
