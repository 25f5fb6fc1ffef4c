// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Many HTTP/1.1 requests in flight over a pool of keep-alive connections, on one worker
// thread of its own.
//
// http:// goes to PlainHttpLoop (see there why), https:// to libcurl's multi interface.
// Why libcurl and not QNetworkAccessManager: Qt 6.4's QNAM opens at
// most 6 connections per host (QHttpNetworkConnection's fixed channel count; the knob,
// QHttp1Configuration, only came in Qt 6.5), so 16 or 64 requests in flight would queue
// behind 6 sockets and the app would measure itself. libcurl multi drives any number of
// connections from one thread (its socket interface on epoll), reuses them (keep-alive), does TLS with the
// system trust store or a given CA, and costs a few microseconds of CPU per request;
// measured against wrk/hey on the lab's radosgw (tests/bench/bench_s3_vs_loadgen.cpp).
//
// Threading: submit() and cancelAll() may be called from any thread; callbacks run on
// the pool's thread and must be quick (hand the response on, or submit the next request).
// execute() blocks: use it on worker threads only, never on the UI thread.
#include "s3/s3http.h"

#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

namespace cm {

class S3HttpPool {
public:
    struct Options {
        int maxConnections = 16; // per host, and in total
        int threads = 0; // event-loop threads sharing the connections; 0: min(2, cores)
        bool plainHttpEngine = true; // http:// on PlainHttpLoop (lean); false: libcurl for all
        QString caFile; // PEM bundle; empty: the system trust store
        bool verifyTls = true; // false: no certificate or host name check (marked in results)
        int connectTimeoutMs = 5000;
        int stallTimeoutMs = 15000; // no byte moved for this long -> Timeout
    };
    using Callback = std::function<void(S3HttpResponse &&)>;

    explicit S3HttpPool(const Options &options);
    ~S3HttpPool(); // ends every request (Cancelled) and joins the thread
    S3HttpPool(const S3HttpPool &) = delete;
    S3HttpPool &operator=(const S3HttpPool &) = delete;

    void submit(S3HttpRequest request, Callback done);
    S3HttpResponse execute(S3HttpRequest request);
    // Every queued and running request ends at once with Error::Code::Cancelled.
    void cancelAll();
    // Waits (at most maxMs) until every cancelAll() has been carried out by the pool's
    // threads: a request submitted afterwards is then never taken by an old cancel (the
    // clean-up after a step's deadline once lost its bucket listing that way).
    void settleCancel(int maxMs = 2000);
    int inFlight() const { return m_inFlight.load(); }
    Options options() const { return m_options; }

private:
    struct Impl;
    Options m_options;
    std::atomic<int> m_inFlight {0};
    void startCurlWorkers();
    std::vector<std::unique_ptr<Impl>> m_workers; // libcurl (https://, or all)
    std::vector<std::unique_ptr<class PlainHttpLoop>> m_plain; // plain http://
    std::once_flag m_curlOnce;
};

} // namespace cm
