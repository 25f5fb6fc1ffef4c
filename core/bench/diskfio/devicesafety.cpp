// SPDX-License-Identifier: GPL-3.0-or-later
#include "bench/diskfio/devicesafety.h"

#include "parse/blockdeviceparsers.h"
#include "parse/markedsections.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QUuid>

Q_LOGGING_CATEGORY(lcSafety, "clustermark.core.devicesafety", QtInfoMsg)

namespace cm {

namespace {

// Fixed text; the device path is $1 and the nonce $2. The exclusive-open test uses
// perl (essential on Debian) or python3: no shell tool opens a device with O_EXCL.
const char *const SafetyScript = R"SH(CMN=$2; export LC_ALL=C
rd() { v=; { read -r v < "$1"; } 2>/dev/null; }
r=$(readlink -f -- "$1" 2>/dev/null); [ -n "$r" ] || r=$1
b resolved; printf '%s' "$r"; e resolved
b kind; if [ -b "$r" ]; then echo block; elif [ -d "$r" ]; then echo directory; elif [ -e "$r" ]; then echo other; else echo missing; fi; e kind
[ -b "$r" ] || exit 0
b tree; lsblk -n -r -b -o KNAME,MAJ:MIN,TYPE,RO,SIZE,MOUNTPOINT -- "$r" 2>&1; e tree
for k in $(lsblk -n -r -o KNAME -- "$r" 2>/dev/null); do
  b "blkid $k"; blkid -p -o export -- "/dev/$k" 2>&1; e "blkid $k"
  b "head $k"; od -An -v -tx1 -N32 -- "/dev/$k" 2>&1; e "head $k"
  b "holders $k"
  for h in /sys/class/block/"$k"/holders/*; do
    [ -e "$h" ] || continue; rd "$h/dm/name"; n=$v; rd "$h/dm/uuid"; printf '%s\t%s\t%s\n' "${h##*/}" "$n" "$v"
  done; true; e "holders $k"
done
b wipefs; wipefs -n -J -- "$r" 2>&1; e wipefs
b swaps; while read -r f rest; do [ "$f" = Filename ] && continue; readlink -f -- "$f" 2>/dev/null || printf '%s\n' "$f"; done < /proc/swaps; true; e swaps
b mountinfo; cat /proc/self/mountinfo; e mountinfo
b excl
if command -v perl >/dev/null 2>&1; then
  perl -MFcntl -e 'sysopen(my $f, $ARGV[0], O_RDONLY|O_EXCL) or do { print(($!{EBUSY} ? "busy " : "error "), "$!\n"); exit 1 }; print "free\n"' "$r"
elif command -v python3 >/dev/null 2>&1; then
  python3 -c 'import os, sys, errno
try:
    os.close(os.open(sys.argv[1], os.O_RDONLY | os.O_EXCL)); print("free")
except OSError as x:
    print(("busy " if x.errno == errno.EBUSY else "error ") + x.strerror); sys.exit(1)' "$r"
else echo unknown; fi; e excl
b root; s=$(findmnt -n -o SOURCE / 2>/dev/null); s=${s%%\[*}; printf '%s\n' "$s"; [ -b "$s" ] && lsblk -n -r -s -o KNAME -- "$s" 2>/dev/null; true; e root
b complete; true; e complete
exit 0
)SH";

// A folder that other users can write to without the sticky bit lets them swap the
// bench file between its creation and fio's open: refused ("shared"). The write test
// uses mktemp (a random name, created exclusively), never a name known in advance.
const char *const FileTargetScript = R"SH(d=$1
if [ ! -e "$d" ]; then echo missing
elif [ ! -d "$d" ]; then echo notdir
elif [ -n "$(find "$d" -maxdepth 0 \( -perm -0002 -o -perm -0020 \) ! -perm -1000 2>/dev/null)" ]; then echo shared
else
  if t=$(mktemp -p "$d" .clustermark-write-test.XXXXXXXXXX 2>/dev/null); then rm -f -- "$t"; echo ok; else echo readonly; fi
fi
)SH";

const QByteArray BluestoreMagic = QByteArrayLiteral("bluestore block device");

QString article(const QString &word)
{
    static const QString vowels = QStringLiteral("aeiouAEIOU");
    return (!word.isEmpty() && vowels.contains(word.at(0)) ? QStringLiteral("an ") : QStringLiteral("a ")) + word;
}

class Evaluator {
public:
    Evaluator(const QMap<QString, MarkedSection> &secs, const QString &asked)
        : m_secs(secs)
        , m_asked(asked)
    { }

    DeviceSafetyReport run();

private:
    bool checkKind();
    bool checkComplete();
    void checkInUse(const LsblkTreeEntry &t, const QList<MountinfoRow> &mounts, const QStringList &swaps);
    void checkContents(const LsblkTreeEntry &t);
    void checkSignatures(const LsblkTreeEntry &t);
    void checkHolders(const LsblkTreeEntry &t);
    void checkWipefs(const LsblkTreeEntry &self);
    void checkExclusiveOpen();
    void checkRootFilesystem(const QList<LsblkTreeEntry> &tree, const QList<MountinfoRow> &mounts);
    QByteArray body(const QString &name) const { return m_secs.value(name).body; }
    int rc(const QString &name) const { return m_secs.contains(name) ? m_secs.value(name).exitCode : -2; }
    QString label(const LsblkTreeEntry &t) const;
    void refuse(const QString &sentence)
    {
        if (!m_rep.reasons.contains(sentence))
            m_rep.reasons << sentence;
    }

    const QMap<QString, MarkedSection> &m_secs;
    QString m_asked;
    QString m_dev; // resolved path, for the sentences
    QSet<QString> m_seenSignatures; // "kname/type" already reported
    DeviceSafetyReport m_rep;
};

QString Evaluator::label(const LsblkTreeEntry &t) const
{
    const QString path = QStringLiteral("/dev/") + t.kname;
    if (path == m_dev)
        return m_dev;
    const QString rel = t.type == QLatin1String("part") ? QStringLiteral("a partition")
        : t.type == QLatin1String("lvm")                ? QStringLiteral("an LVM volume")
                                                        : article(t.type) + QStringLiteral(" device");
    return QStringLiteral("%1 (%2 on %3)").arg(path, rel, m_dev);
}

DeviceSafetyReport Evaluator::run()
{
    if (!checkKind() || !checkComplete())
        return m_rep;

    const QList<LsblkTreeEntry> tree = parseLsblkTree(body(QStringLiteral("tree")));
    if (tree.isEmpty()) {
        refuse(QStringLiteral("%1 could not be checked: lsblk did not list it (%2).")
                   .arg(m_dev, QString::fromUtf8(body(QStringLiteral("tree"))).trimmed()));
        return m_rep;
    }
    const LsblkTreeEntry &self = tree.first();
    m_rep.sizeBytes = self.size;
    if (self.readOnly)
        refuse(QStringLiteral("%1 is read-only (lsblk RO=1).").arg(m_dev));
    if (self.size == 0)
        refuse(QStringLiteral("%1 has a size of 0 bytes (no medium?).").arg(m_dev));

    // Mounts: lsblk's view plus the kernel's (mountinfo by device number and source).
    const QList<MountinfoRow> mounts = parseMountinfo(body(QStringLiteral("mountinfo")));
    const QStringList swaps
        = QString::fromUtf8(body(QStringLiteral("swaps"))).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    int partitions = 0;
    for (const LsblkTreeEntry &t : tree) {
        if (t.type == QLatin1String("part") && &t != &self)
            ++partitions;
        checkInUse(t, mounts, swaps);
        checkContents(t);
    }
    if (partitions > 0)
        refuse(QStringLiteral("%1 has %2 partition(s).").arg(m_dev).arg(partitions));

    checkWipefs(self);
    checkExclusiveOpen();
    checkRootFilesystem(tree, mounts);
    m_rep.allowed = m_rep.reasons.isEmpty();
    return m_rep;
}

// False when the path is no block device (or the probe gave no answer): nothing
// else applies then.
bool Evaluator::checkKind()
{
    m_rep.resolvedPath = QString::fromUtf8(body(QStringLiteral("resolved")));
    m_dev = m_rep.resolvedPath.isEmpty() ? m_asked : m_rep.resolvedPath;
    const QString kind = QString::fromUtf8(body(QStringLiteral("kind"))).trimmed();
    if (kind == QLatin1String("missing")) {
        refuse(QStringLiteral("%1 does not exist on the node.").arg(m_asked));
        return false;
    }
    if (kind == QLatin1String("directory") || kind == QLatin1String("other")) {
        refuse(QStringLiteral("%1 is not a block device (it is %2).")
                   .arg(m_asked,
                       kind == QLatin1String("directory") ? QStringLiteral("a directory")
                                                          : QStringLiteral("a regular or special file")));
        return false;
    }
    if (kind != QLatin1String("block")) {
        refuse(QStringLiteral("%1 could not be checked: the safety probe gave no answer.").arg(m_asked));
        return false;
    }
    return true;
}

// Everything or nothing: a cut-short answer must never pass as "no evidence".
bool Evaluator::checkComplete()
{
    bool complete = m_secs.contains(QStringLiteral("complete"));
    for (const MarkedSection &sec : m_secs)
        complete = complete && sec.exitCode != -1;
    if (!complete)
        refuse(QStringLiteral("%1 could not be checked: the safety probe's answer was incomplete.").arg(m_dev));
    return complete;
}

void Evaluator::checkInUse(const LsblkTreeEntry &t, const QList<MountinfoRow> &mounts, const QStringList &swaps)
{
    const QString path = QStringLiteral("/dev/") + t.kname;
    QStringList where;
    if (!t.mountpoint.isEmpty() && t.mountpoint != QLatin1String("[SWAP]"))
        where << t.mountpoint;
    for (const MountinfoRow &m : mounts)
        if ((m.majmin == t.majmin || m.source == path) && !where.contains(m.mountpoint))
            where << m.mountpoint;
    if (!where.isEmpty())
        refuse(QStringLiteral("%1 is mounted on %2.").arg(label(t), where.join(QStringLiteral(", "))));
    if (swaps.contains(path) || t.mountpoint == QLatin1String("[SWAP]"))
        refuse(QStringLiteral("%1 is in use as swap (/proc/swaps).").arg(label(t)));
}

// What is written on the device or child, and what holds it.
void Evaluator::checkContents(const LsblkTreeEntry &t)
{
    if (!m_secs.contains(QStringLiteral("blkid ") + t.kname)
        || !m_secs.contains(QStringLiteral("holders ") + t.kname)) {
        refuse(QStringLiteral("%1 could not be checked: no signature or holder data for it.").arg(label(t)));
        return;
    }
    checkSignatures(t);
    if (parseOdHex(body(QStringLiteral("head ") + t.kname)).startsWith(BluestoreMagic)) {
        m_seenSignatures << t.kname + QStringLiteral("/ceph_bluestore");
        refuse(QStringLiteral("%1 starts with the Ceph BlueStore label \"bluestore block device\": it is a Ceph OSD.")
                   .arg(label(t)));
    }
    checkHolders(t);
}

// blkid -p reads the device itself; lsblk needs udev for FSTYPE.
void Evaluator::checkSignatures(const LsblkTreeEntry &t)
{
    const QString bk = QStringLiteral("blkid ") + t.kname;
    const int brc = rc(bk);
    const QMap<QString, QString> sig = parseBlkidExport(body(bk));
    // blkid exits 2 both for "nothing found" and for some errors: look at the text.
    static const QRegularExpression notKeyValue(QStringLiteral("^[^=]*$"));
    const bool probeFailed = (brc != 0 && brc != 2)
        || !QString::fromUtf8(body(bk)).split(QLatin1Char('\n'), Qt::SkipEmptyParts).filter(notKeyValue).isEmpty();
    if (probeFailed) {
        refuse(QStringLiteral("%1 could not be probed for signatures (blkid exit status %2: %3).")
                   .arg(label(t))
                   .arg(brc)
                   .arg(QString::fromUtf8(body(bk)).trimmed()));
    }
    const QString type = sig.value(QStringLiteral("TYPE"));
    m_seenSignatures << t.kname + QLatin1Char('/') + type
                     << t.kname + QLatin1Char('/') + sig.value(QStringLiteral("PTTYPE"));
    if (sig.value(QStringLiteral("PTTYPE")) == QLatin1String("gpt"))
        m_seenSignatures << t.kname + QStringLiteral("/PMBR"); // GPT's protective MBR
    if (sig.contains(QStringLiteral("PTTYPE")))
        refuse(QStringLiteral("%1 has a partition table (%2).").arg(label(t), sig.value(QStringLiteral("PTTYPE"))));
    if (type == QLatin1String("LVM2_member"))
        refuse(QStringLiteral("%1 carries an LVM2 physical volume signature (blkid TYPE=LVM2_member).").arg(label(t)));
    else if (type == QLatin1String("ceph_bluestore"))
        refuse(QStringLiteral("%1 carries a Ceph BlueStore signature (blkid TYPE=ceph_bluestore): it is a Ceph OSD.")
                   .arg(label(t)));
    else if (type == QLatin1String("swap"))
        refuse(QStringLiteral("%1 carries a swap signature (blkid TYPE=swap).").arg(label(t)));
    else if (!type.isEmpty())
        refuse(QStringLiteral("%1 carries %2 signature (blkid TYPE=%3, USAGE=%4).")
                   .arg(label(t), article(type), type, sig.value(QStringLiteral("USAGE"))));
}

void Evaluator::checkHolders(const LsblkTreeEntry &t)
{
    for (const QByteArray &line : body(QStringLiteral("holders ") + t.kname).split('\n')) {
        const QList<QByteArray> f = line.split('\t');
        if (f.value(0).isEmpty())
            continue;
        const QString holder = QString::fromUtf8(f.value(0));
        const QString dmName = QString::fromUtf8(f.value(1));
        const QString dmUuid = QString::fromUtf8(f.value(2));
        const QString named = dmName.isEmpty() ? holder : QStringLiteral("%1 (%2)").arg(holder, dmName);
        refuse(QStringLiteral("%1 is held by %2 (/sys/class/block/%3/holders).").arg(label(t), named, t.kname));
        if (isCephDmVolume(dmName, dmUuid))
            refuse(QStringLiteral("%1 is a Ceph OSD: its holder %2 is a ceph-volume device.").arg(label(t), named));
    }
}

// wipefs sees signatures blkid reports only one of (e.g. a leftover second one).
void Evaluator::checkWipefs(const LsblkTreeEntry &self)
{
    const QByteArray wj = body(QStringLiteral("wipefs"));
    if (rc(QStringLiteral("wipefs")) == 0 && !wj.trimmed().isEmpty()) {
        const QJsonArray sigs = QJsonDocument::fromJson(wj).object().value(QLatin1String("signatures")).toArray();
        for (const QJsonValue &v : sigs) {
            const QJsonObject o = v.toObject();
            const QString type = o.value(QLatin1String("type")).toString();
            const QString dev = o.value(QLatin1String("device")).toString();
            const bool known = m_seenSignatures.contains((dev.isEmpty() ? self.kname : dev) + QLatin1Char('/') + type);
            if (!type.isEmpty() && !known)
                refuse(QStringLiteral("/dev/%1 carries %2 signature at offset %3 (wipefs).")
                           .arg(dev.isEmpty() ? self.kname : dev, article(type),
                               o.value(QLatin1String("offset")).toString()));
        }
    } else if (rc(QStringLiteral("wipefs")) != 0) {
        m_rep.warnings << QStringLiteral("wipefs could not list the signatures of %1: %2")
                              .arg(m_dev, QString::fromUtf8(wj).trimmed());
    }
}

void Evaluator::checkExclusiveOpen()
{
    const QString excl = QString::fromUtf8(body(QStringLiteral("excl"))).trimmed();
    if (excl.startsWith(QLatin1String("busy")))
        refuse(QStringLiteral("%1 is opened exclusively by the kernel or another program (an O_EXCL open failed: %2).")
                   .arg(m_dev, excl.mid(5)));
    else if (excl != QLatin1String("free"))
        m_rep.warnings << QStringLiteral("the exclusive-open test of %1 could not run (%2)")
                              .arg(m_dev, excl.isEmpty() ? QStringLiteral("no output") : excl);
}

// findmnt's source and its parents, and mountinfo's device of "/".
void Evaluator::checkRootFilesystem(const QList<LsblkTreeEntry> &tree, const QList<MountinfoRow> &mounts)
{
    const QStringList root
        = QString::fromUtf8(body(QStringLiteral("root"))).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    const QString rootSource = root.value(0);
    const QStringList rootChain = root.mid(1);
    QString rootMajmin;
    for (const MountinfoRow &m : mounts)
        if (m.mountpoint == QLatin1String("/"))
            rootMajmin = m.majmin;
    for (const LsblkTreeEntry &t : tree) {
        const bool onChain = rootChain.contains(t.kname);
        const bool isRootDev = !rootMajmin.isEmpty() && t.majmin == rootMajmin;
        if (onChain || isRootDev) {
            refuse(QStringLiteral("%1 is or holds the root filesystem (/ is mounted from %2).")
                       .arg(m_dev, rootSource.isEmpty() ? QStringLiteral("/dev/") + t.kname : rootSource));
            break;
        }
    }
    if (rootSource.isEmpty() && rootMajmin.isEmpty())
        m_rep.warnings << QStringLiteral("the device of the root filesystem could not be found");
}

} // namespace

QJsonObject DeviceSafetyReport::toJson() const
{
    return QJsonObject {
        {QStringLiteral("allowed"), allowed},
        {QStringLiteral("reasons"), QJsonArray::fromStringList(reasons)},
        {QStringLiteral("warnings"), QJsonArray::fromStringList(warnings)},
        {QStringLiteral("resolvedPath"), resolvedPath},
        {QStringLiteral("sizeBytes"), static_cast<double>(sizeBytes)},
    };
}

bool isCephDmVolume(const QString &dmName, const QString &dmUuid)
{
    if (dmName.startsWith(QLatin1String("ceph--")))
        return true;
    return dmUuid.startsWith(QLatin1String("LVM-")) && dmName.contains(QLatin1String("-osd--"));
}

Command deviceSafetyCommand(const QString &devicePath, const QByteArray &nonce)
{
    Command c;
    c.argv = {QStringLiteral("sh"), QStringLiteral("-c"),
        QString::fromUtf8(markedSectionShellFunctions()) + QString::fromUtf8(SafetyScript), QStringLiteral("cm-safety"),
        devicePath, QString::fromLatin1(nonce)};
    c.timeoutMs = 60000;
    c.maxRuntimeSec = 60;
    return c;
}

DeviceSafetyReport evaluateDeviceSafety(const QByteArray &output, const QByteArray &nonce, const QString &devicePath)
{
    const QMap<QString, MarkedSection> secs = splitMarkedSections(output, nonce);
    return Evaluator(secs, devicePath).run();
}

DeviceSafetyReport checkDeviceForWrite(Transport &t, const QString &devicePath)
{
    DeviceSafetyReport rep;
    rep.resolvedPath = devicePath;
    if (!devicePath.startsWith(QLatin1Char('/'))) {
        rep.reasons << QStringLiteral("\"%1\" is not an absolute device path.").arg(devicePath);
        return rep;
    }
    const QByteArray nonce = QUuid::createUuid().toByteArray(QUuid::Id128);
    const Command c = deviceSafetyCommand(devicePath, nonce);
    if (Error ce = t.connect()) {
        rep.reasons << QStringLiteral("%1 could not be checked: %2").arg(devicePath, ce.message);
        return rep;
    }
    const ExecResult r = t.run(c, {}, CancelToken());
    if (r.error || r.exitCode != 0) {
        rep.reasons << QStringLiteral("%1 could not be checked: %2")
                           .arg(devicePath,
                               r.error ? r.error.message
                                       : QStringLiteral("the safety probe failed with exit status %1: %2")
                                             .arg(r.exitCode)
                                             .arg(QString::fromUtf8(r.stdErr).trimmed()));
        return rep;
    }
    rep = evaluateDeviceSafety(r.stdOut, nonce, devicePath);
    qCInfo(lcSafety) << t.node().displayName() << devicePath << (rep.allowed ? "allowed" : "refused") << rep.reasons;
    return rep;
}

bool typedConfirmationMatches(const QString &typed, const QString &devicePath)
{
    const QString want = devicePath.trimmed();
    return !want.isEmpty() && typed.trimmed() == want;
}

Error checkFileTarget(Transport &t, const QString &dir)
{
    const QString ctx = t.node().displayName() + QLatin1Char(':') + dir;
    if (dir.isEmpty() || !dir.startsWith(QLatin1Char('/')))
        return Error(Error::Code::InvalidInput, QStringLiteral("the target folder must be an absolute path"), ctx);
    Command c;
    c.argv = {QStringLiteral("sh"), QStringLiteral("-c"), QString::fromUtf8(FileTargetScript),
        QStringLiteral("cm-target"), dir};
    c.timeoutMs = 30000;
    c.maxRuntimeSec = 30;
    if (Error ce = t.connect())
        return ce;
    const ExecResult r = t.run(c, {}, CancelToken());
    if (r.error)
        return r.error;
    const QByteArray verdict = r.stdOut.trimmed();
    if (r.exitCode != 0 || verdict.isEmpty())
        return Error(Error::Code::CommandFailed, QStringLiteral("could not check the target folder %1").arg(dir), ctx,
            QString::fromUtf8(r.stdErr).trimmed());
    if (verdict == "missing")
        return Error(Error::Code::PathMissing,
            QStringLiteral("the target folder %1 does not exist on %2 (it is never created automatically)")
                .arg(dir, t.node().displayName()),
            ctx);
    if (verdict == "notdir")
        return Error(
            Error::Code::PathMissing, QStringLiteral("%1 on %2 is not a folder").arg(dir, t.node().displayName()), ctx);
    if (verdict == "shared")
        return Error(Error::Code::Unsafe,
            QStringLiteral(
                "the target folder %1 on %2 can be written by other users and has no sticky bit: another user "
                "could swap the bench file; choose a folder only you can write to, or one with the sticky bit "
                "(like /tmp)")
                .arg(dir, t.node().displayName()),
            ctx);
    if (verdict == "readonly")
        return Error(Error::Code::PathMissing,
            QStringLiteral("the target folder %1 on %2 is not writable").arg(dir, t.node().displayName()), ctx);
    return {};
}

} // namespace cm
