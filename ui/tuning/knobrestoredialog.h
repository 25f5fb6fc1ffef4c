// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// At start, when an experiment that did not finish (a crash, a kill) left knobs changed
// on nodes: says what and where, and puts them back on "Restore now" (the revert
// journal, tuning/knobjournal.h). The restore runs on a worker thread with its own
// database connection; nodes are reached with their keys or the SSH agent.
#include "tuning/knobjournal.h"

#include <QDialog>
#include <QFutureWatcher>

class QLabel;
class QListWidget;
class QPushButton;

namespace cm::ui {

class KnobRestoreDialog : public QDialog {
    Q_OBJECT
public:
    KnobRestoreDialog(QString storePath, const QList<KnobJournalEntry> &left, QWidget *parent = nullptr);
    ~KnobRestoreDialog() override;

    void restore();
    bool isBusy() const { return m_watcher.isRunning(); }
    QListWidget *list() const { return m_list; }
    QPushButton *restoreButton() const { return m_restore; }
    QString statusText() const;

Q_SIGNALS:
    void restoreFinished(int restored, int failed);

private:
    struct Outcome {
        int restored = 0;
        QStringList failed; // "pve1: write-cache on sdb: …: why"
    };
    void onDone();

    QString m_storePath;
    QList<KnobJournalEntry> m_left;
    QFutureWatcher<Outcome> m_watcher;
    QListWidget *m_list = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_restore = nullptr;
};

} // namespace cm::ui
