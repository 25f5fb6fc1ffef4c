// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessions/sessionpane.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace cm::ui {

SessionPane::SessionPane(QWidget *parent)
    : QWidget(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(8, 4, 8, 4);
    m_heading = new QLabel(this);
    QFont big = m_heading->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_heading->setFont(big);
    v->addWidget(m_heading);
    auto *intro = new QLabel(tr("A session groups the runs of one set-up, e.g. “MTU 9000” or “write cache off”. "
                                "Tags and the note are searched too."),
        this);
    intro->setWordWrap(true);
    intro->setForegroundRole(QPalette::PlaceholderText);
    v->addWidget(intro);

    auto *form = new QFormLayout();
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("sessionName"));
    form->addRow(tr("Name:"), m_name);
    m_tags = new QLineEdit(this);
    m_tags->setObjectName(QStringLiteral("sessionTags"));
    m_tags->setPlaceholderText(tr("e.g. network, jumbo (commas or spaces)"));
    form->addRow(tr("Tags:"), m_tags);
    m_note = new QPlainTextEdit(this);
    m_note->setObjectName(QStringLiteral("sessionNote"));
    m_note->setPlaceholderText(tr("What was different in this set-up? (switch settings, Ceph options, firmware …)"));
    form->addRow(tr("Note:"), m_note);
    v->addLayout(form, 1);
    m_facts = new QLabel(this);
    m_facts->setWordWrap(true);
    v->addWidget(m_facts);

    auto *row = new QHBoxLayout();
    m_delete = new QPushButton(tr("Delete session…"), this);
    m_delete->setObjectName(QStringLiteral("deleteSession"));
    row->addWidget(m_delete);
    row->addStretch(1);
    m_revert = new QPushButton(tr("Revert"), this);
    m_revert->setObjectName(QStringLiteral("revertSession"));
    m_save = new QPushButton(tr("Save"), this);
    m_save->setObjectName(QStringLiteral("saveSession"));
    m_save->setDefault(true);
    row->addWidget(m_revert);
    row->addWidget(m_save);
    v->addLayout(row);

    connect(m_name, &QLineEdit::textChanged, this, &SessionPane::updateButtons);
    connect(m_tags, &QLineEdit::textChanged, this, &SessionPane::updateButtons);
    connect(m_note, &QPlainTextEdit::textChanged, this, &SessionPane::updateButtons);
    connect(m_revert, &QPushButton::clicked, this, [this] {
        LibrarySession s;
        s.session = m_shown;
        const QString facts = m_facts->text();
        showSession(s);
        m_facts->setText(facts);
    });
    connect(m_save, &QPushButton::clicked, this, [this] {
        if (isDirty() && !m_name->text().trimmed().isEmpty())
            Q_EMIT saveRequested(m_id, m_name->text().trimmed(), parseTags(m_tags->text()), m_note->toPlainText());
    });
    connect(m_delete, &QPushButton::clicked, this, [this] {
        if (m_id)
            Q_EMIT deleteRequested(m_id);
    });
}

QStringList SessionPane::parseTags(const QString &text)
{
    static const QRegularExpression sep(QStringLiteral("[,\\s]+"));
    QStringList out;
    for (const QString &t : text.split(sep, Qt::SkipEmptyParts)) {
        const QString tag = t.startsWith(QLatin1Char('#')) ? t.mid(1) : t;
        if (!tag.isEmpty() && !out.contains(tag, Qt::CaseInsensitive))
            out << tag;
    }
    return out;
}

void SessionPane::showSession(const LibrarySession &s)
{
    m_id = s.session.id;
    m_shown = s.session;
    m_heading->setText(s.session.name);
    {
        const QSignalBlocker b1(m_name), b2(m_tags), b3(m_note);
        m_name->setText(s.session.name);
        m_tags->setText(s.session.tags.join(QStringLiteral(", ")));
        m_note->setPlainText(s.session.note);
    }
    const QString created = QLocale().toString(s.session.created.toLocalTime(), QLocale::ShortFormat);
    m_facts->setText(s.session.runCount == 1 ? tr("Created %1 · 1 run").arg(created)
                                             : tr("Created %1 · %2 runs").arg(created).arg(s.session.runCount));
    updateButtons();
}

bool SessionPane::isDirty() const
{
    return m_id != 0
        && (m_name->text().trimmed() != m_shown.name || parseTags(m_tags->text()) != m_shown.tags
            || m_note->toPlainText() != m_shown.note);
}

void SessionPane::updateButtons()
{
    const bool dirty = isDirty();
    m_save->setEnabled(dirty && !m_name->text().trimmed().isEmpty());
    m_revert->setEnabled(dirty);
    m_delete->setEnabled(m_id != 0);
}

} // namespace cm::ui
