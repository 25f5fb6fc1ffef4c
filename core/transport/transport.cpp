#include "transport/transport.h"

#include "transport/shellquote.h"

namespace cm {

QString Command::toShellString() const
{
    QStringList parts;
    if (!env.isEmpty()) {
        parts << QStringLiteral("env");
        for (auto it = env.cbegin(); it != env.cend(); ++it)
            parts << it.key() + QLatin1Char('=') + it.value();
    }
    // --foreground keeps `timeout` in the command's process group (without it, it makes
    // its own group, which a cancel's group kill would then miss).
    if (maxRuntimeSec > 0)
        parts << QStringLiteral("timeout") << QStringLiteral("--foreground") << QStringLiteral("-k")
              << QStringLiteral("5") << QString::number(maxRuntimeSec);
    parts << argv;
    return shellJoin(parts);
}

ExecResult Transport::capture(const QStringList &argv, int timeoutMs)
{
    Command c;
    c.argv = argv;
    c.timeoutMs = timeoutMs;
    return run(c, {}, CancelToken());
}

QByteArray Transport::readFile(const QString &path, Error *error)
{
    ExecResult r = capture({QStringLiteral("cat"), QStringLiteral("--"), path}, 15000);
    if (!r.ok()) {
        if (error)
            *error = r.error ? r.error
                             : Error(Error::Code::CommandFailed, QString::fromUtf8(r.stdErr).trimmed(), path);
        return {};
    }
    if (error) *error = {};
    return r.stdOut;
}

} // namespace cm
