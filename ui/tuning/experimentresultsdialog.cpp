// SPDX-License-Identifier: GPL-3.0-or-later
#include "tuning/experimentresultsdialog.h"

#include "errortext.h"
#include "export/imagepreview.h"
#include "render/chartrender.h"
#include "render/experimentchart.h"
#include "results/resultsmodel.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace cm::ui {

namespace {

render::ChartTheme themeOf(const QWidget *w)
{
    const bool dark = w->palette().color(QPalette::Window).lightness() < 128;
    return dark ? render::ChartTheme::dark() : render::ChartTheme::light();
}

} // namespace

ExperimentResultsDialog::ExperimentResultsDialog(const QString &storePath, const QString &experimentId, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Experiment results"));
    auto *v = new QVBoxLayout(this);
    m_title = new QLabel(tr("Loading…"), this);
    m_title->setObjectName(QStringLiteral("experimentTitle"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    v->addWidget(m_title);
    auto *split = new QSplitter(Qt::Vertical, this);
    m_chart = new ImagePreview(split);
    m_chart->setMinimumHeight(220);
    m_table = new QTableWidget(split);
    m_table->setObjectName(QStringLiteral("experimentVerdicts"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    split->addWidget(m_chart);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    v->addWidget(split, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *image = buttons->addButton(tr("Save chart…"), QDialogButtonBox::ActionRole);
    QPushButton *md = buttons->addButton(tr("Copy Markdown"), QDialogButtonBox::ActionRole);
    QPushButton *bb = buttons->addButton(tr("Copy BBCode"), QDialogButtonBox::ActionRole);
    m_exports = {image, md, bb};
    for (QPushButton *b : std::as_const(m_exports))
        b->setEnabled(false);
    v->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(image, &QPushButton::clicked, this, &ExperimentResultsDialog::saveChartAs);
    connect(md, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(markdown()); });
    connect(bb, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(bbcode()); });
    connect(&m_watcher, &QFutureWatcher<Loaded>::finished, this, &ExperimentResultsDialog::onLoaded);
    m_watcher.setFuture(QtConcurrent::run([storePath, experimentId] {
        Loaded out;
        SessionStore store(storePath);
        if ((out.error = store.open()))
            return out;
        if ((out.error = loadExperimentResult(store, experimentId, &out.result)))
            return out;
        out.chart = render::buildExperimentChart(out.result);
        return out;
    }));
    resize(1000, 720);
}

// The load holds copies and its own connection: it may finish after the dialog.
ExperimentResultsDialog::~ExperimentResultsDialog() = default;

void ExperimentResultsDialog::onLoaded()
{
    m_data = m_watcher.result();
    m_loaded = true;
    if (m_data.error) {
        m_title->setText(tr("The experiment cannot be shown: %1").arg(errorText(m_data.error)));
        Q_EMIT loaded();
        return;
    }
    const ExperimentRecord &rec = m_data.result.record;
    QStringList counts;
    for (int i = 0; i < rec.experiment.variants.size(); ++i)
        counts << QStringLiteral("%1 × %2")
                      .arg(i == 0 ? tr("baseline") : rec.experiment.variants.at(i).name)
                      .arg(m_data.result.counted.value(i));
    QString status = ResultsModel::statusText(rec.status);
    if (!rec.error.isEmpty())
        status += QStringLiteral(": ") + rec.error;
    m_title->setText(tr("“%1” (%2): %3").arg(rec.experiment.name, status, counts.join(QStringLiteral(", "))));
    const TextTable t = experimentTable(m_data.result);
    // The table is the export's (English, for a post); on screen its headings and
    // verdicts are in the reader's language.
    const QHash<QString, QString> words {{QStringLiteral("Test"), tr("Test")}, {QStringLiteral("Node"), tr("Node")},
        {QStringLiteral("Figure"), tr("Figure")}, {QStringLiteral("Variant"), tr("Variant")},
        {QStringLiteral("Baseline"), tr("Baseline")}, {QStringLiteral("Variant mean"), tr("Variant mean")},
        {QStringLiteral("Change"), tr("Change")}, {QStringLiteral("95 % CI"), tr("95 % CI")},
        {QStringLiteral("Noise"), tr("Noise")}, {QStringLiteral("Verdict"), tr("Verdict")},
        {QStringLiteral("better"), tr("better")}, {QStringLiteral("worse"), tr("worse")},
        {QStringLiteral("no difference beyond noise"), tr("no difference beyond noise")},
        {QStringLiteral("not tested"), tr("not tested")}};
    QStringList headers;
    for (const QString &h : t.headers)
        headers << words.value(h, h);
    m_table->setColumnCount(int(t.headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    const int verdictColumn = int(t.headers.indexOf(QStringLiteral("Verdict")));
    m_table->setRowCount(int(t.rows.size()));
    for (int r = 0; r < t.rows.size(); ++r)
        for (int c = 0; c < t.rows.at(r).size(); ++c) {
            const QString cell = t.rows.at(r).at(c);
            auto *item = new QTableWidgetItem(c == verdictColumn ? words.value(cell, cell) : cell);
            if (t.rightAligned.value(c))
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    m_table->resizeColumnsToContents();
    for (QPushButton *b : std::as_const(m_exports))
        b->setEnabled(!t.rows.isEmpty());
    showChart();
    Q_EMIT loaded();
}

void ExperimentResultsDialog::showChart()
{
    if (!m_loaded || m_data.error)
        return;
    if (m_data.chart.groups.isEmpty()) {
        m_chart->setText(tr("No run was counted: nothing to draw."));
        return;
    }
    render::RenderOptions o;
    o.size = m_chart->size().expandedTo(QSize(render::kMinChartSide, render::kMinChartSide));
    o.theme = themeOf(this);
    m_chart->setImage(render::chartImage(m_data.chart, o));
}

void ExperimentResultsDialog::resizeEvent(QResizeEvent *e)
{
    QDialog::resizeEvent(e);
    showChart();
}

QString ExperimentResultsDialog::markdown() const
{
    return m_loaded && !m_data.error ? tableMarkdown(experimentTable(m_data.result)) : QString();
}

QString ExperimentResultsDialog::bbcode() const
{
    return m_loaded && !m_data.error ? tableBBCode(experimentTable(m_data.result)) : QString();
}

Error ExperimentResultsDialog::saveChart(const QString &path) const
{
    render::RenderOptions o; // 1200 × 800, light: as the CLI writes it
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error(Error::Code::Storage, f.errorString(), path);
    if (path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive)) {
        f.write(render::chartSvg(m_data.chart, o));
        return {};
    }
    if (!render::chartImage(m_data.chart, o).save(&f, "PNG"))
        return Error(Error::Code::Storage, QStringLiteral("cannot write the image"), path);
    return {};
}

void ExperimentResultsDialog::saveChartAs()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save chart"),
        m_data.result.record.experiment.name + QStringLiteral(".png"), tr("PNG (*.png);;SVG (*.svg)"));
    if (path.isEmpty())
        return;
    if (const Error e = saveChart(path))
        m_title->setText(tr("The chart was not saved: %1").arg(errorText(e)));
}

} // namespace cm::ui
