#include "results/rundetailpane.h"

#include "kinds/cephfs/cephfsmetapanel.h"
#include "results/environmentsections.h"
#include "kinds/netiperf/netfindingspanel.h"
#include "kinds/netiperf/netmatrix.h"
#include "kinds/osdlatency/osdheatmap.h"
#include "results/resultsmodel.h"
#include "kinds/s3/s3sweepchart.h"
#include "operationlabel.h"
#include "store/stepoperations.h"
#include "unitscale.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cm::ui {

namespace {
// GOps: CephFS metadata and S3 HEAD/DELETE/LIST rows (shown only when a step has them).
enum GridCol { GNode, GReadBw, GWriteBw, GReadIops, GWriteIops, GP50, GP99, GOps, GCount };

void addGroup(QTreeWidgetItem *parent, QTreeWidget *tree, const EnvGroup &g, int depth)
{
    auto *item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(tree);
    item->setText(0, g.title);
    item->setFirstColumnSpanned(true);
    QFont f = item->font(0);
    f.setBold(true);
    if (depth == 0)
        f.setPointSizeF(f.pointSizeF() * 1.05);
    item->setFont(0, f);
    for (const EnvEntry &e : g.entries) {
        auto *row = new QTreeWidgetItem(item);
        row->setText(0, e.label);
        row->setText(1, e.value);
        row->setToolTip(0, e.toolTip);
        row->setToolTip(1, e.value);
    }
    for (const EnvGroup &c : g.children)
        addGroup(item, tree, c, depth + 1);
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
    m_tabs = tabs;
    m_grid = new QTableWidget(0, GCount, this);
    m_grid->setObjectName(QStringLiteral("diskGrid"));
    m_grid->setHorizontalHeaderLabels({tr("Node"), tr("Read MB/s"), tr("Write MB/s"), tr("Read IOPS"),
                                       tr("Write IOPS"), tr("Lat p50"), tr("Lat p99"), tr("Ops/s")});
    m_grid->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // A CrystalDiskMark-like grid: equal figure columns across the pane.
    m_grid->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_grid->horizontalHeader()->setSectionResizeMode(GNode, QHeaderView::ResizeToContents);
    m_grid->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    tabs->addTab(m_grid, tr("Summary"));
    m_env = new QTreeWidget(this);
    m_env->setObjectName(QStringLiteral("environmentTree"));
    m_env->setAlternatingRowColors(true);
    m_env->setHeaderLabels({tr("Item"), tr("Value")});
    m_env->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    tabs->addTab(m_env, tr("Environment"));
    m_commands = new QPlainTextEdit(this);
    m_commands->setObjectName(QStringLiteral("commandsText"));
    m_commands->setReadOnly(true);
    // Long fio command lines wrap: readable without scrolling, copied as one line.
    m_commands->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_commands->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    tabs->addTab(m_commands, tr("Commands"));
    v->addWidget(tabs, 1);

    m_heatPage = new QWidget(this);
    auto *hv = new QVBoxLayout(m_heatPage);
    hv->setContentsMargins(4, 4, 4, 4);
    auto *hrow = new QHBoxLayout();
    m_heatStep = new QComboBox(m_heatPage);
    m_heatStep->setObjectName(QStringLiteral("heatMapStep"));
    m_heatMetric = new QComboBox(m_heatPage);
    m_heatMetric->setObjectName(QStringLiteral("heatMapMetric"));
    m_heatMetric->addItem(tr("p50 latency"), int(OsdHeatMap::Metric::P50));
    m_heatMetric->addItem(tr("p99 latency"), int(OsdHeatMap::Metric::P99));
    hrow->addWidget(new QLabel(tr("Step:"), m_heatPage));
    hrow->addWidget(m_heatStep, 1);
    hrow->addSpacing(12);
    hrow->addWidget(new QLabel(tr("Colour by:"), m_heatPage));
    hrow->addWidget(m_heatMetric);
    hv->addLayout(hrow);
    auto *scroll = new QScrollArea(m_heatPage);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_heatMap = new OsdHeatMap(scroll);
    scroll->setWidget(m_heatMap);
    hv->addWidget(scroll, 1);
    m_heatPage->hide();
    m_netPage = new QScrollArea(this);
    m_netMatrix = new NetMatrix(m_netPage);
    static_cast<QScrollArea *>(m_netPage)->setWidget(m_netMatrix);
    static_cast<QScrollArea *>(m_netPage)->setFrameShape(QFrame::NoFrame);
    static_cast<QScrollArea *>(m_netPage)->setWidgetResizable(true);
    m_netPage->hide();
    m_netFindings = new NetFindingsPanel(this);
    m_netFindings->hide();
    auto *metaScroll = new QScrollArea(this);
    m_metaPanel = new CephFsMetaPanel(metaScroll);
    metaScroll->setWidget(m_metaPanel);
    metaScroll->setFrameShape(QFrame::NoFrame);
    metaScroll->setWidgetResizable(true);
    m_metaPage = metaScroll;
    m_metaPage->hide();
    m_s3Sweep = new S3SweepChart(this);
    m_s3Sweep->hide();
    connect(m_heatMetric, &QComboBox::currentIndexChanged, this,
            [this] { m_heatMap->setMetric(OsdHeatMap::Metric(m_heatMetric->currentData().toInt())); });
    connect(m_heatStep, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_heatMap->setSummary(i >= 0 && i < m_heatSummaries.size() ? m_heatSummaries.at(i) : QJsonObject());
    });
    clear();
}

void RunDetailPane::clear()
{
    m_title->setText(tr("Select a run to see its figures."));
    m_grid->setRowCount(0);
    m_env->clear();
    m_commands->clear();
    m_heatSummaries.clear();
    m_heatStep->clear();
    m_heatMap->setCells({});
    const int heat = m_tabs->indexOf(m_heatPage);
    if (heat >= 0)
        m_tabs->removeTab(heat);
    showNet({});
    showCephFsMeta({});
    showS3({});
}

bool RunDetailPane::isCephFsMetaShown() const
{
    return m_tabs->indexOf(m_metaPage) >= 0;
}

void RunDetailPane::showCephFsMeta(const RunDetail &d)
{
    const bool cephfs = d.run.kind == QLatin1String("cephfs") || d.plan.kind == QLatin1String("cephfs");
    m_metaPanel->setSteps(cephfs ? d.steps : QList<StepRecord>{});
    const bool shown = cephfs && !m_metaPanel->groups().isEmpty();
    const int at = m_tabs->indexOf(m_metaPage);
    if (!shown) {
        if (at >= 0)
            m_tabs->removeTab(at);
        return;
    }
    if (at < 0)
        m_tabs->insertTab(1, m_metaPage, tr("Metadata"));   // after the throughput grid
    // A metadata-only run opens on its bars.
    bool throughput = false;
    for (const StepRecord &s : d.steps)
        throughput = throughput || !CephFsMetaPanel::hasMetadata(s.summary);
    if (!throughput)
        m_tabs->setCurrentWidget(m_metaPage);
}

bool RunDetailPane::isS3Shown() const
{
    return m_tabs->indexOf(m_s3Sweep) >= 0;
}

void RunDetailPane::showS3(const RunDetail &d)
{
    const bool s3 = d.run.kind == QLatin1String("s3") || d.plan.kind == QLatin1String("s3");
    const int at = m_tabs->indexOf(m_s3Sweep);
    if (!s3) {
        if (at >= 0)
            m_tabs->removeTab(at);
        m_s3Sweep->clear();
        return;
    }
    m_s3Sweep->setSteps(d.steps);
    if (at < 0)
        m_tabs->insertTab(0, m_s3Sweep, tr("Object sizes"));
    m_tabs->setCurrentWidget(m_s3Sweep);
}

bool RunDetailPane::isNetShown() const
{
    return m_tabs->indexOf(m_netPage) >= 0;
}

void RunDetailPane::showNet(const RunDetail &d)
{
    const bool net = d.run.kind == QLatin1String("net-iperf") || d.plan.kind == QLatin1String("net-iperf");
    for (QWidget *w : std::initializer_list<QWidget *>{m_netFindings, m_netPage})
        if (const int i = m_tabs->indexOf(w); i >= 0 && !net)
            m_tabs->removeTab(i);
    if (!net) {
        m_netMatrix->setCells({});
        m_netFindings->clear();
        return;
    }
    m_netMatrix->setSteps(d.steps);
    m_netFindings->setSteps(d.steps);
    if (m_tabs->indexOf(m_netFindings) < 0)
        m_tabs->insertTab(0, m_netFindings, tr("Findings"));
    if (m_tabs->indexOf(m_netPage) < 0)
        m_tabs->insertTab(0, m_netPage, tr("Throughput matrix"));
    m_tabs->setCurrentWidget(m_netPage);
}

bool RunDetailPane::isHeatMapShown() const
{
    return m_tabs->indexOf(m_heatPage) >= 0;
}

void RunDetailPane::showDetail(const RunDetail &d)
{
    if (d.error) {
        clear();
        m_title->setText(tr("Could not read the run: %1").arg(d.error.message.toHtmlEscaped()));
        return;
    }
    QString head = QStringLiteral("<b>%1</b> — %2").arg(d.run.name.toHtmlEscaped(), ResultsModel::statusText(d.run.status));
    QStringList facts;
    if (!d.run.sessionName.isEmpty())
        facts << tr("session %1").arg(d.run.sessionName.toHtmlEscaped());
    if (d.run.started.isValid())
        facts << tr("started %1").arg(d.run.started.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
    if (d.run.started.isValid() && d.run.finished.isValid())
        facts << tr("took %1").arg(formatDuration(d.run.started.secsTo(d.run.finished)));
    if (!facts.isEmpty())
        head += QStringLiteral("<br><small>%1</small>").arg(facts.join(QStringLiteral(" · ")));
    if (!d.run.error.isEmpty())
        head += QStringLiteral("<br><span style='color:#c62828'>%1</span>").arg(d.run.error.toHtmlEscaped());
    m_title->setText(head);

    m_grid->setRowCount(0);
    QStringList rowLabels;
    bool anyOps = false, anyData = false;
    for (int i = 0; i < d.steps.size(); ++i) {
        const StepRecord &s = d.steps.at(i);
        QString label = s.title.isEmpty() ? s.testId : s.title;
        if (s.iteration > 0)
            label += QStringLiteral(" #%1").arg(s.iteration + 1);
        if (s.status != QLatin1String("completed"))
            label += QStringLiteral(" (%1)").arg(s.status);
        const QJsonObject r = summaryDirection(s.summary, QStringLiteral("read"));
        const QJsonObject w = summaryDirection(s.summary, QStringLiteral("write"));
        const QList<StepOperation> ops = stepOperations(s.summary);
        anyOps = anyOps || !ops.isEmpty();
        int row = m_grid->rowCount();
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
            m_grid->setItem(row, col, item);
        };
        auto latText = [](const QJsonObject &o, const char *key) {
            const QString k = QString::fromLatin1(key);
            return o.contains(k) ? formatLatencyNs(o.value(k).toDouble()) : QString();
        };
        // The step's own row, unless it is only operations (a metadata step).
        if (ops.isEmpty() || !r.isEmpty() || !w.isEmpty()) {
            anyData = true;
            m_grid->insertRow(row);
            rowLabels << label;
            auto mbps = [](const QJsonObject &o) { return o.isEmpty() ? QString() : QString::number(o.value(QStringLiteral("bw")).toDouble() / 1e6, 'f', 1); };
            auto iops = [](const QJsonObject &o) { return o.isEmpty() ? QString() : QString::number(o.value(QStringLiteral("iops")).toDouble(), 'f', 0); };
            const QJsonObject lat = !r.isEmpty() ? r : w;
            put(GNode, s.node);
            put(GReadBw, mbps(r), true);
            put(GWriteBw, mbps(w), true);
            put(GReadIops, iops(r));
            put(GWriteIops, iops(w));
            put(GP50, latText(lat, "lat_p50_ns"));
            put(GP99, latText(lat, "lat_p99_ns"));
            put(GOps, QString());
        }
        for (const StepOperation &op : ops) {
            row = m_grid->rowCount();
            m_grid->insertRow(row);
            rowLabels << QStringLiteral("%1 · %2").arg(label, operationLabel(op.key));
            put(GNode, s.node);
            for (int col : {GReadBw, GWriteBw, GReadIops, GWriteIops})
                put(col, QString());
            put(GP50, latText(op.figures, "lat_p50_ns"));
            put(GP99, latText(op.figures, "lat_p99_ns"));
            put(GOps, QString::number(op.opsPerSec, 'f', 0), true);
        }
    }
    m_grid->setColumnHidden(GOps, !anyOps);
    for (int col : {GReadBw, GWriteBw, GReadIops, GWriteIops})   // a metadata-only run: its figures only
        m_grid->setColumnHidden(col, anyOps && !anyData);
    m_grid->setVerticalHeaderLabels(rowLabels);
    m_env->clear();
    for (const EnvGroup &g : environmentGroups(d))
        addGroup(nullptr, m_env, g, 0);
    m_env->expandAll();
    m_commands->setPlainText(commandsText(d));

    // Per-OSD latency: every step whose summary lists OSDs can be shown as a heat map.
    const bool osdKind = d.run.kind == QLatin1String("osd-latency") || d.plan.kind == QLatin1String("osd-latency");
    m_heatSummaries.clear();
    const QSignalBlocker block(m_heatStep);
    m_heatStep->clear();
    for (int i = 0; osdKind && i < d.steps.size(); ++i) {
        const StepRecord &s = d.steps.at(i);
        if (!s.summary.value(QStringLiteral("osds")).isArray())
            continue;
        m_heatSummaries.append(s.summary);
        m_heatStep->addItem(rowLabels.value(i));
    }
    const int heat = m_tabs->indexOf(m_heatPage);
    if (osdKind) {
        m_heatMap->setSummary(m_heatSummaries.value(0));
        if (heat < 0)
            m_tabs->insertTab(0, m_heatPage, tr("OSD latency"));
        m_tabs->setCurrentWidget(m_heatPage);
    } else {
        m_heatMap->setCells({});
        if (heat >= 0)
            m_tabs->removeTab(heat);
    }
    showNet(d);
    showCephFsMeta(d);
    showS3(d);
}

} // namespace cm::ui
