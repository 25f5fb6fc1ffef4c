// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/inputfile.h"

#include <QFile>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cm {

namespace {

QString errnoText(int err)
{
    return QString::fromLocal8Bit(std::strerror(err));
}

QString sizeText(qint64 bytes)
{
    if (bytes >= 1024 * 1024)
        return QStringLiteral("%1 MiB").arg(bytes / (1024 * 1024));
    return QStringLiteral("%1 KiB").arg(qMax<qint64>(1, bytes / 1024));
}

} // namespace

Error readInputFile(const QString &path, qint64 maxBytes, QByteArray *bytes)
{
    const QByteArray native = QFile::encodeName(path);
    // O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting.
    const int fd = ::open(native.constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return Error(Error::Code::Storage, QStringLiteral("cannot read %1: %2").arg(path, errnoText(errno)), path);
    struct stat st { };
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        const int err = errno;
        ::close(fd);
        if (st.st_mode == 0)
            return Error(Error::Code::Storage, QStringLiteral("cannot read %1: %2").arg(path, errnoText(err)), path);
        return Error(Error::Code::InvalidInput,
            QStringLiteral("%1 is not a regular file (a FIFO, a device or a folder is not read)").arg(path), path);
    }
    if (st.st_size > maxBytes) {
        ::close(fd);
        return Error(Error::Code::InvalidInput,
            QStringLiteral("%1 is %2; files larger than %3 are not read")
                .arg(path, sizeText(st.st_size), sizeText(maxBytes)),
            path);
    }
    // The size is a hint only (it may grow while read): the cap is enforced on what arrives.
    QByteArray data;
    data.reserve(qsizetype(st.st_size));
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n < 0) {
            const int err = errno;
            ::close(fd);
            return Error(Error::Code::Storage, QStringLiteral("cannot read %1: %2").arg(path, errnoText(err)), path);
        }
        if (n == 0)
            break;
        if (data.size() + n > maxBytes) {
            ::close(fd);
            return Error(Error::Code::InvalidInput,
                QStringLiteral("%1 holds more than %2; it is not read").arg(path, sizeText(maxBytes)), path);
        }
        data.append(buf, n);
    }
    ::close(fd);
    *bytes = std::move(data);
    return {};
}

} // namespace cm
