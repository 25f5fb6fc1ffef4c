// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// curl's --write-out line per finished transfer, in the format the S3 curl engine asks
// for (kCurlWriteOut):
//   cm <HTTP status> <time_total s> <time_starttransfer s> <bytes up> <bytes down> <error>
// status 0: no answer (the error message says why: refused, timed out…). The times are
// curl's own, per request, in seconds with microseconds: the latency histograms are
// built from them, request by request.
#include <QByteArray>
#include <QList>
#include <QString>

namespace cm {

struct CurlTransfer {
    int status = 0;
    quint64 totalNs = 0; // the request's start to its last byte
    quint64 firstByteNs = 0; // the request's start to the answer's first byte
    quint64 bytesUp = 0;
    quint64 bytesDown = 0;
    QString error; // curl's message; empty when it had none

    bool ok() const { return status >= 200 && status < 300; }
};

// The --write-out value (as given in a curl config file: \n is curl's escape).
inline constexpr const char *kCurlWriteOut
    = "cm %{response_code} %{time_total} %{time_starttransfer} %{size_upload} %{size_download} %{errormsg}\\n";

// One line without its newline; false (and *out untouched) for anything else: another
// program's output, a cut line, a number out of range.
bool parseCurlTransfer(const QByteArray &line, CurlTransfer *out);

// Whole lines out of a stream of chunks (a line may span chunks).
class CurlTransferStream {
public:
    QList<CurlTransfer> feed(const QByteArray &chunk);
    QList<CurlTransfer> finish(); // the last line, if it had no newline
    int rejectedLines() const { return m_rejected; }
    QByteArray lastRejected() const { return m_lastRejected; } // for messages, cut to 200 bytes

private:
    void take(const QByteArray &line, QList<CurlTransfer> &out);

    QByteArray m_buffer;
    int m_rejected = 0;
    QByteArray m_lastRejected;
};

} // namespace cm
