// SPDX-License-Identifier: GPL-3.0-or-later
// `ceph tell osd.N bench [BYTES BLOCKSIZE]` JSON into one step per OSD, shaped like the
// other kinds' write summaries (bw, iops, total_ios, io_bytes, runtime_ms). One object
// (`ceph tell osd.0 bench`, pretty or `-f json`), or the "osd.N: {…}" blocks of
// `ceph tell 'osd.*' bench`, in any number. What it measures is the OSD's own store:
// writes from inside the OSD, no client, no network, no replication; the step says so.
// An object cut before its closing brace, or missing a figure, is refused with its line.
#include "model/metric.h"
#include "parse/resultdecoderparts.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <cmath>

namespace cm::resultdecode {

namespace {

int lineOf(const QByteArray &bytes, qsizetype offset)
{
    return int(bytes.left(offset).count('\n')) + 1;
}

Error refuse(const QByteArray &bytes, qsizetype offset, const QString &why)
{
    const int line = lineOf(bytes, offset);
    return Error(Error::Code::ParseError, QStringLiteral("ceph tell osd bench output, line %1: %2").arg(line).arg(why),
        QStringLiteral("line %1").arg(line));
}

bool figure(const QJsonObject &o, const char *key, double *out)
{
    const QJsonValue v = o.value(QLatin1String(key));
    *out = v.toDouble(-1);
    return v.isDouble() && std::isfinite(*out) && *out >= 0 && *out < 1e18;
}

} // namespace

bool looksLikeOsdBench(const QByteArray &bytes, const QByteArray &firstKey)
{
    static const QRegularExpression named(QStringLiteral("^\\s*osd\\.\\d{1,6}:\\s*\\{"));
    return firstKey == "bytes_written" || named.match(QString::fromLatin1(bytes.left(64))).hasMatch();
}

DecodedResult decodeOsdBench(const QByteArray &bytes, const DecodeOptions &options, Error *err)
{
    DecodedResult out;
    // An OSD's name before its block ("osd.3: {"), or none (one OSD's own output).
    static const QRegularExpression block(QStringLiteral("(?:^|\\n)\\s*(?:(osd\\.\\d{1,6}):\\s*)?\\{"));
    const QString text = QString::fromLatin1(bytes); // one char per byte: offsets match
    qsizetype from = 0;
    QRegularExpressionMatch m;
    while ((m = block.match(text, from)).hasMatch()) {
        const qsizetype open = m.capturedEnd() - 1;
        const qsizetype close = bytes.indexOf('}', open);
        if (close < 0) {
            *err = refuse(bytes, open, QStringLiteral("the block that starts here is cut short before its \"}\""));
            return {};
        }
        QJsonParseError pe {};
        const QJsonObject o = QJsonDocument::fromJson(bytes.mid(open, close - open + 1), &pe).object();
        double written = 0, blockSize = 0, seconds = 0, bytesPerSec = 0, iops = 0;
        if (pe.error != QJsonParseError::NoError || !figure(o, "bytes_written", &written)
            || !figure(o, "blocksize", &blockSize) || !figure(o, "elapsed_sec", &seconds)
            || !figure(o, "bytes_per_sec", &bytesPerSec) || !figure(o, "iops", &iops) || blockSize <= 0
            || seconds <= 0) {
            *err = refuse(bytes, open,
                QStringLiteral(
                    "the block lacks a figure (bytes_written, blocksize, elapsed_sec, bytes_per_sec, iops)"));
            return {};
        }
        DecodedStep s;
        const QString osd = m.captured(1);
        s.node = !osd.isEmpty() ? osd : options.node.isEmpty() ? QStringLiteral("imported") : options.node;
        const QString size = QString::number(qint64(blockSize));
        s.step.id = QStringLiteral("osd-bench-%1").arg(size);
        s.step.title = QStringLiteral("ceph tell osd bench, %1-byte writes").arg(size);
        s.step.params = {{QStringLiteral("bs"), qint64(blockSize)}, {QStringLiteral("bytes"), qint64(written)}};
        s.summary = {{QStringLiteral("write"),
                         QJsonObject {{QStringLiteral("bw"), bytesPerSec}, {QStringLiteral("iops"), iops},
                             {QStringLiteral("total_ios"), std::floor(written / blockSize)},
                             {QStringLiteral("io_bytes"), written}, {QStringLiteral("runtime_ms"), seconds * 1000}}},
            {QStringLiteral("engine"), QStringLiteral("ceph tell osd bench")},
            {QStringLiteral("measures"),
                QStringLiteral("the OSD's own store: writes from inside the OSD, no client, network or replication")}};
        s.environment.insert(QStringLiteral("imported_tool"), QStringLiteral("ceph tell osd bench"));
        s.command = QStringLiteral("ceph tell %1 bench %2 %3 (imported)")
                        .arg(osd.isEmpty() ? QStringLiteral("osd.N") : osd)
                        .arg(qint64(written))
                        .arg(size);
        s.target = osd.isEmpty() ? s.node : osd;
        if (!out.nodes.contains(s.node))
            out.nodes << s.node;
        out.steps << s;
        from = close + 1;
    }
    if (out.steps.isEmpty()) {
        *err = refuse(bytes, 0, QStringLiteral("no {…} block of figures"));
        return {};
    }
    out.format = QStringLiteral("osd-bench");
    out.tool = QStringLiteral("ceph tell osd bench");
    out.toolVersion = QStringLiteral("ceph tell osd bench (the output names no version)");
    out.name = QStringLiteral("ceph tell osd bench: %1 OSD(s)").arg(out.steps.size());
    *err = {};
    return out;
}

} // namespace cm::resultdecode
