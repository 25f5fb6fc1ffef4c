// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/bondingparser.h"

#include <QRegularExpression>

namespace cm {

namespace {

constexpr int kMaxWarnings = 20;

enum class Section { Master, Ad, ActiveAgg, Slave, ActorPdu, PartnerPdu };

class Parser {
public:
    BondParseResult run(const QByteArray &text, const QString &bondName);

private:
    void line(const QString &raw);
    void master(const QString &key, const QString &value, const QString &raw);
    void adInfo(const QString &key, const QString &value, const QString &raw);
    void activeAgg(const QString &key, const QString &value, const QString &raw);
    void slave(const QString &key, const QString &value, const QString &raw);
    void pdu(const QString &key, const QString &value, const QString &raw, bool actor);
    int toInt(const QString &value, const QString &raw);
    void warn(const QString &w);
    void unknown(const QString &raw) { warn(QStringLiteral("unknown line ignored: ") + raw.trimmed().left(120)); }

    BondParseResult m_r;
    Section m_section = Section::Master;
    bool m_sawMode = false;
    bool m_firstLine = true;
};

void Parser::warn(const QString &w)
{
    if (m_r.warnings.size() < kMaxWarnings && !m_r.warnings.contains(w))
        m_r.warnings << w;
}

int Parser::toInt(const QString &value, const QString &raw)
{
    bool ok = false;
    const int v = value.trimmed().toInt(&ok);
    if (!ok) {
        warn(QStringLiteral("not a number: ") + raw.trimmed().left(120));
        return -1;
    }
    return v;
}

BondParseResult Parser::run(const QByteArray &text, const QString &bondName)
{
    m_r.bond.name = bondName;
    if (text.trimmed().isEmpty()) {
        m_r.error = Error(Error::Code::ParseError, QStringLiteral("/proc/net/bonding: empty file"), bondName);
        return m_r;
    }
    const QList<QByteArray> lines = text.split('\n');
    for (const QByteArray &l : lines)
        line(QString::fromUtf8(l));
    if (!m_sawMode) {
        m_r.error = Error(Error::Code::ParseError,
            QStringLiteral("/proc/net/bonding: no \"Bonding Mode:\" line (not a bonding status file)"), bondName,
            QString::fromUtf8(text.left(200)));
        m_r.bond = BondInfo();
        m_r.bond.name = bondName;
    }
    return m_r;
}

void Parser::line(const QString &rawIn)
{
    QString raw = rawIn;
    if (raw.endsWith(QLatin1Char('\r')))
        raw.chop(1);
    const QString t = raw.trimmed();
    if (t.isEmpty())
        return;
    if (m_firstLine) {
        m_firstLine = false;
        static const QLatin1String head("Ethernet Channel Bonding Driver:");
        if (t.startsWith(head)) {
            m_r.bond.driverVersion = t.mid(head.size()).trimmed();
            return;
        }
        warn(QStringLiteral("unexpected first line (no driver version): ") + t.left(120));
        if (!t.contains(QLatin1Char(':')))
            return;
    }
    // The PDU detail blocks are the only indented key/value lines of a slave.
    const bool indented = raw.startsWith(QLatin1Char(' ')) || raw.startsWith(QLatin1Char('\t'));
    if ((m_section == Section::ActorPdu || m_section == Section::PartnerPdu) && !indented)
        m_section = Section::Slave;
    if (m_section == Section::ActiveAgg && !indented)
        m_section = Section::Ad;

    if (t == QLatin1String("802.3ad info")) {
        m_section = Section::Ad;
        m_r.bond.ad.present = true;
        return;
    }
    static const QRegularExpression noAgg(QStringLiteral("^bond \\S+ has no active aggregator$"));
    if (noAgg.match(t).hasMatch()) {
        m_r.bond.ad.aggregatorReported = true;
        m_r.bond.ad.hasActiveAggregator = false;
        return;
    }
    // Its key holds "::" itself; the value may be empty.
    if (t.startsWith(QLatin1String("NS IPv6 target/s (xx::xx form):")))
        return;
    const qsizetype colon = t.indexOf(QLatin1Char(':'));
    if (colon <= 0) {
        unknown(raw);
        return;
    }
    const QString key = t.left(colon).trimmed();
    const QString value = t.mid(colon + 1).trimmed();
    if (key == QLatin1String("Slave Interface")) {
        BondSlave s;
        s.name = value;
        m_r.bond.slaves << s;
        m_section = Section::Slave;
        return;
    }
    switch (m_section) {
    case Section::Master: master(key, value, raw); break;
    case Section::Ad: adInfo(key, value, raw); break;
    case Section::ActiveAgg: activeAgg(key, value, raw); break;
    case Section::Slave: slave(key, value, raw); break;
    case Section::ActorPdu: pdu(key, value, raw, true); break;
    case Section::PartnerPdu: pdu(key, value, raw, false); break;
    }
}

void Parser::master(const QString &key, const QString &value, const QString &raw)
{
    BondInfo &b = m_r.bond;
    if (key == QLatin1String("Bonding Mode")) {
        m_sawMode = true;
        QString desc = value;
        static const QRegularExpression fom(QStringLiteral("\\s*\\(fail_over_mac (\\S+)\\)$"));
        const QRegularExpressionMatch m = fom.match(desc);
        if (m.hasMatch()) {
            b.failOverMac = m.captured(1);
            desc = desc.left(m.capturedStart());
        }
        b.modeDescription = desc;
        b.mode = bondModeShortName(desc);
        if (b.mode.isEmpty())
            warn(QStringLiteral("unknown bonding mode: ") + desc.left(80));
    } else if (key == QLatin1String("Transmit Hash Policy")) {
        static const QRegularExpression re(QStringLiteral("^(\\S+)(?:\\s+\\((\\d+)\\))?$"));
        const QRegularExpressionMatch m = re.match(value);
        if (m.hasMatch()) {
            b.transmitHashPolicy = m.captured(1);
            if (m.lastCapturedIndex() >= 2 && !m.captured(2).isEmpty())
                b.transmitHashPolicyId = m.captured(2).toInt();
        } else {
            b.transmitHashPolicy = value;
        }
    } else if (key == QLatin1String("Primary Slave")) {
        const QString name = value.section(QLatin1Char(' '), 0, 0);
        b.primarySlave = name == QLatin1String("None") ? QString() : name;
    } else if (key == QLatin1String("Currently Active Slave")) {
        b.currentlyActiveSlave = value == QLatin1String("None") ? QString() : value;
    } else if (key == QLatin1String("MII Status")) {
        b.miiStatus = value;
    } else if (key == QLatin1String("MII Polling Interval (ms)")) {
        b.miiPollingMs = toInt(value, raw);
    } else if (key == QLatin1String("Up Delay (ms)")) {
        b.upDelayMs = toInt(value, raw);
    } else if (key == QLatin1String("Down Delay (ms)")) {
        b.downDelayMs = toInt(value, raw);
    } else if (key == QLatin1String("ARP Polling Interval (ms)")) {
        b.arpPollingMs = toInt(value, raw);
    } else if (key == QLatin1String("ARP IP target/s (n.n.n.n form)")) {
        for (const QString &a : value.split(QLatin1Char(','), Qt::SkipEmptyParts))
            if (!a.trimmed().isEmpty())
                b.arpTargets << a.trimmed();
    } else if (key == QLatin1String("Peer Notification Delay (ms)") || key == QLatin1String("ARP Missed Max")) {
        // known, not needed
    } else {
        unknown(raw);
    }
}

void Parser::adInfo(const QString &key, const QString &value, const QString &raw)
{
    BondAdInfo &a = m_r.bond.ad;
    if (key == QLatin1String("LACP active"))
        a.lacpActive = value;
    else if (key == QLatin1String("LACP rate"))
        a.lacpRate = value;
    else if (key == QLatin1String("Min links"))
        a.minLinks = toInt(value, raw);
    else if (key == QLatin1String("Aggregator selection policy (ad_select)"))
        a.adSelect = value;
    else if (key == QLatin1String("System priority"))
        a.systemPriority = toInt(value, raw);
    else if (key == QLatin1String("System MAC address"))
        a.systemMac = value;
    else if (key == QLatin1String("Active Aggregator Info") && value.isEmpty()) {
        a.aggregatorReported = true;
        a.hasActiveAggregator = true;
        m_section = Section::ActiveAgg;
    } else
        master(key, value, raw); // a later kernel may print master lines after the section
}

void Parser::activeAgg(const QString &key, const QString &value, const QString &raw)
{
    BondAdInfo &a = m_r.bond.ad;
    if (key == QLatin1String("Aggregator ID"))
        a.activeAggregatorId = toInt(value, raw);
    else if (key == QLatin1String("Number of ports"))
        a.numberOfPorts = toInt(value, raw);
    else if (key == QLatin1String("Actor Key"))
        a.actorKey = toInt(value, raw);
    else if (key == QLatin1String("Partner Key"))
        a.partnerKey = toInt(value, raw);
    else if (key == QLatin1String("Partner Mac Address"))
        a.partnerMac = value;
    else
        unknown(raw);
}

void Parser::slave(const QString &key, const QString &value, const QString &raw)
{
    BondSlave &s = m_r.bond.slaves.last();
    if (key == QLatin1String("MII Status")) {
        s.miiStatus = value;
    } else if (key == QLatin1String("Speed")) {
        if (value.endsWith(QLatin1String(" Mbps")))
            s.speedMbps = toInt(value.chopped(5), raw);
        else if (value != QLatin1String("Unknown"))
            warn(QStringLiteral("unreadable speed: ") + raw.trimmed().left(120));
    } else if (key == QLatin1String("Duplex")) {
        s.duplex = value;
    } else if (key == QLatin1String("Link Failure Count")) {
        s.linkFailureCount = qMax(0, toInt(value, raw));
    } else if (key == QLatin1String("Permanent HW addr")) {
        s.permanentHwAddr = value;
    } else if (key == QLatin1String("Slave queue ID")) {
        s.queueId = toInt(value, raw);
    } else if (key == QLatin1String("Aggregator ID")) {
        s.aggregatorId = value == QLatin1String("N/A") ? -1 : toInt(value, raw);
    } else if (key == QLatin1String("Actor Churn State")) {
        s.actorChurnState = value;
    } else if (key == QLatin1String("Partner Churn State")) {
        s.partnerChurnState = value;
    } else if (key == QLatin1String("details actor lacp pdu") && value.isEmpty()) {
        m_section = Section::ActorPdu;
    } else if (key == QLatin1String("details partner lacp pdu") && value.isEmpty()) {
        m_section = Section::PartnerPdu;
    } else if (key == QLatin1String("Actor Churned Count") || key == QLatin1String("Partner Churned Count")) {
        // known, not needed
    } else {
        unknown(raw);
    }
}

void Parser::pdu(const QString &key, const QString &value, const QString &raw, bool actor)
{
    BondSlave &s = m_r.bond.slaves.last();
    if (key == QLatin1String("port state")) {
        (actor ? s.actorPortState : s.partnerPortState) = toInt(value, raw);
    } else if (key == QLatin1String("system mac address")) {
        if (!actor)
            s.partnerSystemMac = value;
    } else if (key == QLatin1String("system priority") || key == QLatin1String("port key")
        || key == QLatin1String("oper key") || key == QLatin1String("port priority")
        || key == QLatin1String("port number")) {
        // known, not needed
    } else {
        unknown(raw);
    }
}

} // namespace

QString bondModeShortName(const QString &d)
{
    static const char *const shortNames[]
        = {"balance-rr", "active-backup", "balance-xor", "broadcast", "802.3ad", "balance-tlb", "balance-alb"};
    for (const char *s : shortNames)
        if (d == QLatin1String(s))
            return d;
    if (d == QLatin1String("load balancing (round-robin)"))
        return QStringLiteral("balance-rr");
    if (d == QLatin1String("fault-tolerance (active-backup)"))
        return QStringLiteral("active-backup");
    if (d == QLatin1String("load balancing (xor)"))
        return QStringLiteral("balance-xor");
    if (d == QLatin1String("fault-tolerance (broadcast)"))
        return QStringLiteral("broadcast");
    if (d == QLatin1String("IEEE 802.3ad Dynamic link aggregation"))
        return QStringLiteral("802.3ad");
    if (d == QLatin1String("transmit load balancing"))
        return QStringLiteral("balance-tlb");
    if (d == QLatin1String("adaptive load balancing"))
        return QStringLiteral("balance-alb");
    return {};
}

BondParseResult parseProcNetBonding(const QByteArray &text, const QString &bondName)
{
    Parser p;
    return p.run(text, bondName);
}

} // namespace cm
