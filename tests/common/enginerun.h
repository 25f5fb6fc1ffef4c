// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runs a plan through the real RunEngine for a test (header-only) and collects what the
// many-client tests look at: the run id, the nodes whose step finished or failed (with
// the error), and every sample, handed to onSamples on the test thread as the run's
// buffer is drained (every 50 ms), so a test can act in the middle of a run.
#include "engine/runengine.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>

#include <functional>

namespace cmtest {

struct EngineRun {
    cm::RunId id = 0;
    QStringList finished; // node names
    QStringList failed; // "node: error"
    bool done = false; // the run finished within the time allowed
};

inline EngineRun runThroughEngine(const cm::Plan &plan, const QString &dbPath,
    const std::function<void(const cm::SampleList &)> &onSamples = {}, int timeoutMs = 180000)
{
    EngineRun r;
    cm::RunEngine engine(dbPath);
    cm::SampleBufferPtr buffer;
    QObject::connect(&engine, &cm::RunEngine::runStarted, &engine,
        [&](cm::RunId i, const cm::Plan &, cm::SampleBufferPtr b, double) {
            r.id = i;
            buffer = b;
        });
    QObject::connect(&engine, &cm::RunEngine::stepFinished, &engine,
        [&](cm::RunId, int, const QString &node, const QJsonObject &) { r.finished << node; });
    QObject::connect(
        &engine, &cm::RunEngine::stepFailed, &engine, [&](cm::RunId, int, const QString &node, const cm::Error &e) {
            r.failed << node + QStringLiteral(": ") + e.toString();
        });
    QSignalSpy done(&engine, &cm::RunEngine::runFinished);
    engine.start(plan);
    auto drain = [&] {
        if (buffer && onSamples)
            onSamples(buffer->take());
    };
    QElapsedTimer clock;
    clock.start();
    while (done.isEmpty() && clock.elapsed() < timeoutMs) {
        QTest::qWait(50);
        drain();
    }
    drain();
    r.done = !done.isEmpty();
    return r;
}

// Polls `holds` every 20 ms (the event loop runs meanwhile) until it is true: the
// clock's reading then, or -1 when timeoutMs passed first.
inline qint64 elapsedWhen(const std::function<bool()> &holds, const QElapsedTimer &clock, int timeoutMs)
{
    while (!holds()) {
        if (clock.elapsed() > timeoutMs)
            return -1;
        QTest::qWait(20);
    }
    return clock.elapsed();
}

// A cancel's two moments, in ms from the cancel: the load gone from every node (the
// contract: within 2 s, docs/ARCHITECTURE.md §4) and the run ended, after removing
// what it made. -1 where it did not happen in the time allowed.
struct CancelTiming {
    qint64 stoppedMs = -1;
    qint64 finishedMs = -1;
};

// Starts the plan, cancels it once `running()` holds (polled every 50 ms) and one more
// second has passed, and times until `loadGone()` holds and until the run ends. Both
// stay -1 when the run never got to running() within timeoutMs.
inline CancelTiming cancelOnceRunning(const cm::Plan &plan, const QString &dbPath, const std::function<bool()> &running,
    const std::function<bool()> &loadGone, int timeoutMs = 30000)
{
    cm::RunEngine engine(dbPath);
    cm::RunId id = 0;
    QObject::connect(&engine, &cm::RunEngine::runStarted, &engine,
        [&](cm::RunId i, const cm::Plan &, cm::SampleBufferPtr, double) { id = i; });
    QSignalSpy done(&engine, &cm::RunEngine::runFinished);
    engine.start(plan);
    QElapsedTimer clock;
    clock.start();
    while (!running() && done.isEmpty() && clock.elapsed() < timeoutMs)
        QTest::qWait(50);
    CancelTiming t;
    if (!done.isEmpty() || id == 0 || !running())
        return t;
    QTest::qWait(1000);
    clock.restart();
    engine.cancel(id);
    t.stoppedMs = elapsedWhen(loadGone, clock, timeoutMs);
    t.finishedMs = elapsedWhen([&] { return !done.isEmpty(); }, clock, timeoutMs);
    return t;
}

} // namespace cmtest
