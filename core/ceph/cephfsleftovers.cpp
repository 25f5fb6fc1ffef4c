// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/cephfsleftovers.h"

#include "ceph/cephfsmount.h"

namespace cm {

QList<Leftover> CephFsLeftovers::scan(
    const CephFsMount &mount, const QString &fsName, Error *error, const QString &rootIn)
{
    QList<Leftover> out;
    QString root = rootIn.isEmpty() ? QStringLiteral("/") : rootIn;
    while (root.size() > 1 && root.endsWith(QLatin1Char('/')))
        root.chop(1);
    Error e;
    const QStringList dirs = mount.list(root, &e, true);
    if (error)
        *error = e;
    for (const QString &d : dirs)
        if (Leftover::hasPrefix(d))
            out << Leftover::make(Leftover::Kind::FsFolder, fsName,
                (root == QLatin1String("/") ? QString() : root) + QLatin1Char('/') + d);
    return out;
}

CleanupReport CephFsLeftovers::remove(const CephFsMount &mount, const QList<Leftover> &items)
{
    CleanupReport rep;
    for (const Leftover &l : items) {
        const QString base = l.name.section(QLatin1Char('/'), -1);
        Error e;
        if (l.kind != Leftover::Kind::FsFolder)
            e = Error(Error::Code::InvalidInput,
                QStringLiteral("a %1 is not a CephFS leftover").arg(Leftover::kindName(l.kind)), l.describe());
        else if (!l.name.startsWith(QLatin1Char('/')) || l.name.contains(QLatin1String("/../"))
            || !Leftover::hasPrefix(base))
            e = Error(Error::Code::Unsafe,
                QStringLiteral("refused: the folder name does not start with %1").arg(Leftover::prefix()),
                l.describe());
        else if (!mount.isDir(l.name))
            e = Error(Error::Code::PathMissing, QStringLiteral("no such folder"), l.describe());
        else
            e = mount.removeTree(l.name);
        if (e)
            rep.failed << LeftoverFailure {l, e};
        else
            rep.removed << l;
    }
    return rep;
}

} // namespace cm
