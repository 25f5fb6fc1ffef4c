// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/imagepreview.h"
#include "export/forumcomposerdialog.h"

#include "render/forumpost.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace cm::ui {

ForumComposerDialog::ForumComposerDialog(const QString &storePath, RunId run, QWidget *parent)
    : ForumComposerDialog(storePath, QList<RunId> {run}, parent)
{ }

ForumComposerDialog::ForumComposerDialog(const QString &storePath, const QList<RunId> &runs, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Forum post — %1").arg(exportSubject(runs)));
    auto *v = new QVBoxLayout(this);
    auto *split = new QSplitter(Qt::Horizontal, this);

    auto *left = new QWidget(split);
    auto *form = new QFormLayout(left);
    form->setContentsMargins(0, 0, 6, 0);
    m_chart = new QComboBox(left);
    m_chart->setObjectName(QStringLiteral("postChart"));
    if (runs.size() > 1)
        m_chart->addItem(tr("Bars per test with the % change"), QStringLiteral("bars"));
    else
        m_chart->addItem(tr("Throughput, IOPS and latency over time"), QStringLiteral("time"));
    m_chart->addItem(tr("No chart"), QStringLiteral("none"));
    form->addRow(tr("Chart:"), m_chart);
    m_theme = new QComboBox(left);
    m_theme->setObjectName(QStringLiteral("postTheme"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    form->addRow(tr("Theme:"), m_theme);
    m_format = new QComboBox(left);
    m_format->setObjectName(QStringLiteral("postFormat"));
    m_format->addItem(tr("BBCode (Discuz and most forums)"), int(ExportFormat::BBCode));
    m_format->addItem(tr("Markdown"), int(ExportFormat::Markdown));
    form->addRow(tr("Table:"), m_format);
    m_redact = new QCheckBox(tr("Replace host names, IP and MAC addresses"), left);
    m_redact->setObjectName(QStringLiteral("postRedact"));
    m_redact->setChecked(true);
    form->addRow(QString(), m_redact);
    m_title = new QLineEdit(left);
    m_title->setObjectName(QStringLiteral("postTitle"));
    form->addRow(tr("Title:"), m_title);
    m_summary = new QPlainTextEdit(left);
    m_summary->setObjectName(QStringLiteral("postSummary"));
    m_summary->setPlaceholderText(tr("What you changed and what you found"));
    form->addRow(tr("Summary:"), m_summary);

    auto *right = new QWidget(split);
    auto *rv = new QVBoxLayout(right);
    rv->setContentsMargins(6, 0, 0, 0);
    m_imageView = new ImagePreview(right);
    m_imageView->setText(tr("Loading the run…"));
    m_imageView->setObjectName(QStringLiteral("postImage"));
    rv->addWidget(m_imageView, 3);
    m_post = new QPlainTextEdit(right);
    m_post->setObjectName(QStringLiteral("postText"));
    m_post->setReadOnly(true);
    m_post->setLineWrapMode(QPlainTextEdit::NoWrap);
    rv->addWidget(m_post, 2);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    v->addWidget(split, 1);

    auto *folderRow = new QHBoxLayout;
    m_folder = new QLineEdit(QDir::homePath(), this);
    m_folder->setObjectName(QStringLiteral("postFolder"));
    auto *browse = new QPushButton(tr("Browse…"), this);
    folderRow->addWidget(new QLabel(tr("Save to folder:"), this));
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    v->addLayout(folderRow);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("postStatus"));
    m_status->setWordWrap(true);
    v->addWidget(m_status);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_copy = buttons->addButton(tr("Copy to clipboard"), QDialogButtonBox::ActionRole);
    m_copy->setObjectName(QStringLiteral("postCopy"));
    m_saveButton = buttons->addButton(tr("Save image and text"), QDialogButtonBox::ActionRole);
    m_saveButton->setObjectName(QStringLiteral("postSave"));
    m_copy->setEnabled(false);
    m_saveButton->setEnabled(false);
    v->addWidget(buttons);
    resize(1100, 720);

    m_imageTimer = new QTimer(this);
    m_imageTimer->setSingleShot(true);
    m_imageTimer->setInterval(150);
    connect(m_imageTimer, &QTimer::timeout, this, &ForumComposerDialog::renderImage);
    connect(m_chart, &QComboBox::currentIndexChanged, this, [this] {
        m_theme->setEnabled(hasChart());
        updatePost();
        scheduleImage();
    });
    connect(m_theme, &QComboBox::currentIndexChanged, this, &ForumComposerDialog::scheduleImage);
    connect(m_redact, &QCheckBox::toggled, this, [this] {
        updatePost();
        scheduleImage();
    });
    connect(m_format, &QComboBox::currentIndexChanged, this, &ForumComposerDialog::updatePost);
    connect(m_title, &QLineEdit::textChanged, this, &ForumComposerDialog::updatePost);
    connect(m_summary, &QPlainTextEdit::textChanged, this, &ForumComposerDialog::updatePost);
    connect(browse, &QPushButton::clicked, this, [this] {
        auto *dlg = new QFileDialog(this, tr("Save the post into"), m_folder->text());
        dlg->setFileMode(QFileDialog::Directory);
        dlg->setOption(QFileDialog::ShowDirsOnly);
        dlg->setAttribute(Qt::WA_DeleteOnClose);
        connect(dlg, &QFileDialog::fileSelected, m_folder, &QLineEdit::setText);
        dlg->open();
    });
    connect(m_copy, &QPushButton::clicked, this, &ForumComposerDialog::copyToClipboard);
    connect(m_saveButton, &QPushButton::clicked, this, [this] { saveTo(m_folder->text()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(&m_loadWatcher, &QFutureWatcher<ExportSource>::finished, this, [this] {
        m_source = m_loadWatcher.result();
        if (!m_source.isValid()) {
            m_imageView->setText(tr("Cannot load: %1").arg(m_source.error.message));
            Q_EMIT loaded(false);
            return;
        }
        const QSignalBlocker b1(m_title), b2(m_summary);
        m_title->setText(m_source.title());
        m_summary->setPlainText(m_source.summaryText());
        m_copy->setEnabled(true);
        m_saveButton->setEnabled(true);
        updatePost();
        renderImage();
        Q_EMIT loaded(true);
    });
    connect(&m_imageWatcher, &QFutureWatcher<QImage>::finished, this, [this] {
        m_image = m_imageWatcher.result();
        if (m_imageAgain) {
            m_imageAgain = false;
            renderImage();
            return;
        }
        if (m_image.isNull())
            m_imageView->setText(tr("No chart"));
        else
            m_imageView->setImage(m_image);
        Q_EMIT previewReady();
    });
    connect(&m_saveWatcher, &QFutureWatcher<Error>::finished, this, [this] {
        m_saveButton->setEnabled(true);
        const Error e = m_saveWatcher.result();
        if (e) {
            m_status->setText(tr("Not saved: %1").arg(e.message));
            Q_EMIT saveFailed(e.message);
            return;
        }
        m_status->setText(tr("Saved %1").arg(m_savingFiles.join(QStringLiteral(", "))));
        Q_EMIT saved(m_savingFiles);
    });
    m_loadWatcher.setFuture(QtConcurrent::run([storePath, runs] { return loadExportSource(storePath, runs); }));
}

bool ForumComposerDialog::hasChart() const
{
    return m_chart->currentData().toString() != QLatin1String("none");
}

render::RenderOptions ForumComposerDialog::options() const
{
    render::RenderOptions o;
    render::ChartTheme::fromName(m_theme->currentData().toString(), &o.theme);
    return o;
}

QString ForumComposerDialog::imageName() const
{
    return m_source.baseFileName() + QStringLiteral(".png");
}

QString ForumComposerDialog::postText() const
{
    if (!m_source.isValid())
        return {};
    const bool redact = m_redact->isChecked();
    render::ForumPost post;
    post.format = ExportFormat(m_format->currentData().toInt());
    post.title = m_title->text();
    post.summary = m_summary->toPlainText();
    post.imageName = hasChart() ? imageName() : QString();
    post.table = m_source.table(post.format, false);
    // One redaction pass over the whole post: the typed summary is covered too.
    const QString text = render::composeForumPost(post);
    return redact ? m_source.redactText(text) : text;
}

void ForumComposerDialog::updatePost()
{
    if (m_source.isValid())
        m_post->setPlainText(postText());
}

void ForumComposerDialog::scheduleImage()
{
    if (m_source.isValid())
        m_imageTimer->start();
}

void ForumComposerDialog::renderImage()
{
    if (!m_source.isValid())
        return;
    if (m_imageWatcher.isRunning()) {
        m_imageAgain = true;
        return;
    }
    if (!hasChart()) {
        m_imageWatcher.setFuture(QtConcurrent::run([] { return QImage(); }));
        return;
    }
    const ExportChart chart = m_source.exportChart(m_redact->isChecked());
    const render::RenderOptions o = options();
    m_imageWatcher.setFuture(QtConcurrent::run([chart, o] { return chart.image(o); }));
}

void ForumComposerDialog::copyToClipboard()
{
    if (!m_source.isValid())
        return;
    auto *mime = new QMimeData;
    mime->setText(postText());
    if (hasChart() && !m_image.isNull())
        mime->setImageData(m_image);
    QGuiApplication::clipboard()->setMimeData(mime);
    m_status->setText(hasChart()
            ? tr("Copied the post and the chart image: paste the text, upload the image as %1.").arg(imageName())
            : tr("Copied the post."));
    Q_EMIT copied();
}

void ForumComposerDialog::saveTo(const QString &folder)
{
    if (!m_source.isValid() || m_saveWatcher.isRunning())
        return;
    const QDir dir(folder);
    if (folder.trimmed().isEmpty() || !dir.exists()) {
        m_status->setText(tr("The folder does not exist: %1").arg(folder));
        Q_EMIT saveFailed(tr("no such folder"));
        return;
    }
    m_saveButton->setEnabled(false);
    const QString text = postText();
    const QString txtPath = dir.filePath(m_source.baseFileName() + QStringLiteral("-post.txt"));
    const QString pngPath = dir.filePath(imageName());
    const bool chart = hasChart();
    m_savingFiles = chart ? QStringList {pngPath, txtPath} : QStringList {txtPath};
    const ExportChart c = m_source.exportChart(m_redact->isChecked());
    const render::RenderOptions o = options();
    m_saveWatcher.setFuture(QtConcurrent::run([=] {
        if (chart)
            if (const Error e = render::saveFile(pngPath, render::pngBytes(c.image(o))))
                return e;
        return render::saveFile(txtPath, text.toUtf8());
    }));
}

} // namespace cm::ui
