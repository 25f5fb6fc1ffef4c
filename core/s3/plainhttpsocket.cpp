// SPDX-License-Identifier: GPL-3.0-or-later
// PlainHttpLoop: sockets — resolve and connect, epoll interest, sending the request,
// receiving the answer's bytes.
#include "s3/plainhttploopimpl.h"
#include "s3/plainhttprequest.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace cm {

bool PlainHttpLoop::Impl::isOpen(const Conn *c) const
{
    for (const auto &x : conns)
        if (x.get() == c)
            return true;
    return false;
}

void PlainHttpLoop::Impl::closeConn(Conn *c)
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

void PlainHttpLoop::Impl::arm(Conn *c, bool out)
{
    if (c->wantOut == out)
        return;
    c->wantOut = out;
    epoll_event ev {};
    ev.events = EPOLLIN | (out ? EPOLLOUT : 0u);
    ev.data.ptr = c;
    epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev);
}

PlainHttpLoop::Impl::Conn *PlainHttpLoop::Impl::open(const QByteArray &hostPort, QString *why)
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
        addrinfo hints {};
        hints.ai_family = AF_UNSPEC;
        hints.ai_socktype = SOCK_STREAM;
        addrinfo *res = nullptr;
        const int rc = getaddrinfo(host.constData(), port.constData(), &hints, &res);
        if (rc != 0 || !res) {
            *why = QStringLiteral("cannot resolve %1: %2")
                       .arg(QString::fromLatin1(host), QString::fromLocal8Bit(gai_strerror(rc)));
            return nullptr;
        }
        sockaddr_storage ss {};
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
            *why = QStringLiteral("cannot connect to %1: %2")
                       .arg(QString::fromLatin1(hostPort), QString::fromLocal8Bit(strerror(errno)));
            ::close(fd);
            return nullptr;
        }
        c->connecting = true;
    }
    epoll_event ev {};
    ev.events = EPOLLIN | EPOLLOUT;
    c->wantOut = true;
    ev.data.ptr = c.get();
    epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
    conns.push_back(std::move(c));
    return conns.back().get();
}

void PlainHttpLoop::Impl::assign(Conn *c, std::unique_ptr<Job> j)
{
    c->head = buildHttpRequestHead(j->req, j->hostPort, j->target, &c->bodyLen);
    c->headOff = 0;
    c->bodySent = 0;
    c->parser.reset(j->req.method == "HEAD");
    c->closeAfter = false;
    j->resp.connectionReused = c->reused;
    j->startNs = plainHttpNowNs();
    c->lastNs = j->startNs;
    c->job = std::move(j);
    if (!c->connecting)
        writeSome(c);
}

void PlainHttpLoop::Impl::writeSome(Conn *c)
{
    Job &j = *c->job;
    while (c->headOff < c->head.size() || c->bodySent < c->bodyLen) {
        ssize_t n;
        if (c->headOff < c->head.size())
            n = ::send(c->fd, c->head.constData() + c->headOff, size_t(c->head.size() - c->headOff), MSG_NOSIGNAL);
        else
            n = ::send(c->fd, j.req.body.constData() + j.req.bodyOffset + c->bodySent, size_t(c->bodyLen - c->bodySent),
                MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) {
                arm(c, true);
                return;
            }
            if (errno == EINTR)
                continue;
            return broken(c, QString::fromLocal8Bit(strerror(errno)));
        }
        c->lastNs = plainHttpNowNs();
        if (c->headOff < c->head.size())
            c->headOff += n;
        else
            c->bodySent += n;
    }
    j.resp.bytesSent = c->bodySent;
    arm(c, false);
}

void PlainHttpLoop::Impl::readSome(Conn *c)
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
                c->job->resp.ttfbNs = plainHttpNowNs() - c->job->startNs;
            }
            c->lastNs = plainHttpNowNs();
            if (!feed(c, buf, n))
                return;
            if (n < ssize_t(sizeof buf))
                return; // drained (level-triggered epoll wakes again if more came)
            continue;
        }
        if (n == 0) {
            if (!c->job)
                closeConn(c);
            else
                peerClosed(c);
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

void PlainHttpLoop::Impl::onEvent(Conn *c, uint32_t ev)
{
    if (c->connecting && (ev & (EPOLLOUT | EPOLLERR | EPOLLHUP))) {
        int e = 0;
        socklen_t len = sizeof e;
        getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &e, &len);
        if (e != 0) {
            fail(c,
                err(Error::Code::Unreachable,
                    QStringLiteral("cannot connect to %1: %2")
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
    if ((ev & EPOLLOUT) && isOpen(c) && c->job && !c->connecting)
        writeSome(c);
}

} // namespace cm
