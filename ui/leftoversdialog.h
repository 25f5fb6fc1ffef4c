// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Clean leftovers…": lists what benchmarks left on the connected Ceph cluster after a
// crash (pools, RBD images and RADOS objects named clustermark-bench-…, nothing else),
// and on the given S3 endpoints (clustermark-bench-… buckets), and removes the ticked
// ones. The scan and the removal run on a worker thread with
// their own librados handle; the dialog stays responsive and can cancel a scan.
#include "ceph/cephconnectionspec.h"
#include "ceph/leftovercleaner.h"
#include "s3/s3leftovercleaner.h"

#include <QDialog>
#include <QFutureWatcher>

class QLabel;
class QListWidget;
class QPushButton;

namespace cm::ui {

class LeftoversDialog : public QDialog {
    Q_OBJECT
public:
    // An empty spec (no conf) with S3 targets: S3 only.
    explicit LeftoversDialog(
        const CephConnectionSpec &spec, QWidget *parent = nullptr, const QList<S3CleanupTarget> &s3Targets = {});
    ~LeftoversDialog() override;

    void scan(); // starts at construction; again with "Scan again"
    bool isBusy() const { return m_busy; }
    QList<Leftover> checkedItems() const;
    QListWidget *list() const { return m_list; }
    QPushButton *removeButton() const { return m_remove; }
    QString statusText() const;

Q_SIGNALS:
    void scanFinished();
    void removeFinished();

private:
    struct Outcome {
        LeftoverScan scan;
        CleanupReport report;
        Error error;
        bool removed = false;
    };
    void removeChecked();
    void onDone();
    void setBusy(bool busy, const QString &text);

    CephConnectionSpec m_spec;
    QList<S3CleanupTarget> m_s3Targets;
    CancelToken m_cancel;
    QFutureWatcher<Outcome> m_watcher;
    QListWidget *m_list = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_remove = nullptr;
    QPushButton *m_rescan = nullptr;
    bool m_busy = false;
    QString m_removalNote; // the last removal's outcome, shown with the next scan
};

} // namespace cm::ui
