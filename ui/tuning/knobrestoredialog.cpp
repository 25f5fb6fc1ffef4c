// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/knobrestoredialog.h"

#include "errortext.h"
#include "transport/transportfactory.h"
#include "tuning/knobsession.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace cm::ui {

KnobRestoreDialog::KnobRestoreDialog(QString storePath, const QList<KnobJournalEntry> &left, QWidget *parent)
    : QDialog(parent)
    , m_storePath(std::move(storePath))
    , m_left(left)
{
    setWindowTitle(tr("Settings left changed"));
    auto *v = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("An experiment that did not finish left these settings changed on your nodes. "
                                "Put back the values they had before?"),
        this);
    intro->setWordWrap(true);
    v->addWidget(intro);
    m_list = new QListWidget(this);
    const QString notSet = tr("not set");
    for (const KnobJournalEntry &e : left)
        m_list->addItem(tr("%1: %2 on %3 is %4, was %5 (since %6)")
                            .arg(e.where(), e.knob, e.object, e.newValue.isEmpty() ? notSet : e.newValue,
                                e.oldValue.isEmpty() ? notSet : e.oldValue,
                                QLocale().toString(e.created.toLocalTime(), QLocale::ShortFormat)));
    v->addWidget(m_list);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    v->addWidget(m_status);
    auto *buttons = new QDialogButtonBox(this);
    m_restore = buttons->addButton(tr("Restore now"), QDialogButtonBox::AcceptRole);
    buttons->addButton(tr("Later"), QDialogButtonBox::RejectRole);
    connect(m_restore, &QPushButton::clicked, this, &KnobRestoreDialog::restore);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    v->addWidget(buttons);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &KnobRestoreDialog::onDone);
    resize(640, 320);
}

// A restore still going when the dialog closes runs to its end on its own thread: it
// holds copies of what it needs and its own database connection, so nothing waits here.
KnobRestoreDialog::~KnobRestoreDialog() = default;

void KnobRestoreDialog::restore()
{
    if (isBusy())
        return;
    m_restore->setEnabled(false);
    m_status->setText(tr("Restoring…"));
    m_watcher.setFuture(QtConcurrent::run([path = m_storePath, left = m_left] {
        Outcome o;
        SessionStore store(path);
        if (const Error e = store.open()) {
            o.failed << errorText(e);
            return o;
        }
        const TransportMaker maker = [](const NodeSpec &n) { return makeTransport(n); };
        const RestoreReport r = restoreJournal(store, left, maker, CancelToken());
        o.restored = int(r.restored.size());
        for (const auto &[entry, why] : r.failed)
            o.failed << QStringLiteral("%1: %2").arg(entry.describe(), errorText(why));
        return o;
    }));
}

void KnobRestoreDialog::onDone()
{
    const Outcome o = m_watcher.result();
    if (o.failed.isEmpty()) {
        m_status->setText(tr("Restored %n setting(s).", nullptr, o.restored));
        m_restore->setVisible(false);
    } else {
        m_status->setText(tr("Not restored: %1. Check the node and try again, or run clustermark-cli restore.")
                              .arg(o.failed.join(QStringLiteral("; "))));
        m_restore->setEnabled(true);
    }
    Q_EMIT restoreFinished(o.restored, int(o.failed.size()));
}

QString KnobRestoreDialog::statusText() const
{
    return m_status->text();
}

} // namespace cm::ui
