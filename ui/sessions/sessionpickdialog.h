// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Move to session…": pick an existing session or type a new name (created on OK).
#include <QDialog>

class QComboBox;
class QLabel;

namespace cm::ui {

class SessionPickDialog : public QDialog {
    Q_OBJECT
public:
    SessionPickDialog(
        const QString &runName, const QStringList &sessionNames, const QString &current, QWidget *parent = nullptr);
    QString sessionName() const;
    QComboBox *sessionCombo() const { return m_combo; }

    // An editable list of the sessions, `current` chosen: typing a new name creates one.
    static QComboBox *makeSessionCombo(const QStringList &names, const QString &current, QWidget *parent);

private:
    QComboBox *m_combo = nullptr;
    QLabel *m_hint = nullptr;
    QStringList m_names;
};

} // namespace cm::ui
