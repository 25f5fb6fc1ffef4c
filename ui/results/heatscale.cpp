// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/heatscale.h"

#include "render/usagestrippainter.h"

namespace cm::ui {

QColor heatScaleColor(double t)
{
    return render::heatColor(t); // one scale for every heat map, exported or shown
}

} // namespace cm::ui
