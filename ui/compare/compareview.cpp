// SPDX-License-Identifier: GPL-3.0-or-later
#include "compare/compareview.h"

#include "export/chartexportdialog.h"
#include "export/forumcomposerdialog.h"

#include "compare/comparebanner.h"
#include "compare/comparebarchart.h"
#include "compare/compareloader.h"
#include "compare/comparemodel.h"
#include "compare/percentilechart.h"
#include "compare/seriesoverlay.h"

#include <QComboBox>
#include <QPushButton>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QLoggingCategory>
#include <QScrollArea>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

Q_DECLARE_LOGGING_CATEGORY(lcCompare)

namespace cm::ui {

namespace {
QString figureSuffix(CompareView::Figure f)
{
    switch (f) {
    case CompareView::Figure::Bandwidth: return QStringLiteral(".bw");
    case CompareView::Figure::Iops: return QStringLiteral(".iops");
    case CompareView::Figure::LatencyP50: return QStringLiteral(".lat.p50");
    case CompareView::Figure::LatencyP99: return QStringLiteral(".lat.p99");
    }
    return {};
}
} // namespace

CompareView::CompareView(const QString &storePath, QWidget *parent)
    : QWidget(parent)
    , m_storePath(storePath)
{
    setObjectName(QStringLiteral("compareView"));
    auto *v = new QVBoxLayout(this);
    v->setContentsMargins(4, 4, 4, 4);
    v->setSpacing(4);
    m_header = new QLabel(tr("Select two or more runs under Results and choose Compare."), this);
    m_header->setWordWrap(true);
    m_header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The exports beside the header: the controls' row below stays narrow enough for
    // a 1024 px screen.
    auto *headerRow = new QHBoxLayout();
    headerRow->addWidget(m_header, 1);
    v->addLayout(headerRow);
    m_banner = new CompareBanner(this);
    v->addWidget(m_banner);

    auto *controls = new QHBoxLayout();
    m_figureBox = new QComboBox(this);
    m_figureBox->addItem(tr("Bandwidth"), int(Figure::Bandwidth));
    m_figureBox->addItem(tr("IOPS"), int(Figure::Iops));
    m_figureBox->addItem(tr("Latency p50"), int(Figure::LatencyP50));
    m_figureBox->addItem(tr("Latency p99"), int(Figure::LatencyP99));
    m_testBox = new QComboBox(this);
    m_testBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_testBox->setMinimumContentsLength(16);
    m_metricBox = new QComboBox(this);
    m_metricBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_metricBox->setMinimumContentsLength(12);
    controls->addWidget(new QLabel(tr("Bars:"), this));
    controls->addWidget(m_figureBox);
    controls->addSpacing(16);
    controls->addWidget(new QLabel(tr("Test:"), this));
    controls->addWidget(m_testBox);
    controls->addWidget(new QLabel(tr("Series:"), this));
    controls->addWidget(m_metricBox);
    controls->addStretch(1);
    // The comparison as a chart image and a BBCode/Markdown post (redacted by default).
    m_exportChart = new QPushButton(tr("Export chart…"), this);
    m_exportChart->setObjectName(QStringLiteral("compareExportChart"));
    m_forumPost = new QPushButton(tr("Forum post…"), this);
    m_forumPost->setObjectName(QStringLiteral("compareForumPost"));
    for (QPushButton *b : {m_exportChart, m_forumPost}) {
        b->setEnabled(false);
        headerRow->addWidget(b, 0, Qt::AlignTop);
    }
    connect(m_exportChart, &QPushButton::clicked, this, &CompareView::exportChart);
    connect(m_forumPost, &QPushButton::clicked, this, &CompareView::composeForumPost);
    v->addLayout(controls);

    auto *split = new QSplitter(Qt::Vertical, this);
    m_split = split;
    m_tabs = new QTabWidget(split);
    m_bars = new CompareBarChart();
    auto *scroll = new QScrollArea();
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(m_bars);
    m_tabs->addTab(scroll, tr("Bars per test"));
    m_model = new CompareModel(this);
    m_table = new QTableView();
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);
    m_tabs->addTab(m_table, tr("Table"));
    auto *charts = new QSplitter(Qt::Horizontal, split);
    m_overlay = new SeriesOverlay(charts);
    m_percentiles = new PercentileChart(charts);
    charts->addWidget(m_overlay);
    charts->addWidget(m_percentiles);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 2);
    split->addWidget(m_tabs);
    split->addWidget(charts);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    v->addWidget(split, 1);
    m_figureBox->setEnabled(false);
    m_testBox->setEnabled(false);
    m_metricBox->setEnabled(false);

    connect(m_figureBox, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            fillBars();
    });
    connect(m_testBox, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            fillTest();
    });
    connect(m_metricBox, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            fillOverlay();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &cur) {
        const QVariant row = m_model->data(cur, CompareModel::TestRowRole);
        if (row.isValid() && row.toInt() != currentTest())
            showTest(row.toInt());
    });
    connect(&m_watcher, &QFutureWatcher<CompareData>::finished, this, [this] { apply(m_watcher.result()); });
}

QList<RunId> CompareView::runIds() const
{
    QList<RunId> ids;
    for (const RunInfo &r : m_data.compare.runs)
        ids << r.id;
    return ids;
}

ChartExportDialog *CompareView::exportChart()
{
    const QList<RunId> ids = runIds();
    if (ids.size() < 2)
        return nullptr;
    auto *d = new ChartExportDialog(m_storePath, ids, this);
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->open();
    return d;
}

ForumComposerDialog *CompareView::composeForumPost()
{
    const QList<RunId> ids = runIds();
    if (ids.size() < 2)
        return nullptr;
    auto *d = new ForumComposerDialog(m_storePath, ids, this);
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->open();
    return d;
}

void CompareView::compare(const QList<RunId> &ids)
{
    m_requested.start();
    QStringList names;
    for (RunId id : ids)
        names << QString::number(id);
    m_header->setText(tr("Loading runs %1…").arg(names.join(QStringLiteral(", "))));
    const QString path = m_storePath;
    // the overlay's plot width, for the worker's per-column decimation
    const int columns = std::max(400, m_overlay->width());
    m_watcher.setFuture(QtConcurrent::run([path, ids, columns] { return loadCompareData(path, ids, columns); }));
}

void CompareView::apply(const CompareData &d)
{
    QElapsedTimer applyClock;
    applyClock.start();
    const qint64 arrived = m_requested.elapsed();
    if (d.error) {
        m_header->setText(tr("The runs could not be compared: %1").arg(d.error.message));
        Q_EMIT compareFailed(d.error.message);
        return;
    }
    m_data = d;
    const RunCompare &c = d.compare;
    m_exportChart->setEnabled(c.runs.size() >= 2);
    m_forumPost->setEnabled(c.runs.size() >= 2);
    m_runNames.clear();
    QStringList parts;
    for (int i = 0; i < c.runs.size(); ++i) {
        const RunInfo &r = c.runs.at(i);
        m_runNames << (i == 0 ? tr("Run %1 (baseline)").arg(r.id) : tr("Run %1").arg(r.id));
        const QString when = QLocale().toString(r.started.toLocalTime(), QLocale::ShortFormat);
        parts << tr("<b>run %1</b> %2 (%3, %4)")
                     .arg(r.id)
                     .arg(r.name.toHtmlEscaped(), r.sessionName.toHtmlEscaped(), when);
    }
    m_header->setText(tr("Comparing %1 against the baseline %2 · %n test(s)", nullptr, int(c.rows.size()))
                          .arg(parts.mid(1).join(QStringLiteral(", ")), parts.value(0)));
    m_banner->setDifferences(d.differences, d.parameterDifferences, c.warnings);
    m_model->setCompare(c);
    m_table->resizeColumnsToContents();

    m_filling = true;
    m_testBox->clear();
    for (int r = 0; r < c.rows.size(); ++r)
        m_testBox->addItem(rowTitle(c, r), r);
    // the first figure that any test has
    for (int f = 0; f < m_figureBox->count(); ++f) {
        const QString suffix = figureSuffix(Figure(m_figureBox->itemData(f).toInt()));
        bool has = false;
        for (const CompareRow &row : c.rows)
            for (const CompareFigure &fig : row.figures)
                has = has || fig.key.endsWith(suffix);
        if (has) {
            m_figureBox->setCurrentIndex(f);
            break;
        }
    }
    m_filling = false;
    m_figureBox->setEnabled(true);
    m_testBox->setEnabled(!c.rows.isEmpty());
    fillBars();
    fillTest();
    qCDebug(lcCompare) << "compare shown" << m_requested.elapsed() << "ms after the request; worker" << d.loadMs
                       << "ms; result arrived at" << arrived << "ms; filling the widgets took" << applyClock.elapsed()
                       << "ms";
    Q_EMIT compareShown(d.ids);
}

void CompareView::setFigure(Figure f)
{
    const int i = m_figureBox->findData(int(f));
    if (i >= 0)
        m_figureBox->setCurrentIndex(i);
}

CompareView::Figure CompareView::figure() const
{
    return Figure(m_figureBox->currentData().toInt());
}

void CompareView::fillBars()
{
    const RunCompare &c = m_data.compare;
    const QString suffix = figureSuffix(figure());
    QList<BarGroup> groups;
    for (int r = 0; r < c.rows.size(); ++r) {
        const CompareRow &row = c.rows.at(r);
        QList<const CompareFigure *> figs;
        for (const CompareFigure &f : row.figures)
            if (f.key.endsWith(suffix))
                figs << &f;
        for (const CompareFigure *f : std::as_const(figs)) {
            BarGroup g;
            g.title = rowTitle(c, r);
            if (figs.size() > 1)
                g.title
                    += QStringLiteral(" · ") + (f->key.startsWith(QLatin1String("read")) ? tr("read") : tr("write"));
            g.unit = f->unit;
            g.higherIsBetter = f->higherIsBetter;
            for (const QList<double> &v : f->values)
                g.runs << groupStats(v);
            g.vsBaseline = f->vsBaseline;
            groups << g;
        }
    }
    m_bars->setData(m_figureBox->currentText(), m_runNames, groups);
    // The bars take what they need (up to half the height); the charts get the rest.
    const int total = m_split->height();
    if (total > 200) {
        const int want = std::min(total / 2, m_bars->height() + m_tabs->tabBar()->sizeHint().height() + 12);
        m_split->setSizes({want, total - want});
    }
}

void CompareView::showTest(int row)
{
    const int i = m_testBox->findData(row);
    if (i >= 0)
        m_testBox->setCurrentIndex(i);
}

int CompareView::currentTest() const
{
    return m_testBox->currentIndex() < 0 ? -1 : m_testBox->currentData().toInt();
}

void CompareView::fillTest()
{
    const int row = currentTest();
    if (row < 0 || row >= m_data.tests.size()) {
        m_overlay->clear();
        m_percentiles->clear();
        return;
    }
    const CompareTestData &t = m_data.tests.at(row);
    const QString keep = currentMetric();
    m_filling = true;
    m_metricBox->clear();
    for (const QString &m : t.metrics)
        m_metricBox->addItem(metricLabel(m), m);
    // keep the metric across tests; else the test's first headline figure
    int pick = m_metricBox->findData(keep);
    if (pick < 0) {
        for (const CompareFigure &f : m_data.compare.rows.at(row).figures) {
            pick = m_metricBox->findData(f.key);
            if (pick >= 0)
                break;
        }
    }
    m_metricBox->setCurrentIndex(std::max(0, pick));
    m_filling = false;
    m_metricBox->setEnabled(m_metricBox->count() > 0);
    fillOverlay();
    m_percentiles->setCurves(m_runNames, t.percentiles);
    const int tableRow = m_model->rowOf(row, m_data.compare.rows.at(row).figures.value(0).key);
    if (tableRow >= 0 && m_table->currentIndex().data(CompareModel::TestRowRole).toInt() != row)
        m_table->setCurrentIndex(m_model->index(tableRow, 0));
}

void CompareView::setMetric(const QString &metric)
{
    const int i = m_metricBox->findData(metric);
    if (i >= 0)
        m_metricBox->setCurrentIndex(i);
}

QString CompareView::currentMetric() const
{
    return m_metricBox->currentData().toString();
}

void CompareView::fillOverlay()
{
    const int row = currentTest();
    if (row < 0 || row >= m_data.tests.size() || currentMetric().isEmpty()) {
        m_overlay->clear();
        return;
    }
    const CompareTestData &t = m_data.tests.at(row);
    // Many targets: one total per run reads better than a tangle of lines.
    bool totals = t.targetCount > kTotalsAbove;
    if (totals) {
        bool any = false;
        for (const OverlayLine &l : t.lines)
            any = any || (l.target.isEmpty() && l.metric == currentMetric());
        totals = any;
    }
    m_overlay->setLines(m_runNames, t.lines, currentMetric(), totals);
}

} // namespace cm::ui
