// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/cephconfigknob.h"

#include "ceph/radosclient.h"
#include "transport/shellquote.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace cm {

CephConfigKnob::CephConfigKnob(RadosClient &client)
    : m_client(client)
{ }

Error CephConfigKnob::read(const KnobSetting &s, QString *value)
{
    QByteArray out;
    if (Error e = m_client.monCommand({{QStringLiteral("prefix"), QStringLiteral("config dump")},
                                          {QStringLiteral("format"), QStringLiteral("json")}},
            &out))
        return e;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(out, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isArray())
        return Error(Error::Code::ParseError, QStringLiteral("the mons' config dump is not a JSON list"), s.object);
    value->clear();
    const QString who = s.cephWho(), name = s.cephName();
    for (const QJsonValue &v : doc.array()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("section")).toString() == who && o.value(QStringLiteral("name")).toString() == name
            && o.value(QStringLiteral("mask")).toString().isEmpty()) {
            *value = o.value(QStringLiteral("value")).toString();
            if (value->isEmpty())
                return Error(
                    Error::Code::ParseError, QStringLiteral("%1 is set to an empty value").arg(s.object), s.object);
        }
    }
    return {};
}

Error CephConfigKnob::write(const KnobSetting &s, const QString &value, QString *stored)
{
    QJsonObject cmd {{QStringLiteral("who"), s.cephWho()}, {QStringLiteral("name"), s.cephName()}};
    if (value.isEmpty()) {
        cmd.insert(QStringLiteral("prefix"), QStringLiteral("config rm"));
    } else {
        cmd.insert(QStringLiteral("prefix"), QStringLiteral("config set"));
        cmd.insert(QStringLiteral("value"), value);
    }
    if (Error e = m_client.monCommand(cmd, nullptr)) {
        e.context = s.object;
        return e;
    }
    QString now;
    if (Error e = read(s, &now))
        return e;
    if (stored)
        *stored = now;
    if (now.isEmpty() != value.isEmpty())
        return Error(Error::Code::CommandFailed,
            value.isEmpty() ? QStringLiteral("%1 is still set (%2) after config rm").arg(s.object, now)
                            : QStringLiteral("%1 is not set after config set").arg(s.object),
            s.object);
    return {};
}

QString CephConfigKnob::commandText(const KnobSetting &s, const QString &value)
{
    QStringList argv {QStringLiteral("ceph"), QStringLiteral("config"),
        value.isEmpty() ? QStringLiteral("rm") : QStringLiteral("set"), s.cephWho(), s.cephName()};
    if (!value.isEmpty())
        argv << value;
    return shellJoin(argv);
}

} // namespace cm
