// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The request side of PlainHttpLoop: URL splitting and the HTTP/1.1 request head.
#include "s3/s3http.h"

namespace cm {

// "http://host:port/path?q" -> hostPort "host:port", target "/path?q"; false when the
// URL is not http:// or has no host.
bool splitHttpUrl(const QByteArray &url, QByteArray *hostPort, QByteArray *target);

// Request line and headers, ending in the blank line; Host is added when missing and
// Content-Length for PUT/POST or a non-empty body. *bodyLength: the body bytes to send.
QByteArray buildHttpRequestHead(
    const S3HttpRequest &request, const QByteArray &hostPort, const QByteArray &target, qint64 *bodyLength);

} // namespace cm
