// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One colour per target (node, file, device) kept across every chart and card.
#include <QColor>
#include <QHash>
#include <QString>

namespace cm::ui {

class TargetColors {
public:
    static TargetColors &instance();
    QColor colorFor(const QString &target); // assigns the next palette colour on first use
    void reset();

private:
    QHash<QString, QColor> m_colors;
};

// "node1:/tmp/x/cm-bench.file" → "node1 · /tmp/x/cm-bench.file"; a node name stays as is.
QString targetLabel(const QString &target);

} // namespace cm::ui
