// SPDX-License-Identifier: GPL-3.0-or-later
// fio JSON / json+ files into steps shaped like DiskFioRunner's: one step per fio
// client (client/server mode) and job group, its summary from FioSampleStream as the
// runner keeps it, its samples from the status documents on fio's own clock.
#include "parse/fiosamplestream.h"
#include "parse/resultdecoderparts.h"
#include "model/fioengines.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QTimeZone>

#include <cmath>

namespace cm::resultdecode {

namespace {

struct Group {
    QString key;
    QString host; // client/server only
    int port = 0;
    int groupId = 0;
    QJsonObject firstJob;
    int jobs = 0;
};

QString groupKey(const QJsonObject &job)
{
    return job.value(QStringLiteral("hostname")).toString() + QChar(0x1f)
        + QString::number(job.value(QStringLiteral("port")).toInt()) + QChar(0x1f)
        + QString::number(job.value(QStringLiteral("groupid")).toInt());
}

QString jobsKey(const QJsonObject &root)
{
    return root.value(QStringLiteral("jobs")).isArray() ? QStringLiteral("jobs") : QStringLiteral("client_stats");
}

bool isAllClients(const QJsonObject &job, bool clientMode)
{
    return clientMode && job.value(QStringLiteral("jobname")).toString() == QLatin1String("All clients");
}

// The document with only one group's jobs.
QByteArray groupDocument(QJsonObject root, const QString &key, bool clientMode)
{
    const QString arrayKey = jobsKey(root);
    QJsonArray kept;
    for (const QJsonValue &v : root.value(arrayKey).toArray()) {
        const QJsonObject j = v.toObject();
        if (!isAllClients(j, clientMode) && groupKey(j) == key)
            kept.append(j);
    }
    root.insert(arrayKey, kept);
    root.remove(QStringLiteral("disk_util"));
    return QJsonDocument(root).toJson();
}

QString option(const QJsonObject &global, const QJsonObject &job, const QStringList &names, const QString &def = {})
{
    for (const QString &n : names)
        if (job.contains(n))
            return job.value(n).toString();
    for (const QString &n : names)
        if (global.contains(n))
            return global.value(n).toString();
    return def;
}

double documentRuntimeSec(const QByteArray &doc)
{
    const FioReport rep = FioReport::parse(doc);
    quint64 ms = 0;
    for (const FioJob &j : rep.jobs)
        for (const FioDirStats &d : j.dirs)
            ms = std::max(ms, d.runtimeMs);
    return double(ms) / 1000.0;
}

} // namespace

QString fioCommandText(const QJsonObject &global, const QJsonObject &job)
{
    QStringList args {QStringLiteral("fio")};
    auto add = [&](const QJsonObject &o) {
        for (auto it = o.begin(); it != o.end(); ++it) {
            const QString v = it.value().toString();
            QString a = QStringLiteral("--%1").arg(it.key());
            if (!v.isEmpty())
                a += QLatin1Char('=') + v;
            if (a.contains(QLatin1Char(' ')) || a.contains(QLatin1Char('\'')))
                a = QLatin1Char('\'') + a.replace(QLatin1Char('\''), QStringLiteral("'\\''")) + QLatin1Char('\'');
            args << a;
        }
    };
    add(global);
    add(job);
    return args.join(QLatin1Char(' '));
}

DecodedResult decodeFio(const QByteArray &bytes, const DecodeOptions &options, Error *err)
{
    DecodedResult out;
    QList<QByteArray> docs;
    QList<qsizetype> offsets;
    if (const Error e = jsonDocuments(bytes, QStringLiteral("the fio output"), &docs, &offsets)) {
        *err = e;
        return out;
    }
    // Every document must be a fio report: a stray document is as bad as a cut one.
    FioReport last;
    for (int i = 0; i < docs.size(); ++i) {
        Error pe;
        last = FioReport::parse(docs.at(i), &pe);
        if (pe) {
            *err = Error(Error::Code::ParseError,
                QStringLiteral("the fio output's document at byte %1 (line %2): %3")
                    .arg(offsets.at(i))
                    .arg(lineAtOffset(bytes, offsets.at(i)))
                    .arg(pe.message));
            return out;
        }
    }
    const QJsonObject root = QJsonDocument::fromJson(docs.last()).object();
    const bool clientMode = jobsKey(root) == QLatin1String("client_stats");
    const QJsonObject global = root.value(QStringLiteral("global options")).toObject();

    QList<Group> groups;
    for (const QJsonValue &v : root.value(jobsKey(root)).toArray()) {
        const QJsonObject j = v.toObject();
        if (isAllClients(j, clientMode))
            continue;
        const QString key = groupKey(j);
        auto it = std::find_if(groups.begin(), groups.end(), [&](const Group &g) { return g.key == key; });
        if (it == groups.end()) {
            Group g;
            g.key = key;
            g.host = j.value(QStringLiteral("hostname")).toString();
            g.port = j.value(QStringLiteral("port")).toInt();
            g.groupId = j.value(QStringLiteral("groupid")).toInt();
            g.firstJob = j;
            groups << g;
            it = groups.end() - 1;
        }
        ++it->jobs;
    }
    if (groups.isEmpty()) {
        *err = Error(Error::Code::ParseError, QStringLiteral("the fio output lists no jobs"));
        return out;
    }
    QHash<QString, QSet<int>> portsOfHost;
    for (const Group &g : std::as_const(groups))
        portsOfHost[g.host].insert(g.port);

    out.tool = QStringLiteral("fio");
    out.toolVersion = last.fioVersion;
    out.format = last.jsonPlus ? QStringLiteral("fio-json+") : QStringLiteral("fio-json");
    if (last.timestampMs > 0)
        out.measured = QDateTime::fromMSecsSinceEpoch(last.timestampMs, QTimeZone::utc());
    QSet<QString> usedIds;
    for (const Group &g : std::as_const(groups)) {
        const QJsonObject jobOpts = g.firstJob.value(QStringLiteral("job options")).toObject();
        const QString jobName = g.firstJob.value(QStringLiteral("jobname")).toString();
        QString node = options.node.isEmpty() ? QStringLiteral("imported") : options.node;
        if (clientMode && !g.host.isEmpty())
            node = portsOfHost.value(g.host).size() > 1 ? QStringLiteral("%1:%2").arg(g.host).arg(g.port) : g.host;
        const QString file = option(global, jobOpts, {QStringLiteral("filename")});

        DecodedStep s;
        s.node = node;
        s.target = node + QLatin1Char(':') + (file.isEmpty() ? jobName : file);
        FioSampleStream stream(0, s.target);
        for (const QByteArray &doc : std::as_const(docs)) {
            const QByteArray part = groupDocument(QJsonDocument::fromJson(doc).object(), g.key, clientMode);
            s.samples += stream.feed(part, documentRuntimeSec(part));
        }
        stream.finish();
        if (!stream.hasFinalReport()) {
            *err = Error(Error::Code::ParseError, QStringLiteral("fio job '%1' has no final report").arg(jobName));
            return DecodedResult();
        }
        const QJsonObject figures = stream.summary();
        s.summary.insert(QStringLiteral("fio_version"), last.fioVersion);
        for (auto it = figures.begin(); it != figures.end(); ++it)
            s.summary.insert(it.key(), it.value());
        if (!stream.warnings().isEmpty())
            s.summary.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(stream.warnings()));
        if (const QString jobErr = stream.jobError(); !jobErr.isEmpty())
            s.summary.insert(QStringLiteral("fio_error"), jobErr);
        for (const QString &w : stream.warnings())
            if (!out.warnings.contains(w))
                out.warnings << w;

        // The step's parameters in the disk-fio plan's terms; fio's defaults where the
        // file lists nothing (it only lists options that were given).
        const QString rw
            = option(global, jobOpts, {QStringLiteral("rw"), QStringLiteral("readwrite")}, QStringLiteral("read"));
        const QString bs
            = option(global, jobOpts, {QStringLiteral("bs"), QStringLiteral("blocksize")}, QStringLiteral("4k"));
        const int iodepth
            = std::max(1, option(global, jobOpts, {QStringLiteral("iodepth")}, QStringLiteral("1")).toInt());
        const QString nj = option(global, jobOpts, {QStringLiteral("numjobs")});
        const int numjobs = nj.isEmpty() ? g.jobs : std::max(1, nj.toInt());
        double runtime = 0;
        for (const char *d : {"read", "write", "trim"})
            runtime = std::max(
                runtime, figures.value(QLatin1String(d)).toObject().value(QStringLiteral("runtime_ms")).toDouble());
        QJsonObject p {{QStringLiteral("rw"), rw}, {QStringLiteral("bs"), bs}, {QStringLiteral("iodepth"), iodepth},
            {QStringLiteral("numjobs"), numjobs},
            {QStringLiteral("runtime"), std::max(1, int(std::lround(runtime / 1000.0)))}};
        const QString size = option(global, jobOpts, {QStringLiteral("size")});
        if (!size.isEmpty())
            p.insert(QStringLiteral("size"), size);
        const QString sync = option(global, jobOpts, {QStringLiteral("sync")}, QStringLiteral("0"));
        if (!sync.isEmpty() && sync != QLatin1String("0") && sync != QLatin1String("none"))
            p.insert(QStringLiteral("sync"), 1);
        if (const int fsync = option(global, jobOpts, {QStringLiteral("fsync")}).toInt(); fsync > 0)
            p.insert(QStringLiteral("fsync"), fsync);
        // The app's own runs use libaio and direct=1: only a difference is recorded.
        // An engine the app does not run (an "external:" library, a network engine) is
        // not carried into the plan: running the imported plan again uses libaio.
        const QString engine = option(global, jobOpts, {QStringLiteral("ioengine")}, QStringLiteral("psync"));
        if (!fioDiskEngines().contains(engine)) {
            const QString w
                = QStringLiteral("job '%1' used the engine \"%2\", which the app does not run; running this plan "
                                 "again uses libaio")
                      .arg(jobName, engine.left(80));
            if (!out.warnings.contains(w))
                out.warnings << w;
        } else if (engine != QLatin1String("libaio")) {
            p.insert(QStringLiteral("ioengine"), engine);
        }
        const QString direct = option(global, jobOpts, {QStringLiteral("direct")}, QStringLiteral("0"));
        if (direct != QLatin1String("1"))
            p.insert(QStringLiteral("direct"), 0);

        QString id = jobName.isEmpty() ? QStringLiteral("fio") : jobName;
        if (usedIds.contains(node + QChar(0x1f) + id))
            id += QStringLiteral("-g%1").arg(g.groupId);
        usedIds.insert(node + QChar(0x1f) + id);
        s.step.id = id;
        s.step.title = QStringLiteral("%1: %2 %3 QD%4%5")
                           .arg(id, rw, bs)
                           .arg(iodepth)
                           .arg(numjobs > 1 ? QStringLiteral(" T%1").arg(numjobs) : QString());
        s.step.params = p;
        s.command = fioCommandText(global, jobOpts);
        s.environment.insert(QStringLiteral("fio_version"), last.fioVersion);
        if (clientMode)
            s.environment.insert(QStringLiteral("hostname"), g.host);
        if (!out.nodes.contains(node))
            out.nodes << node;
        out.steps << s;
    }

    const QJsonObject firstOpts = groups.first().firstJob.value(QStringLiteral("job options")).toObject();
    const QString file = option(global, firstOpts, {QStringLiteral("filename")});
    if (file.startsWith(QLatin1String("/dev/"))) {
        out.target = QJsonObject {{QStringLiteral("type"), QStringLiteral("device")}, {QStringLiteral("path"), file}};
    } else {
        out.target = QJsonObject {{QStringLiteral("type"), QStringLiteral("file")},
            {QStringLiteral("dir"), file.isEmpty() ? QString() : QFileInfo(file).path()}};
        const QString size = option(global, firstOpts, {QStringLiteral("size")});
        if (!size.isEmpty())
            out.target.insert(QStringLiteral("size"), size);
    }
    const QJsonObject &p0 = out.steps.first().step.params;
    out.name = QStringLiteral("%1%2: %3 %4 QD%5%6")
                   .arg(last.jsonPlus ? QStringLiteral("fio json+") : QStringLiteral("fio json"),
                       clientMode ? QStringLiteral(" (client/server)") : QString(),
                       p0.value(QStringLiteral("rw")).toString(), p0.value(QStringLiteral("bs")).toString())
                   .arg(p0.value(QStringLiteral("iodepth")).toInt())
                   .arg(out.steps.size() > 1 ? QStringLiteral(", %1 steps").arg(out.steps.size()) : QString());
    *err = {};
    return out;
}

} // namespace cm::resultdecode
