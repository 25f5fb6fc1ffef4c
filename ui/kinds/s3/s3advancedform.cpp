// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/s3/s3advancedform.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace cm::ui {

namespace {
const QStringList kMixOps {QStringLiteral("get"), QStringLiteral("put"), QStringLiteral("delete"),
    QStringLiteral("head"), QStringLiteral("list")};

QSpinBox *spin(QWidget *parent, const QString &name, int lo, int hi, int value, const QString &special = {})
{
    auto *s = new QSpinBox(parent);
    s->setObjectName(name);
    s->setRange(lo, hi);
    s->setValue(value);
    if (!special.isEmpty())
        s->setSpecialValueText(special);
    return s;
}
} // namespace

QList<qint64> S3AdvancedForm::offeredSizes()
{
    const qint64 K = S3Kind::kKiB, M = S3Kind::kMiB;
    return {4 * K, 16 * K, 64 * K, 256 * K, M, 4 * M, 16 * M, 32 * M, 64 * M, 256 * M, S3Kind::kGiB};
}

S3AdvancedForm::S3AdvancedForm(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("s3AdvancedForm"));
    auto *h = new QHBoxLayout(this);
    h->setContentsMargins(0, 0, 0, 0);

    auto *left = new QVBoxLayout;
    left->addWidget(new QLabel(tr("Object sizes:"), this));
    m_sizes = new QListWidget(this);
    m_sizes->setObjectName(QStringLiteral("s3SizeList"));
    for (qint64 s : offeredSizes()) {
        auto *item = new QListWidgetItem(S3Kind::sizeText(s), m_sizes);
        item->setData(Qt::UserRole, double(s));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    m_sizes->setMaximumWidth(130);
    left->addWidget(m_sizes, 1);
    h->addLayout(left);

    auto *form = new QFormLayout;
    m_op = new QComboBox(this);
    m_op->setObjectName(QStringLiteral("s3OpCombo"));
    m_op->addItem(tr("As the preset"), QString());
    m_op->addItem(tr("PUT (upload)"), QStringLiteral("put"));
    m_op->addItem(tr("GET (download)"), QStringLiteral("get"));
    m_op->addItem(tr("HEAD (metadata)"), QStringLiteral("head"));
    m_op->addItem(tr("DELETE"), QStringLiteral("delete"));
    m_op->addItem(tr("LIST (bucket listing)"), QStringLiteral("list"));
    m_op->addItem(tr("Mixed"), QStringLiteral("mixed"));
    form->addRow(tr("Operation:"), m_op);
    m_concurrency = spin(this, QStringLiteral("s3ConcurrencySpin"), 0, 1024, 0, tr("As the preset"));
    form->addRow(tr("Requests in flight:"), m_concurrency);
    m_connections = spin(this, QStringLiteral("s3ConnectionsSpin"), 1, 1024, 16);
    m_connections->setToolTip(tr("Keep-alive connections; raised to the requests in flight when fewer."));
    form->addRow(tr("Connections:"), m_connections);
    m_runtime = spin(this, QStringLiteral("s3RuntimeSpin"), 0, 86400, 0, tr("As the preset"));
    m_runtime->setSuffix(tr(" s"));
    form->addRow(tr("Runtime per step:"), m_runtime);
    m_objects = spin(this, QStringLiteral("s3ObjectsSpin"), 0, 1000000, 0, tr("Automatic (about 1 GiB per size)"));
    m_objects->setGroupSeparatorShown(true);
    form->addRow(tr("Objects (working set):"), m_objects);

    m_mixBox = new QWidget(this);
    auto *mixGrid = new QGridLayout(m_mixBox);
    mixGrid->setContentsMargins(0, 0, 0, 0);
    const QMap<QString, int> defaults {
        {QStringLiteral("get"), 70}, {QStringLiteral("put"), 20}, {QStringLiteral("delete"), 10}};
    int col = 0;
    for (const QString &op : kMixOps) {
        auto *s = spin(m_mixBox, QStringLiteral("s3Mix_") + op, 0, 100, defaults.value(op, 0));
        s->setSuffix(QStringLiteral(" %"));
        m_mix.insert(op, s);
        mixGrid->addWidget(new QLabel(op.toUpper(), m_mixBox), 0, col);
        mixGrid->addWidget(s, 1, col++);
        connect(s, &QSpinBox::valueChanged, this, &S3AdvancedForm::refresh);
    }
    form->addRow(tr("Mix:"), m_mixBox);
    m_mixLabel = new QLabel(this);
    m_mixLabel->setObjectName(QStringLiteral("s3MixLabel"));
    m_mixLabel->setWordWrap(true);
    form->addRow(QString(), m_mixLabel);
    m_threshold = spin(this, QStringLiteral("s3ThresholdSpin"), 0, 5120, 64, tr("Never"));
    m_threshold->setSuffix(tr(" MiB"));
    m_threshold->setToolTip(tr("PUTs of objects this large or larger are uploaded in parts."));
    form->addRow(tr("Multipart from:"), m_threshold);
    m_partSize = spin(this, QStringLiteral("s3PartSizeSpin"), 5, 5120, 16);
    m_partSize->setSuffix(tr(" MiB"));
    form->addRow(tr("Part size:"), m_partSize);
    m_onError = new QComboBox(this);
    m_onError->setObjectName(QStringLiteral("s3OnErrorCombo"));
    m_onError->addItem(tr("Count failed requests and go on"), QStringLiteral("continue"));
    m_onError->addItem(tr("Stop the step at the first failed request"), QStringLiteral("stop"));
    form->addRow(tr("On errors:"), m_onError);
    h->addLayout(form, 1);

    connect(m_sizes, &QListWidget::itemChanged, this, &S3AdvancedForm::refresh);
    connect(m_op, &QComboBox::currentIndexChanged, this, &S3AdvancedForm::refresh);
    for (QSpinBox *s : {m_concurrency, m_connections, m_runtime, m_objects, m_threshold, m_partSize})
        connect(s, &QSpinBox::valueChanged, this, &S3AdvancedForm::refresh);
    connect(m_onError, &QComboBox::currentIndexChanged, this, &S3AdvancedForm::refresh);
    refresh();
}

void S3AdvancedForm::setPreset(const Preset &preset)
{
    m_preset = preset;
    m_presetSizes.clear();
    for (const PlanStep &s : preset.steps) {
        const qint64 size = qint64(s.params.value(QStringLiteral("objectSize")).toDouble());
        if (!m_presetSizes.contains(size))
            m_presetSizes << size;
    }
    setCheckedSizes(m_presetSizes);
    refresh();
}

void S3AdvancedForm::loadTarget(const QJsonObject &target)
{
    const S3Kind::Options o = S3Kind::Options::fromJson(target);
    m_connections->setValue(o.connections);
    m_onError->setCurrentIndex(std::max(0, m_onError->findData(o.onError)));
    m_threshold->setValue(int(o.multipartThreshold / S3Kind::kMiB));
    m_partSize->setValue(int(std::max<qint64>(5, o.partSize / S3Kind::kMiB)));
    // A saved plan's choices ("Run again"); a target without them keeps the preset's.
    if (!o.sizes.isEmpty()) {
        for (qint64 size : o.sizes) { // a size typed on the command line: offered too
            bool listed = false;
            for (int i = 0; i < m_sizes->count() && !listed; ++i)
                listed = qint64(m_sizes->item(i)->data(Qt::UserRole).toDouble()) == size;
            if (listed)
                continue;
            auto *item = new QListWidgetItem(S3Kind::sizeText(size));
            item->setData(Qt::UserRole, double(size));
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
            int row = 0;
            while (row < m_sizes->count() && qint64(m_sizes->item(row)->data(Qt::UserRole).toDouble()) < size)
                ++row;
            const QSignalBlocker block(m_sizes);
            m_sizes->insertItem(row, item);
        }
        setCheckedSizes(o.sizes);
    }
    m_op->setCurrentIndex(std::max(0, m_op->findData(o.op)));
    m_concurrency->setValue(o.concurrency);
    m_runtime->setValue(o.runtime);
    m_objects->setValue(o.objects);
    if (!o.mix.isEmpty())
        for (auto it = m_mix.cbegin(); it != m_mix.cend(); ++it)
            it.value()->setValue(o.mix.value(it.key(), 0));
    refresh();
}

void S3AdvancedForm::setCheckedSizes(const QList<qint64> &sizes)
{
    const QSignalBlocker block(m_sizes);
    for (int i = 0; i < m_sizes->count(); ++i) {
        QListWidgetItem *item = m_sizes->item(i);
        item->setCheckState(sizes.contains(qint64(item->data(Qt::UserRole).toDouble())) ? Qt::Checked : Qt::Unchecked);
    }
    refresh();
}

QList<qint64> S3AdvancedForm::checkedSizes() const
{
    QList<qint64> out;
    for (int i = 0; i < m_sizes->count(); ++i)
        if (m_sizes->item(i)->checkState() == Qt::Checked)
            out << qint64(m_sizes->item(i)->data(Qt::UserRole).toDouble());
    return out;
}

bool S3AdvancedForm::mixApplies() const
{
    const QString op = m_op->currentData().toString();
    if (!op.isEmpty())
        return op == QLatin1String("mixed");
    return std::any_of(m_preset.steps.cbegin(), m_preset.steps.cend(),
        [](const PlanStep &s) { return s.params.value(QStringLiteral("op")).toString() == QLatin1String("mixed"); });
}

QString S3AdvancedForm::problem() const
{
    if (checkedSizes().isEmpty())
        return tr("Tick at least one object size.");
    if (mixApplies()) {
        int sum = 0;
        for (const QSpinBox *s : m_mix)
            sum += s->value();
        if (sum != 100)
            return tr("The mix adds up to %1 %; it must be 100 %.").arg(sum);
    }
    return {};
}

void S3AdvancedForm::refresh()
{
    m_mixBox->setEnabled(mixApplies());
    int sum = 0;
    for (const QSpinBox *s : std::as_const(m_mix))
        sum += s->value();
    if (!mixApplies()) {
        m_mixLabel->setText(tr("Only for mixed steps."));
        m_mixLabel->setStyleSheet(QStringLiteral("color: palette(mid);"));
    } else if (sum == 100) {
        m_mixLabel->setText(tr("Total 100 %."));
        m_mixLabel->setStyleSheet(QStringLiteral("color: palette(mid);"));
    } else {
        m_mixLabel->setText(tr("The mix adds up to %1 %; it must be 100 %.").arg(sum));
        m_mixLabel->setStyleSheet(QStringLiteral("color: #b00020; font-weight: bold;"));
    }
    m_partSize->setEnabled(m_threshold->value() > 0);
    Q_EMIT changed();
}

void S3AdvancedForm::applyTo(S3Kind::Options *o) const
{
    o->op = m_op->currentData().toString();
    QList<qint64> sizes = checkedSizes();
    QList<qint64> presetSorted = m_presetSizes;
    std::sort(presetSorted.begin(), presetSorted.end());
    o->sizes = sizes == presetSorted ? QList<qint64>() : sizes; // the list is sorted
    o->concurrency = m_concurrency->value();
    o->connections = m_connections->value();
    o->runtime = m_runtime->value();
    o->objects = m_objects->value();
    o->mix.clear();
    if (mixApplies())
        for (auto it = m_mix.cbegin(); it != m_mix.cend(); ++it)
            if (it.value()->value() > 0)
                o->mix.insert(it.key(), it.value()->value());
    o->multipartThreshold = qint64(m_threshold->value()) * S3Kind::kMiB;
    o->partSize = qint64(m_partSize->value()) * S3Kind::kMiB;
    o->onError = m_onError->currentData().toString();
}

} // namespace cm::ui
