// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/sessionfile.h"

#include "parse/sessionfilecodec.h"
#include "io/inputfile.h"
#include "store/sessionstore.h"
#include "store/storeschema.h"

#include <QFile>
#include <QSaveFile>

namespace cm {

namespace {

Error withContext(Error e, const QString &context)
{
    if (e && e.context.isEmpty())
        e.context = context;
    return e;
}

} // namespace

Error exportSession(SessionStore &store, qint64 sessionId, const QString &path)
{
    SessionFileData data;
    if (Error e = store.readSessionData(sessionId, &data))
        return e;
    const QString app = QStringLiteral("ClusterMark %1").arg(QLatin1String(CLUSTERMARK_VERSION));
    const QByteArray bytes = sessionfile::encode(data, app, QDateTime::currentDateTimeUtc());
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return Error(Error::Code::Storage, QStringLiteral("cannot write the file: %1").arg(f.errorString()), path);
    if (f.write(bytes) != bytes.size() || !f.commit())
        return Error(Error::Code::Storage, QStringLiteral("cannot write the file: %1").arg(f.errorString()), path);
    qCInfo(lcStore).noquote() << "exported session" << data.name << "with" << data.runs.size() << "runs to" << path;
    return {};
}

Error importSession(SessionStore &store, const QString &path, SessionImport *result)
{
    QByteArray bytes;
    if (Error e = readInputFile(path, MaxSessionFileBytes, &bytes))
        return e;
    return importSessionBytes(store, bytes, path, result);
}

Error importSessionBytes(SessionStore &store, const QByteArray &bytes, const QString &origin, SessionImport *result)
{
    SessionFileData data;
    if (Error e = sessionfile::decode(bytes, &data))
        return withContext(e, origin);
    SessionImport r;
    if (Error e = store.addSessionData(data, &r.sessionId, &r.name, &r.runs))
        return withContext(e, origin);
    r.renamed = r.name != data.name.trimmed();
    if (result)
        *result = r;
    return {};
}

} // namespace cm
