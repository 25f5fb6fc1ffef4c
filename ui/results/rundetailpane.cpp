#include "results/rundetailpane.h"

#include "results/resultsmodel.h"
#include "unitscale.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cm::ui {

namespace {
enum GridCol { GNode, GReadBw, GWriteBw, GReadIops, GWriteIops, GP50, GP99, GCount };

QString jsonText(const QJsonValue &v)
{
    if (v.isString()) return v.toString();
    if (v.isDouble()) return QString::number(v.toDouble(), 'g', 10);
    if (v.isBool()) return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (v.isArray()) return QString::fromUtf8(QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact));
    return {};
}

void addJson(QTreeWidgetItem *parent, QTreeWidget *tree, const QJsonObject &o)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        auto *item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(tree);
        item->setText(0, it.key());
        if (it.value().isObject())
            addJson(item, tree, it.value().toObject());
        else
            item->setText(1, jsonText(it.value()));
    }
}
} // namespace

RunDetailPane::RunDetailPane(QWidget *parent)
    : QWidget(parent)
{
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel(this);
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::RichText);
    v->addWidget(m_title);
    auto *tabs = new QTabWidget(this);
    m_grid = new QTableWidget(0, GCount, this);
    m_grid->setObjectName(QStringLiteral("diskGrid"));
    m_grid->setHorizontalHeaderLabels({tr("Node"), tr("Read MB/s"), tr("Write MB/s"), tr("Read IOPS"),
                                       tr("Write IOPS"), tr("Lat p50"), tr("Lat p99")});
    m_grid->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // A CrystalDiskMark-like grid: equal figure columns across the pane.
    m_grid->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_grid->horizontalHeader()->setSectionResizeMode(GNode, QHeaderView::ResizeToContents);
    m_grid->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    tabs->addTab(m_grid, tr("Summary"));
    m_env = new QTreeWidget(this);
    m_env->setHeaderLabels({tr("Item"), tr("Value")});
    m_env->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    tabs->addTab(m_env, tr("Environment"));
    m_commands = new QPlainTextEdit(this);
    m_commands->setReadOnly(true);
    m_commands->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_commands->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    tabs->addTab(m_commands, tr("Commands"));
    v->addWidget(tabs, 1);
    clear();
}

void RunDetailPane::clear()
{
    m_title->setText(tr("Select a run to see its figures."));
    m_grid->setRowCount(0);
    m_env->clear();
    m_commands->clear();
}

void RunDetailPane::showDetail(const RunDetail &d)
{
    if (d.error) {
        clear();
        m_title->setText(tr("Could not read the run: %1").arg(d.error.message.toHtmlEscaped()));
        return;
    }
    QString head = QStringLiteral("<b>%1</b> — %2").arg(d.run.name.toHtmlEscaped(), ResultsModel::statusText(d.run.status));
    if (!d.run.error.isEmpty())
        head += QStringLiteral("<br><span style='color:#c62828'>%1</span>").arg(d.run.error.toHtmlEscaped());
    m_title->setText(head);

    m_grid->setRowCount(int(d.steps.size()));
    QStringList rowLabels;
    QString commands;
    QJsonObject stepEnv;
    for (int i = 0; i < d.steps.size(); ++i) {
        const StepRecord &s = d.steps.at(i);
        QString label = s.title.isEmpty() ? s.testId : s.title;
        if (s.iteration > 0)
            label += QStringLiteral(" #%1").arg(s.iteration + 1);
        if (s.status != QLatin1String("completed"))
            label += QStringLiteral(" (%1)").arg(s.status);
        rowLabels << label;
        const QJsonObject r = summaryDirection(s.summary, QStringLiteral("read"));
        const QJsonObject w = summaryDirection(s.summary, QStringLiteral("write"));
        auto put = [&](int col, const QString &text, bool strong = false) {
            auto *item = new QTableWidgetItem(text.isEmpty() ? QStringLiteral("–") : text);
            item->setTextAlignment(col == GNode ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            if (strong) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            if (!s.error.isEmpty())
                item->setToolTip(s.error);
            m_grid->setItem(i, col, item);
        };
        auto mbps = [](const QJsonObject &o) { return o.isEmpty() ? QString() : QString::number(o.value(QStringLiteral("bw")).toDouble() / 1e6, 'f', 1); };
        auto iops = [](const QJsonObject &o) { return o.isEmpty() ? QString() : QString::number(o.value(QStringLiteral("iops")).toDouble(), 'f', 0); };
        const QJsonObject lat = !r.isEmpty() ? r : w;
        auto latText = [&](const char *key) {
            const QString k = QString::fromLatin1(key);
            return lat.contains(k) ? formatLatencyNs(lat.value(k).toDouble()) : QString();
        };
        put(GNode, s.node);
        put(GReadBw, mbps(r), true);
        put(GWriteBw, mbps(w), true);
        put(GReadIops, iops(r));
        put(GWriteIops, iops(w));
        put(GP50, latText("lat_p50_ns"));
        put(GP99, latText("lat_p99_ns"));
        commands += QStringLiteral("# %1 [%2]\n%3\n\n").arg(label, s.node, s.command);
        if (!s.environment.isEmpty())
            stepEnv.insert(s.node.isEmpty() ? QStringLiteral("node") : s.node, s.environment);
    }
    m_grid->setVerticalHeaderLabels(rowLabels);
    m_env->clear();
    addJson(nullptr, m_env, d.environment);
    if (!stepEnv.isEmpty()) {
        auto *nodes = new QTreeWidgetItem(m_env);
        nodes->setText(0, tr("measured on the nodes"));
        addJson(nodes, m_env, stepEnv);
    }
    m_env->expandToDepth(1);
    m_commands->setPlainText(commands);
}

} // namespace cm::ui
