// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Files dropped on a window (the main window) are imported as runs: fio JSON / json+,
// iperf3 -J, iperf 2 -y C (store/resultimporter.h). The import runs on a worker thread
// with its own SessionStore; the UI thread only receives the outcome.
#include "model/error.h"
#include "model/sample.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

class QWidget;

namespace cm::ui {

struct DroppedFileResult {
    QString file;
    RunId run = 0;
    Error error;
};

class ResultDropImporter : public QObject {
    Q_OBJECT
public:
    // Makes `target` accept drops of local files; imports go to the store at storePath.
    ResultDropImporter(QWidget *target, QString storePath, QObject *parent = nullptr);

    // Imports the files one after the other on a worker thread (queued while busy).
    void importFiles(const QStringList &files);
    bool isBusy() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    void importStarted(const QStringList &files);
    void importFinished(cm::RunId run, const QString &file);
    void importFailed(const QString &file, const cm::Error &error);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void startNext();
    void onFinished();

    QWidget *m_target;
    QString m_storePath;
    QStringList m_queue;
    QFutureWatcher<QList<DroppedFileResult>> m_watcher;
};

} // namespace cm::ui
