// SPDX-License-Identifier: GPL-3.0-or-later
// `clustermark-cli plan disk`: the disk kind's command-line options and the plan they make.
#include "bench/diskfio/diskfiokind.h"

#include <QJsonObject>

namespace cm {

const char *DiskFioKind::description() const
{
    return QT_TRANSLATE_NOOP(
        "cm::RunnerKind", "Disk: fio on the node that holds the disk or folder (bandwidth, IOPS, latency)");
}

QList<CliOption> DiskFioKind::cliOptions() const
{
    return {
        {QStringLiteral("--preset"), QStringLiteral("quick|standard"), QStringLiteral("the test table"),
            QStringLiteral("quick")},
        {QStringLiteral("--node"), QStringLiteral("local|USER@HOST[:PORT]"),
            QStringLiteral("the node that holds the disk"), QStringLiteral("local"), true},
        {QStringLiteral("--target"), QStringLiteral("DIR"),
            QStringLiteral("a test file in this folder (made by mktemp, removed after)")},
        {QStringLiteral("--device"), QStringLiteral("/dev/X"),
            QStringLiteral("a raw device, written only when nothing on it is in use")},
        {QStringLiteral("--confirm"), QStringLiteral("/dev/X"),
            QStringLiteral("the device path typed again, to agree to writing it")},
        {QStringLiteral("--size"), QStringLiteral("SIZE"), QStringLiteral("the test file's size"),
            QStringLiteral("1G")},
        {QStringLiteral("--runtime"), QStringLiteral("S"), QStringLiteral("seconds per step; 0 keeps the preset's"),
            QStringLiteral("0")},
    };
}

QString DiskFioKind::cliSummary() const
{
    return QStringLiteral("fio on the node that holds the disk: a file in a folder (--target) or a raw device "
                          "(--device and --confirm).");
}

Plan DiskFioKind::planFromCli(const CliArgs &args, QStringList *notes, Error *error) const
{
    Q_UNUSED(notes);
    auto fail = [&](const QString &m) {
        *error = Error(Error::Code::InvalidInput, m);
        return Plan {};
    };
    QList<NodeSpec> nodes;
    for (const QString &n : args.values(QStringLiteral("--node"))) {
        QString err;
        NodeSpec spec = NodeSpec::parse(n, &err);
        if (spec.host.isEmpty())
            return fail(err);
        nodes << spec;
    }
    if (nodes.isEmpty())
        nodes << NodeSpec::parse(QStringLiteral("local"));
    QString err;
    int runtime = 0;
    if (!args.integer(QStringLiteral("--runtime"), 0, 0, 86400, &runtime, &err))
        return fail(err);
    const QString dir = args.value(QStringLiteral("--target"));
    const QString device = args.value(QStringLiteral("--device"));
    if (dir.isEmpty() == device.isEmpty())
        return fail(QStringLiteral("give either --target DIR (a file in that folder) or --device /dev/X"));
    const QJsonObject target = device.isEmpty()
        ? QJsonObject {{QStringLiteral("type"), QStringLiteral("file")}, {QStringLiteral("dir"), dir},
            {QStringLiteral("size"), args.value(QStringLiteral("--size"), QStringLiteral("1G"))}}
        : QJsonObject {{QStringLiteral("type"), QStringLiteral("device")}, {QStringLiteral("path"), device},
            {QStringLiteral("confirm"), args.value(QStringLiteral("--confirm"))}};
    return makePlan(args.value(QStringLiteral("--preset"), QStringLiteral("quick")), nodes, target, runtime, error);
}

} // namespace cm
