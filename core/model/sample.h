// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One point of a time series. Runs have one time axis: t is seconds since the run
// started, for every node and every step, so parallel nodes line up.
#include <QList>
#include <QMetaType>
#include <QString>

namespace cm {

using RunId = qint64; // the store's run id

struct Sample {
    int step = 0; // step index within the run
    QString target; // "node1:/srv/cm-bench.file", or a node name for node metrics
    QString metric; // see model/metric.h
    double t = 0; // seconds since the run started
    double value = 0; // in the metric's base unit (bytes/s, ops/s, ns, %)
};

using SampleList = QList<Sample>;

} // namespace cm

Q_DECLARE_METATYPE(cm::Sample)
