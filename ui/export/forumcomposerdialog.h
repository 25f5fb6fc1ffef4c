// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The forum-post composer: a chart image, the run's table in BBCode (Discuz-style) or
// Markdown and an editable summary, combined into one post with a preview. Copy puts
// the post text and the image on the clipboard; Save writes both into a folder.
// Redaction (host names, IP and MAC addresses) is on by default and covers the
// image, the table and the summary. Never blocks the UI thread.
#include "export/exportsource.h"

#include <QDialog>
#include <QFutureWatcher>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QTimer;

namespace cm::ui {

class ImagePreview;

class ForumComposerDialog : public QDialog {
    Q_OBJECT
public:
    ForumComposerDialog(const QString &storePath, RunId run, QWidget *parent = nullptr);
    ForumComposerDialog(
        const QString &storePath, const QList<RunId> &runs, QWidget *parent = nullptr); // 2+: a comparison

    QString postText() const; // the post as it would be copied
    QImage chartImage() const { return m_image; } // null when no chart is chosen
    bool hasChart() const;
    void copyToClipboard();
    // Writes <folder>/clustermark-run-N.png (with a chart) and clustermark-run-N-post.txt
    // (async): saved() or saveFailed().
    void saveTo(const QString &folder);

    QComboBox *chartCombo() const { return m_chart; }
    QComboBox *themeCombo() const { return m_theme; }
    QComboBox *formatCombo() const { return m_format; }
    QCheckBox *redactCheck() const { return m_redact; }
    QLineEdit *titleEdit() const { return m_title; }
    QPlainTextEdit *summaryEdit() const { return m_summary; }
    QPlainTextEdit *postPreview() const { return m_post; }
    QLineEdit *folderEdit() const { return m_folder; }
    bool isLoaded() const { return m_source.isValid(); }

Q_SIGNALS:
    void loaded(bool ok);
    void previewReady();
    void copied();
    void saved(const QStringList &files);
    void saveFailed(const QString &message);

private:
    void updatePost();
    void scheduleImage();
    void renderImage();
    render::RenderOptions options() const;
    QString imageName() const;

    ExportSource m_source;
    QComboBox *m_chart = nullptr;
    QComboBox *m_theme = nullptr;
    QComboBox *m_format = nullptr;
    QCheckBox *m_redact = nullptr;
    QLineEdit *m_title = nullptr;
    QPlainTextEdit *m_summary = nullptr;
    ImagePreview *m_imageView = nullptr;
    QPlainTextEdit *m_post = nullptr;
    QLineEdit *m_folder = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_copy = nullptr;
    QPushButton *m_saveButton = nullptr;
    QTimer *m_imageTimer = nullptr;
    QImage m_image;
    bool m_imageAgain = false;
    QFutureWatcher<ExportSource> m_loadWatcher;
    QFutureWatcher<QImage> m_imageWatcher;
    QFutureWatcher<Error> m_saveWatcher;
    QStringList m_savingFiles;
};

} // namespace cm::ui
