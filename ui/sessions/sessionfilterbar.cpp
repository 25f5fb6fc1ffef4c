// SPDX-License-Identifier: GPL-3.0-or-later
#include "sessions/sessionfilterbar.h"
#include "presettext.h"

#include <QComboBox>
#include <QDateEdit>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QTimer>

namespace cm::ui {

SessionFilterBar::SessionFilterBar(QWidget *parent)
    : QWidget(parent)
{
    auto *h = new QHBoxLayout(this);
    h->setContentsMargins(0, 0, 0, 0);
    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("sessionSearch"));
    m_search->setPlaceholderText(tr("Search names, tags, notes, nodes…"));
    m_search->setClearButtonEnabled(true);
    m_search->setMinimumWidth(160);
    h->addWidget(m_search, 2);

    auto combo = [this, h](const QString &name, const QString &tip) {
        auto *c = new QComboBox(this);
        c->setObjectName(name);
        c->setToolTip(tip);
        // A long node or kind name widens the popup, not the bar (1024 px screens).
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(9);
        h->addWidget(c);
        connect(c, &QComboBox::currentIndexChanged, this, &SessionFilterBar::filterChanged);
        return c;
    };
    m_kind = combo(QStringLiteral("kindFilter"), tr("Only runs of this kind"));
    m_node = combo(QStringLiteral("nodeFilter"), tr("Only runs on this node"));
    m_tag = combo(QStringLiteral("tagFilter"), tr("Only sessions with this tag"));
    setItems(m_kind, tr("All kinds"), {});
    setItems(m_node, tr("All nodes"), {});
    setItems(m_tag, tr("All tags"), {});

    m_date = new QComboBox(this);
    m_date->setObjectName(QStringLiteral("dateFilter"));
    m_date->addItem(tr("Any time"), int(DateRange::Any));
    m_date->addItem(tr("Today"), int(DateRange::Today));
    m_date->addItem(tr("Last 7 days"), int(DateRange::Last7Days));
    m_date->addItem(tr("Last 30 days"), int(DateRange::Last30Days));
    m_date->addItem(tr("From … to …"), int(DateRange::Custom));
    h->addWidget(m_date);
    m_from = new QDateEdit(QDate::currentDate().addDays(-30), this);
    m_from->setObjectName(QStringLiteral("dateFrom"));
    m_to = new QDateEdit(QDate::currentDate(), this);
    m_to->setObjectName(QStringLiteral("dateTo"));
    for (QDateEdit *e : {m_from, m_to}) {
        e->setCalendarPopup(true);
        e->setVisible(false);
        connect(e, &QDateEdit::dateChanged, this, &SessionFilterBar::filterChanged);
    }
    h->addWidget(m_from);
    h->addWidget(m_to);
    connect(m_date, &QComboBox::currentIndexChanged, this, [this] {
        const bool custom = DateRange(m_date->currentData().toInt()) == DateRange::Custom;
        m_from->setVisible(custom);
        m_to->setVisible(custom);
        Q_EMIT filterChanged();
    });

    m_typing = new QTimer(this);
    m_typing->setSingleShot(true);
    m_typing->setInterval(250);
    connect(m_search, &QLineEdit::textChanged, m_typing, qOverload<>(&QTimer::start));
    connect(m_typing, &QTimer::timeout, this, &SessionFilterBar::filterChanged);
}

void SessionFilterBar::setItems(
    QComboBox *combo, const QString &anyText, const QStringList &items, QString (*label)(const QString &))
{
    const QString keep = combo->currentData().toString();
    const QSignalBlocker block(combo);
    combo->clear();
    combo->addItem(anyText, QString());
    for (const QString &i : items)
        combo->addItem(label ? label(i) : i, i);
    const int at = combo->findData(keep);
    combo->setCurrentIndex(at >= 0 ? at : 0);
}

void SessionFilterBar::setChoices(const QStringList &kinds, const QStringList &nodes, const QStringList &tags)
{
    const RunFilter before = filter();
    setItems(m_kind, tr("All kinds"), kinds, &kindName);
    setItems(m_node, tr("All nodes"), nodes);
    setItems(m_tag, tr("All tags"), tags);
    const RunFilter after = filter();
    // A choice that no longer exists fell back to "All": the list must follow.
    if (before.kind != after.kind || before.node != after.node || before.tag != after.tag)
        Q_EMIT filterChanged();
}

void SessionFilterBar::setDateRange(DateRange r)
{
    m_date->setCurrentIndex(m_date->findData(int(r)));
}

void SessionFilterBar::clear()
{
    m_search->clear();
    m_typing->stop();
    for (QComboBox *c : {m_kind, m_node, m_tag, m_date}) {
        const QSignalBlocker block(c);
        c->setCurrentIndex(0);
    }
    m_from->setVisible(false);
    m_to->setVisible(false);
    Q_EMIT filterChanged();
}

RunFilter SessionFilterBar::filter() const
{
    RunFilter f;
    f.text = m_search->text().trimmed();
    f.kind = m_kind->currentData().toString();
    f.node = m_node->currentData().toString();
    f.tag = m_tag->currentData().toString();
    const QDate today = QDate::currentDate();
    switch (DateRange(m_date->currentData().toInt())) {
    case DateRange::Any: break;
    case DateRange::Today: f.from = today.startOfDay(); break;
    case DateRange::Last7Days: f.from = today.addDays(-6).startOfDay(); break;
    case DateRange::Last30Days: f.from = today.addDays(-29).startOfDay(); break;
    case DateRange::Custom:
        f.from = m_from->date().startOfDay();
        f.to = m_to->date().addDays(1).startOfDay(); // the "to" day is included
        break;
    }
    return f;
}

} // namespace cm::ui
