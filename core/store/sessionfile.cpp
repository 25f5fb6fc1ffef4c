#include "store/sessionfile.h"

#include "parse/sessionfilecodec.h"
#include "store/sessionstore.h"
#include "store/storeschema.h"

#include <QFile>
#include <QSaveFile>

namespace cm {

namespace {

// Far above a day-long run of 64 series; keeps a wrong file from filling memory.
constexpr qint64 MaxFileBytes = qint64(2) << 30;

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
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error(Error::Code::Storage, QStringLiteral("cannot read the file: %1").arg(f.errorString()), path);
    if (f.size() > MaxFileBytes)
        return Error(Error::Code::InvalidInput, QStringLiteral("the file is too large for a session file (%1 bytes)").arg(f.size()),
                     path);
    const QByteArray bytes = f.readAll();
    if (f.error() != QFileDevice::NoError)
        return Error(Error::Code::Storage, QStringLiteral("cannot read the file: %1").arg(f.errorString()), path);
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
