// SPDX-License-Identifier: GPL-3.0-or-later
#include "resultdropimporter.h"

#include "store/resultimporter.h"
#include "store/sessionstore.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QUrl>
#include <QWidget>
#include <QtConcurrent>

namespace cm::ui {

namespace {

QStringList localFiles(const QMimeData *mime)
{
    QStringList files;
    if (!mime || !mime->hasUrls())
        return files;
    for (const QUrl &u : mime->urls())
        if (u.isLocalFile())
            files << u.toLocalFile();
    return files;
}

} // namespace

ResultDropImporter::ResultDropImporter(QWidget *target, QString storePath, QObject *parent)
    : QObject(parent)
    , m_target(target)
    , m_storePath(std::move(storePath))
{
    m_target->setAcceptDrops(true);
    m_target->installEventFilter(this);
    connect(&m_watcher, &QFutureWatcher<QList<DroppedFileResult>>::finished, this, &ResultDropImporter::onFinished);
}

bool ResultDropImporter::eventFilter(QObject *watched, QEvent *event)
{
    if (watched != m_target)
        return false;
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto *e = static_cast<QDragMoveEvent *>(event);
        if (localFiles(e->mimeData()).isEmpty())
            return false;
        e->acceptProposedAction();
        return true;
    }
    case QEvent::Drop: {
        auto *e = static_cast<QDropEvent *>(event);
        const QStringList files = localFiles(e->mimeData());
        if (files.isEmpty())
            return false;
        e->acceptProposedAction();
        importFiles(files);
        return true;
    }
    default: return false;
    }
}

void ResultDropImporter::importFiles(const QStringList &files)
{
    m_queue += files;
    if (!m_watcher.isRunning())
        startNext();
}

void ResultDropImporter::startNext()
{
    if (m_queue.isEmpty())
        return;
    const QStringList files = m_queue;
    m_queue.clear();
    Q_EMIT importStarted(files);
    m_watcher.setFuture(QtConcurrent::run([path = m_storePath, files] {
        // Worker thread: its own connection to the store.
        SessionStore store(path);
        ResultImporter importer(store);
        QList<DroppedFileResult> out;
        for (const QString &f : files) {
            DroppedFileResult r;
            r.file = f;
            r.run = importer.importFile(f, ImportOptions {}, &r.error).run;
            out << r;
        }
        return out;
    }));
}

void ResultDropImporter::onFinished()
{
    const QList<DroppedFileResult> results = m_watcher.result();
    for (const DroppedFileResult &r : results) {
        if (r.error)
            Q_EMIT importFailed(r.file, r.error);
        else
            Q_EMIT importFinished(r.run, r.file);
    }
    startNext();
}

} // namespace cm::ui
