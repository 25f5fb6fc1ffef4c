// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A lean HTTP/1.1 keep-alive client for plain http:// URLs: one epoll loop on its own
// thread, up to N connections, requests written once and answers read by the pure
// HttpResponseParser (core/parse) without copying bodies. It exists because libcurl
// costs about twice the CPU per request of wrk, and on a loaded two-core machine that
// alone kept 64 KiB GETs at ~0.6x of wrk (curl's own command line, `curl -Z`, got the
// same ~0.6x). https:// stays on libcurl (S3HttpPool). Threading as S3HttpPool:
// callbacks on this loop's thread.
#include "s3/s3http.h"

#include <atomic>
#include <functional>
#include <memory>

namespace cm {

class PlainHttpLoop {
public:
    struct Options {
        int maxConnections = 16;
        int connectTimeoutMs = 5000;
        int stallTimeoutMs = 15000;
    };
    using Callback = std::function<void(S3HttpResponse &&)>;

    // inFlight (optional) is decremented as each request ends (the pool's counter).
    PlainHttpLoop(const Options &options, std::atomic<int> *inFlight);
    ~PlainHttpLoop(); // ends every request (Cancelled) and joins the thread
    PlainHttpLoop(const PlainHttpLoop &) = delete;
    PlainHttpLoop &operator=(const PlainHttpLoop &) = delete;

    void submit(S3HttpRequest request, Callback done);
    void cancelAll();
    bool cancelPending() const; // a cancelAll() its thread has not carried out yet
    int load() const; // queued + running here
    int capacity() const; // connections it may open
    bool runsOnThisThread() const; // called from this loop's own thread (a callback)

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

} // namespace cm
