// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/heatscale.h"

#include <algorithm>
#include <cmath>

namespace cm::ui {

QColor heatScaleColor(double t)
{
    static const QColor stops[] = {QColor(102, 187, 106), QColor(255, 213, 79), QColor(229, 57, 53)};
    t = std::clamp(t, 0.0, 1.0);
    const int i = t < 0.5 ? 0 : 1;
    const double f = (t - 0.5 * i) * 2;
    const QColor &a = stops[i];
    const QColor &b = stops[i + 1];
    return QColor(int(std::lround(a.red() + (b.red() - a.red()) * f)),
        int(std::lround(a.green() + (b.green() - a.green()) * f)),
        int(std::lround(a.blue() + (b.blue() - a.blue()) * f)));
}

} // namespace cm::ui
