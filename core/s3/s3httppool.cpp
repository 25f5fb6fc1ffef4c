#include "s3/s3httppool.h"

#include <QLoggingCategory>

#include <curl/curl.h>

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
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
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
    default:
        return Error(Error::Code::Unreachable, QStringLiteral("connection failed: %1").arg(detail), ctx);
    }
}

} // namespace

struct S3HttpPool::Impl {
    S3HttpPool *q = nullptr;
    CURLM *multi = nullptr;
    std::mutex lock;
    std::deque<std::pair<S3HttpRequest, Callback>> queue; // under lock
    bool cancelRequested = false;                         // under lock
    std::atomic<bool> stop{false};
    std::unordered_map<CURL *, std::unique_ptr<Transfer>> running; // pool thread only
    std::vector<CURL *> idle;                                      // pool thread only
    std::thread thread;

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
            raw->resp.error = Error(Error::Code::Internal, QStringLiteral("curl_multi_add_handle failed"), raw->req.context);
            finish(e, false);
        }
    }

    void finishWithoutCurl(std::unique_ptr<Transfer> t)
    {
        q->m_inFlight.fetch_sub(1);
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
        if (idle.size() < size_t(q->m_options.maxConnections) * 2)
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
            running.at(e)->resp.error = Error(Error::Code::Cancelled, QStringLiteral("cancelled"), running.at(e)->req.context);
            finish(e);
        }
    }

    void loop()
    {
        while (true) {
            std::deque<std::pair<S3HttpRequest, Callback>> jobs;
            bool cancel = false;
            {
                std::lock_guard g(lock);
                jobs.swap(queue);
                cancel = cancelRequested;
            }
            if (cancel || stop.load()) {
                for (auto &j : jobs) { // put back so cancelEverything() ends them with the rest
                    std::lock_guard g(lock);
                    queue.push_front(std::move(j));
                }
                cancelEverything();
                if (stop.load())
                    break;
                continue;
            }
            for (auto &j : jobs)
                start(std::move(j));
            int still = 0;
            curl_multi_perform(multi, &still);
            int left = 0;
            while (CURLMsg *msg = curl_multi_info_read(multi, &left))
                if (msg->msg == CURLMSG_DONE)
                    onDone(msg);
            {
                std::lock_guard g(lock);
                if (!queue.empty() || cancelRequested || stop.load())
                    continue;
            }
            curl_multi_poll(multi, nullptr, 0, 1000, nullptr);
        }
    }
};

S3HttpPool::S3HttpPool(const Options &options) : m_options(options), d(std::make_unique<Impl>())
{
    ensureCurlGlobal();
    m_options.maxConnections = qBound(1, m_options.maxConnections, 4096);
    d->q = this;
    d->multi = curl_multi_init();
    curl_multi_setopt(d->multi, CURLMOPT_MAX_HOST_CONNECTIONS, long(m_options.maxConnections));
    curl_multi_setopt(d->multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, long(m_options.maxConnections));
    curl_multi_setopt(d->multi, CURLMOPT_MAXCONNECTS, long(m_options.maxConnections));
    d->thread = std::thread([this] { d->loop(); });
}

S3HttpPool::~S3HttpPool()
{
    d->stop.store(true);
    curl_multi_wakeup(d->multi);
    d->thread.join();
    for (CURL *e : d->idle)
        curl_easy_cleanup(e);
    curl_multi_cleanup(d->multi);
}

void S3HttpPool::submit(S3HttpRequest request, Callback done)
{
    m_inFlight.fetch_add(1);
    {
        std::lock_guard g(d->lock);
        d->queue.emplace_back(std::move(request), std::move(done));
    }
    curl_multi_wakeup(d->multi);
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
    {
        std::lock_guard g(d->lock);
        d->cancelRequested = true;
    }
    curl_multi_wakeup(d->multi);
}

} // namespace cm
