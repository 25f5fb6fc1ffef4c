// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/s3/s3paramspage.h"
#include "errortext.h"

#include "presettext.h"
#include "unitscale.h"
#include "kinds/s3/s3advancedform.h"

#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace cm::ui {

S3ParamsPage::S3ParamsPage(QWidget *parent)
    : PlanWizardPage(parent)
{
    setObjectName(QStringLiteral("s3ParamsPage"));
    setTitle(tr("S3 / RGW: what to measure"));
    setSubTitle(tr("Pick a preset; open Advanced to change sizes, operations or load."));
    // The page scrolls rather than squeezing the Advanced fields in a small window.
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(this);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *body = new QWidget(scroll);
    scroll->setWidget(body);
    outer->addWidget(scroll);
    auto *v = new QVBoxLayout(body);
    v->setContentsMargins(0, 0, 0, 0);
    m_presets = new QListWidget(this);
    m_presets->setObjectName(QStringLiteral("s3PresetList"));
    m_presets->setWordWrap(true);
    m_presets->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_presets->setMaximumHeight(120);
    v->addWidget(m_presets);
    m_description = new QLabel(this);
    m_description->setObjectName(QStringLiteral("s3PresetDescription"));
    m_description->setWordWrap(true);
    v->addWidget(m_description);

    m_toggle = new QToolButton(this);
    m_toggle->setObjectName(QStringLiteral("s3AdvancedToggle"));
    m_toggle->setText(tr("Advanced"));
    m_toggle->setCheckable(true);
    m_toggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_toggle->setArrowType(Qt::RightArrow);
    m_toggle->setAutoRaise(true);
    v->addWidget(m_toggle);
    m_advanced = new S3AdvancedForm(this);
    m_advanced->setVisible(false);
    v->addWidget(m_advanced, 1);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("s3PlanSummary"));
    m_summary->setWordWrap(true);
    m_summary->setStyleSheet(QStringLiteral("color: palette(mid);"));
    v->addWidget(m_summary);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("problemLabel"));
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(QStringLiteral("color: #b00020;"));
    v->addWidget(m_problem);
    v->addStretch(0);

    m_presetList = S3Kind().presets();
    for (const Preset &p : std::as_const(m_presetList)) {
        auto *item = new QListWidgetItem(m_presets);
        item->setData(Qt::UserRole, p.id);
        item->setText(tr("%1 — %2").arg(presetTitle(p.id), presetDescription(p.id).section(QLatin1Char('.'), 0, 0)));
    }
    connect(m_toggle, &QToolButton::toggled, this, [this, scroll](bool open) {
        m_toggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        m_advanced->setVisible(open);
        if (open) // once laid out: bring the opened fields into view
            QTimer::singleShot(0, scroll, [scroll, this] { scroll->ensureWidgetVisible(m_advanced, 0, 0); });
    });
    connect(m_presets, &QListWidget::currentRowChanged, this, &S3ParamsPage::presetChosen);
    connect(m_advanced, &S3AdvancedForm::changed, this, [this] {
        if (!m_loading)
            m_dirty = true;
        refresh();
    });
}

QString S3ParamsPage::presetTitle(const QString &id)
{
    if (id == QLatin1String("quick"))
        return tr("Quick");
    if (id == QLatin1String("size-sweep"))
        return tr("Object size sweep");
    if (id == QLatin1String("mixed"))
        return tr("Mixed load");
    if (id == QLatin1String("small-objects"))
        return tr("Small objects");
    return id;
}

QString S3ParamsPage::presetDescription(const QString &id)
{
    if (id == QLatin1String("quick"))
        return tr("A first look. Uploads (PUT) then downloads (GET) 64 KiB objects with 16 requests in flight, "
                  "10 seconds each.");
    if (id == QLatin1String("size-sweep"))
        return tr("How speed changes with object size. PUT then GET at 64 KiB, 1 MiB, 32 MiB, 256 MiB and 1 GiB, "
                  "15 seconds each; about 1 GiB is written per size, so the gateway's pools need a few GiB free.");
    if (id == QLatin1String("mixed"))
        return tr("A busy application. 70 % GET, 20 % PUT and 10 % DELETE of 1 MiB objects at the same time, "
                  "16 requests in flight, 30 seconds.");
    if (id == QLatin1String("small-objects"))
        return tr("Many tiny objects. PUT, GET, HEAD and DELETE of 4 KiB objects over 4096 objects: this measures "
                  "the gateway and the bucket index more than the disks.");
    return id;
}

void S3ParamsPage::initializePage()
{
    m_loading = true;
    const Plan &plan = planWizard()->plan();
    QString preset = plan.kind == S3Kind::kindId() && !plan.preset.isEmpty() ? plan.preset : QStringLiteral("quick");
    int row = 0;
    for (int i = 0; i < m_presets->count(); ++i)
        if (m_presets->item(i)->data(Qt::UserRole).toString() == preset)
            row = i;
    m_presets->setCurrentRow(row);
    presetChosen();
    m_advanced->loadTarget(plan.target);
    m_loading = false;
    m_dirty = false;
    refresh();
}

void S3ParamsPage::presetChosen()
{
    const int row = m_presets->currentRow();
    if (row < 0 || row >= m_presetList.size())
        return;
    const Preset &p = m_presetList.at(row);
    m_description->setText(presetDescription(p.id) + QStringLiteral("\n\n") + kindTextTr(S3Kind::methodNote()));
    const bool loading = m_loading;
    m_loading = true;
    m_advanced->setPreset(p);
    m_loading = loading;
    if (!m_loading)
        m_dirty = true;
    refresh();
}

S3Kind::Options S3ParamsPage::options() const
{
    S3Kind::Options o = S3Kind::Options::fromJson(planWizard() ? planWizard()->plan().target : QJsonObject());
    const int row = m_presets->currentRow();
    o.preset = row >= 0 && row < m_presetList.size() ? m_presetList.at(row).id : QStringLiteral("quick");
    m_advanced->applyTo(&o);
    return o;
}

Plan S3ParamsPage::built(Error *error) const
{
    const QList<NodeSpec> nodes = planWizard() ? planWizard()->plan().nodes : QList<NodeSpec>();
    return S3Kind::makePlan(
        options(), nodes.isEmpty() ? QList<NodeSpec> {NodeSpec::parse(QStringLiteral("local"))} : nodes, error);
}

QString S3ParamsPage::problem() const
{
    if (const QString p = m_advanced->problem(); !p.isEmpty())
        return p;
    Error e;
    built(&e);
    return errorText(e);
}

void S3ParamsPage::refresh()
{
    if (!planWizard())
        return;
    const QString p = problem();
    m_problem->setText(p);
    if (p.isEmpty()) {
        Error e;
        const Plan plan = built(&e);
        const S3Kind kind;
        double secs = 0;
        for (int i = 0; i < plan.steps.size(); ++i)
            secs += kind.estimatedSeconds(plan, i);
        m_summary->setText(tr("%n step(s), about %1 (min:s) per repetition.", nullptr, int(plan.steps.size()))
                               .arg(formatDuration(secs)));
    } else {
        m_summary->clear();
    }
    Q_EMIT completeChanged();
}

bool S3ParamsPage::isComplete() const
{
    return problem().isEmpty();
}

bool S3ParamsPage::validatePage()
{
    Plan &plan = planWizard()->plan();
    if (planWizard()->isDuplicate() && !m_dirty && plan.kind == S3Kind::kindId() && !plan.steps.isEmpty())
        return true; // "Run again" unchanged: the saved steps
    Error e;
    const Plan made = built(&e);
    if (e) {
        m_problem->setText(errorText(e));
        return false;
    }
    plan.kind = made.kind;
    plan.preset = made.preset;
    plan.nodes = made.nodes;
    plan.target = made.target;
    plan.steps = made.steps;
    if (plan.name.isEmpty())
        plan.name = made.name;
    return true;
}

} // namespace cm::ui
