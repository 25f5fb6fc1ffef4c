// SPDX-License-Identifier: GPL-3.0-or-later
// iperf3 -J and iperf 2 -y C files into one step shaped like NetIperfRunner's: the same
// summary keys, net.bw / net.retransmits series on the target "client→server", and the
// findings the runner computes (without the per-link counters a file does not hold).
#include "model/metric.h"
#include "parse/iperf2csvreader.h"
#include "parse/iperf3json.h"
#include "parse/resultdecoderparts.h"
#include "stats/netfindings.h"

#include <QJsonArray>

#include <cmath>

namespace cm::resultdecode {

namespace {

struct NetStep {
    QString client, server, address, direction, tool, toolVersion;
    int port = 0;
    int streams = 1;
    int duration = 0;
};

// The step, its summary's common part and findings, as NetIperfRunner fills them.
DecodedStep netStep(const NetStep &n, NetStepFacts facts, const QJsonObject &figures)
{
    DecodedStep s;
    const QString arrow = n.direction == QLatin1String("reverse") ? QStringLiteral("←")
        : n.direction == QLatin1String("bidir")                   ? QStringLiteral("↔")
                                                                  : QStringLiteral("→");
    s.node = n.client;
    s.target = n.direction == QLatin1String("reverse") ? n.server + QStringLiteral("→") + n.client
        : n.direction == QLatin1String("bidir")        ? n.client + QStringLiteral("↔") + n.server
                                                       : n.client + QStringLiteral("→") + n.server;
    s.step.id = QStringLiteral("%1-%2").arg(n.client, n.server);
    s.step.title = QStringLiteral("%1 %2 %3, %4 stream%5, %6 s")
                       .arg(n.client, arrow, n.server)
                       .arg(n.streams)
                       .arg(n.streams == 1 ? QString() : QStringLiteral("s"))
                       .arg(n.duration);
    s.step.params = QJsonObject {{QStringLiteral("client"), n.client}, {QStringLiteral("server"), n.server},
        {QStringLiteral("direction"), n.direction}, {QStringLiteral("streams"), n.streams},
        {QStringLiteral("duration"), n.duration}, {QStringLiteral("tool"), n.tool}};
    if (!n.address.isEmpty() && n.address != n.server)
        s.step.params.insert(QStringLiteral("serverAddress"), n.address);
    s.summary = QJsonObject {{QStringLiteral("tool"), n.tool},
        {QStringLiteral("toolReason"), QStringLiteral("imported from a file")}, {QStringLiteral("client"), n.client},
        {QStringLiteral("server"), n.server}, {QStringLiteral("address"), n.address}, {QStringLiteral("port"), n.port},
        {QStringLiteral("direction"), n.direction}, {QStringLiteral("streams"), n.streams},
        {QStringLiteral("duration"), n.duration}, {QStringLiteral("toolVersion"), n.toolVersion},
        {QStringLiteral("links"), QJsonObject()}, {QStringLiteral("senderLinkShares"), QJsonObject()}};
    for (auto it = figures.begin(); it != figures.end(); ++it)
        s.summary.insert(it.key(), it.value());
    s.summary.insert(QStringLiteral("bytesPerSecond"), facts.bitsPerSecond / 8);
    facts.client = n.client;
    facts.server = n.server;
    facts.direction = n.direction;
    facts.streams = n.streams;
    facts.clientEnd.node = n.client;
    facts.serverEnd.node = n.server;
    QJsonArray findings;
    for (const NetFinding &f : netFindings(facts))
        findings.append(f.toJson());
    s.summary.insert(QStringLiteral("findings"), findings);
    const QString versionKey = n.tool == QLatin1String("iperf2") ? QStringLiteral("iperf2") : QStringLiteral("iperf3");
    s.environment = QJsonObject {{n.client, QJsonObject {{versionKey, n.toolVersion}}}};
    return s;
}

// "Linux vm 6.1.0-13-amd64 #1 SMP …" → "vm"
QString hostOfSystemInfo(const QString &info)
{
    const QStringList f = info.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    return f.size() > 1 ? f.at(1) : QString();
}

void finish(DecodedResult &out, const DecodedStep &s, const QString &kindName)
{
    out.tool = QStringLiteral("iperf");
    out.nodes = {s.step.params.value(QStringLiteral("client")).toString(),
        s.step.params.value(QStringLiteral("server")).toString()};
    out.name = QStringLiteral("%1: %2").arg(kindName, s.step.title);
    out.steps << s;
}

} // namespace

DecodedResult decodeIperf3(const QByteArray &bytes, const DecodeOptions &options, Error *err)
{
    DecodedResult out;
    QList<QByteArray> docs;
    if (const Error e = jsonDocuments(bytes, QStringLiteral("the iperf3 output"), &docs, nullptr)) {
        *err = e;
        return out;
    }
    Error pe;
    const Iperf3Result res = parseIperf3Json(docs.first(), &pe, &out.warnings);
    if (pe) {
        *err = Error(Error::Code::ParseError, QStringLiteral("the iperf3 output: %1").arg(pe.message));
        return out;
    }
    if (res.failed()) {
        *err = Error(Error::Code::CommandFailed,
            QStringLiteral("the file holds no result: iperf3 reported \"%1\"").arg(res.error));
        return out;
    }
    if (res.intervals.isEmpty() && !res.sumReceived.present && !res.sumSent.present) {
        *err = Error(
            Error::Code::ParseError, QStringLiteral("the iperf3 output has neither intervals nor an end summary"));
        return out;
    }
    NetStep n;
    n.tool = QStringLiteral("iperf3");
    n.toolVersion = res.version;
    n.client = !options.node.isEmpty() ? options.node : hostOfSystemInfo(res.systemInfo);
    if (n.client.isEmpty())
        n.client = QStringLiteral("imported");
    n.address = res.remoteHost;
    n.server = res.remoteHost.isEmpty() ? QStringLiteral("server") : res.remoteHost;
    n.port = res.remotePort;
    n.direction = res.bidir ? QStringLiteral("bidir")
        : res.reverse       ? QStringLiteral("reverse")
                            : QStringLiteral("forward");
    n.streams = std::max(1, res.numStreams);
    n.duration = int(std::lround(res.duration > 0 ? res.duration : res.sumReceived.end));

    NetStepFacts facts;
    facts.bitsPerSecond = res.receivedBitsPerSecond();
    QJsonObject figures {{QStringLiteral("bitsPerSecond"), facts.bitsPerSecond}};
    if (res.bidir && res.sumReceivedReverse.present)
        figures.insert(QStringLiteral("reverseBitsPerSecond"), res.sumReceivedReverse.bitsPerSecond);
    if (res.sumSent.retransmits >= 0)
        figures.insert(QStringLiteral("retransmits"), res.sumSent.retransmits);
    const bool clientReceives = n.direction == QLatin1String("reverse");
    facts.cpuReceiverPercent = clientReceives ? res.cpuHostTotal : res.cpuRemoteTotal;
    facts.cpuSenderPercent = clientReceives ? res.cpuRemoteTotal : res.cpuHostTotal;
    if (facts.cpuReceiverPercent)
        figures.insert(QStringLiteral("receiverCpuPercent"), *facts.cpuReceiverPercent);
    if (facts.cpuSenderPercent)
        figures.insert(QStringLiteral("senderCpuPercent"), *facts.cpuSenderPercent);
    if (res.protocol == QLatin1String("UDP")) {
        figures.insert(QStringLiteral("protocol"), res.protocol);
        if (res.udpSum.jitterMs)
            figures.insert(QStringLiteral("jitterMs"), *res.udpSum.jitterMs);
        if (res.udpSum.lostPercent)
            figures.insert(QStringLiteral("lostPercent"), *res.udpSum.lostPercent);
    }
    DecodedStep s = netStep(n, facts, figures);
    const QString fwd = n.client + QStringLiteral("→") + n.server;
    const QString rev = n.server + QStringLiteral("→") + n.client;
    const QString mainTarget = clientReceives ? rev : fwd;
    for (const Iperf3Interval &iv : res.intervals) {
        if (iv.omitted)
            continue;
        s.samples.append(Sample {0, mainTarget, metric::NetBw, iv.end, iv.sum.bitsPerSecond / 8});
        if (iv.sum.retransmits >= 0)
            s.samples.append(Sample {0, mainTarget, metric::NetRetransmits, iv.end, double(iv.sum.retransmits)});
        if (iv.sumReverse.present)
            s.samples.append(Sample {0, rev, metric::NetBw, iv.end, iv.sumReverse.bitsPerSecond / 8});
    }
    s.environment.insert(QStringLiteral("system_info"), res.systemInfo);
    out.format = QStringLiteral("iperf3-json");
    out.toolVersion = res.version;
    out.target = QJsonObject {};
    finish(out, s, QStringLiteral("iperf3"));
    *err = {};
    return out;
}

DecodedResult decodeIperf2(const QByteArray &bytes, const DecodeOptions &options, Error *err)
{
    DecodedResult out;
    // Every line must be a CSV line of iperf 2; a cut last line is refused with its number.
    const QList<QByteArray> lines = bytes.split('\n');
    QList<QByteArray> first;
    int lastLine = 0;
    for (int i = 0; i < lines.size(); ++i) {
        QByteArray l = lines.at(i);
        if (l.endsWith('\r'))
            l.chop(1);
        if (l.trimmed().isEmpty())
            continue;
        const QList<QByteArray> f = l.split(',');
        bool ok = f.size() >= 9 && f.at(0).size() >= 14;
        const QList<QByteArray> span = ok ? f.at(6).split('-') : QList<QByteArray>();
        bool n1 = false, n2 = false, n3 = false, n4 = false;
        if (ok && span.size() == 2) {
            span.at(0).toDouble(&n1);
            span.at(1).toDouble(&n2);
            f.at(7).toULongLong(&n3);
            f.at(8).toDouble(&n4);
        }
        if (!(ok && n1 && n2 && n3 && n4)) {
            const bool cut = i == lines.size() - 1 && !bytes.endsWith('\n');
            *err = Error(Error::Code::ParseError,
                QStringLiteral("the iperf 2 CSV is %1 at line %2: \"%3\" is not a line of "
                               "time,src,sport,dst,dport,id,interval,bytes,bits/s")
                    .arg(cut ? QStringLiteral("cut short") : QStringLiteral("damaged"))
                    .arg(i + 1)
                    .arg(QString::fromUtf8(l.left(80))),
                QStringLiteral("line %1").arg(i + 1));
            return out;
        }
        if (first.isEmpty())
            first = f;
        lastLine = i + 1;
    }
    // As NetIperfRunner splits --full-duplex output: lines whose source port is the
    // server's port carry the received direction.
    const QByteArray serverPort = first.at(4);
    bool reverseLines = false, forwardLines = false;
    for (const QByteArray &l : lines) {
        const QList<QByteArray> f = l.split(',');
        if (f.size() > 4) {
            reverseLines = reverseLines || f.at(2) == serverPort;
            forwardLines = forwardLines || f.at(4) == serverPort;
        }
    }
    const bool bidir = reverseLines && forwardLines;
    QSet<QByteArray> ids;
    for (const QByteArray &l : lines) {
        const QList<QByteArray> f = l.split(',');
        if (f.size() > 5 && (!bidir || f.at(2) != serverPort) && f.at(5).toInt() >= 0)
            ids.insert(f.at(5));
    }
    const int streams = std::max(1, int(ids.size()));
    Iperf2CsvReader fwdReader(streams), revReader(streams);
    QList<Iperf2Interval> fwd, rev;
    for (const QByteArray &l : lines) {
        const QList<QByteArray> f = l.split(',');
        const bool received = bidir && f.size() > 4 && f.at(2) == serverPort;
        (received ? rev : fwd) += (received ? revReader : fwdReader).feed(l + '\n');
    }
    fwd += fwdReader.finish();
    rev += revReader.finish();
    out.warnings += fwdReader.takeWarnings() + revReader.takeWarnings();
    // iperf without -i prints only each stream's whole-run line (0.0-T): the one
    // interval read is then the whole run.
    // 2.1.8 stamps those lines with the epoch; without that mark (older releases) the
    // file might also be a run cut after its first interval, and the import says what
    // it assumed.
    auto wholeRun = [streams, &out](const Iperf2CsvReader &r, const QList<Iperf2Interval> &read) {
        std::optional<Iperf2Interval> t = r.total();
        if (!t && read.size() == 1 && read.first().start == 0 && read.first().streams.size() == streams) {
            t = read.first();
            if (!t->timestamp.startsWith(QLatin1String("19700101")))
                out.warnings << QStringLiteral("iperf: one line per stream and no intervals: taken as the "
                                               "whole-run lines of iperf run without -i");
        }
        return t;
    };
    const auto total = wholeRun(fwdReader, fwd);
    if (!total) {
        *err = Error(Error::Code::ParseError,
            QStringLiteral("the iperf 2 CSV is cut short: it ends at line %1 before iperf printed the whole-run "
                           "line of every stream")
                .arg(lastLine),
            QStringLiteral("line %1").arg(lastLine));
        return out;
    }
    NetStep n;
    n.tool = QStringLiteral("iperf2");
    n.toolVersion = QStringLiteral("iperf 2 (the CSV names no version)");
    n.client = !options.node.isEmpty() ? options.node : QString::fromUtf8(first.at(1));
    n.address = QString::fromUtf8(first.at(3));
    n.server = n.address;
    n.port = serverPort.toInt();
    n.direction = bidir ? QStringLiteral("bidir") : QStringLiteral("forward");
    n.streams = streams;
    n.duration = int(std::lround(total->end));

    NetStepFacts facts;
    facts.bitsPerSecond = total->bitsPerSecond;
    QJsonObject figures {{QStringLiteral("bitsPerSecond"), facts.bitsPerSecond}};
    if (const auto back = wholeRun(revReader, rev); bidir && back)
        figures.insert(QStringLiteral("reverseBitsPerSecond"), back->bitsPerSecond);
    DecodedStep s = netStep(n, facts, figures);
    const QString fwdTarget = n.client + QStringLiteral("→") + n.server;
    const QString revTarget = n.server + QStringLiteral("→") + n.client;
    for (const Iperf2Interval &iv : std::as_const(fwd))
        s.samples.append(Sample {0, fwdTarget, metric::NetBw, iv.end, iv.bitsPerSecond / 8});
    for (const Iperf2Interval &iv : std::as_const(rev))
        s.samples.append(Sample {0, revTarget, metric::NetBw, iv.end, iv.bitsPerSecond / 8});
    // iperf 2.1.8 stamps whole-run lines with the epoch (19700101000000): no date.
    const QDateTime when
        = QDateTime::fromString(QString::fromUtf8(first.at(0).left(14)), QStringLiteral("yyyyMMddhhmmss"));
    if (when.isValid() && when.date().year() > 1970)
        out.measured = when;
    out.format = QStringLiteral("iperf2-csv");
    out.toolVersion = n.toolVersion;
    finish(out, s, QStringLiteral("iperf 2"));
    *err = {};
    return out;
}

} // namespace cm::resultdecode
