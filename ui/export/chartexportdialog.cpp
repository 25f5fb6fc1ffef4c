// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/imagepreview.h"
#include "export/chartexportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace cm::ui {

namespace {

// The preview keeps the chosen layout; very large charts are previewed at a smaller
// size of the same shape.
QSize previewSize(const QSize &s)
{
    const double f = std::min(1.0, 2000.0 / std::max(s.width(), s.height()));
    return QSize(
        std::max(render::kMinChartSide, int(s.width() * f)), std::max(render::kMinChartSide, int(s.height() * f)));
}

} // namespace

ChartExportDialog::ChartExportDialog(const QString &storePath, RunId run, QWidget *parent)
    : ChartExportDialog(storePath, QList<RunId> {run}, parent)
{ }

ChartExportDialog::ChartExportDialog(const QString &storePath, const QList<RunId> &runs, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export chart — %1").arg(exportSubject(runs)));
    auto *v = new QVBoxLayout(this);
    auto *form = new QFormLayout;
    auto *sizeRow = new QHBoxLayout;
    m_width = new QSpinBox(this);
    m_width->setObjectName(QStringLiteral("chartWidth"));
    m_width->setRange(render::kMinChartSide, render::kMaxChartSide);
    m_width->setValue(1200);
    m_width->setSuffix(tr(" px"));
    m_height = new QSpinBox(this);
    m_height->setObjectName(QStringLiteral("chartHeight"));
    m_height->setRange(render::kMinChartSide, render::kMaxChartSide);
    m_height->setValue(800);
    m_height->setSuffix(tr(" px"));
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    sizeRow->addStretch();
    form->addRow(tr("Size:"), sizeRow);
    m_view = new QComboBox(this);
    m_view->setObjectName(QStringLiteral("chartView"));
    m_view->addItem(tr("The run over time"), int(ChartView::Time));
    m_viewLabel = new QLabel(tr("Chart:"), this);
    form->addRow(m_viewLabel, m_view);
    m_view->setVisible(false); // shown for a run with more than one picture
    m_viewLabel->setVisible(false);
    m_theme = new QComboBox(this);
    m_theme->setObjectName(QStringLiteral("chartTheme"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    form->addRow(tr("Theme:"), m_theme);
    m_format = new QComboBox(this);
    m_format->setObjectName(QStringLiteral("chartFormat"));
    m_format->addItem(tr("PNG image"), QStringLiteral("png"));
    m_format->addItem(tr("SVG drawing"), QStringLiteral("svg"));
    form->addRow(tr("Format:"), m_format);
    m_redact = new QCheckBox(tr("Replace host names, IP and MAC addresses (node1, ip1, …)"), this);
    m_redact->setObjectName(QStringLiteral("chartRedact"));
    m_redact->setChecked(true);
    form->addRow(QString(), m_redact);
    v->addLayout(form);

    m_previewView = new ImagePreview(this);
    m_previewView->setText(tr("Loading the run…"));
    m_previewView->setObjectName(QStringLiteral("chartPreview"));
    v->addWidget(m_previewView, 1);

    auto *fileRow = new QHBoxLayout;
    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("chartPath"));
    m_path->setText(QDir::home().filePath(exportBaseName(runs) + QStringLiteral(".png")));
    auto *browse = new QPushButton(tr("Browse…"), this);
    fileRow->addWidget(new QLabel(tr("File:"), this));
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(browse);
    v->addLayout(fileRow);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("chartStatus"));
    m_status->setWordWrap(true);
    v->addWidget(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_save = buttons->addButton(tr("Save"), QDialogButtonBox::AcceptRole);
    m_save->setObjectName(QStringLiteral("chartSave"));
    m_save->setEnabled(false);
    v->addWidget(buttons);
    resize(820, 720);

    m_previewTimer = new QTimer(this);
    m_previewTimer->setSingleShot(true);
    m_previewTimer->setInterval(150);
    connect(m_previewTimer, &QTimer::timeout, this, &ChartExportDialog::renderPreview);
    for (QSpinBox *s : {m_width, m_height})
        connect(s, &QSpinBox::valueChanged, this, &ChartExportDialog::schedulePreview);
    connect(m_theme, &QComboBox::currentIndexChanged, this, &ChartExportDialog::schedulePreview);
    connect(m_view, &QComboBox::currentIndexChanged, this, &ChartExportDialog::schedulePreview);
    connect(m_redact, &QCheckBox::toggled, this, &ChartExportDialog::schedulePreview);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ChartExportDialog::updateSuffix);
    connect(browse, &QPushButton::clicked, this, &ChartExportDialog::browse);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_save, &QPushButton::clicked, this, [this] { save(m_path->text()); });

    connect(&m_loadWatcher, &QFutureWatcher<ExportSource>::finished, this, [this] {
        m_source = m_loadWatcher.result();
        if (!m_source.isValid()) {
            m_previewView->setText(tr("Cannot load: %1").arg(m_source.error.message));
            Q_EMIT loaded(false);
            return;
        }
        m_save->setEnabled(true);
        if (m_source.hasScaling())
            m_view->addItem(tr("Scaling: the cluster total per number of clients"), int(ChartView::Scaling));
        if (m_source.hasStrip())
            m_view->addItem(tr("Nodes and OSDs: every watched resource over time"), int(ChartView::Strip));
        m_view->setVisible(m_view->count() > 1);
        m_viewLabel->setVisible(m_view->count() > 1);
        renderPreview();
        Q_EMIT loaded(true);
    });
    connect(&m_previewWatcher, &QFutureWatcher<QImage>::finished, this, [this] {
        m_preview = m_previewWatcher.result();
        m_previewView->setImage(m_preview);
        if (m_previewAgain) {
            m_previewAgain = false;
            renderPreview();
            return;
        }
        Q_EMIT previewReady();
    });
    connect(&m_saveWatcher, &QFutureWatcher<Error>::finished, this, [this] {
        m_save->setEnabled(true);
        const Error e = m_saveWatcher.result();
        if (e) {
            m_status->setText(tr("Not saved: %1").arg(e.message));
            Q_EMIT saveFailed(e.message);
            return;
        }
        m_status->setText(tr("Saved %1").arg(m_savingPath));
        Q_EMIT saved(m_savingPath);
    });
    m_loadWatcher.setFuture(QtConcurrent::run([storePath, runs] { return loadExportSource(storePath, runs); }));
}

render::RenderOptions ChartExportDialog::options() const
{
    render::RenderOptions o;
    o.size = QSize(m_width->value(), m_height->value());
    render::ChartTheme::fromName(m_theme->currentData().toString(), &o.theme);
    return o;
}

void ChartExportDialog::schedulePreview()
{
    if (m_source.isValid())
        m_previewTimer->start();
}

void ChartExportDialog::renderPreview()
{
    if (!m_source.isValid())
        return;
    if (m_previewWatcher.isRunning()) {
        m_previewAgain = true;
        return;
    }
    render::RenderOptions o = options();
    o.size = previewSize(o.size);
    const ExportChart chart = m_source.exportChart(m_redact->isChecked(), ChartView(m_view->currentData().toInt()));
    m_previewWatcher.setFuture(QtConcurrent::run([chart, o] { return chart.image(o); }));
}

void ChartExportDialog::updateSuffix()
{
    const QString ext = m_format->currentData().toString();
    QString path = m_path->text();
    const QFileInfo fi(path);
    if (!fi.suffix().isEmpty())
        path.chop(fi.suffix().size() + 1);
    m_path->setText(path + QLatin1Char('.') + ext);
}

void ChartExportDialog::browse()
{
    auto *dlg = new QFileDialog(this, tr("Export chart"), m_path->text());
    dlg->setAcceptMode(QFileDialog::AcceptSave);
    dlg->setAttribute(Qt::WA_DeleteOnClose);
    dlg->setNameFilter(m_format->currentData().toString() == QLatin1String("svg") ? tr("SVG drawing (*.svg)")
                                                                                  : tr("PNG image (*.png)"));
    connect(dlg, &QFileDialog::fileSelected, m_path, &QLineEdit::setText);
    dlg->open();
}

void ChartExportDialog::save(const QString &path)
{
    if (!m_source.isValid() || m_saveWatcher.isRunning())
        return;
    if (path.trimmed().isEmpty()) {
        m_status->setText(tr("Choose a file first."));
        Q_EMIT saveFailed(tr("no file chosen"));
        return;
    }
    m_save->setEnabled(false);
    m_savingPath = path;
    m_status->setText(tr("Saving…"));
    const ExportChart chart = m_source.exportChart(m_redact->isChecked(), ChartView(m_view->currentData().toInt()));
    const render::RenderOptions o = options();
    const bool svg = m_format->currentData().toString() == QLatin1String("svg");
    m_saveWatcher.setFuture(QtConcurrent::run([chart, o, svg, path] {
        const QByteArray bytes = svg ? chart.svg(o) : render::pngBytes(chart.image(o));
        return render::saveFile(path, bytes);
    }));
}

} // namespace cm::ui
