// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/experimentdialog.h"

#include "tuning/clusterknobs.h"
#include "tuning/nodeknobs.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cm::ui {

namespace {

enum Column { VariantCol, ChangeCol, NodeCol, ObjectCol, ValueCol, ColumnCount };

const QString kPlanField = QStringLiteral("plan");

QString knobTitle(const KnobInfo &k)
{
    return QCoreApplication::translate(kKnobContext, k.title);
}

QString cellText(const QTableWidget *t, int row, int col)
{
    const QTableWidgetItem *i = t->item(row, col);
    return i ? i->text().trimmed() : QString();
}

} // namespace

ExperimentDialog::ExperimentDialog(const Plan &plan, QWidget *parent)
    : QDialog(parent)
    , m_plan(plan)
{
    setWindowTitle(tr("Experiment"));
    auto *v = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Measure “%1” as the nodes are (the baseline) and with each variant's changes, "
                                "in turns. Every change is read first and put back afterwards, also after a "
                                "cancel or an error.")
                                 .arg(plan.name),
        this);
    intro->setWordWrap(true);
    v->addWidget(intro);

    auto *form = new QFormLayout;
    m_name = new QLineEdit(plan.name, this);
    m_name->setObjectName(QStringLiteral("experimentName"));
    form->addRow(tr("Name:"), m_name);
    v->addLayout(form);

    v->addWidget(buildChanges(), 1);

    v->addLayout(buildHowForm());

    m_review = new QPlainTextEdit(this);
    m_review->setObjectName(QStringLiteral("experimentReview"));
    m_review->setReadOnly(true);
    m_review->setMinimumHeight(120);
    v->addWidget(m_review, 1);
    m_problem = new QLabel(this);
    m_problem->setWordWrap(true);
    m_problem->setObjectName(QStringLiteral("experimentProblem"));
    v->addWidget(m_problem);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_run = buttons->addButton(tr("Run experiment"), QDialogButtonBox::AcceptRole);
    v->addWidget(buttons);

    connect(m_table, &QTableWidget::itemChanged, this, &ExperimentDialog::refresh);
    connect(m_name, &QLineEdit::textChanged, this, &ExperimentDialog::refresh);
    connect(m_repetitions, &QSpinBox::valueChanged, this, &ExperimentDialog::refresh);
    connect(m_order, &QComboBox::currentIndexChanged, this, &ExperimentDialog::refresh);
    connect(m_warmUp, &QCheckBox::toggled, this, &ExperimentDialog::refresh);
    connect(m_deadMan, &QSpinBox::valueChanged, this, &ExperimentDialog::refresh);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    resize(900, 640);
    refresh();
}

// The table of changes with its buttons and a hint on how to write them.
QWidget *ExperimentDialog::buildChanges()
{
    auto *area = new QWidget(this);
    auto *box = new QVBoxLayout(area);
    box->setContentsMargins(0, 0, 0, 0);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("experimentChanges"));
    m_table->setHorizontalHeaderLabels(
        {tr("Variant"), tr("Change"), tr("Node"), tr("Device, interface or key"), tr("Value")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setColumnWidth(VariantCol, 130);
    m_table->setColumnWidth(ChangeCol, 230);
    m_table->setColumnWidth(NodeCol, 110);
    m_table->setColumnWidth(ObjectCol, 170);
    box->addWidget(m_table, 1);
    auto *rowButtons = new QHBoxLayout;
    auto *add = new QPushButton(tr("Add change"), this);
    add->setObjectName(QStringLiteral("addChange"));
    auto *remove = new QPushButton(tr("Remove"), this);
    rowButtons->addWidget(add);
    rowButtons->addWidget(remove);
    rowButtons->addStretch(1);
    box->addLayout(rowButtons);
    auto *hint = new QLabel(tr("Leave the device or interface empty for the one the run uses on that node. A Ceph "
                               "option is written section/name (client/rbd_cache), an OSD flag by its name "
                               "(noscrub); a field of the plan by its key (cache, endpoint)."),
        this);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    box->addWidget(hint);

    connect(add, &QPushButton::clicked, this, [this] {
        const int row = m_table->rowCount();
        addChange(row == 0 ? tr("variant") : cellText(m_table, row - 1, VariantCol), QStringLiteral("write-cache"),
            m_plan.nodes.isEmpty() ? QString() : m_plan.nodes.first().displayName(), QString(), QString());
    });
    connect(remove, &QPushButton::clicked, this, &ExperimentDialog::removeSelectedChange);
    return area;
}

// Repetitions, order, warm-up and the network changes' dead-man time.
QFormLayout *ExperimentDialog::buildHowForm()
{
    auto *how = new QFormLayout;
    m_repetitions = new QSpinBox(this);
    m_repetitions->setRange(2, Experiment::MaxRepetitions);
    m_repetitions->setValue(4);
    m_repetitions->setObjectName(QStringLiteral("experimentRepetitions"));
    m_order = new QComboBox(this);
    m_order->addItem(tr("Interleaved (A B B A …)"), QStringLiteral("interleaved"));
    m_order->addItem(tr("Random within each round"), QStringLiteral("random"));
    m_warmUp = new QCheckBox(tr("One warm-up run first, not counted"), this);
    m_warmUp->setChecked(true);
    m_warmUp->setObjectName(QStringLiteral("experimentWarmUp"));
    m_deadMan = new QSpinBox(this);
    m_deadMan->setRange(10, 600);
    m_deadMan->setValue(30);
    m_deadMan->setSuffix(tr(" s"));
    how->addRow(tr("Repetitions of each:"), m_repetitions);
    how->addRow(tr("Order:"), m_order);
    how->addRow(QString(), m_warmUp);
    how->addRow(tr("Network changes undo themselves after:"), m_deadMan);

    return how;
}

void ExperimentDialog::addChange(
    const QString &variant, const QString &change, const QString &node, const QString &object, const QString &value)
{
    const QSignalBlocker block(m_table);
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    m_table->setItem(row, VariantCol, new QTableWidgetItem(variant));
    auto *changeBox = new QComboBox(m_table);
    for (const KnobInfo &k : knobCatalogue())
        changeBox->addItem(knobTitle(k), k.id);
    changeBox->addItem(tr("A field of the plan"), kPlanField);
    changeBox->setCurrentIndex(std::max(0, changeBox->findData(change)));
    m_table->setCellWidget(row, ChangeCol, changeBox);
    auto *nodeBox = new QComboBox(m_table);
    for (const NodeSpec &n : std::as_const(m_plan.nodes))
        nodeBox->addItem(n.displayName());
    nodeBox->setCurrentIndex(std::max(0, nodeBox->findText(node)));
    m_table->setCellWidget(row, NodeCol, nodeBox);
    m_table->setItem(row, ObjectCol, new QTableWidgetItem(object));
    m_table->setItem(row, ValueCol, new QTableWidgetItem(value));
    connect(changeBox, &QComboBox::currentIndexChanged, this, &ExperimentDialog::refresh);
    connect(nodeBox, &QComboBox::currentIndexChanged, this, &ExperimentDialog::refresh);
    refresh();
}

void ExperimentDialog::removeSelectedChange()
{
    const int row = m_table->currentRow();
    if (row >= 0)
        m_table->removeRow(row);
    refresh();
}

Experiment ExperimentDialog::experiment(Error *error) const
{
    QStringList order; // variants as they first appear
    QHash<QString, QJsonArray> knobs;
    QHash<QString, QJsonObject> targets;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const QString variant = cellText(m_table, row, VariantCol);
        const auto *changeBox = qobject_cast<QComboBox *>(m_table->cellWidget(row, ChangeCol));
        const auto *nodeBox = qobject_cast<QComboBox *>(m_table->cellWidget(row, NodeCol));
        const QString change = changeBox ? changeBox->currentData().toString() : QString();
        const QString object = cellText(m_table, row, ObjectCol);
        const QString value = cellText(m_table, row, ValueCol);
        auto fail = [&](const QString &why) {
            *error = Error(Error::Code::InvalidInput, tr("Change %1: %2").arg(row + 1).arg(why));
            return Experiment();
        };
        if (variant.isEmpty() || variant == QLatin1String("baseline"))
            return fail(tr("name its variant (not “baseline”: that is the nodes as they are)"));
        if (value.isEmpty())
            return fail(tr("give the value it should have"));
        if (!order.contains(variant))
            order << variant;
        if (change == kPlanField) {
            if (object.isEmpty())
                return fail(tr("name the plan's field (for example cache)"));
            targets[variant].insert(object, experimentTargetValue(value));
            continue;
        }
        const KnobInfo *k = findKnob(change);
        const bool cluster = k && isClusterObject(k->object);
        const QString node = cluster ? QString::fromLatin1(kCephKnobNode)
            : nodeBox                ? nodeBox->currentText()
                                     : QString();
        const QString text = object.isEmpty() ? QStringLiteral("%1:%2=%3").arg(node, change, value)
                                              : QStringLiteral("%1:%2@%3=%4").arg(node, change, object, value);
        Error e;
        const KnobSetting s = KnobSetting::parse(text, &e);
        if (e)
            return fail(e.message);
        knobs[variant].append(s.toJson());
    }
    if (order.isEmpty()) {
        *error = Error(Error::Code::InvalidInput, tr("Add the change to measure."));
        return {};
    }
    QJsonArray variants {
        QJsonObject {{QStringLiteral("name"), QStringLiteral("baseline")}, {QStringLiteral("knobs"), QJsonArray()}}};
    for (const QString &name : std::as_const(order)) {
        QJsonObject o {{QStringLiteral("name"), name}, {QStringLiteral("knobs"), knobs.value(name)}};
        if (!targets.value(name).isEmpty())
            o.insert(QStringLiteral("target"), targets.value(name));
        variants.append(o);
    }
    const QJsonObject o {{QStringLiteral("format"), QStringLiteral("clustermark-experiment")},
        {QStringLiteral("name"), m_name->text().trimmed()}, {QStringLiteral("plan"), m_plan.toJson()},
        {QStringLiteral("variants"), variants}, {QStringLiteral("repetitions"), m_repetitions->value()},
        {QStringLiteral("order"), m_order->currentData().toString()}, {QStringLiteral("warmUp"), m_warmUp->isChecked()},
        {QStringLiteral("deadManSeconds"), m_deadMan->value()}};
    return Experiment::fromJson(o, error);
}

void ExperimentDialog::refresh()
{
    for (int row = 0; row < m_table->rowCount(); ++row) { // a knob of the cluster or a plan field is no node's
        const auto *changeBox = qobject_cast<QComboBox *>(m_table->cellWidget(row, ChangeCol));
        auto *nodeBox = qobject_cast<QComboBox *>(m_table->cellWidget(row, NodeCol));
        const QString change = changeBox ? changeBox->currentData().toString() : QString();
        const KnobInfo *k = findKnob(change);
        if (nodeBox)
            nodeBox->setEnabled(k && !isClusterObject(k->object));
        if (QTableWidgetItem *value = m_table->item(row, ValueCol); value && k)
            value->setToolTip(QString::fromUtf8(k->values));
    }
    Error e;
    const Experiment x = experiment(&e);
    m_run->setEnabled(!e);
    m_problem->setText(e ? e.message : QString());
    m_review->setPlainText(e ? QString() : reviewText(x));
}

QString ExperimentDialog::changeText(const KnobSetting &s) const
{
    const KnobInfo *k = s.info();
    if (s.isClusterKnob() && k->object == KnobObject::CephFlag)
        return tr("%1: %2; afterwards the flag is put back as it was")
            .arg(QStringLiteral("ceph"), clusterKnobCommand(s, s.raw));
    if (s.isClusterKnob())
        return tr("%1: %2; afterwards the old value is set again, or the option removed if it was not set")
            .arg(QStringLiteral("ceph"), clusterKnobCommand(s, s.raw));
    const QString object = s.object.isEmpty() ? tr("the one the run uses") : s.object;
    QString how = s.knob == QLatin1String("mtu")
        ? QStringLiteral("ip link set dev %1 mtu %2")
              .arg(s.object.isEmpty() ? QStringLiteral("IFACE") : s.object, s.raw)
        : QStringLiteral("%1 ← %2").arg(knobSysfsPath(*k, s.object.isEmpty() ? QStringLiteral("*") : s.object), s.raw);
    if (s.knob == QLatin1String("write-cache"))
        how = tr("the drive's own cache through hdparm -W (ATA), sdparm WCE (SCSI) or nvme set-feature (NVMe); "
                 "elsewhere only the kernel's flag: %1")
                  .arg(how);
    QString text = tr("%1: %2 on %3 → %4 (%5); afterwards the value read before is written back")
                       .arg(s.node, knobTitle(*k), object, s.value, how);
    if (k->network)
        text += QLatin1Char(' ')
            + tr("— %1 puts it back by itself after %2 s unless the app reaches it again")
                  .arg(s.node)
                  .arg(m_deadMan->value());
    if (s.knob == QLatin1String("mtu"))
        text += QLatin1Char(' ') + tr("— checked with a ping of %1 bytes that may not be fragmented").arg(s.raw);
    return text;
}

QString ExperimentDialog::reviewText(const Experiment &x) const
{
    QStringList names;
    for (const ExperimentVariant &v : x.variants)
        names << v.name;
    QStringList letters;
    const QList<ExperimentSlot> slots = experimentSchedule(x);
    for (const ExperimentSlot &slot : slots)
        letters << (slot.warmUp ? tr("warm-up") : QString(QChar(u'A' + slot.variant)));
    QStringList lines;
    lines << tr("Runs, in this order (%1 in all): %2").arg(slots.size()).arg(letters.join(QLatin1Char(' ')));
    for (int i = 0; i < x.variants.size(); ++i)
        lines << QStringLiteral("  %1 = %2")
                     .arg(QChar(u'A' + i))
                     .arg(i == 0 ? tr("baseline (as the nodes are)") : x.variants.at(i).name);
    lines << QString()
          << tr("Before the first run, every change is checked on its node: the privilege (root, or sudo without "
                "a password), the current value, and that the run uses the device or interface.");
    for (int i = 1; i < x.variants.size(); ++i) {
        const ExperimentVariant &v = x.variants.at(i);
        lines << QString() << tr("Variant “%1”:").arg(v.name);
        for (const KnobSetting &s : v.knobs)
            lines << QStringLiteral("  • ") + changeText(s);
        for (auto it = v.target.begin(); it != v.target.end(); ++it)
            lines << QStringLiteral("  • ") + tr("the plan's %1 = %2").arg(it.key(), it.value().toVariant().toString());
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace cm::ui
