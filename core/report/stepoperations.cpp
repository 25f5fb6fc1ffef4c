// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/stepoperations.h"

#include "bench/registry.h"

namespace cm {

QList<StepOperation> stepOperations(const QJsonObject &summary)
{
    QList<StepOperation> out;
    for (const OperationSpec &spec : metricCatalog().operations()) {
        const QJsonValue group = summary.value(spec.group);
        if (!group.isObject())
            continue;
        const QJsonObject o = group.toObject().value(spec.name).toObject();
        StepOperation op;
        op.key = spec.key;
        op.label = QLatin1String(spec.label);
        op.opsPerSec = o.value(QStringLiteral("iops")).toDouble();
        op.count = o.contains(QStringLiteral("total_ops")) ? o.value(QStringLiteral("total_ops")).toDouble()
                                                           : o.value(QStringLiteral("total_ios")).toDouble();
        if (!(op.opsPerSec > 0) && !(op.count > 0))
            continue;
        op.figures = o;
        out << op;
    }
    return out;
}

bool isOperationFigureKey(const QString &figureKey)
{
    return metricCatalog().isOperationKey(figureKey);
}

} // namespace cm
