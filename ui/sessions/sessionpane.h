// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One session in the library: its name, tags and note, editable in place (Save /
// Revert), what it holds, and "Delete session…". It only edits values; the store
// changes are made by SessionsView on a worker thread.
#include "sessions/libraryloader.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace cm::ui {

class SessionPane : public QWidget {
    Q_OBJECT
public:
    explicit SessionPane(QWidget *parent = nullptr);

    void showSession(const LibrarySession &s);
    qint64 sessionId() const { return m_id; }
    bool isDirty() const;

    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *tagsEdit() const { return m_tags; }
    QPlainTextEdit *noteEdit() const { return m_note; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *revertButton() const { return m_revert; }
    QPushButton *deleteButton() const { return m_delete; }

    // "a, b  c" → {"a", "b", "c"}: commas or spaces separate, duplicates dropped.
    static QStringList parseTags(const QString &text);

Q_SIGNALS:
    void saveRequested(qint64 id, const QString &name, const QStringList &tags, const QString &note);
    void deleteRequested(qint64 id);

private:
    void updateButtons();

    qint64 m_id = 0;
    SessionInfo m_shown;
    QLabel *m_heading = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_tags = nullptr;
    QPlainTextEdit *m_note = nullptr;
    QLabel *m_facts = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_revert = nullptr;
    QPushButton *m_delete = nullptr;
};

} // namespace cm::ui
