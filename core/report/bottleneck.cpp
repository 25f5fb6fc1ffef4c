// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/bottleneck.h"
#include "report/steptitle.h"

#include "model/metric.h"
#include "report/unitformat.h"
#include "stats/osdoutliers.h"

#include <QJsonArray>
#include <QMap>

#include <algorithm>

namespace cm {

namespace {

using Kind = BottleneckFinding::Kind;

const QList<QPair<Kind, QString>> &kindIds()
{
    static const QList<QPair<Kind, QString>> ids {{Kind::ClientCpu, QStringLiteral("client-cpu")},
        {Kind::ClientCore, QStringLiteral("client-core")}, {Kind::Nic, QStringLiteral("nic")},
        {Kind::Disk, QStringLiteral("disk")}, {Kind::NodeCpu, QStringLiteral("node-cpu")},
        {Kind::NodeCore, QStringLiteral("node-core")}, {Kind::Osd, QStringLiteral("osd")},
        {Kind::LatencyBound, QStringLiteral("latency-bound")}, {Kind::Nothing, QStringLiteral("nothing")}};
    return ids;
}

// "net.<iface>.tx" → iface (an interface name may hold dots: eth0.100)
QString middle(const QString &m, QLatin1String prefix, QLatin1String suffix)
{
    if (!m.startsWith(prefix) || !m.endsWith(suffix) || m.size() <= prefix.size() + suffix.size())
        return {};
    return m.mid(prefix.size(), m.size() - prefix.size() - suffix.size());
}

double severity(const BottleneckFinding &f)
{
    return f.limit > 0 ? f.value / f.limit : 0;
}

void cpuFindings(
    const QString &node, const QHash<QString, UsageWindow::Series> &m, bool client, QList<BottleneckFinding> *out)
{
    const double busy = m.value(metric::CpuBusy).typical();
    const double core = m.value(metric::CpuBusiestCore).typical();
    if (m.contains(metric::CpuBusy) && busy >= Bottleneck::kCpuBusy)
        *out << BottleneckFinding {client ? Kind::ClientCpu : Kind::NodeCpu, node, {}, busy, Bottleneck::kCpuBusy};
    else if (m.contains(metric::CpuBusiestCore) && core >= Bottleneck::kCoreBusy)
        *out << BottleneckFinding {client ? Kind::ClientCore : Kind::NodeCore, node, {}, core, Bottleneck::kCoreBusy};
}

void deviceFindings(const QString &node, const QHash<QString, UsageWindow::Series> &m, QList<BottleneckFinding> *out)
{
    for (auto it = m.cbegin(); it != m.cend(); ++it) {
        const QString disk = middle(it.key(), QLatin1String("disk."), QLatin1String(".util"));
        if (!disk.isEmpty() && it->typical() >= Bottleneck::kDiskUtil)
            *out << BottleneckFinding {Kind::Disk, node, disk, it->typical(), 100};
        for (const QLatin1String dir : {QLatin1String(".tx"), QLatin1String(".rx")}) {
            const QString nic = middle(it.key(), QLatin1String("net."), dir);
            // Several sources may give a speed (the monitor's and the network probe's
            // nominal one, a shaper's rate): the lowest is what the link can carry.
            const QList<double> speeds = m.value(metric::netSpeed(nic)).values + m.value(metric::netShaped(nic)).values;
            const double speed = speeds.isEmpty() ? 0 : *std::min_element(speeds.cbegin(), speeds.cend());
            if (!nic.isEmpty() && speed > 0 && it->typical() >= Bottleneck::kLinkShare * speed)
                *out << BottleneckFinding {Kind::Nic, node, nic, it->typical(), speed};
        }
    }
}

void osdFindings(const QHash<QString, QHash<QString, UsageWindow::Series>> &all, QList<BottleneckFinding> *out)
{
    QList<QPair<QString, double>> osds;
    for (auto it = all.cbegin(); it != all.cend(); ++it)
        if (it->contains(metric::OsdCommitLat))
            osds << qMakePair(it.key(), it->value(metric::OsdCommitLat).typical());
    for (const auto &[osd, lat] : std::as_const(osds)) {
        QList<double> others;
        for (const auto &[o, l] : std::as_const(osds))
            if (o != osd)
                others << l;
        const double median = OsdOutliers::median(others);
        if (others.size() >= OsdOutliers::kMinPeers && lat >= Bottleneck::kOsdFloorNs
            && lat >= Bottleneck::kOsdFactor * median)
            *out << BottleneckFinding {Kind::Osd, osd, {}, lat, median};
    }
}

} // namespace

void UsageWindow::add(const Sample &s)
{
    const QString &m = s.metric;
    const bool watched = m == metric::CpuBusy || m == metric::CpuBusiestCore || m == metric::OsdCommitLat
        || (m.startsWith(QLatin1String("disk.")) && m.endsWith(QLatin1String(".util")))
        || (m.startsWith(QLatin1String("net."))
            && (m.endsWith(QLatin1String(".tx")) || m.endsWith(QLatin1String(".rx"))
                || m.endsWith(QLatin1String(".speed")) || m.endsWith(QLatin1String(".shaped"))));
    const bool speed = m.endsWith(QLatin1String(".speed")) || m.endsWith(QLatin1String(".shaped"));
    if (!watched || (s.t < m_from && !speed))
        return;
    Series &x = m_series[s.target][m];
    if (x.values.size() >= kMaxSamples)
        x.values.removeFirst();
    x.values << s.value;
    x.last = s.value;
}

double UsageWindow::Series::typical() const
{
    // A short step's window may hold a ramp-up and a wind-down second and little else:
    // with five samples or more, the first and the last are left out.
    return OsdOutliers::median(values.size() >= 5 ? values.mid(1, values.size() - 2) : values);
}

void UsageWindow::restart(double from)
{
    m_from = from;
    for (auto it = m_series.begin(); it != m_series.end();) {
        it->removeIf([](QHash<QString, Series>::iterator e) {
            return !e.key().endsWith(QLatin1String(".speed")) && !e.key().endsWith(QLatin1String(".shaped"));
        });
        it = it->isEmpty() ? m_series.erase(it) : std::next(it);
    }
}

void UsageWindow::add(const SampleList &samples)
{
    for (const Sample &s : samples)
        add(s);
}

QString BottleneckFinding::kindId(Kind k)
{
    for (const auto &[kind, id] : kindIds())
        if (kind == k)
            return id;
    return {};
}

std::optional<Kind> BottleneckFinding::kindOf(const QString &id)
{
    for (const auto &[kind, name] : kindIds())
        if (name == id)
            return kind;
    return std::nullopt;
}

Bottleneck Bottleneck::find(const UsageWindow &usage, const QStringList &clients, bool oneInFlight)
{
    QList<BottleneckFinding> clientCpu, devices, nodeCpu, osds;
    for (auto it = usage.series().cbegin(); it != usage.series().cend(); ++it) {
        if (it.key().startsWith(QLatin1String("osd.")))
            continue;
        const bool client = clients.contains(it.key());
        cpuFindings(it.key(), *it, client, client ? &clientCpu : &nodeCpu);
        deviceFindings(it.key(), *it, &devices);
    }
    osdFindings(usage.series(), &osds);
    Bottleneck b;
    for (QList<BottleneckFinding> *rank : {&clientCpu, &devices, &nodeCpu, &osds}) {
        std::stable_sort(rank->begin(), rank->end(),
            [](const BottleneckFinding &a, const BottleneckFinding &c) { return severity(a) > severity(c); });
        b.findings << *rank;
    }
    if (b.findings.isEmpty())
        b.findings << BottleneckFinding {oneInFlight ? Kind::LatencyBound : Kind::Nothing, {}, {}, 0, 0};
    return b;
}

QJsonObject Bottleneck::toJson() const
{
    QJsonArray a;
    for (const BottleneckFinding &f : findings)
        a.append(QJsonObject {{QStringLiteral("kind"), BottleneckFinding::kindId(f.kind)},
            {QStringLiteral("node"), f.node}, {QStringLiteral("part"), f.part}, {QStringLiteral("value"), f.value},
            {QStringLiteral("limit"), f.limit}});
    return {{QStringLiteral("findings"), a}, {QStringLiteral("text"), text(false)}};
}

std::optional<Bottleneck> Bottleneck::fromJson(const QJsonValue &v)
{
    Bottleneck b;
    for (const QJsonValue &e : v.toObject().value(QStringLiteral("findings")).toArray()) {
        const QJsonObject o = e.toObject();
        const auto kind = BottleneckFinding::kindOf(o.value(QStringLiteral("kind")).toString());
        if (!kind)
            return std::nullopt;
        b.findings << BottleneckFinding {*kind, o.value(QStringLiteral("node")).toString(),
            o.value(QStringLiteral("part")).toString(), o.value(QStringLiteral("value")).toDouble(),
            o.value(QStringLiteral("limit")).toDouble()};
    }
    if (b.findings.isEmpty())
        return std::nullopt;
    return b;
}

QString Bottleneck::text(const BottleneckFinding &f, bool translated)
{
    auto tr_ = [translated](const char *s) { return translated ? tr(s) : QString::fromUtf8(s); };
    const QString node = f.node == QLatin1String("local") ? tr_(QT_TR_NOOP("this machine")) : f.node;
    const QString pct = QString::number(f.value, 'f', 0);
    switch (f.kind) {
    case Kind::ClientCpu:
        return tr_(QT_TR_NOOP("the client's CPU: %1 at %2 % busy; the figure is the client's, not the cluster's"))
            .arg(node, pct);
    case Kind::ClientCore:
        return tr_(QT_TR_NOOP("one core of the client: %1's busiest core at %2 %; the figure is the client's, "
                              "not the cluster's"))
            .arg(node, pct);
    case Kind::Nic:
        return tr_(QT_TR_NOOP("the network: %1 on %2 carries %3 of its %4 link"))
            .arg(f.part, node, formatBytesPerSec(f.value), formatBytesPerSec(f.limit));
    case Kind::Disk: return tr_(QT_TR_NOOP("a disk: %1 on %2 at %3 % utilisation")).arg(f.part, node, pct);
    case Kind::NodeCpu: return tr_(QT_TR_NOOP("the CPU of %1: %2 % busy")).arg(node, pct);
    case Kind::NodeCore: return tr_(QT_TR_NOOP("one core of %1: its busiest core at %2 %")).arg(node, pct);
    case Kind::Osd:
        return tr_(QT_TR_NOOP("a slow OSD: %1 commits in %2, the others in %3"))
            .arg(f.part.isEmpty() ? node : QStringLiteral("%1 (%2)").arg(node, f.part), formatLatencyNs(f.value),
                formatLatencyNs(f.limit));
    case Kind::LatencyBound:
        return tr_(QT_TR_NOOP("latency: one I/O in flight and nothing saturated; the figure is the round trip"));
    case Kind::Nothing: break;
    }
    return tr_(QT_TR_NOOP("no bottleneck found: nothing the app watches was saturated (CPU, NICs, disks, OSD "
                          "latency)"));
}

QString osdPlace(const CephOsdMetadata &osd, const UsageWindow &usage)
{
    if (osd.node.isEmpty())
        return QStringLiteral("host %1, %2").arg(osd.hostname, osd.devices);
    QStringList devices;
    const auto nodeSeries = usage.series().value(osd.node);
    for (const QString &dev : osd.devices.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto util = nodeSeries.constFind(metric::diskUtil(dev));
        devices << (util == nodeSeries.cend()
                ? dev
                : QStringLiteral("%1 at %2 % utilisation").arg(dev, QString::number(util->typical(), 'f', 0)));
    }
    const QString node
        = osd.node == QLatin1String("local") ? QStringLiteral("this machine") : QStringLiteral("node ") + osd.node;
    return QStringLiteral("%1 (host %2), %3").arg(node, osd.hostname, devices.join(QStringLiteral(", ")));
}

QStringList bottleneckLines(const QList<StepRecord> &steps, bool translated)
{
    const bool repeated = repeatsSteps(steps);
    QMap<QPair<int, int>, const StepRecord *> chosen; // (index, iteration) → record
    QList<QPair<int, int>> order;
    for (const StepRecord &s : steps) {
        if (!s.summary.contains(QStringLiteral("bottleneck")))
            continue;
        const auto key = qMakePair(s.index, s.iteration);
        if (!chosen.contains(key))
            order << key;
        if (!chosen.contains(key) || s.node == QLatin1String("(total)"))
            chosen.insert(key, &s);
    }
    QStringList out;
    for (const auto &key : std::as_const(order)) {
        const StepRecord &s = *chosen.value(key);
        const auto b = Bottleneck::fromJson(s.summary.value(QStringLiteral("bottleneck")));
        if (!b)
            continue;
        const QString test = stepTitle(s, repeated);
        const bool found = b->named().kind != Kind::Nothing;
        const QString line = !found ? QStringLiteral("%1: %2")
            : translated            ? Bottleneck::tr("%1: limited by %2")
                                    : QStringLiteral("%1: limited by %2");
        out << line.arg(test, b->text(translated));
    }
    return out;
}

} // namespace cm
