// SPDX-License-Identifier: GPL-3.0-or-later
// How a run's environment and commands are laid out for reading (pure functions):
// environments shaped as the runners record them (core/bench/*runner.cpp), the bond
// from a recorded /proc/net/bonding file through the real parser.
#include "bench/registry.h"
#include "parse/bondingparser.h"
#include "results/environmentsections.h"
#include "testutil.h"

#include <QFile>
#include <QJsonArray>
#include <QTest>

using namespace cm;
using namespace cm::ui;

namespace {

const EnvGroup *group(const QList<EnvGroup> &groups, const QString &title)
{
    for (const EnvGroup &g : groups)
        if (g.title == title)
            return &g;
    return nullptr;
}

const EnvEntry *entry(const EnvGroup *g, const QString &label)
{
    if (!g)
        return nullptr;
    for (const EnvEntry &e : g->entries)
        if (e.label == label)
            return &e;
    return nullptr;
}

QString value(const QList<EnvGroup> &groups, const QString &top, const QString &section, const QString &label)
{
    const EnvGroup *t = group(groups, top);
    const EnvEntry *e = entry(section.isEmpty() ? t : t ? group(t->children, section) : nullptr, label);
    return e ? e->value : QStringLiteral("<missing>");
}

StepRecord step(int index, const QString &node, const QJsonObject &env, const QString &command = {})
{
    StepRecord s;
    s.index = index;
    s.testId = QStringLiteral("t%1").arg(index);
    s.title = QStringLiteral("Test %1").arg(index + 1);
    s.node = node;
    s.status = QStringLiteral("completed");
    s.environment = env;
    s.command = command;
    return s;
}

} // namespace

class TestEnvironmentSections : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { registerBuiltinKinds(); }

    void diskRun()
    {
        RunDetail d;
        d.environment = QJsonObject {{QStringLiteral("app_version"), QStringLiteral("0.4.0")},
            {QStringLiteral("client_host"), QStringLiteral("desk")},
            {QStringLiteral("client_os"), QStringLiteral("Debian GNU/Linux 12 (bookworm)")}};
        const QJsonObject pve1 {{QStringLiteral("kernel"), QStringLiteral("6.8.12-4-pve")},
            {QStringLiteral("hostname"), QStringLiteral("pve1")},
            {QStringLiteral("source"), QStringLiteral("/dev/nvme0n1p3")},
            {QStringLiteral("disk"), QStringLiteral("nvme0n1")},
            {QStringLiteral("write_cache"), QStringLiteral("write back")},
            {QStringLiteral("rotational"), QStringLiteral("0")},
            {QStringLiteral("model"), QStringLiteral("Samsung SSD 980 PRO 1TB")},
            {QStringLiteral("device_class"), QStringLiteral("nvme")},
            {QStringLiteral("fio_version"), QStringLiteral("fio-3.33")}};
        QJsonObject later = pve1;
        later.insert(QStringLiteral("write_cache"), QStringLiteral("write through"));
        QJsonObject pve2 = pve1;
        pve2.insert(QStringLiteral("rotational"), QStringLiteral("1"));
        pve2.insert(QStringLiteral("disk"), QStringLiteral("vda"));
        pve2.insert(QStringLiteral("device_class"), QStringLiteral("virtual"));
        pve2.insert(QStringLiteral("hdparm_write_caching"), QStringLiteral("0 (off)"));
        d.steps = {step(0, QStringLiteral("pve1"), pve1), step(0, QStringLiteral("pve2"), pve2),
            step(1, QStringLiteral("pve1"), later), step(1, QStringLiteral("pve2"), pve2)};
        const QList<EnvGroup> g = environmentGroups(d);
        QCOMPARE(g.size(), 3);
        QCOMPARE(g.at(0).title, QStringLiteral("This run"));
        QCOMPARE(g.at(1).title, QStringLiteral("Node pve1"));
        QCOMPARE(g.at(2).title, QStringLiteral("Node pve2"));
        QCOMPARE(value(g, QStringLiteral("This run"), {}, QStringLiteral("ClusterMark")), QStringLiteral("0.4.0"));
        QCOMPARE(value(g, QStringLiteral("This run"), {}, QStringLiteral("Client OS")),
            QStringLiteral("Debian GNU/Linux 12 (bookworm)"));
        QCOMPARE(value(g, QStringLiteral("Node pve1"), QStringLiteral("System"), QStringLiteral("Kernel")),
            QStringLiteral("6.8.12-4-pve"));
        QCOMPARE(value(g, QStringLiteral("Node pve1"), QStringLiteral("Tools"), QStringLiteral("fio")),
            QStringLiteral("fio-3.33"));
        // the kernel's flag is shown as the flag; the device type says what the disk is
        QCOMPARE(
            value(g, QStringLiteral("Node pve1"), QStringLiteral("Disk"), QStringLiteral("Rotational flag (kernel)")),
            QStringLiteral("0 (not rotational)"));
        QCOMPARE(
            value(g, QStringLiteral("Node pve2"), QStringLiteral("Disk"), QStringLiteral("Rotational flag (kernel)")),
            QStringLiteral("1 (rotational)"));
        QVERIFY(value(g, QStringLiteral("Node pve1"), QStringLiteral("Disk"), QStringLiteral("Device type"))
                    .startsWith(QStringLiteral("NVMe")));
        QVERIFY(value(g, QStringLiteral("Node pve2"), QStringLiteral("Disk"), QStringLiteral("Device type"))
                    .startsWith(QStringLiteral("virtual disk — ")));
        QCOMPARE(
            value(g, QStringLiteral("Node pve2"), QStringLiteral("Disk"), QStringLiteral("Write cache (hdparm -W)")),
            QStringLiteral("0 (off)"));
        // A value that changed between steps shows both, in order, and says so.
        QCOMPARE(value(g, QStringLiteral("Node pve1"), QStringLiteral("Disk"), QStringLiteral("Write cache (kernel)")),
            QStringLiteral("write back (volatile cache on) → write through (no volatile cache)"));
        const EnvEntry *wc = entry(group(group(g, QStringLiteral("Node pve1"))->children, QStringLiteral("Disk")),
            QStringLiteral("Write cache (kernel)"));
        QVERIFY(wc->toolTip.contains(QStringLiteral("changed during the run")));
        QCOMPARE(value(g, QStringLiteral("Node pve2"), QStringLiteral("Disk"), QStringLiteral("Write cache (kernel)")),
            QStringLiteral("write back (volatile cache on)"));
        // No "Other" section when every key is known.
        QVERIFY(!group(group(g, QStringLiteral("Node pve1"))->children, QStringLiteral("Other")));
    }

    void networkRunWithBond()
    {
        QFile f(cmtest::testData(QStringLiteral("bonding/8023ad-layer34-root.txt")));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        const BondParseResult bond = parseProcNetBonding(f.readAll(), QStringLiteral("bond0"));
        QVERIFY(!bond.error);
        QJsonArray nics;
        for (const BondSlave &s : bond.bond.slaves)
            nics.append(QJsonObject {{QStringLiteral("name"), s.name}, {QStringLiteral("mtu"), 9000},
                {QStringLiteral("speedMbps"), s.speedMbps}, {QStringLiteral("master"), QStringLiteral("bond0")}});
        nics.append(QJsonObject {{QStringLiteral("name"), QStringLiteral("bond0")}, {QStringLiteral("mtu"), 9000},
            {QStringLiteral("speedMbps"), 50000}, {QStringLiteral("master"), QString()}});
        const QJsonObject end {{QStringLiteral("iperf3"), QStringLiteral("3.12")},
            {QStringLiteral("iperf2"), QStringLiteral("2.1.8")}, {QStringLiteral("nics"), nics},
            {QStringLiteral("bonds"), QJsonArray {bond.bond.toJson()}}};
        RunDetail d;
        // net-iperf keeps both ends of a link in one step's environment.
        d.steps = {step(
            0, QStringLiteral("pve1"), QJsonObject {{QStringLiteral("pve1"), end}, {QStringLiteral("pve2"), end}})};
        const QList<EnvGroup> g = environmentGroups(d);
        QVERIFY(group(g, QStringLiteral("Node pve1")) && group(g, QStringLiteral("Node pve2")));
        QCOMPARE(value(g, QStringLiteral("Node pve2"), QStringLiteral("Tools"), QStringLiteral("iperf3")),
            QStringLiteral("3.12"));
        QCOMPARE(value(g, QStringLiteral("Node pve2"), QStringLiteral("Tools"), QStringLiteral("iperf 2")),
            QStringLiteral("2.1.8"));
        const QString slave = bond.bond.slaves.first().name;
        QCOMPARE(value(g, QStringLiteral("Node pve1"), QStringLiteral("Network"), slave),
            QStringLiteral("MTU 9000 · 25 Gbit/s · in bond0"));
        // The bond line after the NIC lines: mode, hash policy, links.
        const EnvGroup *net = group(group(g, QStringLiteral("Node pve1"))->children, QStringLiteral("Network"));
        QVERIFY(net);
        QCOMPARE(net->entries.last().label, QStringLiteral("bond0"));
        const QString b = net->entries.last().value;
        QVERIFY2(b.startsWith(QStringLiteral("802.3ad · hash layer3+4 · links: "))
                && b.contains(slave + QStringLiteral(" up 25 Gbit/s")) && b.endsWith(QStringLiteral("MII up")),
            qPrintable(b));
    }

    void cephRunAndUnknownKeys()
    {
        RunDetail d;
        d.plan.kind = QStringLiteral("osd-latency");
        d.plan.ceph = QJsonObject {{QStringLiteral("conf"), QStringLiteral("/etc/pve/ceph.conf")},
            {QStringLiteral("client"), QStringLiteral("client.admin")},
            {QStringLiteral("keyring"), QStringLiteral("/etc/pve/priv/ceph.client.admin.keyring")}};
        d.steps = {step(0, QStringLiteral("desk"),
            QJsonObject {{QStringLiteral("pool"), QStringLiteral("cm-osdlat-1a2b")}, {QStringLiteral("pool_size"), 1},
                {QStringLiteral("temp_pool"), true}, {QStringLiteral("client_op_timeout_s"), 30},
                {QStringLiteral("working_set_bytes"), 4294967296.0},
                {QStringLiteral("future_probe"),
                    QJsonObject {{QStringLiteral("a"), 1}, {QStringLiteral("b"), QStringLiteral("x")}}}})};
        const QList<EnvGroup> g = environmentGroups(d);
        const EnvGroup *run = group(g, QStringLiteral("This run"));
        QVERIFY(run);
        QCOMPARE(value(run->children, QStringLiteral("Ceph cluster"), {}, QStringLiteral("ceph.conf")),
            QStringLiteral("/etc/pve/ceph.conf"));
        QCOMPARE(value(run->children, QStringLiteral("Ceph cluster"), {}, QStringLiteral("Client")),
            QStringLiteral("client.admin"));
        QCOMPARE(value(g, QStringLiteral("Node desk"), QStringLiteral("Ceph"), QStringLiteral("Pool size (copies)")),
            QStringLiteral("1"));
        QCOMPARE(value(g, QStringLiteral("Node desk"), QStringLiteral("Ceph"), QStringLiteral("Temporary pool")),
            QStringLiteral("yes"));
        QCOMPARE(value(g, QStringLiteral("Node desk"), QStringLiteral("Ceph"), QStringLiteral("Client op timeout")),
            QStringLiteral("30 s"));
        QCOMPARE(value(g, QStringLiteral("Node desk"), QStringLiteral("Ceph"), QStringLiteral("Working set")),
            QStringLiteral("4 GiB"));
        // A key no one knows yet: readable label and value, under Other.
        QCOMPARE(value(g, QStringLiteral("Node desk"), QStringLiteral("Other"), QStringLiteral("Future probe")),
            QStringLiteral("a=1, b=x"));
    }

    void emptyEnvironment()
    {
        QVERIFY(environmentGroups(RunDetail {}).isEmpty());
        QVERIFY(commandsText(RunDetail {}).isEmpty());
    }

    void commandsOfStepsAndOfStepsNeverRun()
    {
        RunDetail d;
        d.plan.kind = QStringLiteral("disk-fio");
        d.plan.nodes = {NodeSpec::parse(QStringLiteral("local"))};
        d.plan.target = QJsonObject {{QStringLiteral("type"), QStringLiteral("file")},
            {QStringLiteral("dir"), QStringLiteral("/srv/bench")}, {QStringLiteral("size"), QStringLiteral("1G")}};
        d.plan.steps = {
            PlanStep {QStringLiteral("seq-read"), QStringLiteral("SEQ read"),
                {{QStringLiteral("rw"), QStringLiteral("read")}, {QStringLiteral("bs"), QStringLiteral("1M")}}},
            PlanStep {QStringLiteral("rnd-write"), QStringLiteral("RND write"),
                {{QStringLiteral("rw"), QStringLiteral("randwrite")}, {QStringLiteral("bs"), QStringLiteral("4k")}}}};
        StepRecord s = step(0, QStringLiteral("local"), {}, QStringLiteral("fio --name=seq-read --rw=read --bs=1M"));
        s.title = QStringLiteral("SEQ read");
        s.status = QStringLiteral("cancelled");
        s.error = QStringLiteral("cancelled (local)");
        d.steps = {s};
        const QString text = commandsText(d);
        QVERIFY2(text.contains(QStringLiteral("# 1/2  SEQ read · local · cancelled\nfio --name=seq-read --rw=read "
                                              "--bs=1M\n# error: cancelled (local)\n")),
            qPrintable(text));
        // The step that never began: what it would have run, from the kind itself.
        const QString preview
            = Registry::instance().kind(QStringLiteral("disk-fio"))->commandPreview(d.plan, 1, d.plan.nodes.first());
        QVERIFY(!preview.isEmpty());
        QVERIFY2(preview.startsWith(QLatin1Char('[')), qPrintable(preview)); // it names where it runs
        QVERIFY2(text.contains(QStringLiteral("# 2/2  RND write · not run\n") + preview), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("] [")), qPrintable(text)); // the node is named once
    }
};

QTEST_MAIN(TestEnvironmentSections)
#include "test_environmentsections.moc"
