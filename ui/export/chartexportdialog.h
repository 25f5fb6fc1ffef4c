// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// "Export chart…": one run's time-series chart as PNG or SVG at a chosen size and
// theme, redacted by default, with a preview. Loading, rendering and writing run on
// worker threads; the dialog never blocks the UI thread (open() it, no exec()).
#include "export/exportsource.h"

#include <QDialog>
#include <QFutureWatcher>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTimer;

namespace cm::ui {

class ImagePreview;

class ChartExportDialog : public QDialog {
    Q_OBJECT
public:
    ChartExportDialog(const QString &storePath, RunId run, QWidget *parent = nullptr);
    ChartExportDialog(
        const QString &storePath, const QList<RunId> &runs, QWidget *parent = nullptr); // 2+: a comparison

    // Writes the chart to path in the chosen format (async): saved() or saveFailed().
    void save(const QString &path);

    QSpinBox *widthSpin() const { return m_width; }
    QSpinBox *heightSpin() const { return m_height; }
    QComboBox *themeCombo() const { return m_theme; }
    QComboBox *formatCombo() const { return m_format; }
    QCheckBox *redactCheck() const { return m_redact; }
    QComboBox *viewCombo() const { return m_view; } // shown for a run with a scaling series
    QLineEdit *pathEdit() const { return m_path; }
    QPushButton *saveButton() const { return m_save; }
    QImage previewImage() const { return m_preview; }
    bool isLoaded() const { return m_source.isValid(); }

Q_SIGNALS:
    void loaded(bool ok);
    void previewReady();
    void saved(const QString &path);
    void saveFailed(const QString &message);

private:
    render::RenderOptions options() const;
    void schedulePreview();
    void renderPreview();
    void updateSuffix();
    void browse();

    ExportSource m_source;
    QSpinBox *m_width = nullptr;
    QSpinBox *m_height = nullptr;
    QComboBox *m_theme = nullptr;
    QComboBox *m_format = nullptr;
    QCheckBox *m_redact = nullptr;
    QComboBox *m_view = nullptr; // a scaling series: over time, or the total per number of clients
    QLabel *m_viewLabel = nullptr;
    ImagePreview *m_previewView = nullptr;
    QLineEdit *m_path = nullptr;
    QPushButton *m_save = nullptr;
    QLabel *m_status = nullptr;
    QTimer *m_previewTimer = nullptr;
    QImage m_preview;
    bool m_previewAgain = false;
    QFutureWatcher<ExportSource> m_loadWatcher;
    QFutureWatcher<QImage> m_previewWatcher;
    QFutureWatcher<Error> m_saveWatcher;
    QString m_savingPath;
};

} // namespace cm::ui
