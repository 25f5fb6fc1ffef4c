// SPDX-License-Identifier: GPL-3.0-or-later
#include "kinds/netiperf/netpreviewpage.h"
#include "kinds/netiperf/netfindingspanel.h"
#include "errortext.h"

#include "bench/netiperf/netconcurrent.h"
#include "bench/netiperf/netiperfkind.h"
#include "bench/netiperf/netiperfrunner.h"
#include "transport/transportfactory.h"
#include "unitscale.h"

#include <QFileDialog>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSaveFile>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace cm::ui {

namespace {

NetEndProbe defaultProbe(const NodeSpec &node)
{
    const std::unique_ptr<Transport> t = makeTransport(node);
    NetEndProbe p;
    p.node = node.displayName();
    if (const Error e = t->connect()) {
        p.error = e;
        return p;
    }
    return probeNetEnd(*t, node.displayName(), CancelToken());
}

QString toolName(const QString &tool)
{
    return tool == QLatin1String("iperf2") ? NetPreviewPage::tr("iperf 2") : tool;
}

} // namespace

NetPreviewPage::NetPreviewPage(QWidget *parent)
    : PlanWizardPage(parent)
    , m_prober(defaultProbe)
{
    setObjectName(QStringLiteral("netPreviewPage"));
    setTitle(tr("Review"));
    setSubTitle(tr("The exact commands of every pair, one pair at a time. Press Run to start."));
    auto *v = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    m_name = new QLineEdit(this);
    m_name->setObjectName(QStringLiteral("planName"));
    form->addRow(tr("Plan name:"), m_name);
    m_estimateLabel = new QLabel(this);
    form->addRow(tr("Estimated duration:"), m_estimateLabel);
    v->addLayout(form);
    auto *toolRow = new QHBoxLayout;
    m_toolLabel = new QLabel(this);
    m_toolLabel->setObjectName(QStringLiteral("netToolLabel"));
    m_toolLabel->setWordWrap(true);
    m_toolLabel->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
    m_check = new QPushButton(tr("Check the nodes"), this);
    m_check->setObjectName(QStringLiteral("netCheckButton"));
    m_check->setToolTip(tr("Connect to every node of the plan and read its iperf versions and link speeds"));
    toolRow->addWidget(m_toolLabel, 1);
    toolRow->addWidget(m_check, 0, Qt::AlignTop);
    v->addLayout(toolRow);
    m_commands = new QPlainTextEdit(this);
    m_commands->setObjectName(QStringLiteral("commands"));
    m_commands->setReadOnly(true);
    m_commands->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_commands->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    v->addWidget(m_commands, 1);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    m_save = new QPushButton(tr("Save plan…"), this);
    row->addWidget(m_save);
    v->addLayout(row);
    connect(m_check, &QPushButton::clicked, this, &NetPreviewPage::checkNodes);
    connect(&m_watcher, &QFutureWatcher<QList<NetEndProbe>>::finished, this, &NetPreviewPage::onProbed);
    connect(m_save, &QPushButton::clicked, this, [this] {
        auto *dlg
            = new QFileDialog(this, tr("Save plan"), QStringLiteral("plan.json"), tr("ClusterMark plans (*.json)"));
        dlg->setAttribute(Qt::WA_DeleteOnClose);
        dlg->setAcceptMode(QFileDialog::AcceptSave);
        dlg->setDefaultSuffix(QStringLiteral("json"));
        connect(dlg, &QFileDialog::fileSelected, this, [this](const QString &f) {
            const QString err = savePlan(f);
            if (err.isEmpty())
                return;
            auto *box = new QMessageBox(QMessageBox::Warning, tr("Save plan"), err, QMessageBox::Ok, this);
            box->setAttribute(Qt::WA_DeleteOnClose);
            box->open();
        });
        dlg->open();
    });
}

void NetPreviewPage::initializePage()
{
    const Plan &plan = planWizard()->plan();
    if (m_name->text().isEmpty() || !m_name->isModified()) {
        QStringList nodes;
        for (const NodeSpec &n : plan.nodes)
            nodes << n.displayName();
        const NetIperfKind::Options o = NetIperfKind::Options::fromJson(plan.target);
        const QString layout = o.mode == QLatin1String("mesh") ? tr("mesh")
            : o.mode == QLatin1String("star")                  ? tr("star")
                                                               : tr("pair");
        m_name->setText(
            tr("Network %1, %2 stream(s) (%3)").arg(layout).arg(o.streams).arg(nodes.join(QStringLiteral(", "))));
    }
    if (QString::fromUtf8(plan.toJsonBytes()) != m_checkedFor)
        m_resolved.clear();
    render();
}

QString NetPreviewPage::commandsText() const
{
    return m_commands->toPlainText();
}

void NetPreviewPage::render()
{
    const Plan &plan = planWizard()->plan();
    const NetIperfKind kind;
    QString text;
    m_estimate = 0;
    int autoSteps = 0;
    for (int i = 0; i < plan.steps.size(); ++i) {
        const PlanStep &step = plan.steps.at(i);
        const QString requested = step.params.value(QStringLiteral("tool")).toString(QStringLiteral("auto"));
        text += QStringLiteral("# %1/%2  %3\n").arg(i + 1).arg(plan.steps.size()).arg(step.title);
        Plan shown = plan;
        if (requested == QLatin1String("auto") && m_resolved.contains(i)) {
            shown.steps[i].params.insert(QStringLiteral("tool"), m_resolved.value(i).first);
            text += tr("# tool: %1\n").arg(m_resolved.value(i).second); // the reason names the tool first
        } else if (requested == QLatin1String("auto")) {
            ++autoSteps;
            text += tr("# tool: automatic; iperf3 unless the check of the nodes picks iperf 2\n");
        }
        if (netconcurrent::isConcurrent(step)) // every pair at once: each node's servers and clients
            for (const NodeSpec &n : plan.nodes)
                text += kind.commandPreview(shown, i, n) + QLatin1Char('\n');
        else
            text += kind.commandPreview(shown, i, NodeSpec()) + QLatin1Char('\n');
        if (requested == QLatin1String("auto") && !m_resolved.contains(i)) {
            Plan alt = plan;
            alt.steps[i].params.insert(QStringLiteral("tool"), QStringLiteral("iperf2"));
            text += tr("# or, with iperf 2:\n") + kind.commandPreview(alt, i, NodeSpec()) + QLatin1Char('\n');
        }
        text += QLatin1Char('\n');
        m_estimate += kind.estimatedSeconds(plan, i);
    }
    m_estimate *= std::max(1, plan.repeat);
    text += tr("# PORT: a free port between 20000 and 32000, picked when the server starts.\n"
               "# Each command runs as  sh -c SCRIPT sh COMMAND…  where SCRIPT is a watchdog that\n"
               "# ends the command within a second when its SSH connection is lost:\n");
    const QString script = NetIperfRunner::watched({}).value(2).trimmed();
    for (const QString &line : script.split(QLatin1Char('\n')))
        text += QStringLiteral("#   ") + line + QLatin1Char('\n');
    m_commands->setPlainText(text);
    m_estimateLabel->setText(m_estimate > 0 ? tr("about %1 (min:s)").arg(formatDuration(m_estimate)) : tr("unknown"));
    if (isChecking())
        m_toolLabel->setText(tr("Checking the nodes…"));
    else if (autoSteps > 0)
        m_toolLabel->setText(tr("Tool: automatic, chosen per pair from the iperf versions and link speeds of "
                                "both nodes. Check the nodes to see the choice now."));
    else if (!m_resolved.isEmpty()) {
        // one line per distinct choice, naming the pairs it applies to
        QStringList reasons;
        QHash<QString, QStringList> pairs;
        for (int i = 0; i < plan.steps.size(); ++i) {
            if (!m_resolved.contains(i))
                continue;
            const QString why = m_resolved.value(i).second;
            if (!reasons.contains(why))
                reasons << why;
            const QJsonObject &p = plan.steps.at(i).params;
            pairs[why] << QStringLiteral("%1 → %2").arg(
                p.value(QStringLiteral("client")).toString(), p.value(QStringLiteral("server")).toString());
        }
        QStringList lines;
        for (const QString &why : std::as_const(reasons))
            lines << (reasons.size() == 1 ? tr("Tool: %1").arg(why)
                                          : tr("%1: %2").arg(pairs.value(why).join(QStringLiteral(", ")), why));
        m_toolLabel->setText(lines.join(QLatin1Char('\n')));
    } else {
        m_toolLabel->setText(tr("Tool: %1, as chosen")
                                 .arg(toolName(plan.steps.value(0).params.value(QStringLiteral("tool")).toString())));
    }
    m_check->setEnabled(!isChecking() && autoSteps > 0);
}

void NetPreviewPage::checkNodes()
{
    if (isChecking() || !m_prober)
        return;
    const Plan plan = planWizard()->plan();
    m_checkedFor = QString::fromUtf8(plan.toJsonBytes());
    m_resolved.clear();
    m_watcher.setFuture(QtConcurrent::run([nodes = plan.nodes, prober = m_prober] {
        QList<NetEndProbe> out;
        for (const NodeSpec &n : nodes)
            out.append(prober(n));
        return out;
    }));
    render();
}

void NetPreviewPage::onProbed()
{
    const QList<NetEndProbe> probes = m_watcher.result();
    const Plan &plan = planWizard()->plan();
    QStringList failed;
    auto find = [&](const QString &name) -> const NetEndProbe * {
        for (const NetEndProbe &p : probes)
            if (p.node == name)
                return &p;
        return nullptr;
    };
    for (const NetEndProbe &p : probes)
        if (p.error)
            failed << tr("%1: %2").arg(p.node, errorText(p.error));
    for (int i = 0; i < plan.steps.size(); ++i) {
        const QJsonObject &params = plan.steps.at(i).params;
        const NetEndProbe *a = find(params.value(QStringLiteral("client")).toString());
        const NetEndProbe *b = find(params.value(QStringLiteral("server")).toString());
        if (!a || !b || a->error || b->error)
            continue;
        NetFinding why;
        const QString tool = NetIperfRunner::chooseTool(
            params.value(QStringLiteral("tool")).toString(QStringLiteral("auto")), *a, *b, &why);
        m_resolved.insert(i, {tool, netFindingText(why)});
    }
    render();
    if (!failed.isEmpty())
        m_toolLabel->setText(
            m_toolLabel->text() + QLatin1Char('\n') + tr("Could not check %1").arg(failed.join(QStringLiteral("; "))));
    Q_EMIT toolsChecked();
}

QString NetPreviewPage::savePlan(const QString &fileName)
{
    Plan plan = planWizard()->plan();
    plan.name = m_name->text().trimmed();
    QSaveFile f(fileName);
    if (!f.open(QIODevice::WriteOnly) || f.write(plan.toJsonBytes()) < 0 || !f.commit())
        return tr("Could not write %1: %2").arg(fileName, f.errorString());
    return {};
}

bool NetPreviewPage::validatePage()
{
    planWizard()->plan().name = m_name->text().trimmed();
    return true;
}

} // namespace cm::ui
