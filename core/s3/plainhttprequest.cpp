// SPDX-License-Identifier: GPL-3.0-or-later
#include "s3/plainhttprequest.h"

namespace cm {

bool splitHttpUrl(const QByteArray &url, QByteArray *hostPort, QByteArray *target)
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

QByteArray buildHttpRequestHead(
    const S3HttpRequest &r, const QByteArray &hostPort, const QByteArray &target, qint64 *bodyLength)
{
    QByteArray h;
    h.reserve(512);
    h += r.method + ' ' + target + " HTTP/1.1\r\n";
    bool hasHost = false;
    for (const QByteArray &line : r.headers) {
        if (line.size() >= 5 && qstrnicmp(line.constData(), "host:", 5) == 0)
            hasHost = true;
        h += line + "\r\n";
    }
    if (!hasHost)
        h += "Host: " + hostPort + "\r\n";
    const bool sends = r.method == "PUT" || r.method == "POST";
    *bodyLength = sends ? r.sendLength() : 0;
    if (sends || *bodyLength > 0)
        h += "Content-Length: " + QByteArray::number(*bodyLength) + "\r\n";
    h += "\r\n";
    return h;
}

} // namespace cm
