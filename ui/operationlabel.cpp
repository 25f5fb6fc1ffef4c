#include "operationlabel.h"

#include <QCoreApplication>
#include <QHash>

namespace cm::ui {

namespace {
const char *const kContext = "cm::ui::OperationLabel";
}

QString operationLabel(const QString &opKey)
{
    static const QHash<QString, const char *> ops{
        {QStringLiteral("meta.create"), QT_TRANSLATE_NOOP("cm::ui::OperationLabel", "File create")},
        {QStringLiteral("meta.stat"), QT_TRANSLATE_NOOP("cm::ui::OperationLabel", "File stat")},
        {QStringLiteral("meta.delete"), QT_TRANSLATE_NOOP("cm::ui::OperationLabel", "File delete")},
        {QStringLiteral("s3.head"), QT_TRANSLATE_NOOP("cm::ui::OperationLabel", "S3 HEAD")},
        {QStringLiteral("s3.delete"), QT_TRANSLATE_NOOP("cm::ui::OperationLabel", "S3 DELETE")},
        {QStringLiteral("s3.list"), QT_TRANSLATE_NOOP("cm::ui::OperationLabel", "S3 LIST")},
    };
    const char *l = ops.value(opKey);
    return l ? QCoreApplication::translate(kContext, l) : opKey;
}

QString operationFigureLabel(const QString &figureKey)
{
    static const QHash<QString, const char *> figures{
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
