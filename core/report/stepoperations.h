// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The operation figures of a step that moves no data of its own: CephFS metadata
// (summary "meta": create/stat/delete) and S3 requests other than GET/PUT (summary
// "ops": head/delete/list). Read/write figures are elsewhere (summary "read"/"write");
// exports and comparisons read these so a metadata or HEAD step is not all dashes.
#include <QJsonObject>
#include <QList>
#include <QString>

namespace cm {

struct StepOperation {
    QString key; // "meta.create", "s3.head": stable, for comparisons and CSV
    QString label; // "File create", "S3 HEAD"
    double opsPerSec = 0;
    double count = 0; // total_ops (CephFS) / total_ios (S3)
    QJsonObject figures; // the op's summary object (lat_p50_ns, lat_p99_ns, …)

    bool hasLatency(const char *field) const { return figures.value(QLatin1String(field)).isDouble(); }
    double latency(const char *field) const { return figures.value(QLatin1String(field)).toDouble(); }
};

// In a fixed order (create, stat, delete; HEAD, DELETE, LIST); ops that did not run
// (no operations and no rate) are left out.
QList<StepOperation> stepOperations(const QJsonObject &summary);

// A comparison figure of such an operation: "<op key>.iops|lat.p50|lat.p99".
bool isOperationFigureKey(const QString &figureKey);

} // namespace cm
