// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The "Advanced" part of the S3 parameters page: operation, object sizes (a checkable
// list, 4 KiB … 1 GiB), requests in flight, connections, runtime, working set, the
// mixed-step percentages (must add up to 100; the page says so as they change),
// multipart threshold and part size, and what a failed request does. Every field left
// at "as the preset" keeps the preset's value (S3Kind::Options zero / empty fields).
#include "bench/runnerkind.h"
#include "bench/s3/s3kind.h"

#include <QMap>
#include <QWidget>

class QComboBox;
class QLabel;
class QListWidget;
class QSpinBox;

namespace cm::ui {

class S3AdvancedForm : public QWidget {
    Q_OBJECT
public:
    explicit S3AdvancedForm(QWidget *parent = nullptr);

    // The sizes offered in the list.
    static QList<qint64> offeredSizes();

    // A new preset: the size list shows its sizes, the "preset" entries name its values.
    void setPreset(const Preset &preset);
    // The target part (connections, onError, multipart) from a plan's target.
    void loadTarget(const QJsonObject &target);
    // Writes the chosen fields into *o; fields left at "as the preset" stay zero / empty.
    void applyTo(S3Kind::Options *o) const;
    // Empty when the choices can make a plan; else what to fix (mix sum, no size).
    QString problem() const;
    // Whether the plan would hold mixed steps (the mix fields matter).
    bool mixApplies() const;

    QComboBox *opCombo() const { return m_op; }
    QListWidget *sizeList() const { return m_sizes; }
    QSpinBox *concurrencySpin() const { return m_concurrency; }
    QSpinBox *connectionsSpin() const { return m_connections; }
    QSpinBox *runtimeSpin() const { return m_runtime; }
    QSpinBox *objectsSpin() const { return m_objects; }
    QSpinBox *mixSpin(const QString &op) const { return m_mix.value(op); }
    QLabel *mixLabel() const { return m_mixLabel; }
    QSpinBox *thresholdSpin() const { return m_threshold; }
    QSpinBox *partSizeSpin() const { return m_partSize; }
    QComboBox *onErrorCombo() const { return m_onError; }
    // Ticks exactly these sizes (tests, "Run again").
    void setCheckedSizes(const QList<qint64> &sizes);
    QList<qint64> checkedSizes() const;

Q_SIGNALS:
    void changed();

private:
    void refresh();

    Preset m_preset;
    QList<qint64> m_presetSizes;
    QComboBox *m_op = nullptr;
    QListWidget *m_sizes = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QSpinBox *m_connections = nullptr;
    QSpinBox *m_runtime = nullptr;
    QSpinBox *m_objects = nullptr;
    QMap<QString, QSpinBox *> m_mix;
    QWidget *m_mixBox = nullptr;
    QLabel *m_mixLabel = nullptr;
    QSpinBox *m_threshold = nullptr;
    QSpinBox *m_partSize = nullptr;
    QComboBox *m_onError = nullptr;
};

} // namespace cm::ui
