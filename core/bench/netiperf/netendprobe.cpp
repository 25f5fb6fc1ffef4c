// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/netiperf/netendprobe.h"

#include "parse/bondingparser.h"
#include "parse/markedsections.h"

#include <QJsonArray>
#include <QRandomGenerator>
#include <QRegularExpression>

namespace cm {

namespace {

// Fixed script; the only input is the section nonce ("$1").
const char *kProbeScript = R"SH(CMN=$1
b iperf3; iperf3 --version 2>&1 | head -n 1; e iperf3
b iperf2; iperf -v 2>&1 | head -n 1; e iperf2
b nics
for d in /sys/class/net/*; do
  n=${d##*/}
  m=$(readlink "$d/master" 2>/dev/null); m=${m##*/}
  printf '%s %s %s %s\n' "$n" "$(cat "$d/mtu" 2>/dev/null || echo 0)" "$(cat "$d/speed" 2>/dev/null || echo -1)" "${m:--}"
done
e nics
b netdev; cat /proc/net/dev; e netdev
for f in /proc/net/bonding/*; do
  [ -r "$f" ] || continue
  b "bond:${f##*/}"; cat "$f"; e "bond:${f##*/}"
done
exit 0
)SH";

} // namespace

std::pair<int, int> iperfVersionNumbers(const QString &version)
{
    static const QRegularExpression re(QStringLiteral(R"((\d+)\.(\d+))"));
    const auto m = re.match(version);
    if (!m.hasMatch())
        return {0, 0};
    return {m.captured(1).toInt(), m.captured(2).toInt()};
}

int NetEndProbe::maxSpeedMbps() const
{
    int best = -1;
    for (const NicInfo &n : nics)
        best = qMax(best, n.speedMbps);
    return best;
}

QJsonObject NetEndProbe::toJson() const
{
    QJsonArray ns, bs;
    for (const NicInfo &n : nics)
        if (n.name != QLatin1String("lo"))
            ns.append(QJsonObject {{QStringLiteral("name"), n.name}, {QStringLiteral("mtu"), n.mtu},
                {QStringLiteral("speedMbps"), n.speedMbps}, {QStringLiteral("master"), n.master}});
    for (const BondInfo &b : bonds)
        bs.append(b.toJson());
    QJsonObject o {{QStringLiteral("iperf3"), iperf3Version}, {QStringLiteral("iperf2"), iperf2Version},
        {QStringLiteral("nics"), ns}};
    if (!bs.isEmpty())
        o.insert(QStringLiteral("bonds"), bs);
    return o;
}

NetEndProbe parseNetEndProbe(const QByteArray &output, const QByteArray &nonce, const QString &nodeName)
{
    NetEndProbe p;
    p.node = nodeName;
    const QMap<QString, MarkedSection> s = splitMarkedSections(output, nonce);
    static const QRegularExpression v3(QStringLiteral(R"(^iperf (3\.\d+(\.\d+)?))"));
    static const QRegularExpression v2(QStringLiteral(R"(^iperf version (2\.\d+(\.\d+)?))"));
    const QString l3 = QString::fromUtf8(s.value(QStringLiteral("iperf3")).body).trimmed();
    const QString l2 = QString::fromUtf8(s.value(QStringLiteral("iperf2")).body).trimmed();
    if (const auto m = v3.match(l3); m.hasMatch())
        p.iperf3Version = m.captured(1);
    if (const auto m = v2.match(l2); m.hasMatch())
        p.iperf2Version = m.captured(1);
    for (const QString &line :
        QString::fromUtf8(s.value(QStringLiteral("nics")).body).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
        const QStringList f = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (f.size() < 4)
            continue;
        NicInfo n;
        n.name = f[0];
        n.mtu = f[1].toInt();
        bool ok = false;
        n.speedMbps = f[2].toInt(&ok);
        if (!ok || n.speedMbps <= 0)
            n.speedMbps = -1;
        n.master = f[3] == QLatin1String("-") ? QString() : f[3];
        p.nics.append(n);
    }
    p.netdev = parseNetDev(s.value(QStringLiteral("netdev")).body);
    for (auto it = s.cbegin(); it != s.cend(); ++it) {
        if (!it.key().startsWith(QLatin1String("bond:")))
            continue;
        BondParseResult r = parseProcNetBonding(it.value().body, it.key().mid(5));
        if (!r.error)
            p.bonds.append(r.bond);
    }
    return p;
}

NetEndProbe probeNetEnd(Transport &t, const QString &nodeName, const CancelToken &cancel)
{
    const QByteArray nonce = QByteArray::number(QRandomGenerator::global()->generate64(), 36);
    Command c;
    c.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
        QString::fromUtf8(markedSectionShellFunctions()) + QString::fromLatin1(kProbeScript), QStringLiteral("sh"),
        QString::fromLatin1(nonce)};
    c.timeoutMs = 20000;
    const ExecResult r = t.run(c, {}, cancel);
    if (r.error) {
        NetEndProbe p;
        p.node = nodeName;
        p.error = r.error;
        return p;
    }
    return parseNetEndProbe(r.stdOut, nonce, nodeName);
}

} // namespace cm
