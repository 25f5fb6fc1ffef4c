// SPDX-License-Identifier: GPL-3.0-or-later
#include "live/decimator.h"

#include <algorithm>

namespace cm::ui {

QList<QPointF> decimateMinMax(const QList<QPointF> &points, int columns, double yDivisor)
{
    const double d = yDivisor == 0 ? 1.0 : yDivisor;
    QList<QPointF> out;
    if (columns < 1 || points.size() <= 4 * qsizetype(columns)) {
        out.reserve(points.size());
        for (const QPointF &p : points)
            out.append(QPointF(p.x(), p.y() / d));
        return out;
    }
    const double x0 = points.first().x();
    const double x1 = points.last().x();
    const double width = std::max(x1 - x0, 1e-9);
    out.reserve(4 * columns);
    qsizetype i = 0;
    const qsizetype n = points.size();
    while (i < n) {
        const int col = std::min(columns - 1, int((points.at(i).x() - x0) / width * columns));
        const qsizetype start = i;
        qsizetype lo = i, hi = i;
        while (i < n && std::min(columns - 1, int((points.at(i).x() - x0) / width * columns)) == col) {
            if (points.at(i).y() < points.at(lo).y())
                lo = i;
            if (points.at(i).y() > points.at(hi).y())
                hi = i;
            ++i;
        }
        const qsizetype last = i - 1;
        // first, min/max in x order, last: the line's shape through the column
        qsizetype idx[4] = {start, std::min(lo, hi), std::max(lo, hi), last};
        qsizetype prev = -1;
        for (qsizetype k : idx) {
            if (k == prev)
                continue;
            out.append(QPointF(points.at(k).x(), points.at(k).y() / d));
            prev = k;
        }
    }
    return out;
}

} // namespace cm::ui
