// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// iperf3 -J output (3.x; recorded with 3.12) into values. iperf3 prints one JSON
// document at the end of the run. Tolerated: text before or after it (warnings such as
// "warning: UDP block size ...", a second copy of the document as 3.17 prints), and
// the bare nan / -nan / inf tokens iperf3 writes for 0/0 (taken as unknown, noted).
// iperf3 exits 0 on some failures (connection refused): Iperf3Result::error holds the
// document's "error" key, which is not a parse error. Pure: bytes in, value out.
#include "model/error.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace cm {

struct Iperf3Stream {
    int socket = -1;
    double start = 0, end = 0, seconds = 0;
    quint64 bytes = 0;
    double bitsPerSecond = 0;
    int retransmits = -1; // -1: not reported (receiver side, UDP)
    bool sender = true;
    std::optional<double> rttUs; // TCP sender only
};

struct Iperf3Sum {
    bool present = false;
    double start = 0, end = 0, seconds = 0;
    quint64 bytes = 0;
    double bitsPerSecond = 0;
    int retransmits = -1;
    bool sender = true;
    // UDP only
    std::optional<double> jitterMs;
    qint64 lostPackets = -1;
    qint64 packets = -1;
    std::optional<double> lostPercent;
};

struct Iperf3Interval {
    double start = 0, end = 0;
    Iperf3Sum sum; // "sum" (with -P 1 iperf3 still prints it)
    Iperf3Sum sumReverse; // --bidir: "sum_bidir_reverse"
    QList<Iperf3Stream> streams;
    bool omitted = false;
};

struct Iperf3Result {
    QString error; // the "error" key; non-empty = the test failed
    QString version; // "iperf 3.12"
    QString systemInfo;
    // start
    QString protocol; // "TCP", "UDP"
    int numStreams = 0;
    double duration = 0; // requested -t seconds (0 with -n/-k)
    int blksize = 0;
    bool reverse = false;
    bool bidir = false;
    QString remoteHost;
    int remotePort = 0;
    int connectedStreams = 0; // entries of start.connected
    QList<Iperf3Interval> intervals;
    // end
    Iperf3Sum sumSent;
    Iperf3Sum sumReceived;
    Iperf3Sum sumSentReverse; // --bidir
    Iperf3Sum sumReceivedReverse;
    Iperf3Sum udpSum; // end.sum (UDP: jitter, loss)
    std::optional<double> cpuHostTotal; // cpu_utilization_percent
    std::optional<double> cpuHostUser;
    std::optional<double> cpuHostSystem;
    std::optional<double> cpuRemoteTotal;
    std::optional<double> cpuRemoteUser;
    std::optional<double> cpuRemoteSystem;
    QString senderCongestion;
    QString receiverCongestion;

    bool failed() const { return !error.isEmpty(); }
    // The tool's own failure as an Error (CommandFailed; Unreachable for refused /
    // unreachable connections); no error when the run succeeded.
    Error toolError(const QString &context = {}) const;
    // The figure to report for the client->server direction: what the receiver got
    // (sum_received), else what was sent.
    double receivedBitsPerSecond() const;
};

// err: ParseError when no JSON object can be found or read. warnings: nan values,
// text around the document, missing sections.
Iperf3Result parseIperf3Json(const QByteArray &output, Error *err = nullptr, QStringList *warnings = nullptr);

// The first complete top-level JSON object in `text` (braces matched outside strings),
// from a '{' that starts a line; empty when none. Exposed for tests.
QByteArray extractJsonObject(const QByteArray &text, qsizetype *begin = nullptr, qsizetype *end = nullptr);
// Replaces bare nan/-nan/inf/-inf/NaN/Infinity tokens outside strings by null; the
// number of replacements goes to *count.
QByteArray nullifyNonFiniteTokens(const QByteArray &json, int *count = nullptr);

} // namespace cm
