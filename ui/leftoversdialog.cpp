// SPDX-License-Identifier: GPL-3.0-or-later
#include "leftoversdialog.h"
#include "errortext.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace cm::ui {

namespace {

bool withCeph(const CephConnectionSpec &spec, const QList<S3CleanupTarget> &s3)
{
    return !spec.confPath.isEmpty() || s3.isEmpty();
}

} // namespace

LeftoversDialog::LeftoversDialog(
    const CephConnectionSpec &spec, QWidget *parent, const QList<S3CleanupTarget> &s3Targets)
    : QDialog(parent)
    , m_spec(spec)
    , m_s3Targets(s3Targets)
{
    setObjectName(QStringLiteral("leftoversDialog"));
    setWindowTitle(tr("Clean leftovers"));
    auto *v = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Benchmarks name everything they create %1…: temporary pools, RBD images and RADOS "
                                "objects. They are removed after every run; after a crash some may remain. Only names "
                                "with exactly that prefix are listed and removed, nothing else.")
                                 .arg(Leftover::prefix())
            + (s3Targets.isEmpty() ? QString()
                                   : QLatin1Char(' ')
                        + tr("On S3 (%1) the same goes for buckets: they are emptied, unfinished "
                             "uploads aborted, and removed.")
                              .arg(s3Targets.first().endpoint)),
        this);
    intro->setWordWrap(true);
    v->addWidget(intro);
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("leftoverList"));
    v->addWidget(m_list, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("leftoverStatus"));
    m_status->setWordWrap(true);
    v->addWidget(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_remove = buttons->addButton(tr("Remove ticked"), QDialogButtonBox::ActionRole);
    m_rescan = buttons->addButton(tr("Scan again"), QDialogButtonBox::ActionRole);
    v->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_remove, &QPushButton::clicked, this, &LeftoversDialog::removeChecked);
    connect(m_rescan, &QPushButton::clicked, this, &LeftoversDialog::scan);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &LeftoversDialog::onDone);
    connect(m_list, &QListWidget::itemChanged, this,
        [this] { m_remove->setEnabled(!m_busy && !checkedItems().isEmpty()); });
    resize(640, 420);
    scan();
}

LeftoversDialog::~LeftoversDialog()
{
    // The worker holds no pointer to this dialog: it ends on its own (bounded by the
    // token and the Ceph timeouts); the UI never waits for it.
    m_cancel.cancel();
}

void LeftoversDialog::setBusy(bool busy, const QString &text)
{
    m_busy = busy;
    m_status->setText(text);
    m_rescan->setEnabled(!busy);
    m_remove->setEnabled(!busy && !checkedItems().isEmpty());
}

QString LeftoversDialog::statusText() const
{
    return m_status->text();
}

QList<Leftover> LeftoversDialog::checkedItems() const
{
    QList<Leftover> out;
    for (int i = 0; i < m_list->count(); ++i) {
        const QListWidgetItem *it = m_list->item(i);
        if (it->checkState() == Qt::Checked)
            out << Leftover::fromJson(it->data(Qt::UserRole).toJsonObject());
    }
    return out;
}

void LeftoversDialog::scan()
{
    if (m_busy)
        return;
    m_list->clear();
    setBusy(true, tr("Looking for leftovers…"));
    m_cancel = CancelToken();
    m_watcher.setFuture(QtConcurrent::run([spec = m_spec, s3 = m_s3Targets, cancel = m_cancel] {
        Outcome o;
        if (withCeph(spec, s3)) {
            RadosClient client; // this worker's own handle
            if ((o.error = client.connect(spec)))
                return o;
            o.scan = LeftoverCleaner::scan(client, cancel);
            o.error = o.scan.error;
        }
        for (const S3CleanupTarget &t : s3) {
            const S3LeftoverScan found
                = S3LeftoverCleaner::scan(t, cancel); // the keychain read blocks here, not on the UI
            o.scan.items += found.items;
            o.scan.warnings += found.warnings;
            if (found.error && !o.error)
                o.error = found.error;
        }
        return o;
    }));
}

void LeftoversDialog::removeChecked()
{
    const QList<Leftover> items = checkedItems();
    if (m_busy || items.isEmpty())
        return;
    setBusy(true, tr("Removing %n item(s)…", nullptr, int(items.size())));
    m_watcher.setFuture(QtConcurrent::run([spec = m_spec, s3 = m_s3Targets, items, cancel = m_cancel] {
        Outcome o;
        o.removed = true;
        QList<Leftover> cephItems;
        for (const Leftover &l : items)
            if (l.kind != Leftover::Kind::Bucket)
                cephItems << l;
        if (!cephItems.isEmpty()) {
            RadosClient client;
            if ((o.error = client.connect(spec)))
                return o;
            o.report = LeftoverCleaner::remove(client, cephItems, cancel);
        }
        for (const S3CleanupTarget &t : s3)
            o.report.append(S3LeftoverCleaner::remove(t, items, cancel));
        return o;
    }));
}

void LeftoversDialog::onDone()
{
    const Outcome o = m_watcher.result();
    if (o.removed) {
        QString text = o.error ? errorText(o.error) : tr("Removed %n item(s).", nullptr, int(o.report.removed.size()));
        for (const LeftoverFailure &f : o.report.failed)
            text += QLatin1Char('\n') + tr("Not removed: %1 (%2)").arg(f.item.describe(), f.error.message);
        m_busy = false;
        m_removalNote = text;
        Q_EMIT removeFinished();
        scan(); // show what is left
        return;
    }
    for (const Leftover &l : o.scan.items) {
        auto *it = new QListWidgetItem(l.describe(), m_list);
        it->setData(Qt::UserRole, l.toJson());
        it->setFlags(it->flags() | Qt::ItemIsUserCheckable);
        it->setCheckState(Qt::Checked);
    }
    QString text;
    if (o.error)
        text = tr("Scan failed: %1").arg(o.error.message);
    else if (o.scan.items.isEmpty())
        text = m_s3Targets.isEmpty()
            ? tr("Nothing left behind: the cluster holds no %1… pool, image or object.").arg(Leftover::prefix())
            : tr("Nothing left behind: no %1… pool, image, object or bucket.").arg(Leftover::prefix());
    else
        text = tr("%n leftover(s) found.", nullptr, int(o.scan.items.size()));
    if (!o.scan.warnings.isEmpty())
        text += QLatin1Char('\n') + o.scan.warnings.join(QLatin1Char('\n'));
    if (!m_removalNote.isEmpty())
        text = m_removalNote + QLatin1Char('\n') + text;
    m_removalNote.clear();
    setBusy(false, text);
    Q_EMIT scanFinished();
}

} // namespace cm::ui
