#include "s3/plainhttploop.h"

#include <QHash>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace cm {

namespace {

qint64 nowNs()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct Job {
    S3HttpRequest req;
    S3HttpResponse resp;
    PlainHttpLoop::Callback done;
    QByteArray hostPort;   // "127.0.0.1:8080"
    QByteArray target;     // "/bucket/key?x=y"
    qint64 startNs = 0;
    bool gotByte = false;
    int attempts = 0;
};

enum class St { Head, Body, ChunkSize, ChunkData, ChunkEnd, Trailer, UntilClose };

struct Conn {
    int fd = -1;
    QByteArray hostPort;
    bool connecting = false;
    bool reused = false;
    bool wantOut = false;
    std::unique_ptr<Job> job;
    QByteArray head;
    qint64 headOff = 0, bodySent = 0, bodyLen = 0;
    QByteArray in;
    St st = St::Head;
    qint64 remaining = 0;
    bool closeAfter = false;
    qint64 lastNs = 0;
};

bool splitUrl(const QByteArray &url, QByteArray *hostPort, QByteArray *target)
{
    if (!url.startsWith("http://"))
        return false;
    const qsizetype from = 7;
    qsizetype end = from;
    while (end < url.size() && url.at(end) != '/' && url.at(end) != '?')
        ++end;
    *hostPort = url.mid(from, end - from);
    *target = end < url.size() ? url.mid(end) : QByteArray("/");
    if (target->startsWith('?'))
        target->prepend('/');
    return !hostPort->isEmpty();
}

} // namespace

struct PlainHttpLoop::Impl {
    Options o;
    std::atomic<int> *poolInFlight = nullptr;
    std::atomic<int> load{0};
    std::mutex lock;
    std::deque<std::unique_ptr<Job>> incoming; // under lock
    bool cancelRequested = false;              // under lock
    std::atomic<bool> stop{false};
    std::deque<std::unique_ptr<Job>> pending;  // loop thread only
    std::vector<std::unique_ptr<Conn>> conns;  // loop thread only
    QHash<QByteArray, sockaddr_storage> addrs;
    QHash<QByteArray, socklen_t> addrLens;
    int ep = -1, wakeFd = -1;
    std::thread thread;

    void wake()
    {
        if (std::this_thread::get_id() == thread.get_id())
            return;
        const uint64_t one = 1;
        [[maybe_unused]] const ssize_t n = ::write(wakeFd, &one, sizeof one);
    }

    void deliver(std::unique_ptr<Job> j)
    {
        j->resp.latencyNs = j->startNs ? nowNs() - j->startNs : 0;
        if (poolInFlight)
            poolInFlight->fetch_sub(1);
        load.fetch_sub(1);
        if (j->done)
            j->done(std::move(j->resp));
    }

    Error err(Error::Code c, const QString &msg, const Job &j)
    {
        return Error(c, msg, j.req.context.isEmpty() ? QString::fromLatin1(j.req.method + ' ' + j.req.url) : j.req.context);
    }

    void closeConn(Conn *c)
    {
        if (c->fd >= 0) {
            epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, nullptr);
            ::close(c->fd);
        }
        for (auto it = conns.begin(); it != conns.end(); ++it)
            if (it->get() == c) {
                conns.erase(it);
                return;
            }
    }

    void fail(Conn *c, Error e)
    {
        std::unique_ptr<Job> j = std::move(c->job);
        closeConn(c);
        if (j) {
            j->resp.error = std::move(e);
            deliver(std::move(j));
        }
    }

    void arm(Conn *c, bool out)
    {
        if (c->wantOut == out)
            return;
        c->wantOut = out;
        epoll_event ev{};
        ev.events = EPOLLIN | (out ? EPOLLOUT : 0u);
        ev.data.ptr = c;
        epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev);
    }

    Conn *open(const QByteArray &hostPort, QString *why)
    {
        if (!addrs.contains(hostPort)) {
            QByteArray host = hostPort, port = "80";
            const qsizetype colon = hostPort.lastIndexOf(':');
            if (colon > 0 && !hostPort.endsWith(']')) {
                host = hostPort.left(colon);
                port = hostPort.mid(colon + 1);
            }
            if (host.startsWith('[') && host.endsWith(']'))
                host = host.mid(1, host.size() - 2);
            addrinfo hints{};
            hints.ai_family = AF_UNSPEC;
            hints.ai_socktype = SOCK_STREAM;
            addrinfo *res = nullptr;
            const int rc = getaddrinfo(host.constData(), port.constData(), &hints, &res);
            if (rc != 0 || !res) {
                *why = QStringLiteral("cannot resolve %1: %2").arg(QString::fromLatin1(host), QString::fromLocal8Bit(gai_strerror(rc)));
                return nullptr;
            }
            sockaddr_storage ss{};
            std::memcpy(&ss, res->ai_addr, res->ai_addrlen);
            addrs.insert(hostPort, ss);
            addrLens.insert(hostPort, res->ai_addrlen);
            freeaddrinfo(res);
        }
        const sockaddr_storage ss = addrs.value(hostPort);
        const int fd = ::socket(ss.ss_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        if (fd < 0) {
            *why = QStringLiteral("socket: %1").arg(QString::fromLocal8Bit(strerror(errno)));
            return nullptr;
        }
        const int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        auto c = std::make_unique<Conn>();
        c->fd = fd;
        c->hostPort = hostPort;
        if (::connect(fd, reinterpret_cast<const sockaddr *>(&ss), addrLens.value(hostPort)) != 0) {
            if (errno != EINPROGRESS) {
                *why = QStringLiteral("cannot connect to %1: %2").arg(QString::fromLatin1(hostPort), QString::fromLocal8Bit(strerror(errno)));
                ::close(fd);
                return nullptr;
            }
            c->connecting = true;
        }
        epoll_event ev{};
        ev.events = EPOLLIN | EPOLLOUT;
        c->wantOut = true;
        ev.data.ptr = c.get();
        epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
        conns.push_back(std::move(c));
        return conns.back().get();
    }

    void assign(Conn *c, std::unique_ptr<Job> j)
    {
        const S3HttpRequest &r = j->req;
        QByteArray h;
        h.reserve(512);
        h += r.method + ' ' + j->target + " HTTP/1.1\r\n";
        bool hasHost = false;
        for (const QByteArray &line : r.headers) {
            if (line.size() >= 5 && qstrnicmp(line.constData(), "host:", 5) == 0)
                hasHost = true;
            h += line + "\r\n";
        }
        if (!hasHost)
            h += "Host: " + j->hostPort + "\r\n";
        c->bodyLen = (r.method == "PUT" || r.method == "POST") ? r.sendLength() : 0;
        if (r.method == "PUT" || r.method == "POST" || c->bodyLen > 0)
            h += "Content-Length: " + QByteArray::number(c->bodyLen) + "\r\n";
        h += "\r\n";
        c->head = h;
        c->headOff = 0;
        c->bodySent = 0;
        c->in.clear();
        c->st = St::Head;
        c->closeAfter = false;
        j->resp.connectionReused = c->reused;
        j->startNs = nowNs();
        c->lastNs = j->startNs;
        c->job = std::move(j);
        if (!c->connecting)
            writeSome(c);
    }

    void dispatch()
    {
        while (!pending.empty()) {
            std::unique_ptr<Job> &j = pending.front();
            Conn *use = nullptr;
            for (auto &c : conns)
                if (!c->job && c->hostPort == j->hostPort) {
                    use = c.get();
                    break;
                }
            if (!use && int(conns.size()) >= o.maxConnections) {
                Conn *idleOther = nullptr;
                for (auto &c : conns)
                    if (!c->job)
                        idleOther = c.get();
                if (!idleOther)
                    return; // all busy: wait
                closeConn(idleOther);
            }
            if (!use) {
                QString why;
                use = open(j->hostPort, &why);
                if (!use) {
                    std::unique_ptr<Job> f = std::move(pending.front());
                    pending.pop_front();
                    f->resp.error = err(Error::Code::Unreachable, why, *f);
                    deliver(std::move(f));
                    continue;
                }
            }
            std::unique_ptr<Job> job = std::move(pending.front());
            pending.pop_front();
            assign(use, std::move(job));
        }
    }

    void writeSome(Conn *c)
    {
        Job &j = *c->job;
        while (c->headOff < c->head.size() || c->bodySent < c->bodyLen) {
            ssize_t n;
            if (c->headOff < c->head.size())
                n = ::send(c->fd, c->head.constData() + c->headOff, size_t(c->head.size() - c->headOff), MSG_NOSIGNAL);
            else
                n = ::send(c->fd, j.req.body.constData() + j.req.bodyOffset + c->bodySent,
                           size_t(c->bodyLen - c->bodySent), MSG_NOSIGNAL);
            if (n < 0) {
                if (errno == EAGAIN || errno == EWOULDBLOCK) {
                    arm(c, true);
                    return;
                }
                if (errno == EINTR)
                    continue;
                return broken(c, QString::fromLocal8Bit(strerror(errno)));
            }
            c->lastNs = nowNs();
            if (c->headOff < c->head.size())
                c->headOff += n;
            else
                c->bodySent += n;
        }
        j.resp.bytesSent = c->bodySent;
        arm(c, false);
    }

    // A connection that broke: a reused one that broke before any answer is retried once
    // on a new connection (the server may have closed it while idle).
    void broken(Conn *c, const QString &why)
    {
        if (c->job && c->reused && !c->job->gotByte && c->job->attempts == 0) {
            std::unique_ptr<Job> j = std::move(c->job);
            closeConn(c);
            j->attempts++;
            j->resp = S3HttpResponse();
            pending.push_front(std::move(j));
            return;
        }
        fail(c, err(Error::Code::Unreachable, QStringLiteral("connection failed: %1").arg(why), *c->job));
    }

    // Ends the answer; false when the connection was closed (c is gone then).
    bool complete(Conn *c)
    {
        std::unique_ptr<Job> j = std::move(c->job);
        c->reused = true;
        c->in.clear();
        c->st = St::Head;
        const bool keep = !c->closeAfter;
        if (!keep)
            closeConn(c);
        deliver(std::move(j));
        return keep;
    }

    void body(Conn *c, const char *p, qint64 n)
    {
        Job &j = *c->job;
        j.resp.bytesReceived += n;
        if (j.req.keepBody || j.resp.status >= 300)
            j.resp.body.append(p, qsizetype(n));
    }

    // Feeds received bytes; returns false once the connection was closed or failed.
    bool feed(Conn *c, const char *data, qint64 n)
    {
        if (c->st == St::Body) { // the hot path: no copy into c->in
            const qint64 take = qMin(n, c->remaining);
            body(c, data, take);
            c->remaining -= take;
            if (c->remaining == 0) {
                if (take < n)
                    c->closeAfter = true; // bytes beyond the answer: do not trust this connection
                return complete(c);
            }
            return true;
        }
        if (c->st == St::UntilClose) {
            body(c, data, n);
            return true;
        }
        c->in.append(data, qsizetype(n));
        while (c->job) {
            if (c->st == St::Head) {
                const qsizetype end = c->in.indexOf("\r\n\r\n");
                if (end < 0) {
                    if (c->in.size() > 65536) {
                        fail(c, err(Error::Code::ParseError, QStringLiteral("HTTP header too large"), *c->job));
                        return false;
                    }
                    return true;
                }
                if (!parseHead(c, end))
                    return false;
                c->in.remove(0, end + 4);
                if (c->st == St::Head)
                    continue; // a 1xx answer was skipped
                if (c->st == St::Body && c->remaining == 0)
                    return complete(c);
                if (c->st == St::Body || c->st == St::UntilClose) {
                    QByteArray rest = c->in;
                    c->in.clear();
                    return rest.isEmpty() ? true : feed(c, rest.constData(), rest.size());
                }
            } else if (c->st == St::ChunkSize || c->st == St::ChunkEnd || c->st == St::Trailer) {
                const qsizetype eol = c->in.indexOf("\r\n");
                if (eol < 0)
                    return true;
                const QByteArray line = c->in.left(eol);
                c->in.remove(0, eol + 2);
                if (c->st == St::ChunkEnd) {
                    c->st = St::ChunkSize;
                } else if (c->st == St::Trailer) {
                    if (line.isEmpty())
                        return complete(c);
                } else {
                    bool ok = false;
                    const qint64 size = line.split(';').value(0).trimmed().toLongLong(&ok, 16);
                    if (!ok || size < 0) {
                        fail(c, err(Error::Code::ParseError, QStringLiteral("bad chunk size"), *c->job));
                        return false;
                    }
                    c->remaining = size;
                    c->st = size == 0 ? St::Trailer : St::ChunkData;
                }
            } else if (c->st == St::ChunkData) {
                if (c->in.isEmpty())
                    return true;
                const qint64 take = qMin<qint64>(c->in.size(), c->remaining);
                body(c, c->in.constData(), take);
                c->in.remove(0, qsizetype(take));
                c->remaining -= take;
                if (c->remaining == 0)
                    c->st = St::ChunkEnd;
            } else {
                return true;
            }
        }
        return true;
    }

    bool parseHead(Conn *c, qsizetype end)
    {
        Job &j = *c->job;
        const QList<QByteArray> lines = c->in.left(end).split('\n');
        const QByteArray status = lines.value(0).trimmed();
        const QList<QByteArray> parts = status.split(' ');
        bool ok = false;
        const int code = parts.value(1).toInt(&ok);
        if (!status.startsWith("HTTP/1.") || !ok || code < 100 || code > 999) {
            fail(c, err(Error::Code::ParseError, QStringLiteral("not an HTTP answer: %1").arg(QString::fromLatin1(status.left(80))), j));
            return false;
        }
        if (code < 200) { // 100 Continue and friends: the real answer follows
            c->st = St::Head;
            return true;
        }
        j.resp.status = code;
        j.resp.headers.clear();
        qint64 length = -1;
        bool chunked = false;
        c->closeAfter = status.startsWith("HTTP/1.0");
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray &l = lines.at(i);
            const qsizetype colon = l.indexOf(':');
            if (colon <= 0)
                continue;
            const QByteArray name = l.left(colon).trimmed().toLower();
            const QByteArray value = l.mid(colon + 1).trimmed();
            j.resp.headers.append({name, value});
            if (name == "content-length")
                length = value.toLongLong(&ok), length = ok && length >= 0 ? length : -2;
            else if (name == "transfer-encoding")
                chunked = value.toLower().contains("chunked");
            else if (name == "connection")
                c->closeAfter = value.toLower().contains("close") || (c->closeAfter && !value.toLower().contains("keep-alive"));
        }
        if (length == -2) {
            fail(c, err(Error::Code::ParseError, QStringLiteral("bad Content-Length"), j));
            return false;
        }
        if (j.req.method == "HEAD" || code == 204 || code == 304) {
            c->st = St::Body;
            c->remaining = 0;
        } else if (chunked) {
            c->st = St::ChunkSize;
        } else if (length >= 0) {
            c->st = St::Body;
            c->remaining = length;
        } else {
            c->st = St::UntilClose;
            c->closeAfter = true;
        }
        return true;
    }

    void readSome(Conn *c)
    {
        char buf[65536];
        while (c->fd >= 0) {
            const ssize_t n = ::recv(c->fd, buf, sizeof buf, 0);
            if (n > 0) {
                if (!c->job) { // an idle connection got bytes: not ours to keep
                    closeConn(c);
                    return;
                }
                if (!c->job->gotByte) {
                    c->job->gotByte = true;
                    c->job->resp.ttfbNs = nowNs() - c->job->startNs;
                }
                c->lastNs = nowNs();
                if (!feed(c, buf, n))
                    return;
                if (n < ssize_t(sizeof buf))
                    return; // drained (level-triggered epoll wakes again if more came)
                continue;
            }
            if (n == 0) {
                if (!c->job) {
                    closeConn(c);
                } else if (c->st == St::UntilClose) {
                    c->closeAfter = true;
                    complete(c);
                } else {
                    broken(c, QStringLiteral("closed by the server"));
                }
                return;
            }
            if (errno == EAGAIN || errno == EWOULDBLOCK)
                return;
            if (errno == EINTR)
                continue;
            if (c->job)
                broken(c, QString::fromLocal8Bit(strerror(errno)));
            else
                closeConn(c);
            return;
        }
    }

    void onEvent(Conn *c, uint32_t ev)
    {
        if (c->connecting && (ev & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
            int e = 0;
            socklen_t len = sizeof e;
            getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &e, &len);
            if (e != 0) {
                fail(c, err(Error::Code::Unreachable, QStringLiteral("cannot connect to %1: %2")
                                                          .arg(QString::fromLatin1(c->hostPort), QString::fromLocal8Bit(strerror(e))),
                            *c->job));
                return;
            }
            c->connecting = false;
            if (c->job)
                writeSome(c);
            else
                arm(c, false);
            return;
        }
        if (ev & (EPOLLIN | EPOLLERR | EPOLLHUP))
            readSome(c);
        // c may be gone now: look it up before writing
        if ((ev & EPOLLOUT)) {
            for (auto &x : conns)
                if (x.get() == c && c->job && !c->connecting)
                    return writeSome(c);
        }
    }

    void checkTimeouts()
    {
        const qint64 now = nowNs();
        for (size_t i = 0; i < conns.size();) {
            Conn *c = conns[i].get();
            Job *j = c->job.get();
            if (j) {
                Error e;
                if (c->connecting && now - j->startNs > qint64(o.connectTimeoutMs) * 1000000)
                    e = err(Error::Code::Timeout, QStringLiteral("no answer in time: connect timed out after %1 ms").arg(o.connectTimeoutMs), *j);
                else if (now - c->lastNs > qint64(o.stallTimeoutMs) * 1000000)
                    e = err(Error::Code::Timeout, QStringLiteral("no answer in time: nothing moved for %1 ms").arg(o.stallTimeoutMs), *j);
                else if (j->req.timeoutMs > 0 && now - j->startNs > qint64(j->req.timeoutMs) * 1000000)
                    e = err(Error::Code::Timeout, QStringLiteral("no answer in time: over %1 ms").arg(j->req.timeoutMs), *j);
                if (e) {
                    fail(c, e);
                    continue; // conns[i] is now the next one
                }
            }
            ++i;
        }
    }

    void cancelEverything()
    {
        std::deque<std::unique_ptr<Job>> all;
        {
            std::lock_guard g(lock);
            all.swap(incoming);
            cancelRequested = false;
        }
        for (auto &j : pending)
            all.push_back(std::move(j));
        pending.clear();
        while (!conns.empty()) {
            Conn *c = conns.back().get();
            if (c->job)
                all.push_back(std::move(c->job));
            closeConn(c);
        }
        for (auto &j : all) {
            j->resp.error = err(Error::Code::Cancelled, QStringLiteral("cancelled"), *j);
            deliver(std::move(j));
        }
    }

    void loop()
    {
        epoll_event events[64];
        qint64 lastScan = nowNs();
        while (true) {
            bool cancel = false;
            {
                std::lock_guard g(lock);
                for (auto &j : incoming)
                    pending.push_back(std::move(j));
                incoming.clear();
                cancel = cancelRequested;
            }
            if (cancel || stop.load()) {
                cancelEverything();
                if (stop.load())
                    return;
                continue;
            }
            dispatch();
            bool busy = !pending.empty();
            for (auto &c : conns)
                busy = busy || c->job;
            int waitMs = busy ? 100 : 1000;
            {
                std::lock_guard g(lock);
                if (!incoming.empty() || cancelRequested || stop.load())
                    waitMs = 0;
            }
            const int n = epoll_wait(ep, events, 64, waitMs);
            for (int i = 0; i < n; ++i) {
                if (events[i].data.ptr == nullptr) {
                    uint64_t v = 0;
                    [[maybe_unused]] const ssize_t r = ::read(wakeFd, &v, sizeof v);
                    continue;
                }
                auto *c = static_cast<Conn *>(events[i].data.ptr);
                bool alive = false;
                for (auto &x : conns)
                    alive = alive || x.get() == c;
                if (alive) // an earlier event of this batch may have closed it
                    onEvent(c, events[i].events);
            }
            const qint64 now = nowNs();
            if (now - lastScan > 50000000) {
                lastScan = now;
                checkTimeouts();
            }
        }
    }
};

PlainHttpLoop::PlainHttpLoop(const Options &options, std::atomic<int> *inFlight) : d(std::make_unique<Impl>())
{
    d->o = options;
    d->o.maxConnections = qMax(1, d->o.maxConnections);
    d->poolInFlight = inFlight;
    d->ep = epoll_create1(EPOLL_CLOEXEC);
    d->wakeFd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.ptr = nullptr;
    epoll_ctl(d->ep, EPOLL_CTL_ADD, d->wakeFd, &ev);
    Impl *raw = d.get();
    d->thread = std::thread([raw] { raw->loop(); });
}

PlainHttpLoop::~PlainHttpLoop()
{
    d->stop.store(true);
    d->wake();
    d->thread.join();
    ::close(d->wakeFd);
    ::close(d->ep);
}

void PlainHttpLoop::submit(S3HttpRequest request, Callback done)
{
    auto j = std::make_unique<Job>();
    j->req = std::move(request);
    j->done = std::move(done);
    d->load.fetch_add(1);
    if (!splitUrl(j->req.url, &j->hostPort, &j->target)) {
        j->resp.error = Error(Error::Code::InvalidInput, QStringLiteral("not an http:// URL"), QString::fromLatin1(j->req.url));
        d->deliver(std::move(j));
        return;
    }
    {
        std::lock_guard g(d->lock);
        d->incoming.push_back(std::move(j));
    }
    d->wake();
}

void PlainHttpLoop::cancelAll()
{
    {
        std::lock_guard g(d->lock);
        d->cancelRequested = true;
    }
    d->wake();
}

int PlainHttpLoop::load() const
{
    return d->load.load();
}

} // namespace cm
