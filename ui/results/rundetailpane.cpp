// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/rundetailpane.h"

#include "kinds/uikind.h"
#include "live/usagestripview.h"
#include "results/environmentsections.h"
#include "results/resultsmodel.h"
#include "results/runchartsview.h"
#include "live/runchartgrid.h"
#include "operationlabel.h"
#include "report/bottleneck.h"
#include "report/crosschecklines.h"
#include "report/journallatency.h"
#include "report/runexport.h"
#include "report/stepcaveats.h"
#include "report/stepoperations.h"
#include "stats/clustertotal.h"
#include "report/unitformat.h"
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

QString stepRowLabel(const StepRecord &s)
{
    QString label = s.title.isEmpty() ? s.testId : s.title;
    if (s.iteration > 0)
        label += QStringLiteral(" #%1").arg(s.iteration + 1);
    if (s.status != QLatin1String("completed"))
        label += QStringLiteral(" (%1)").arg(s.status);
    return label;
}

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
    setGridHeaders(RateWords());
    m_grid->setEditTriggers(QAbstractItemView::NoEditTriggers);
    // A CrystalDiskMark-like grid: equal figure columns across the pane.
    m_grid->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_grid->horizontalHeader()->setSectionResizeMode(GNode, QHeaderView::ResizeToContents);
    m_grid->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // What the figures are not (a cached acknowledgement, QD1), under the grid.
    m_caveatLegend = new QLabel(this);
    m_caveatLegend->setObjectName(QStringLiteral("caveatLegend"));
    m_caveatLegend->setWordWrap(true);
    auto *summary = new QWidget(this);
    auto *sv = new QVBoxLayout(summary);
    sv->setContentsMargins(0, 0, 0, 0);
    sv->addWidget(m_grid, 1);
    m_noFigures = new QLabel(this);
    m_noFigures->setObjectName(QStringLiteral("noGridFigures"));
    m_noFigures->setWordWrap(true);
    m_noFigures->setAlignment(Qt::AlignCenter);
    m_noFigures->hide();
    sv->addWidget(m_noFigures, 1);
    sv->addWidget(m_caveatLegend);
    tabs->addTab(summary, tr("Summary"));
    m_charts = new RunChartsView(this);
    tabs->addTab(m_charts, tr("Charts"));
    m_strip = new UsageStripView(this);
    tabs->addTab(m_strip, tr("Nodes && OSDs"));
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

    registerBuiltinUiKinds();
    clear();
}

void RunDetailPane::clear()
{
    m_title->setText(tr("Select a run to see its figures."));
    m_grid->setRowCount(0);
    m_grid->show();
    m_noFigures->hide();
    m_caveatLegend->clear();
    m_caveatLegend->hide();
    m_env->clear();
    m_commands->clear();
    m_strip->showStrip({});
    m_charts->clearRun();
    showKindTabs({});
}

// The figure columns in the kind's words: "GET MB/s", "Write IOPS", "PUT requests/s".
void RunDetailPane::setGridHeaders(const RateWords &w)
{
    const QString read = rateWord(w.readTitle), write = rateWord(w.writeTitle), ops = rateWord(opsUnit(w.noun));
    m_grid->setHorizontalHeaderLabels({tr("Node"), tr("%1 MB/s").arg(read), tr("%1 MB/s").arg(write),
        tr("%1 %2").arg(read, ops), tr("%1 %2").arg(write, ops), tr("Lat p50"), tr("Lat p99"), tr("Ops/s")});
}

bool RunDetailPane::isTabShown(const QWidget *w) const
{
    for (; w; w = w->parentWidget())
        if (m_tabs->indexOf(const_cast<QWidget *>(w)) >= 0)
            return true;
    return false;
}

void RunDetailPane::showKindTabs(const RunDetail &d)
{
    const QString kindId = d.run.kind.isEmpty() ? d.plan.kind : d.run.kind;
    const UiKind *kind = UiKindRegistry::instance().find(kindId);
    if (kind && kind->runTabs && !m_kindTabs.contains(kindId)) {
        QList<KindRunTab *> tabs = kind->runTabs(this);
        for (KindRunTab *t : tabs)
            t->hide();
        m_kindTabs.insert(kindId, tabs);
    }
    for (auto it = m_kindTabs.cbegin(); it != m_kindTabs.cend(); ++it) {
        if (it.key() == kindId)
            continue;
        for (KindRunTab *t : it.value()) {
            if (const int at = m_tabs->indexOf(t); at >= 0)
                m_tabs->removeTab(at);
            t->clearRun();
        }
    }
    bool opened = false;
    int inserted = 0;
    for (KindRunTab *t : m_kindTabs.value(kindId)) {
        const int at = m_tabs->indexOf(t);
        if (!t->showRun(d)) {
            if (at >= 0)
                m_tabs->removeTab(at);
            continue;
        }
        if (at < 0)
            m_tabs->insertTab(t->position() + inserted, t, t->title());
        ++inserted;
        if (!opened && t->opensOnIt(d)) {
            m_tabs->setCurrentWidget(t);
            opened = true;
        }
    }
}

void RunDetailPane::showDetail(const RunDetail &d)
{
    if (d.error) {
        clear();
        m_title->setText(tr("Could not read the run: %1").arg(d.error.message.toHtmlEscaped()));
        return;
    }
    QString head
        = QStringLiteral("<b>%1</b> — %2").arg(d.run.name.toHtmlEscaped(), ResultsModel::statusText(d.run.status));
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
    m_strip->showStrip(d.strip);
    m_charts->setRun(d.plan, d.samples);
    setGridHeaders(rateWordsOf(d.run.kind.isEmpty() ? d.plan.kind : d.run.kind));

    m_grid->setRowCount(0);
    QStringList rowLabels, rowTips;
    QList<QList<StepCaveat>> caveats;
    bool anyOps = false, anyData = false;
    const QString totalNote = clusterTotalNote(d.steps); // on the "(total)" rows
    for (int i = 0; i < d.steps.size(); ++i) {
        const StepRecord &s = d.steps.at(i);
        caveats << StepCaveats::ofStep(s, true);
        QStringList caveatTexts;
        for (const StepCaveat &c : std::as_const(caveats.last()))
            caveatTexts << c.marker + QLatin1Char(' ') + c.text;
        const QString label = StepCaveats::markedTitle(stepRowLabel(s), caveats.last());
        const QJsonObject r = summaryDirection(s.summary, QStringLiteral("read"));
        const QJsonObject w = summaryDirection(s.summary, QStringLiteral("write"));
        const QList<StepOperation> ops = stepOperations(s.summary);
        anyOps = anyOps || !ops.isEmpty();
        int row = m_grid->rowCount();
        auto put = [&](int col, const QString &text, bool strong = false) {
            auto *item = new QTableWidgetItem(text.isEmpty() ? QStringLiteral("–") : text);
            item->setTextAlignment(col == GNode ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            const bool total = s.node == clusterTotalNode();
            if (strong || total) {
                QFont f = item->font();
                f.setBold(true);
                item->setFont(f);
            }
            if (!s.error.isEmpty())
                item->setToolTip(s.error);
            else if (total)
                item->setToolTip(totalNote);
            else if (!caveatTexts.isEmpty())
                item->setToolTip(caveatTexts.join(QLatin1Char('\n')));
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
            rowTips << caveatTexts.join(QLatin1Char('\n'));
            // The columns' headers name the units; the figures go through the one formatter.
            auto mbps = [](const QJsonObject &o) {
                return o.isEmpty() ? QString() : cm::formatMBps(o.value(QStringLiteral("bw")).toDouble());
            };
            auto iops = [](const QJsonObject &o) {
                return o.isEmpty() ? QString() : cm::formatIops(o.value(QStringLiteral("iops")).toDouble());
            };
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
            rowTips << caveatTexts.join(QLatin1Char('\n'));
            put(GNode, s.node);
            for (int col : {GReadBw, GWriteBw, GReadIops, GWriteIops})
                put(col, QString());
            put(GP50, latText(op.figures, "lat_p50_ns"));
            put(GP99, latText(op.figures, "lat_p99_ns"));
            put(GOps, cm::formatSignificant(op.opsPerSec), true);
        }
    }
    m_grid->setColumnHidden(GOps, !anyOps);
    for (int col : {GReadBw, GWriteBw, GReadIops, GWriteIops}) // a metadata-only run: its figures only
        m_grid->setColumnHidden(col, anyOps && !anyData);
    m_grid->setVerticalHeaderLabels(rowLabels);
    for (int row = 0; row < rowTips.size(); ++row)
        if (QTableWidgetItem *h = m_grid->verticalHeaderItem(row))
            h->setToolTip(rowTips.at(row));
    QStringList legend = StepCaveats::legend(caveats);
    for (const JournalLatency &j : journalLatencies(d.steps))
        legend << tr("Journal write latency on %1, the worse of sync=1 and fsync=1: p50 %2 (%3), p99 %4 (%5)")
                      .arg(j.node, formatLatencyNs(j.p50Ns), j.p50From, formatLatencyNs(j.p99Ns), j.p99From);
    legend << crossCheckTexts(d.steps);
    legend << bottleneckLines(d.steps, true);
    m_caveatLegend->setText(legend.join(QLatin1Char('\n')));
    m_caveatLegend->setVisible(!legend.isEmpty());
    m_env->clear();
    for (const EnvGroup &g : environmentGroups(d))
        addGroup(nullptr, m_env, g, 0);
    m_env->expandAll();
    m_commands->setPlainText(commandsText(d));

    showKindTabs(d);
    showGridOrPointer(d);
}

// A grid of dashes says nothing: a run whose figures are not reads and writes (per-OSD
// latency) points to the tabs that hold them instead.
void RunDetailPane::showGridOrPointer(const RunDetail &d)
{
    bool anyFigure = false;
    for (int r = 0; r < m_grid->rowCount() && !anyFigure; ++r)
        for (int c = GReadBw; c < GCount && !anyFigure; ++c)
            if (const QTableWidgetItem *it = m_grid->item(r, c); it && !m_grid->isColumnHidden(c))
                anyFigure = it->text() != QStringLiteral("–");
    QStringList tabs;
    for (KindRunTab *t : m_kindTabs.value(d.run.kind.isEmpty() ? d.plan.kind : d.run.kind))
        if (m_tabs->indexOf(t) >= 0)
            tabs << t->title();
    m_grid->setVisible(anyFigure || d.steps.isEmpty());
    m_noFigures->setVisible(!anyFigure && !d.steps.isEmpty());
    m_noFigures->setText(tabs.isEmpty()
            ? tr("No step of this run recorded a figure: see Commands for what ran and Environment for where.")
            : tr("This run's figures are not reads and writes: they are under %1.")
                  .arg(tabs.join(QStringLiteral(", "))));
}

// Each step's figures against Ceph's own count for its pool (stats/crosscheck.h).
QStringList RunDetailPane::crossCheckTexts(const QList<StepRecord> &steps)
{
    QStringList out;
    for (const StepCrossCheckLine &l : stepCrossChecks(steps)) {
        QStringList dirs;
        for (const CrossCheckDirection &d : l.check.dirs) {
            const double p = d.bytesDiffPercent();
            const QString pct = QStringLiteral("%1%2 %")
                                    .arg(p < 0 ? QStringLiteral("−") : QStringLiteral("+"))
                                    .arg(std::abs(p), 0, 'f', 1);
            dirs << (d.dir == QLatin1String("read") ? tr("read %1 bytes").arg(pct) : tr("write %1 bytes").arg(pct));
        }
        const QString text
            = tr("%1 on %2, against Ceph's count for pool %3: %4")
                  .arg(l.test, l.node, l.check.pools.join(QStringLiteral(", ")), dirs.join(QStringLiteral("; ")));
        out << (!l.check.settled    ? tr("⚠ %1 (Ceph's count was still moving)").arg(text)
                : l.check.flagged() ? tr("⚠ %1 (off by more than %2 %)").arg(text).arg(CrossCheck::kFlagPercent)
                                    : text);
    }
    return out;
}

} // namespace cm::ui
