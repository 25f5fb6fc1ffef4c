// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// First wizard page: which kind of benchmark (one entry per kind with a page set).
#include <QWizardPage>

class QListWidget;

namespace cm::ui {

class KindPage : public QWizardPage {
    Q_OBJECT
public:
    explicit KindPage(QWidget *parent = nullptr);
    void initializePage() override;
    bool isComplete() const override;
    bool validatePage() override;
    int nextId() const override;
    QListWidget *list() const { return m_list; }

private:
    QListWidget *m_list = nullptr;
};

} // namespace cm::ui
