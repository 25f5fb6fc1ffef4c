// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Translated names of the operation figures core/store/stepoperations reads (CephFS
// metadata, S3 HEAD/DELETE/LIST), for the results grid and the comparison table.
#include <QString>

namespace cm::ui {

// "meta.create" → "File create"; an unknown key is returned as it is.
QString operationLabel(const QString &opKey);
// "meta.create.iops" → "File create ops/s", "s3.head.lat.p99" → "S3 HEAD latency p99";
// empty for a key that is not an operation figure.
QString operationFigureLabel(const QString &figureKey);

} // namespace cm::ui
