// SPDX-License-Identifier: GPL-3.0-or-later
#include "wizard/temporarypoolform.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSet>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cm::ui {

TemporaryPoolForm::TemporaryPoolForm(QWidget *parent)
    : QGroupBox(tr("Create a temporary pool for this run (deleted afterwards)"), parent)
{
    setObjectName(QStringLiteral("temporaryPoolForm"));
    setCheckable(true);
    setChecked(false);
    m_type = new QComboBox(this);
    m_type->setObjectName(QStringLiteral("temporaryPoolType"));
    m_type->addItem(tr("Replicated"), QStringLiteral("replicated"));
    m_type->addItem(tr("Erasure-coded"), QStringLiteral("erasure"));
    m_size = new QSpinBox(this);
    m_size->setRange(1, 10);
    m_size->setValue(3);
    m_minSize = new QSpinBox(this);
    m_minSize->setRange(1, 10);
    m_minSize->setValue(2);
    m_k = new QSpinBox(this);
    m_k->setRange(2, 20);
    m_k->setValue(4);
    m_m = new QSpinBox(this);
    m_m->setRange(1, 10);
    m_m->setValue(2);
    m_domain = new QComboBox(this);
    m_domain->setObjectName(QStringLiteral("temporaryPoolDomain"));
    for (const char *d : {"host", "osd", "chassis", "rack", "row", "room", "datacenter"})
        m_domain->addItem(QString::fromLatin1(d));
    m_class = new QLineEdit(this);
    m_class->setPlaceholderText(tr("any"));
    // Two rows, so the page stays short: the layout, then its sizes (replicated: size
    // and min_size; EC: k and m).
    auto *form = new QGridLayout;
    form->addWidget(new QLabel(tr("Type:"), this), 0, 0);
    form->addWidget(m_type, 0, 1);
    form->addWidget(new QLabel(tr("Failure domain:"), this), 0, 2);
    form->addWidget(m_domain, 0, 3);
    form->addWidget(new QLabel(tr("Device class:"), this), 0, 4);
    form->addWidget(m_class, 0, 5);
    m_sizeLabel = new QLabel(tr("Size / min_size:"), this);
    m_chunkLabel = new QLabel(tr("Chunks k + m:"), this);
    form->addWidget(m_sizeLabel, 1, 0);
    form->addWidget(m_chunkLabel, 1, 0);
    auto *sizes = new QHBoxLayout;
    for (QSpinBox *spin : {m_size, m_minSize, m_k, m_m})
        sizes->addWidget(spin);
    sizes->addStretch(1);
    form->addLayout(sizes, 1, 1, 1, 5);
    form->setColumnStretch(5, 1);
    // What it does, on the box: the page has room for the fields only (RADOS, 1024×700).
    setToolTip(tr("Made from this machine when the run starts, with its own CRUSH rule or "
                  "erasure-code profile, and deleted when it ends, also after a cancel. The monitors "
                  "must allow pool deletion (mon_allow_pool_delete)."));
    m_capacity = new QLabel(this);
    m_capacity->setObjectName(QStringLiteral("temporaryPoolCapacity"));
    m_capacity->setWordWrap(true);
    // Unticked, the box is one line: the page stays short.
    m_body = new QWidget(this);
    auto *body = new QVBoxLayout(m_body);
    body->setContentsMargins(0, 0, 0, 0);
    body->addLayout(form);
    auto *v = new QVBoxLayout(this);
    v->addWidget(m_body);
    v->addWidget(m_capacity);
    connect(this, &QGroupBox::toggled, this, &TemporaryPoolForm::update);
    connect(m_type, &QComboBox::currentIndexChanged, this, &TemporaryPoolForm::update);
    connect(m_domain, &QComboBox::currentIndexChanged, this, &TemporaryPoolForm::update);
    connect(m_class, &QLineEdit::textChanged, this, &TemporaryPoolForm::update);
    for (QSpinBox *s : {m_size, m_minSize, m_k, m_m})
        connect(s, &QSpinBox::valueChanged, this, &TemporaryPoolForm::update);
    update();
}

void TemporaryPoolForm::setOsds(const QList<CephOsd> &osds)
{
    m_osds = osds;
    update();
}

void TemporaryPoolForm::setFromTarget(const QJsonObject &target)
{
    PoolLayout l;
    Error e;
    const bool has = PoolLayout::readTargetField(target, QString(), &l, &e);
    setChecked(has);
    if (!has)
        return;
    m_type->setCurrentIndex(l.isErasure() ? 1 : 0);
    m_size->setValue(l.size);
    m_minSize->setValue(l.minSize);
    m_k->setValue(l.k);
    m_m->setValue(l.m);
    m_domain->setCurrentText(l.failureDomain);
    m_class->setText(l.deviceClass);
    update();
}

PoolLayout TemporaryPoolForm::layout() const
{
    PoolLayout l;
    l.type = m_type->currentIndex() == 1 ? PoolLayout::Type::Erasure : PoolLayout::Type::Replicated;
    l.size = m_size->value();
    l.minSize = m_minSize->value();
    l.k = m_k->value();
    l.m = m_m->value();
    l.failureDomain = m_domain->currentText();
    l.deviceClass = m_class->text().trimmed();
    return l;
}

void TemporaryPoolForm::writeTo(QJsonObject *target) const
{
    if (!isChecked())
        return;
    target->remove(QStringLiteral("pool"));
    target->remove(QStringLiteral("dataPool"));
    target->insert(QStringLiteral("temporaryPool"), layout().toJson());
}

int TemporaryPoolForm::domainsKnown(int *osds) const
{
    const QString cls = m_class->text().trimmed();
    const QString domain = m_domain->currentText();
    if (m_osds.isEmpty() || (domain != QLatin1String("osd") && domain != QLatin1String("host")))
        return -1;
    QSet<QString> hosts;
    *osds = 0;
    for (const CephOsd &o : m_osds)
        if (o.up && (cls.isEmpty() || o.deviceClass == cls)) {
            ++*osds;
            hosts.insert(o.host);
        }
    return domain == QLatin1String("osd") ? *osds : int(hosts.size());
}

QString TemporaryPoolForm::problem() const
{
    if (!isChecked())
        return {};
    const PoolLayout l = layout();
    if (!l.isErasure() && l.minSize > l.size)
        return tr("min_size cannot be larger than size.");
    Error e;
    PoolLayout::read(l.toJson(), QStringLiteral("temporaryPool"), QString(), &e);
    if (e)
        return tr("The device class may hold letters, digits, '.', '_' and '-'.");
    int osds = 0;
    const int domains = domainsKnown(&osds);
    if (domains >= 0 && domains < l.osdsNeeded())
        return tr("This layout needs %1 up OSDs in distinct failure domains (%2); the connected cluster has %3.")
            .arg(l.osdsNeeded())
            .arg(l.failureDomain)
            .arg(domains);
    return {};
}

void TemporaryPoolForm::update()
{
    const bool ec = m_type->currentIndex() == 1;
    m_body->setVisible(isChecked());
    for (QWidget *w :
        {static_cast<QWidget *>(m_size), static_cast<QWidget *>(m_minSize), static_cast<QWidget *>(m_sizeLabel)})
        w->setVisible(!ec);
    for (QWidget *w : {static_cast<QWidget *>(m_k), static_cast<QWidget *>(m_m), static_cast<QWidget *>(m_chunkLabel)})
        w->setVisible(ec);
    int osds = 0;
    const int domains = domainsKnown(&osds);
    QString text;
    if (domains >= 0 && isChecked()) {
        QSet<QString> hosts;
        for (const CephOsd &o : m_osds)
            if (o.up)
                hosts.insert(o.host);
        text = (m_class->text().trimmed().isEmpty() ? tr("The connected cluster: %1 up OSDs, %2 hosts.")
                                                    : tr("The connected cluster: %1 up OSDs of that class, %2 hosts."))
                   .arg(osds)
                   .arg(hosts.size());
        if (hosts.size() == 1)
            text += QLatin1Char(' ') + tr("On one host, choose the failure domain osd.");
    }
    const QString why = problem();
    m_capacity->setText(why.isEmpty() ? text : why);
    m_capacity->setVisible(!m_capacity->text().isEmpty());
    m_capacity->setStyleSheet(why.isEmpty() ? QString() : QStringLiteral("color: #b00020;"));
    Q_EMIT changed();
}

} // namespace cm::ui
