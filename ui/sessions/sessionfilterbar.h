// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The session library's search line and filters: text (names, tags, notes, nodes),
// kind, node, tag and a date range (any time, today, last 7 / 30 days, or custom).
// filterChanged() comes at once for the lists and a moment after typing stops.
#include "store/sessionstore.h"

#include <QWidget>

class QComboBox;
class QDateEdit;
class QLineEdit;
class QTimer;

namespace cm::ui {

class SessionFilterBar : public QWidget {
    Q_OBJECT
public:
    enum class DateRange { Any, Today, Last7Days, Last30Days, Custom };

    explicit SessionFilterBar(QWidget *parent = nullptr);

    RunFilter filter() const;
    // The values offered in the lists; the current choices are kept when still there.
    void setChoices(const QStringList &kinds, const QStringList &nodes, const QStringList &tags);
    void clear();

    QLineEdit *searchEdit() const { return m_search; }
    QComboBox *kindCombo() const { return m_kind; }
    QComboBox *nodeCombo() const { return m_node; }
    QComboBox *tagCombo() const { return m_tag; }
    QComboBox *dateCombo() const { return m_date; }
    QDateEdit *fromEdit() const { return m_from; }
    QDateEdit *toEdit() const { return m_to; }
    void setDateRange(DateRange r);

Q_SIGNALS:
    void filterChanged();

private:
    // label: the text shown for an item (its data stays the item); none: the item.
    static void setItems(QComboBox *combo, const QString &anyText, const QStringList &items,
        QString (*label)(const QString &) = nullptr);

    QLineEdit *m_search = nullptr;
    QComboBox *m_kind = nullptr;
    QComboBox *m_node = nullptr;
    QComboBox *m_tag = nullptr;
    QComboBox *m_date = nullptr;
    QDateEdit *m_from = nullptr;
    QDateEdit *m_to = nullptr;
    QTimer *m_typing = nullptr;
};

} // namespace cm::ui
