// SPDX-License-Identifier: GPL-3.0-or-later
#include "s3/s3httppool.h"

#include "s3/plainhttploop.h"

#include <QLoggingCategory>

#include <curl/curl.h>

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <deque>
#include <future>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

namespace cm {

Q_LOGGING_CATEGORY(lcS3Http, "clustermark.core.s3http")

namespace {

qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

struct CurlGlobal {
    CurlGlobal() { curl_global_init(CURL_GLOBAL_DEFAULT); }
};

void ensureCurlGlobal()
{
    static CurlGlobal once; // thread-safe static init; never cleaned up (other users may remain)
    (void)once;
}

struct Transfer {
    CURL *easy = nullptr;
    curl_slist *headers = nullptr;
    S3HttpRequest req;
    S3HttpResponse resp;
    S3HttpPool::Callback done;
    qint64 startNs = 0;
    qint64 sent = 0;
    qint64 toSend = 0;
    bool gotFirstByte = false;
    char errbuf[CURL_ERROR_SIZE] = {};
};

size_t onWrite(char *ptr, size_t size, size_t n, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    const size_t len = size * n;
    if (!t->gotFirstByte) {
        t->gotFirstByte = true;
        t->resp.ttfbNs = nowNs() - t->startNs;
    }
    t->resp.bytesReceived += qint64(len);
    if (t->req.keepBody || t->resp.status >= 300)
        t->resp.body.append(ptr, qsizetype(len));
    return len;
}

size_t onHeader(char *ptr, size_t size, size_t n, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    const size_t len = size * n;
    if (!t->gotFirstByte) {
        t->gotFirstByte = true;
        t->resp.ttfbNs = nowNs() - t->startNs;
    }
    const QByteArray line = QByteArray::fromRawData(ptr, qsizetype(len)).trimmed();
    if (line.startsWith("HTTP/")) {
        // a new response (after a 100 Continue or a redirect): start over
        t->resp.headers.clear();
        const QList<QByteArray> parts = line.split(' ');
        t->resp.status = parts.size() > 1 ? parts.at(1).toInt() : 0;
    } else if (const qsizetype colon = line.indexOf(':'); colon > 0) {
        t->resp.headers.append({line.left(colon).trimmed().toLower(), line.mid(colon + 1).trimmed()});
    }
    return len;
}

size_t onRead(char *buffer, size_t size, size_t n, void *user)
{
    auto *t = static_cast<Transfer *>(user);
    const qint64 want = qMin<qint64>(qint64(size * n), t->toSend - t->sent);
    if (want <= 0)
        return 0;
    std::memcpy(buffer, t->req.body.constData() + t->req.bodyOffset + t->sent, size_t(want));
    t->sent += want;
    return size_t(want);
}

Error curlError(CURLcode rc, const Transfer &t)
{
    const QString ctx = t.req.context.isEmpty() ? QString::fromLatin1(t.req.method + ' ' + t.req.url) : t.req.context;
    const QString detail = QString::fromLatin1(t.errbuf[0] ? t.errbuf : curl_easy_strerror(rc));
    switch (rc) {
    case CURLE_COULDNT_CONNECT:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
        return Error(Error::Code::Unreachable, QStringLiteral("cannot connect: %1").arg(detail), ctx);
    case CURLE_OPERATION_TIMEDOUT:
        return Error(Error::Code::Timeout, QStringLiteral("no answer in time: %1").arg(detail), ctx);
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_CERTPROBLEM:
        return Error(Error::Code::CommandFailed, QStringLiteral("TLS failed: %1").arg(detail), ctx);
    default: return Error(Error::Code::Unreachable, QStringLiteral("connection failed: %1").arg(detail), ctx);
    }
}

} // namespace

struct S3HttpPool::Impl {
    S3HttpPool *q = nullptr;
    int maxConnections = 16;
    std::atomic<int> load {0}; // requests queued or running here
    CURLM *multi = nullptr;
    std::mutex lock;
    std::deque<std::pair<S3HttpRequest, Callback>> queue; // under lock
    bool cancelRequested = false; // under lock
    std::atomic<bool> stop {false};
    std::unordered_map<CURL *, std::unique_ptr<Transfer>> running; // pool thread only
    std::vector<CURL *> idle; // pool thread only
    std::thread thread;
    int epollFd = -1;
    int wakeFd = -1; // eventfd: submit/cancel/stop from other threads
    qint64 timerDeadlineNs = -1; // curl's timer (CURLMOPT_TIMERFUNCTION); -1: none

    void wake()
    {
        // the pool's own thread looks at the queue before it waits again
        if (std::this_thread::get_id() == thread.get_id())
            return;
        const uint64_t one = 1;
        [[maybe_unused]] const ssize_t n = ::write(wakeFd, &one, sizeof one);
    }

    static int onSocket(CURL *, curl_socket_t s, int what, void *userp, void *socketp)
    {
        auto *self = static_cast<Impl *>(userp);
        if (what == CURL_POLL_REMOVE) {
            epoll_ctl(self->epollFd, EPOLL_CTL_DEL, s, nullptr);
            return 0;
        }
        epoll_event ev {};
        ev.events = ((what & CURL_POLL_IN) ? EPOLLIN : 0u) | ((what & CURL_POLL_OUT) ? EPOLLOUT : 0u);
        ev.data.fd = s;
        const int op = socketp ? EPOLL_CTL_MOD : EPOLL_CTL_ADD;
        if (epoll_ctl(self->epollFd, op, s, &ev) != 0) {
            if (errno == EEXIST)
                epoll_ctl(self->epollFd, EPOLL_CTL_MOD, s, &ev);
            else if (errno == ENOENT)
                epoll_ctl(self->epollFd, EPOLL_CTL_ADD, s, &ev);
        }
        if (!socketp)
            curl_multi_assign(self->multi, s, self);
        return 0;
    }

    static int onTimer(CURLM *, long timeoutMs, void *userp)
    {
        auto *self = static_cast<Impl *>(userp);
        self->timerDeadlineNs = timeoutMs < 0 ? -1 : nowNs() + qint64(timeoutMs) * 1000000;
        return 0;
    }

    void drainDone()
    {
        int left = 0;
        while (CURLMsg *msg = curl_multi_info_read(multi, &left))
            if (msg->msg == CURLMSG_DONE)
                onDone(msg);
    }

    void start(std::pair<S3HttpRequest, Callback> &&job)
    {
        auto t = std::make_unique<Transfer>();
        t->req = std::move(job.first);
        t->done = std::move(job.second);
        CURL *e = nullptr;
        if (!idle.empty()) {
            e = idle.back();
            idle.pop_back();
            curl_easy_reset(e);
        } else {
            e = curl_easy_init();
        }
        if (!e) {
            t->resp.error = Error(Error::Code::Internal, QStringLiteral("curl_easy_init failed"), t->req.context);
            finishWithoutCurl(std::move(t));
            return;
        }
        t->easy = e;
        const Options &o = q->m_options;
        curl_easy_setopt(e, CURLOPT_URL, t->req.url.constData());
        curl_easy_setopt(e, CURLOPT_HTTP_VERSION, long(CURL_HTTP_VERSION_1_1));
        curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(e, CURLOPT_PROXY, ""); // no proxy; and no environment lookups per request
        curl_easy_setopt(e, CURLOPT_TCP_NODELAY, 1L);
        curl_easy_setopt(e, CURLOPT_ERRORBUFFER, t->errbuf);
        curl_easy_setopt(e, CURLOPT_PRIVATE, t.get());
        curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, onWrite);
        curl_easy_setopt(e, CURLOPT_WRITEDATA, t.get());
        curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, onHeader);
        curl_easy_setopt(e, CURLOPT_HEADERDATA, t.get());
        curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS, long(o.connectTimeoutMs));
        curl_easy_setopt(e, CURLOPT_LOW_SPEED_LIMIT, 1L);
        curl_easy_setopt(e, CURLOPT_LOW_SPEED_TIME, long(qMax(1, (o.stallTimeoutMs + 999) / 1000)));
        if (t->req.timeoutMs > 0)
            curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, long(t->req.timeoutMs));
        if (!o.caFile.isEmpty())
            curl_easy_setopt(e, CURLOPT_CAINFO, o.caFile.toLocal8Bit().constData()); // copied by curl
        if (!o.verifyTls) {
            curl_easy_setopt(e, CURLOPT_SSL_VERIFYPEER, 0L);
            curl_easy_setopt(e, CURLOPT_SSL_VERIFYHOST, 0L);
        }
        const QByteArray &m = t->req.method;
        t->toSend = t->req.sendLength();
        if (m == "HEAD") {
            curl_easy_setopt(e, CURLOPT_NOBODY, 1L);
        } else if (m == "PUT" || m == "POST") {
            curl_easy_setopt(e, CURLOPT_UPLOAD, 1L);
            curl_easy_setopt(e, CURLOPT_READFUNCTION, onRead);
            curl_easy_setopt(e, CURLOPT_READDATA, t.get());
            curl_easy_setopt(e, CURLOPT_INFILESIZE_LARGE, curl_off_t(t->toSend));
            if (m == "POST")
                curl_easy_setopt(e, CURLOPT_CUSTOMREQUEST, "POST");
        } else if (m != "GET") {
            curl_easy_setopt(e, CURLOPT_CUSTOMREQUEST, m.constData());
        }
        for (const QByteArray &h : t->req.headers)
            t->headers = curl_slist_append(t->headers, h.constData());
        t->headers = curl_slist_append(t->headers, "Expect:"); // no 100-continue round trip
        curl_easy_setopt(e, CURLOPT_HTTPHEADER, t->headers);
        t->startNs = nowNs();
        Transfer *raw = t.get();
        running.emplace(e, std::move(t));
        if (curl_multi_add_handle(multi, e) != CURLM_OK) {
            raw->resp.error
                = Error(Error::Code::Internal, QStringLiteral("curl_multi_add_handle failed"), raw->req.context);
            finish(e, false);
        }
    }

    void finishWithoutCurl(std::unique_ptr<Transfer> t)
    {
        q->m_inFlight.fetch_sub(1);
        load.fetch_sub(1);
        if (t->done)
            t->done(std::move(t->resp));
    }

    // Removes the transfer from the multi handle and calls its callback.
    void finish(CURL *e, bool added = true)
    {
        auto it = running.find(e);
        if (it == running.end())
            return;
        std::unique_ptr<Transfer> t = std::move(it->second);
        running.erase(it);
        if (added)
            curl_multi_remove_handle(multi, e);
        t->resp.latencyNs = nowNs() - t->startNs;
        t->resp.bytesSent = t->sent;
        curl_slist_free_all(t->headers);
        t->headers = nullptr;
        if (idle.size() < size_t(maxConnections) * 2)
            idle.push_back(e);
        else
            curl_easy_cleanup(e);
        finishWithoutCurl(std::move(t));
    }

    void onDone(CURLMsg *msg)
    {
        auto it = running.find(msg->easy_handle);
        if (it == running.end())
            return;
        Transfer &t = *it->second;
        if (msg->data.result != CURLE_OK) {
            t.resp.error = curlError(msg->data.result, t);
        } else {
            long code = 0;
            curl_easy_getinfo(msg->easy_handle, CURLINFO_RESPONSE_CODE, &code);
            t.resp.status = int(code);
            long connects = 0;
            curl_easy_getinfo(msg->easy_handle, CURLINFO_NUM_CONNECTS, &connects);
            t.resp.connectionReused = connects == 0;
        }
        finish(msg->easy_handle);
    }

    void cancelEverything()
    {
        std::deque<std::pair<S3HttpRequest, Callback>> pending;
        {
            std::lock_guard g(lock);
            pending.swap(queue);
            cancelRequested = false;
        }
        for (auto &job : pending) {
            auto t = std::make_unique<Transfer>();
            t->req = std::move(job.first);
            t->done = std::move(job.second);
            t->resp.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), t->req.context);
            finishWithoutCurl(std::move(t));
        }
        std::vector<CURL *> handles;
        for (auto &r : running)
            handles.push_back(r.first);
        for (CURL *e : handles) {
            running.at(e)->resp.error
                = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), running.at(e)->req.context);
            finish(e);
        }
    }

    // curl's socket interface on epoll: only the connections that have something to do
    // are touched (curl_multi_perform would look at every transfer on every wake-up).
    void loop()
    {
        epoll_event events[64];
        while (true) {
            std::deque<std::pair<S3HttpRequest, Callback>> jobs;
            bool cancel = false;
            {
                std::lock_guard g(lock);
                jobs.swap(queue);
                cancel = cancelRequested;
            }
            if (cancel || stop.load()) {
                {
                    std::lock_guard g(lock); // put back so cancelEverything() ends them with the rest
                    for (auto &j : jobs)
                        queue.push_front(std::move(j));
                }
                cancelEverything();
                if (stop.load())
                    break;
                continue;
            }
            for (auto &j : jobs)
                start(std::move(j));
            drainDone(); // a handle that could not be added

            int waitMs = 1000;
            if (timerDeadlineNs >= 0)
                waitMs = int(qBound<qint64>(0, (timerDeadlineNs - nowNs() + 999999) / 1000000, qint64(1000)));
            {
                std::lock_guard g(lock);
                if (!queue.empty() || cancelRequested || stop.load())
                    waitMs = 0;
            }
            const int n = epoll_wait(epollFd, events, 64, waitMs);
            int running = 0;
            for (int i = 0; i < n; ++i) {
                const int fd = events[i].data.fd;
                if (fd == wakeFd) {
                    uint64_t v = 0;
                    [[maybe_unused]] const ssize_t r = ::read(wakeFd, &v, sizeof v);
                    continue;
                }
                const uint32_t e = events[i].events;
                const int flags = ((e & EPOLLIN) ? CURL_CSELECT_IN : 0) | ((e & EPOLLOUT) ? CURL_CSELECT_OUT : 0)
                    | ((e & (EPOLLERR | EPOLLHUP)) ? CURL_CSELECT_ERR : 0);
                curl_multi_socket_action(multi, fd, flags, &running);
            }
            if (timerDeadlineNs >= 0 && nowNs() >= timerDeadlineNs) {
                timerDeadlineNs = -1; // curl sets the next one from inside the call
                curl_multi_socket_action(multi, CURL_SOCKET_TIMEOUT, 0, &running);
            }
            drainDone();
        }
    }
};

S3HttpPool::S3HttpPool(const Options &options)
    : m_options(options)
{
    m_options.maxConnections = qBound(1, m_options.maxConnections, 4096);
    if (m_options.threads <= 0)
        m_options.threads = qBound(1, int(std::thread::hardware_concurrency()), 2);
    m_options.threads = qBound(1, m_options.threads, m_options.maxConnections);
    if (!m_options.plainHttpEngine) {
        startCurlWorkers();
        return;
    }
    for (int i = 0; i < m_options.threads; ++i) {
        PlainHttpLoop::Options o;
        o.maxConnections
            = m_options.maxConnections / m_options.threads + (i < m_options.maxConnections % m_options.threads);
        o.connectTimeoutMs = m_options.connectTimeoutMs;
        o.stallTimeoutMs = m_options.stallTimeoutMs;
        m_plain.push_back(std::make_unique<PlainHttpLoop>(o, &m_inFlight));
    }
}

void S3HttpPool::startCurlWorkers()
{
    std::call_once(m_curlOnce, [this] {
        ensureCurlGlobal();
        for (int i = 0; i < m_options.threads; ++i) {
            auto d = std::make_unique<Impl>();
            d->q = this;
            // the connections split across the threads; the first ones take the remainder
            d->maxConnections
                = m_options.maxConnections / m_options.threads + (i < m_options.maxConnections % m_options.threads);
            d->multi = curl_multi_init();
            d->epollFd = epoll_create1(EPOLL_CLOEXEC);
            d->wakeFd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
            epoll_event ev {};
            ev.events = EPOLLIN;
            ev.data.fd = d->wakeFd;
            epoll_ctl(d->epollFd, EPOLL_CTL_ADD, d->wakeFd, &ev);
            curl_multi_setopt(d->multi, CURLMOPT_SOCKETFUNCTION, &Impl::onSocket);
            curl_multi_setopt(d->multi, CURLMOPT_SOCKETDATA, d.get());
            curl_multi_setopt(d->multi, CURLMOPT_TIMERFUNCTION, &Impl::onTimer);
            curl_multi_setopt(d->multi, CURLMOPT_TIMERDATA, d.get());
            curl_multi_setopt(d->multi, CURLMOPT_MAX_HOST_CONNECTIONS, long(d->maxConnections));
            curl_multi_setopt(d->multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, long(d->maxConnections));
            curl_multi_setopt(d->multi, CURLMOPT_MAXCONNECTS, long(d->maxConnections));
            Impl *raw = d.get();
            m_workers.push_back(std::move(d));
            raw->thread = std::thread([raw] { raw->loop(); });
        }
    });
}

S3HttpPool::~S3HttpPool()
{
    m_plain.clear(); // each ends its requests and joins
    for (auto &d : m_workers) {
        d->stop.store(true);
        d->wake();
    }
    for (auto &d : m_workers) {
        d->thread.join();
        for (CURL *e : d->idle)
            curl_easy_cleanup(e);
        curl_multi_cleanup(d->multi);
        ::close(d->wakeFd);
        ::close(d->epollFd);
    }
}

void S3HttpPool::submit(S3HttpRequest request, Callback done)
{
    if (!m_plain.empty() && request.url.startsWith("http://")) {
        // A request submitted from a loop's own callback stays on that loop while it has a
        // free connection: handing it to another loop costs a wake-up and a context switch
        // per request, which on a small machine showed as the client's largest CPU cost.
        PlainHttpLoop *p = nullptr;
        for (const auto &w : m_plain)
            if (w->runsOnThisThread() && w->load() < w->capacity())
                p = w.get();
        if (!p) {
            p = m_plain.front().get();
            for (const auto &w : m_plain)
                if (w->load() < p->load())
                    p = w.get();
        }
        m_inFlight.fetch_add(1);
        p->submit(std::move(request), std::move(done));
        return;
    }
    startCurlWorkers();
    // the least busy thread, so that no thread queues while another has a free connection
    Impl *d = m_workers.front().get();
    for (const auto &w : m_workers)
        if (w->load.load() < d->load.load())
            d = w.get();
    m_inFlight.fetch_add(1);
    d->load.fetch_add(1);
    {
        std::lock_guard g(d->lock);
        d->queue.emplace_back(std::move(request), std::move(done));
    }
    d->wake();
}

S3HttpResponse S3HttpPool::execute(S3HttpRequest request)
{
    std::promise<S3HttpResponse> p;
    std::future<S3HttpResponse> f = p.get_future();
    submit(std::move(request), [&p](S3HttpResponse &&r) { p.set_value(std::move(r)); });
    return f.get();
}

void S3HttpPool::cancelAll()
{
    for (auto &p : m_plain)
        p->cancelAll();
    for (auto &d : m_workers) {
        {
            std::lock_guard g(d->lock);
            d->cancelRequested = true;
        }
        d->wake();
    }
}

void S3HttpPool::settleCancel(int maxMs)
{
    for (int waited = 0; waited < maxMs; waited += 5) {
        bool pending = false;
        for (const auto &p : m_plain)
            pending = pending || p->cancelPending();
        for (auto &d : m_workers) {
            std::lock_guard g(d->lock);
            pending = pending || d->cancelRequested;
        }
        if (!pending)
            return;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

} // namespace cm
