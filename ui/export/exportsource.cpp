#include "export/exportsource.h"

#include "store/runexport.h"
#include "store/unitformat.h"

#include <QMap>

namespace cm::ui {

render::TimeChart ExportSource::chart(bool redact) const
{
    render::TimeChart c = data.chart;
    if (redact) {
        Redactor red;
        red.addRecords(data.records);
        render::redactChart(c, red);
    }
    return c;
}

QImage ExportSource::image(const render::RenderOptions &o, bool redact) const
{
    return render::chartImage(chart(redact), o);
}

QByteArray ExportSource::svg(const render::RenderOptions &o, bool redact) const
{
    return render::chartSvg(chart(redact), o);
}

QString ExportSource::table(ExportFormat format, bool redact) const
{
    Error e;
    return runExport(data.records, format, redact, &e);
}

QString ExportSource::summaryText() const
{
    struct Acc {
        QString title, node;
        double rbw = 0, wbw = 0, riops = 0, wiops = 0;
        int n = 0;
    };
    QList<QString> order;
    QMap<QString, Acc> acc;
    for (const StepRecord &s : data.records.steps) {
        if (s.status != QLatin1String("completed"))
            continue;
        const QString key = QString::number(s.index) + QLatin1Char('\x1f') + s.node;
        if (!acc.contains(key)) {
            order << key;
            acc.insert(key, Acc{s.title.isEmpty() ? s.testId : s.title, s.node});
        }
        Acc &a = acc[key];
        const QJsonObject r = s.summary.value(QStringLiteral("read")).toObject();
        const QJsonObject w = s.summary.value(QStringLiteral("write")).toObject();
        a.rbw += r.value(QStringLiteral("bw")).toDouble();
        a.wbw += w.value(QStringLiteral("bw")).toDouble();
        a.riops += r.value(QStringLiteral("iops")).toDouble();
        a.wiops += w.value(QStringLiteral("iops")).toDouble();
        ++a.n;
    }
    QStringList lines;
    for (const QString &key : std::as_const(order)) {
        const Acc &a = acc[key];
        QStringList figs;
        if (a.rbw > 0 || a.riops > 0)
            figs << QStringLiteral("read %1, %2 IOPS").arg(formatBytesPerSec(a.rbw / a.n), formatIops(a.riops / a.n));
        if (a.wbw > 0 || a.wiops > 0)
            figs << QStringLiteral("write %1, %2 IOPS").arg(formatBytesPerSec(a.wbw / a.n), formatIops(a.wiops / a.n));
        if (!figs.isEmpty())
            lines << QStringLiteral("%1 (%2): %3").arg(a.title, a.node, figs.join(QStringLiteral("; ")));
    }
    return lines.join(QLatin1Char('\n'));
}

QString ExportSource::redactText(const QString &text) const
{
    Redactor red;
    red.addRecords(data.records);
    return red.apply(text);
}

QString ExportSource::baseFileName() const
{
    return QStringLiteral("clustermark-run-%1").arg(data.records.run.id);
}

ExportSource loadExportSource(const QString &storePath, RunId id)
{
    ExportSource s;
    SessionStore store(storePath);
    if (const Error e = store.open()) {
        s.error = e;
        return s;
    }
    s.error = render::loadRunChart(store, id, false, &s.data);
    return s;
}

} // namespace cm::ui
