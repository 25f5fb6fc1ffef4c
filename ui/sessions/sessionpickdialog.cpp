// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessions/sessionpickdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace cm::ui {

QComboBox *SessionPickDialog::makeSessionCombo(const QStringList &names, const QString &current, QWidget *parent)
{
    auto *c = new QComboBox(parent);
    c->setObjectName(QStringLiteral("sessionCombo"));
    c->setEditable(true);
    c->setInsertPolicy(QComboBox::NoInsert);
    c->addItems(names);
    c->setMinimumWidth(260);
    if (!current.isEmpty()) {
        const int at = c->findText(current);
        if (at >= 0)
            c->setCurrentIndex(at);
        else
            c->setEditText(current);
    }
    return c;
}

SessionPickDialog::SessionPickDialog(
    const QString &runName, const QStringList &sessionNames, const QString &current, QWidget *parent)
    : QDialog(parent)
    , m_names(sessionNames)
{
    setObjectName(QStringLiteral("sessionPickDialog"));
    setWindowTitle(tr("Move to session"));
    auto *v = new QVBoxLayout(this);
    auto *label = new QLabel(tr("Move the run “%1” to the session:").arg(runName), this);
    label->setTextFormat(Qt::PlainText);
    label->setWordWrap(true);
    v->addWidget(label);
    m_combo = makeSessionCombo(sessionNames, current, this);
    v->addWidget(m_combo);
    m_hint = new QLabel(this);
    m_hint->setWordWrap(true);
    m_hint->setForegroundRole(QPalette::PlaceholderText);
    v->addWidget(m_hint);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Move"));
    v->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto update = [this, buttons, current] {
        const QString n = sessionName();
        buttons->button(QDialogButtonBox::Ok)->setEnabled(!n.isEmpty() && n != current);
        m_hint->setText(n.isEmpty()   ? tr("Type a session name.")
                : n == current        ? tr("The run is already in this session.")
                : m_names.contains(n) ? QString()
                                      : tr("A new session “%1” will be created.").arg(n));
    };
    connect(m_combo, &QComboBox::editTextChanged, this, update);
    update();
}

QString SessionPickDialog::sessionName() const
{
    return m_combo->currentText().trimmed();
}

} // namespace cm::ui
