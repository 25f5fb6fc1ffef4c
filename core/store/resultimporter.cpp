// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/resultimporter.h"

#include "bench/registry.h"

#include "model/plan.h"
#include "parse/resultdecoder.h"
#include "io/inputfile.h"
#include "store/sessionstore.h"

#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>
#include <QTimeZone>

Q_LOGGING_CATEGORY(lcImport, "clustermark.core.import", QtInfoMsg)

namespace cm {

namespace {

// The kind whose tool wrote the file (RunnerKind::importedTool).
QString kindOfTool(const QString &tool)
{
    registerBuiltinKinds();
    for (const QString &id : Registry::instance().ids())
        if (Registry::instance().kind(id)->importedTool() == tool)
            return id;
    return {};
}

Plan planOf(const DecodedResult &d, const QString &fileName, const ImportOptions &o)
{
    Plan plan;
    plan.kind = kindOfTool(d.tool);
    plan.name = QStringLiteral("%1 (imported from %2)").arg(d.name, QFileInfo(fileName).fileName());
    plan.preset = QStringLiteral("imported");
    plan.session = o.session;
    for (const QString &n : d.nodes) {
        NodeSpec spec;
        spec.name = n;
        spec.host = n;
        plan.nodes << spec;
    }
    plan.target = d.target;
    for (const DecodedStep &s : d.steps)
        plan.steps << s.step;
    return plan;
}

} // namespace

ImportOutcome ResultImporter::importFile(const QString &path, const ImportOptions &options, Error *error)
{
    QByteArray bytes;
    if ((*error = readInputFile(path, MaxFileBytes, &bytes)))
        return {};
    return importBytes(bytes, QFileInfo(path).absoluteFilePath(), options, error);
}

ImportOutcome ResultImporter::importBytes(
    const QByteArray &bytes, const QString &fileName, const ImportOptions &options, Error *error)
{
    ImportOutcome out;
    Error e;
    const DecodedResult d = decodeResult(bytes, DecodeOptions {options.node}, &e);
    if (e) {
        e.context = fileName;
        *error = e;
        return out;
    }
    // Opened only now: a refused file does not even create the database.
    if (!m_store.isOpen()) {
        if (const Error oe = m_store.open()) {
            *error = oe;
            return out;
        }
    }

    const Plan plan = planOf(d, fileName, options);
    QJsonObject env {{QStringLiteral("imported_from"), fileName}, {QStringLiteral("import_format"), d.format},
        {QStringLiteral("tool_version"), d.toolVersion},
        {QStringLiteral("app_version"), QStringLiteral(CLUSTERMARK_VERSION)}};
    if (d.tool == QLatin1String("fio"))
        env.insert(QStringLiteral("fio_version"), d.toolVersion);
    if (d.measured.isValid())
        env.insert(QStringLiteral("measured_at"), d.measured.toTimeZone(QTimeZone::utc()).toString(Qt::ISODate));

    QList<qint64> before;
    for (const SessionInfo &s : m_store.sessions())
        before << s.id;
    const RunId run = m_store.createRun(plan, env, &e);
    // Undo everything this import wrote, so a failure leaves the store as it was.
    auto undo = [&](const Error &why) {
        if (run > 0)
            m_store.deleteRun(run);
        for (const SessionInfo &s : m_store.sessions())
            if (!before.contains(s.id) && s.runCount == 0)
                m_store.deleteSession(s.id);
        *error = Error(why.code, why.message, fileName, why.detail);
        return ImportOutcome();
    };
    if (e || run <= 0)
        return undo(e ? e : Error(Error::Code::Storage, QStringLiteral("could not create the run")));

    SampleList samples;
    bool failed = false;
    QString firstError;
    for (int i = 0; i < d.steps.size(); ++i) {
        const DecodedStep &s = d.steps.at(i);
        const qint64 stepId = m_store.beginStep(run, i, 0, s.step, s.node, s.command, &e);
        if (e)
            return undo(e);
        QJsonObject stepEnv = s.environment;
        stepEnv.insert(QStringLiteral("imported_from"), fileName);
        const QString jobError = s.summary.value(QStringLiteral("fio_error")).toString();
        if (!jobError.isEmpty()) {
            failed = true;
            if (firstError.isEmpty())
                firstError = QStringLiteral("fio reported an error: %1").arg(jobError);
        }
        if (const Error fe
            = m_store.finishStep(stepId, jobError.isEmpty() ? QStringLiteral("completed") : QStringLiteral("failed"),
                s.target, s.summary, stepEnv, bytes,
                jobError.isEmpty() ? QString() : QStringLiteral("fio reported an error: %1").arg(jobError)))
            return undo(fe);
        for (Sample x : s.samples) {
            x.step = i;
            samples << x;
        }
    }
    if (const Error ae = m_store.appendSamples(run, samples))
        return undo(ae);
    if (const Error fe = m_store.finishRun(run, failed ? RunStatus::Failed : RunStatus::Completed, firstError))
        return undo(fe);

    out.run = run;
    out.format = d.format;
    out.kind = plan.kind;
    out.toolVersion = d.toolVersion;
    out.name = plan.name;
    out.steps = int(d.steps.size());
    out.warnings = d.warnings;
    qCInfo(lcImport) << "imported" << fileName << "as run" << run << d.format;
    *error = {};
    return out;
}

} // namespace cm
