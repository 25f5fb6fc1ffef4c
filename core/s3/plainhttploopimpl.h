// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// PlainHttpLoop's state and the functions of its thread, split by responsibility:
// plainhttploop.cpp (public API, the loop, scheduling, timeouts, cancel),
// plainhttpsocket.cpp (connect, epoll, send, recv), plainhttpanswer.cpp (feeding the
// response parser, ending an exchange, retry of a broken reused connection).
#include "s3/plainhttpjob.h"

#include <QHash>

#include <sys/socket.h>

#include <deque>
#include <mutex>
#include <thread>
#include <vector>

namespace cm {

struct PlainHttpLoop::Impl {
    using Job = PlainHttpJob;
    using Conn = PlainHttpConn;

    Options o;
    std::atomic<int> *poolInFlight = nullptr;
    std::atomic<int> load {0};
    std::mutex lock;
    std::deque<std::unique_ptr<Job>> incoming; // under lock
    bool cancelRequested = false; // under lock
    std::atomic<bool> stop {false};
    std::deque<std::unique_ptr<Job>> pending; // loop thread only
    std::vector<std::unique_ptr<Conn>> conns; // loop thread only
    QHash<QByteArray, sockaddr_storage> addrs;
    QHash<QByteArray, socklen_t> addrLens;
    int ep = -1, wakeFd = -1;
    std::thread thread;

    // plainhttploop.cpp
    void wake();
    void deliver(std::unique_ptr<Job> j);
    Error err(Error::Code c, const QString &msg, const Job &j) const;
    void dispatch();
    void checkTimeouts();
    void cancelEverything();
    void loop();

    // plainhttpsocket.cpp
    bool isOpen(const Conn *c) const;
    void closeConn(Conn *c);
    void arm(Conn *c, bool out);
    Conn *open(const QByteArray &hostPort, QString *why);
    void assign(Conn *c, std::unique_ptr<Job> j);
    void writeSome(Conn *c);
    void readSome(Conn *c);
    void onEvent(Conn *c, uint32_t ev);

    // plainhttpanswer.cpp
    void fail(Conn *c, Error e);
    void broken(Conn *c, const QString &why);
    bool complete(Conn *c);
    bool feed(Conn *c, const char *data, qint64 n);
    void peerClosed(Conn *c);
};

} // namespace cm
