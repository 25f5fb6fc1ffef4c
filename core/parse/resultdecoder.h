// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Results users already have, decoded into what a run of the app's own runners holds
// (docs/ARCHITECTURE.md §6): fio JSON / json+ (plain, --status-interval streams, and client/server
// output with "client_stats"), iperf3 -J and iperf 2 -y C. The format comes from the
// content, never the file name. Each step's summary and samples are shaped like those
// DiskFioRunner / NetIperfRunner store, so compare and export read imported runs as
// their own. Anything else, or a cut file, is refused with a ParseError naming the byte
// offset (JSON) or the line (CSV). Pure: bytes in, value out; the existing parsers
// (fioreport, fiosamplestream, iperf3json, iperf2csvreader) do the reading; rados bench
// and rbd bench text is read by parse/cephbenchdecoder.cpp into the RADOS and RBD kinds'
// step shape.
#include "model/error.h"
#include "model/plan.h"
#include "model/sample.h"

#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace cm {

struct DecodedStep {
    PlanStep step; // id, title, params as the kind's own plans have them
    QString node; // node display name
    QString target; // as the runner names it: "node:/path", "a→b"
    QString command; // what ran, as far as the file tells
    QJsonObject summary;
    QJsonObject environment;
    SampleList samples; // Sample::step is 0: the caller numbers them
};

struct DecodedResult {
    QString format; // "fio-json", "fio-json+", "iperf3-json", "iperf2-csv", "rados-bench", "rbd-bench"
    QString tool; // the tool that wrote it: "fio" or "iperf" (RunnerKind::importedTool)
    QString toolVersion; // as the file says ("fio-3.33", "iperf 3.12"); iperf 2 CSV has none
    QString name; // a plan name: "fio json+: randread 4k QD4"
    QJsonObject target; // Plan.target
    QStringList nodes; // every node the steps name, in order
    QDateTime measured; // when the tool printed it, when the file says
    QList<DecodedStep> steps;
    QStringList warnings;
};

struct DecodeOptions {
    // The machine the tool ran on (fio) or the iperf client. Empty: the host the file
    // names (fio client/server, iperf3's system_info, iperf 2's source address),
    // else "imported".
    QString node;
};

// Which format the bytes are: "fio", "iperf3", "iperf2", "rados bench", "rbd bench", or
// empty.
QString detectResultFormat(const QByteArray &bytes);

// Decodes a whole file. err: ParseError (with the offset or line) for anything that is
// not complete output of a supported tool; CommandFailed when the tool itself reported
// a failure instead of results (iperf3's "error").
DecodedResult decodeResult(const QByteArray &bytes, const DecodeOptions &options, Error *err);

// 1-based line number of a byte offset.
int lineAtOffset(const QByteArray &bytes, qsizetype offset);

} // namespace cm
