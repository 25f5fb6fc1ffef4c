// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/clusterknobs.h"

#include "ceph/radosclient.h"
#include "parse/cephenvironment.h"
#include "transport/shellquote.h"
#include "tuning/cephconfigknob.h"

namespace cm {

namespace {

bool isFlag(const KnobSetting &s)
{
    return s.info() && s.info()->object == KnobObject::CephFlag;
}

Error readFlag(RadosClient &client, const KnobSetting &s, QString *value)
{
    QByteArray out;
    if (Error e = client.monCommand({{QStringLiteral("prefix"), QStringLiteral("osd dump")},
                                        {QStringLiteral("format"), QStringLiteral("json")}},
            &out))
        return e;
    CephEnvironment env;
    if (Error e = parseCephOsdFlags(out, &env)) // the flags a knob may set are among those it keeps
        return e;
    *value = env.osdFlags.contains(s.object) ? QStringLiteral("set") : QStringLiteral("unset");
    return {};
}

Error writeFlag(RadosClient &client, const KnobSetting &s, const QString &value)
{
    const bool set = value == QLatin1String("set");
    if (Error e
        = client.monCommand({{QStringLiteral("prefix"), set ? QStringLiteral("osd set") : QStringLiteral("osd unset")},
                                {QStringLiteral("key"), s.object}},
            nullptr)) {
        e.context = s.object;
        return e;
    }
    QString now;
    if (Error e = readFlag(client, s, &now))
        return e;
    if (now != value)
        return Error(Error::Code::CommandFailed,
            QStringLiteral("the flag %1 is %2 after osd %3")
                .arg(s.object, now, set ? QStringLiteral("set") : QStringLiteral("unset")),
            s.object);
    return {};
}

} // namespace

Error readClusterKnob(RadosClient &client, const KnobSetting &s, QString *value)
{
    return isFlag(s) ? readFlag(client, s, value) : CephConfigKnob(client).read(s, value);
}

Error writeClusterKnob(RadosClient &client, const KnobSetting &s, const QString &value)
{
    return isFlag(s) ? writeFlag(client, s, value) : CephConfigKnob(client).write(s, value);
}

QString clusterKnobCommand(const KnobSetting &s, const QString &value)
{
    if (!isFlag(s))
        return CephConfigKnob::commandText(s, value);
    return shellJoin({QStringLiteral("ceph"), QStringLiteral("osd"),
        value == QLatin1String("set") ? QStringLiteral("set") : QStringLiteral("unset"), s.object});
}

} // namespace cm
