// SPDX-License-Identifier: GPL-3.0-or-later
// PlainHttpLoop: the public API, the loop thread, scheduling, timeouts and cancel.
#include "s3/plainhttploop.h"

#include "s3/plainhttploopimpl.h"
#include "s3/plainhttprequest.h"

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

namespace cm {

void PlainHttpLoop::Impl::wake()
{
    if (std::this_thread::get_id() == thread.get_id())
        return;
    const uint64_t one = 1;
    [[maybe_unused]] const ssize_t n = ::write(wakeFd, &one, sizeof one);
}

void PlainHttpLoop::Impl::deliver(std::unique_ptr<Job> j)
{
    j->resp.latencyNs = j->startNs ? plainHttpNowNs() - j->startNs : 0;
    if (poolInFlight)
        poolInFlight->fetch_sub(1);
    load.fetch_sub(1);
    if (j->done)
        j->done(std::move(j->resp));
}

Error PlainHttpLoop::Impl::err(Error::Code c, const QString &msg, const Job &j) const
{
    return Error(c, msg, j.req.context.isEmpty() ? QString::fromLatin1(j.req.method + ' ' + j.req.url) : j.req.context);
}

void PlainHttpLoop::Impl::dispatch()
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

void PlainHttpLoop::Impl::checkTimeouts()
{
    const qint64 now = plainHttpNowNs();
    for (size_t i = 0; i < conns.size();) {
        Conn *c = conns[i].get();
        Job *j = c->job.get();
        if (j) {
            Error e;
            if (c->connecting && now - j->startNs > qint64(o.connectTimeoutMs) * 1000000)
                e = err(Error::Code::Timeout,
                    QStringLiteral("no answer in time: connect timed out after %1 ms").arg(o.connectTimeoutMs), *j);
            else if (now - c->lastNs > qint64(o.stallTimeoutMs) * 1000000)
                e = err(Error::Code::Timeout,
                    QStringLiteral("no answer in time: nothing moved for %1 ms").arg(o.stallTimeoutMs), *j);
            else if (j->req.timeoutMs > 0 && now - j->startNs > qint64(j->req.timeoutMs) * 1000000)
                e = err(
                    Error::Code::Timeout, QStringLiteral("no answer in time: over %1 ms").arg(j->req.timeoutMs), *j);
            if (e) {
                fail(c, e);
                continue; // conns[i] is now the next one
            }
        }
        ++i;
    }
}

void PlainHttpLoop::Impl::cancelEverything()
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

void PlainHttpLoop::Impl::loop()
{
    epoll_event events[64];
    qint64 lastScan = plainHttpNowNs();
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
            if (isOpen(c)) // an earlier event of this batch may have closed it
                onEvent(c, events[i].events);
        }
        const qint64 now = plainHttpNowNs();
        if (now - lastScan > 50000000) {
            lastScan = now;
            checkTimeouts();
        }
    }
}

PlainHttpLoop::PlainHttpLoop(const Options &options, std::atomic<int> *inFlight)
    : d(std::make_unique<Impl>())
{
    d->o = options;
    d->o.maxConnections = qMax(1, d->o.maxConnections);
    d->poolInFlight = inFlight;
    d->ep = epoll_create1(EPOLL_CLOEXEC);
    d->wakeFd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    epoll_event ev {};
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
    auto j = std::make_unique<PlainHttpJob>();
    j->req = std::move(request);
    j->done = std::move(done);
    d->load.fetch_add(1);
    if (!splitHttpUrl(j->req.url, &j->hostPort, &j->target)) {
        j->resp.error
            = Error(Error::Code::InvalidInput, QStringLiteral("not an http:// URL"), QString::fromLatin1(j->req.url));
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

bool PlainHttpLoop::cancelPending() const
{
    std::lock_guard g(d->lock);
    return d->cancelRequested;
}

int PlainHttpLoop::load() const
{
    return d->load.load();
}

int PlainHttpLoop::capacity() const
{
    return d->o.maxConnections;
}

bool PlainHttpLoop::runsOnThisThread() const
{
    return std::this_thread::get_id() == d->thread.get_id();
}

} // namespace cm
