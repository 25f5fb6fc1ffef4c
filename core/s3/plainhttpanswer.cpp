// SPDX-License-Identifier: GPL-3.0-or-later
// PlainHttpLoop: the answer side — feeding received bytes to the response parser,
// ending an exchange (keep the connection or close it), failures and the one retry.
#include "s3/plainhttploopimpl.h"

namespace cm {

void PlainHttpLoop::Impl::fail(Conn *c, Error e)
{
    std::unique_ptr<Job> j = std::move(c->job);
    closeConn(c);
    if (j) {
        j->resp.error = std::move(e);
        deliver(std::move(j));
    }
}

// A connection that broke: a reused one that broke before any answer is retried once
// on a new connection (the server may have closed it while idle).
void PlainHttpLoop::Impl::broken(Conn *c, const QString &why)
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
bool PlainHttpLoop::Impl::complete(Conn *c)
{
    std::unique_ptr<Job> j = std::move(c->job);
    c->reused = true;
    const bool keep = !c->closeAfter;
    if (!keep)
        closeConn(c);
    deliver(std::move(j));
    return keep;
}

// Feeds received bytes; returns false once the connection was closed or failed.
bool PlainHttpLoop::Impl::feed(Conn *c, const char *data, qint64 n)
{
    Job &j = *c->job;
    HttpResponseParser &p = c->parser;
    while (true) {
        HttpResponseEvent ev;
        const qsizetype used = p.feed(data, qsizetype(n), &ev);
        data += used;
        n -= used;
        switch (ev.kind) {
        case HttpResponseEvent::Kind::NeedMore: return true;
        case HttpResponseEvent::Kind::Interim: continue; // 100 Continue and friends: the real answer follows
        case HttpResponseEvent::Kind::Head:
            j.resp.status = p.head().status;
            j.resp.headers = p.head().headers;
            continue;
        case HttpResponseEvent::Kind::Body:
            j.resp.bytesReceived += ev.size;
            if (j.req.keepBody || j.resp.status >= 300)
                j.resp.body.append(ev.data, ev.size);
            continue;
        case HttpResponseEvent::Kind::Complete:
            // Bytes beyond the answer (nothing was pipelined): do not trust this connection.
            c->closeAfter = n > 0 || !p.head().keepAlive;
            return complete(c);
        case HttpResponseEvent::Kind::Error: fail(c, err(Error::Code::ParseError, p.error().message, j)); return false;
        }
    }
}

void PlainHttpLoop::Impl::peerClosed(Conn *c)
{
    if (!c->parser.started())
        return broken(c, QStringLiteral("closed by the server"));
    HttpResponseEvent ev;
    c->parser.finish(&ev);
    if (ev.kind == HttpResponseEvent::Kind::Complete) {
        c->closeAfter = true;
        complete(c);
        return;
    }
    broken(c, c->parser.error().message);
}

} // namespace cm
