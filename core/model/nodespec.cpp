// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/nodespec.h"

#include <QRegularExpression>

namespace cm {

namespace {
QString authName(NodeSpec::Auth a)
{
    switch (a) {
    case NodeSpec::Auth::Key: return QStringLiteral("key");
    case NodeSpec::Auth::Agent: return QStringLiteral("agent");
    case NodeSpec::Auth::Password: return QStringLiteral("password");
    case NodeSpec::Auth::Auto: break;
    }
    return QStringLiteral("auto");
}

NodeSpec::Auth authFromName(const QString &s)
{
    if (s == QLatin1String("key"))
        return NodeSpec::Auth::Key;
    if (s == QLatin1String("agent"))
        return NodeSpec::Auth::Agent;
    if (s == QLatin1String("password"))
        return NodeSpec::Auth::Password;
    return NodeSpec::Auth::Auto;
}
} // namespace

QString NodeSpec::displayName() const
{
    if (!name.isEmpty())
        return name;
    return isLocal() ? QStringLiteral("local") : host;
}

NodeSpec NodeSpec::parse(const QString &spec, QString *error)
{
    NodeSpec n;
    const QString s = spec.trimmed();
    if (s.isEmpty() || s == QLatin1String("local")) {
        n.host = QStringLiteral("local");
        n.name = QStringLiteral("local");
        return n;
    }
    // user@host:port, host may be [v6]
    static const QRegularExpression re(
        QStringLiteral(R"(^(?:([A-Za-z0-9._-]+)@)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+)(?::(\d{1,5}))?$)"));
    const auto m = re.match(s);
    if (!m.hasMatch()) {
        if (error)
            *error
                = QStringLiteral("not a node address (expected local, HOST, USER@HOST or USER@HOST:PORT): %1").arg(s);
        return {};
    }
    n.user = m.captured(1);
    n.host = m.captured(2);
    if (n.host.startsWith(QLatin1Char('[')))
        n.host = n.host.mid(1, n.host.size() - 2);
    if (!m.captured(3).isEmpty()) {
        n.port = m.captured(3).toInt();
        if (n.port < 1 || n.port > 65535) {
            if (error)
                *error = QStringLiteral("port out of range: %1").arg(m.captured(3));
            return {};
        }
    }
    n.name = n.host;
    return n;
}

QString NodeSpec::toSpecString() const
{
    if (isLocal())
        return QStringLiteral("local");
    QString h = host.contains(QLatin1Char(':')) ? QLatin1Char('[') + host + QLatin1Char(']') : host;
    QString s = user.isEmpty() ? h : user + QLatin1Char('@') + h;
    if (port > 0)
        s += QLatin1Char(':') + QString::number(port);
    return s;
}

QJsonObject NodeSpec::toJson() const
{
    QJsonObject o {
        {QStringLiteral("name"), displayName()}, {QStringLiteral("host"), isLocal() ? QStringLiteral("local") : host}};
    if (port > 0)
        o.insert(QStringLiteral("port"), port);
    if (!user.isEmpty())
        o.insert(QStringLiteral("user"), user);
    if (!identityFile.isEmpty())
        o.insert(QStringLiteral("identityFile"), identityFile);
    if (auth != Auth::Auto)
        o.insert(QStringLiteral("auth"), authName(auth));
    if (rememberSecret)
        o.insert(QStringLiteral("rememberSecret"), true);
    if (procRoot != QLatin1String("/proc"))
        o.insert(QStringLiteral("procRoot"), procRoot);
    if (sysRoot != QLatin1String("/sys"))
        o.insert(QStringLiteral("sysRoot"), sysRoot);
    return o;
}

NodeSpec NodeSpec::fromJson(const QJsonObject &o)
{
    NodeSpec n;
    n.host = o.value(QStringLiteral("host")).toString(QStringLiteral("local"));
    n.name = o.value(QStringLiteral("name")).toString(n.isLocal() ? QStringLiteral("local") : n.host);
    n.port = o.value(QStringLiteral("port")).toInt(0);
    n.user = o.value(QStringLiteral("user")).toString();
    n.identityFile = o.value(QStringLiteral("identityFile")).toString();
    n.auth = authFromName(o.value(QStringLiteral("auth")).toString());
    n.rememberSecret = o.value(QStringLiteral("rememberSecret")).toBool(false);
    n.procRoot = o.value(QStringLiteral("procRoot")).toString(QStringLiteral("/proc"));
    n.sysRoot = o.value(QStringLiteral("sysRoot")).toString(QStringLiteral("/sys"));
    return n;
}

QString NodeSpec::secretKey() const
{
    return (user.isEmpty() ? QString() : user + QLatin1Char('@')) + host + QLatin1Char(':')
        + QString::number(port > 0 ? port : 22);
}

} // namespace cm
