// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Value types of one HTTP exchange with an S3 endpoint (signed by S3Client, carried by
// S3HttpPool).
#include "model/error.h"

#include <QByteArray>
#include <QList>
#include <QPair>

namespace cm {

struct S3HttpRequest {
    QByteArray method; // GET, PUT, POST, HEAD, DELETE
    QByteArray url; // full URL, path and query already encoded
    QList<QByteArray> headers; // "Name: value" lines, Authorization included
    QByteArray body; // implicitly shared: many requests can send one buffer
    qint64 bodyOffset = 0; // the slice of body to send (multipart parts)
    qint64 bodyLength = -1; // -1: to the end of body
    bool keepBody = true; // false: count the response bytes and drop them
    int timeoutMs = 0; // whole exchange; 0: none (the stall timeout still applies)
    QString context; // "PUT bucket/key", for errors

    qint64 sendLength() const
    {
        const qint64 rest = qMax<qint64>(0, body.size() - bodyOffset);
        return bodyLength < 0 ? rest : qMin(bodyLength, rest);
    }
};

struct S3HttpResponse {
    int status = 0; // 0: no HTTP response (see error)
    Error error; // transport failure: refused, reset, TLS, timeout, cancelled
    QByteArray body; // when keepBody, or always for status >= 300 (the S3 error XML)
    QList<QPair<QByteArray, QByteArray>> headers; // lowercased names
    qint64 bytesReceived = 0; // body bytes
    qint64 bytesSent = 0;
    qint64 latencyNs = 0; // request handed to the connection -> last byte
    qint64 ttfbNs = 0; // request handed to the connection -> first response byte
    bool connectionReused = false;

    bool transportOk() const { return !error.isError() && status > 0; }
    bool ok() const { return transportOk() && status >= 200 && status < 300; }
    QByteArray header(const QByteArray &lowerName) const
    {
        for (const auto &h : headers)
            if (h.first == lowerName)
                return h.second;
        return {};
    }
};

} // namespace cm
