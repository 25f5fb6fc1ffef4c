// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine/runengine.h"

#include "engine/runthread.h"

namespace cm {

RunEngine::RunEngine(const QString &storePath, QObject *parent)
    : QObject(parent)
    , m_storePath(storePath)
{
    qRegisterMetaType<cm::RunId>("cm::RunId");
    qRegisterMetaType<cm::Plan>();
    qRegisterMetaType<cm::Error>();
    qRegisterMetaType<cm::RunStatus>("cm::RunStatus");
    qRegisterMetaType<cm::SampleBufferPtr>();
}

RunEngine::~RunEngine()
{
    QList<RunThread *> threads;
    {
        QMutexLocker lock(&m_mutex);
        threads = m_threads;
        m_threads.clear();
    }
    for (RunThread *t : threads) {
        t->disconnect(this);
        t->cancel();
        t->wait();
        delete t;
    }
}

void RunEngine::start(const Plan &plan, const QMap<QString, Credentials> &credentials)
{
    auto *t = new RunThread(m_storePath, plan, credentials);
    connect(t, &RunThread::runStarted, this, &RunEngine::runStarted);
    connect(t, &RunThread::stepStarted, this, &RunEngine::stepStarted);
    connect(t, &RunThread::stepFinished, this, &RunEngine::stepFinished);
    connect(t, &RunThread::stepFailed, this, &RunEngine::stepFailed);
    connect(t, &RunThread::logAvailable, this, &RunEngine::logAvailable);
    connect(t, &RunThread::runFinished, this, &RunEngine::runFinished);
    connect(t, &RunThread::startFailed, this, &RunEngine::startFailed);
    connect(t, &QThread::finished, this, [this, t] { onThreadDone(t); });
    {
        QMutexLocker lock(&m_mutex);
        m_threads.append(t);
    }
    t->start();
}

void RunEngine::cancel(RunId id)
{
    QMutexLocker lock(&m_mutex);
    for (RunThread *t : std::as_const(m_threads))
        if (t->runId() == id)
            t->cancel();
}

void RunEngine::cancelAll()
{
    QMutexLocker lock(&m_mutex);
    for (RunThread *t : std::as_const(m_threads))
        t->cancel();
}

bool RunEngine::isIdle() const
{
    QMutexLocker lock(&m_mutex);
    return m_threads.isEmpty();
}

void RunEngine::onThreadDone(RunThread *t)
{
    {
        QMutexLocker lock(&m_mutex);
        if (!m_threads.removeOne(t))
            return;
    }
    t->wait();
    t->deleteLater();
}

} // namespace cm
