#include "store/stepoperations.h"

namespace cm {

namespace {

struct OpSpec {
    const char *group;   // summary key
    const char *name;    // key inside it
    const char *key;
    const char *label;
};

const OpSpec kOps[] = {
    {"meta", "create", "meta.create", "File create"},
    {"meta", "stat", "meta.stat", "File stat"},
    {"meta", "delete", "meta.delete", "File delete"},
    {"ops", "head", "s3.head", "S3 HEAD"},
    {"ops", "delete", "s3.delete", "S3 DELETE"},
    {"ops", "list", "s3.list", "S3 LIST"},
};

} // namespace

QList<StepOperation> stepOperations(const QJsonObject &summary)
{
    QList<StepOperation> out;
    for (const OpSpec &spec : kOps) {
        const QJsonValue group = summary.value(QLatin1String(spec.group));
        if (!group.isObject())
            continue;
        const QJsonObject o = group.toObject().value(QLatin1String(spec.name)).toObject();
        StepOperation op;
        op.key = QLatin1String(spec.key);
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
    return figureKey.startsWith(QLatin1String("meta.")) || figureKey.startsWith(QLatin1String("s3."));
}

} // namespace cm
