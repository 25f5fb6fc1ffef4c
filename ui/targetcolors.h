// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One colour per target (node, file, device), kept across every chart and card, across
// runs and across restarts: a target keeps the colour it got first (AppSettings). Each
// colour is a pair of shades of one hue: a target's first direction (read, GET) is
// drawn in the dark shade, its second (write, PUT) in the light one (docs/VISUAL.md).
#include <QColor>
#include <QHash>
#include <QString>
#include <QStringList>

namespace cm {
class AppSettings;
}

namespace cm::ui {

class TargetColors {
public:
    static TargetColors &instance(); // remembered in the application's settings
    explicit TargetColors(AppSettings *settings = nullptr); // null: remembered nowhere

    QColor colorFor(const QString &target); // assigns the next free pair on first use
    // The shade of a target's direction: 0 = the target's colour, 1 = its light shade,
    // further directions darker and lighter variants of the same hue.
    QColor shadeFor(const QString &target, int direction);
    void reset(); // forgets every assignment (also the remembered one)

    static constexpr int PairCount = 10;
    static constexpr int Remembered = 64; // the oldest assignments beyond this are freed

private:
    int pairOf(const QString &target);
    AppSettings *m_settings = nullptr;
    QStringList m_order; // targets by the pair they hold: index % PairCount
};

// "node1:/tmp/x/cm-bench.file" → "node1 · /tmp/x/cm-bench.file"; a node name stays as is.
QString targetLabel(const QString &target);

} // namespace cm::ui
