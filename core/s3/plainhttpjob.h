// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// PlainHttpLoop internals: one request in flight (Job) and one connection (Conn).
#include "parse/httpresponseparser.h"
#include "s3/plainhttploop.h"

#include <chrono>
#include <memory>

namespace cm {

inline qint64 plainHttpNowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

struct PlainHttpJob {
    S3HttpRequest req;
    S3HttpResponse resp;
    PlainHttpLoop::Callback done;
    QByteArray hostPort; // "127.0.0.1:8080"
    QByteArray target; // "/bucket/key?x=y"
    qint64 startNs = 0;
    bool gotByte = false;
    int attempts = 0;
};

struct PlainHttpConn {
    int fd = -1;
    QByteArray hostPort;
    bool connecting = false;
    bool reused = false;
    bool wantOut = false;
    std::unique_ptr<PlainHttpJob> job;
    QByteArray head; // the request head being sent
    qint64 headOff = 0, bodySent = 0, bodyLen = 0;
    HttpResponseParser parser;
    bool closeAfter = false;
    qint64 lastNs = 0;
};

} // namespace cm
