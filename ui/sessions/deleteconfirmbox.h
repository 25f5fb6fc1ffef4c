// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The question before a deletion, saying what goes: the run (and its session) or the
// session with its runs, and how many step records and samples. Cancel is the default
// button, so Enter never deletes.
#include "sessions/libraryloader.h"

#include <QMessageBox>

namespace cm::ui {

class DeleteConfirmBox : public QMessageBox {
    Q_OBJECT
public:
    explicit DeleteConfirmBox(const DeletionScope &scope, QWidget *parent = nullptr);
    QPushButton *confirmButton() const { return m_confirm; }
    bool isRun() const { return m_scope.runId != 0; }
    const DeletionScope &scope() const { return m_scope; }

private:
    DeletionScope m_scope;
    QPushButton *m_confirm = nullptr;
};

} // namespace cm::ui
