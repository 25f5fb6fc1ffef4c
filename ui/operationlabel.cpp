// SPDX-License-Identifier: GPL-3.0-or-later
#include "operationlabel.h"

#include "bench/registry.h"

#include <QCoreApplication>
#include <QHash>

namespace cm::ui {

namespace {
const char *const kContext = "cm::ui::OperationLabel";
}

QString operationLabel(const QString &opKey)
{
    for (const OperationSpec &o : metricCatalog().operations())
        if (o.key == opKey)
            return QCoreApplication::translate(kMetricTextContext, o.label);
    return opKey;
}

QString operationFigureLabel(const QString &figureKey)
{
    static const QHash<QString, const char *> figures {
        {QStringLiteral("iops"), QT_TRANSLATE_NOOP("cm::ui::OperationLabel", "%1 ops/s")},
        {QStringLiteral("lat.p50"), QT_TRANSLATE_NOOP("cm::ui::OperationLabel", "%1 latency p50")},
        {QStringLiteral("lat.p99"), QT_TRANSLATE_NOOP("cm::ui::OperationLabel", "%1 latency p99")},
    };
    // "<group>.<op>.<figure>": the op key is the first two parts
    const qsizetype cut = figureKey.indexOf(QLatin1Char('.'), figureKey.indexOf(QLatin1Char('.')) + 1);
    if (cut <= 0)
        return {};
    const QString op = figureKey.left(cut);
    const char *figure = figures.value(figureKey.mid(cut + 1));
    if (!figure || operationLabel(op) == op)
        return {};
    return QCoreApplication::translate(kContext, figure).arg(operationLabel(op));
}

} // namespace cm::ui
