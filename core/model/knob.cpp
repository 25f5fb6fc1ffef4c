// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/knob.h"

#include <QRegularExpression>

namespace cm {

const QList<KnobInfo> &knobCatalogue()
{
    static const QList<KnobInfo> all {
        {QStringLiteral("write-cache"), QT_TRANSLATE_NOOP("cm::Knob", "Drive volatile write cache"), "on | off",
            KnobObject::Device},
        {QStringLiteral("read-ahead"), QT_TRANSLATE_NOOP("cm::Knob", "Block device read-ahead (KiB)"), "0 … 65536",
            KnobObject::Device},
        {QStringLiteral("scheduler"), QT_TRANSLATE_NOOP("cm::Knob", "Block device I/O scheduler"),
            "none | mq-deadline | kyber | bfq", KnobObject::Device},
        {QStringLiteral("cpu-governor"), QT_TRANSLATE_NOOP("cm::Knob", "CPU frequency governor"),
            "performance | powersave | ondemand | conservative | schedutil", KnobObject::CpuPolicy},
        {QStringLiteral("mtu"), QT_TRANSLATE_NOOP("cm::Knob", "Network interface MTU"), "576 … 65535",
            KnobObject::Interface, true},
        {QStringLiteral("bond-hash"), QT_TRANSLATE_NOOP("cm::Knob", "Bond transmit hash policy"),
            "layer2 | layer2+3 | layer3+4 | encap2+3 | encap3+4 | vlan+srcmac", KnobObject::Bond, true},
        {QStringLiteral("config"), QT_TRANSLATE_NOOP("cm::Knob", "Ceph option (ceph config set)"),
            "a value the option takes", KnobObject::CephOption},
        {QStringLiteral("osd-flag"), QT_TRANSLATE_NOOP("cm::Knob", "Cluster-wide OSD flag (ceph osd set)"),
            "set | unset", KnobObject::CephFlag},
    };
    return all;
}

const KnobInfo *findKnob(const QString &id)
{
    for (const KnobInfo &k : knobCatalogue())
        if (k.id == id)
            return &k;
    return nullptr;
}

namespace {

Error invalid(const QString &message, const QString &context = {})
{
    return Error(Error::Code::InvalidInput, message, context);
}

QStringList choices(const KnobInfo &k)
{
    return QString::fromUtf8(k.values).split(QStringLiteral(" | "));
}

Error integerValue(const KnobInfo &k, const QString &value, int min, int max, QString *raw)
{
    bool ok = false;
    const int v = value.toInt(&ok);
    if (!ok || v < min || v > max)
        return invalid(QStringLiteral("%1 must be a whole number from %2 to %3, not \"%4\"")
                           .arg(k.id)
                           .arg(min)
                           .arg(max)
                           .arg(value),
            k.id);
    *raw = QString::number(v);
    return {};
}

} // namespace

Error knobRawValue(const KnobInfo &k, const QString &value, QString *raw)
{
    const QString v = value.trimmed();
    if (k.object == KnobObject::CephOption) {
        // It goes to the mons as a JSON field, never to a command line; the mon checks
        // it against the option's type.
        static const QRegularExpression printable(QStringLiteral("^[^\\x00-\\x1f\\x7f]{1,64}$"));
        if (!printable.match(v).hasMatch())
            return invalid(
                QStringLiteral("a Ceph option's value is 1 to 64 printable characters, not \"%1\"").arg(v), k.id);
        *raw = v;
        return {};
    }
    if (k.id == QLatin1String("write-cache")) {
        if (v == QLatin1String("on") || v == QLatin1String("write back"))
            *raw = QStringLiteral("write back");
        else if (v == QLatin1String("off") || v == QLatin1String("write through"))
            *raw = QStringLiteral("write through");
        else
            return invalid(QStringLiteral("write-cache is on or off, not \"%1\"").arg(v), k.id);
        return {};
    }
    if (k.id == QLatin1String("read-ahead"))
        return integerValue(k, v, 0, 65536, raw);
    if (k.id == QLatin1String("mtu"))
        return integerValue(k, v, 576, 65535, raw);
    // The scheduler's names depend on the kernel: the node lists them; a name is one
    // word of [a-z0-9-] and the node refuses one it does not have.
    static const QRegularExpression word(QStringLiteral("^[a-z0-9][a-z0-9-]{0,31}$"));
    const bool listed = choices(k).contains(v);
    if (!listed && !(k.id == QLatin1String("scheduler") && word.match(v).hasMatch()))
        return invalid(QStringLiteral("%1 is one of %2, not \"%3\"").arg(k.id, QString::fromUtf8(k.values), v), k.id);
    *raw = v;
    return {};
}

Error checkKnobObject(KnobObject kind, const QString &object)
{
    // The kernel's names: a device in /sys/block, an interface (IFNAMSIZ 16 with its
    // terminating zero). Neither may hold "/" or be "." or "..": the name becomes part
    // of a /sys path.
    static const QRegularExpression device(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.:+-]{0,31}$"));
    static const QRegularExpression iface(QStringLiteral("^[A-Za-z0-9][A-Za-z0-9_.:@-]{0,14}$"));
    static const QRegularExpression policy(QStringLiteral("^(policy[0-9]{1,4}|all)$"));
    // The mons' sections ("osd", "osd.3", "client.rgw.gw1") and an option's name.
    static const QRegularExpression option(QStringLiteral(
        "^(global|(mon|mgr|osd|mds|client)(\\.[A-Za-z0-9_-][A-Za-z0-9_.-]{0,47})?)/[a-z][a-z0-9_]{1,79}$"));
    if (kind == KnobObject::CephFlag) {
        // The flags that change what a benchmark sees and leave client I/O going (never
        // pause, which stops it).
        static const QStringList flags {QStringLiteral("noscrub"), QStringLiteral("nodeep-scrub"),
            QStringLiteral("noout"), QStringLiteral("norebalance"), QStringLiteral("nobackfill"),
            QStringLiteral("norecover"), QStringLiteral("nosnaptrim")};
        if (!flags.contains(object))
            return invalid(QStringLiteral("\"%1\" is not an OSD flag an experiment may set (%2)")
                               .arg(object.left(40), flags.join(QStringLiteral(", "))),
                object.left(40));
        return {};
    }
    if (kind == KnobObject::CephOption) {
        if (!option.match(object).hasMatch())
            return invalid(QStringLiteral("\"%1\" is not a Ceph section and option such as client/rbd_cache or "
                                          "osd.3/osd_memory_target")
                               .arg(object.left(100)),
                object.left(100));
        return {};
    }
    const QRegularExpression &re = kind == KnobObject::Device ? device : kind == KnobObject::CpuPolicy ? policy : iface;
    if (object == QLatin1String(".") || object == QLatin1String("..") || !re.match(object).hasMatch()) {
        const char *what = kind == KnobObject::Device ? "a block device name such as sdb or nvme0n1"
            : kind == KnobObject::CpuPolicy           ? "a CPU frequency policy such as policy0, or all"
                                                      : "a network interface name such as eth0 or bond0";
        return invalid(QStringLiteral("\"%1\" is not %2").arg(object, QLatin1String(what)), object);
    }
    return {};
}

QString knobCurrentValue(const KnobInfo &k, const QByteArray &reported)
{
    const QString text = QString::fromUtf8(reported).trimmed();
    if (k.id == QLatin1String("scheduler")) {
        static const QRegularExpression chosen(QStringLiteral("\\[([^\\]\\s]+)\\]"));
        const QRegularExpressionMatch m = chosen.match(text);
        return m.hasMatch() ? m.captured(1) : text;
    }
    if (k.id == QLatin1String("bond-hash"))
        return text.section(QLatin1Char(' '), 0, 0);
    return text;
}

namespace {

// A knob of the cluster is written on the node "ceph" and always names its object.
Error checkClusterSetting(const KnobInfo &k, const KnobSetting &s)
{
    if (!isClusterObject(k.object))
        return {};
    const QString example
        = k.object == KnobObject::CephOption ? QStringLiteral("client/rbd_cache") : QStringLiteral("noscrub");
    if (s.node != QLatin1String(kCephKnobNode))
        return invalid(QStringLiteral("%1 is the cluster's: write it ceph:%1@%2=%3")
                           .arg(k.id, s.object.isEmpty() ? example : s.object, s.value),
            k.id);
    if (s.object.isEmpty())
        return invalid(k.object == KnobObject::CephOption
                ? QStringLiteral("name the option's section and name: ceph:config@client/rbd_cache=%1").arg(s.value)
                : QStringLiteral("name the flag: ceph:osd-flag@noscrub=%1").arg(s.value),
            k.id);
    return {};
}

} // namespace

KnobSetting KnobSetting::parse(const QString &text, Error *error)
{
    static const QRegularExpression form(
        QStringLiteral("^([^:@=\\s]{1,64}):([a-z0-9-]{1,32})(?:@([^=\\s]{1,130}))?=(.{1,64})$"));
    KnobSetting s;
    auto fail = [&](const Error &e) {
        if (error)
            *error = e;
        return KnobSetting();
    };
    const QRegularExpressionMatch m = form.match(text.trimmed());
    if (!m.hasMatch())
        return fail(invalid(QStringLiteral("a knob is written NODE:KNOB=VALUE or NODE:KNOB@OBJECT=VALUE "
                                           "(for example pve1:write-cache@sdb=off), not \"%1\"")
                                .arg(text.left(80)),
            QStringLiteral("knob")));
    s.node = m.captured(1);
    s.knob = m.captured(2);
    s.object = m.captured(3);
    s.value = m.captured(4).trimmed();
    const KnobInfo *k = findKnob(s.knob);
    if (!k) {
        QStringList ids;
        for (const KnobInfo &i : knobCatalogue())
            ids << i.id;
        return fail(invalid(
            QStringLiteral("unknown knob \"%1\" (known: %2)").arg(s.knob, ids.join(QStringLiteral(", "))), s.knob));
    }
    if (Error e = checkClusterSetting(*k, s))
        return fail(e);
    if (!s.object.isEmpty())
        if (Error e = checkKnobObject(k->object, s.object))
            return fail(e);
    if (Error e = knobRawValue(*k, s.value, &s.raw))
        return fail(e);
    if (error)
        *error = {};
    return s;
}

bool KnobSetting::isClusterKnob() const
{
    const KnobInfo *k = info();
    return k && isClusterObject(k->object);
}

bool isClusterObject(KnobObject kind)
{
    return kind == KnobObject::CephOption || kind == KnobObject::CephFlag;
}

QString KnobSetting::toString() const
{
    return object.isEmpty() ? QStringLiteral("%1:%2=%3").arg(node, knob, value)
                            : QStringLiteral("%1:%2@%3=%4").arg(node, knob, object, value);
}

QJsonObject KnobSetting::toJson() const
{
    QJsonObject o {{QStringLiteral("node"), node}, {QStringLiteral("knob"), knob}, {QStringLiteral("value"), value}};
    if (!object.isEmpty())
        o.insert(QStringLiteral("object"), object);
    return o;
}

KnobSetting KnobSetting::fromJson(const QJsonObject &o, Error *error)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const bool known = it.key() == QLatin1String("node") || it.key() == QLatin1String("knob")
            || it.key() == QLatin1String("object") || it.key() == QLatin1String("value");
        if (!known || !it.value().isString()) {
            if (error)
                *error = invalid(known ? QStringLiteral("knob: \"%1\" must be a string").arg(it.key())
                                       : QStringLiteral("knob: unknown key \"%1\"").arg(it.key().left(40)),
                    QStringLiteral("knob"));
            return {};
        }
    }
    const QString object = o.value(QStringLiteral("object")).toString();
    const QString text
        = QStringLiteral("%1:%2%3=%4")
              .arg(o.value(QStringLiteral("node")).toString(), o.value(QStringLiteral("knob")).toString(),
                  object.isEmpty() ? QString() : QLatin1Char('@') + object,
                  o.value(QStringLiteral("value")).toString());
    return parse(text, error);
}

} // namespace cm
