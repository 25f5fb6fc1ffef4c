// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

namespace cmtest {

// Limits a process to a share of one core through a CPU cgroup (v1 "cpu" controller,
// or cgroup v2's cpu.max): a real way to slow one OSD. Undone on destruction: the
// process goes back to the root group and the group is removed.
class CpuQuota {
public:
    CpuQuota(qint64 pid, int percent)
        : m_pid(pid)
    {
        const bool v1 = QFileInfo::exists(QStringLiteral("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"));
        m_root = v1 ? QStringLiteral("/sys/fs/cgroup/cpu") : QStringLiteral("/sys/fs/cgroup");
        m_dir = m_root + QStringLiteral("/clustermark-test-%1").arg(QCoreApplication::applicationPid());
        if (!v1)
            write(m_root + QStringLiteral("/cgroup.subtree_control"), "+cpu");
        const QByteArray quota = QByteArray::number(1000 * percent);
        m_ok = QDir().mkpath(m_dir)
            && (v1 ? write(m_dir + QStringLiteral("/cpu.cfs_quota_us"), quota)
                   : write(m_dir + QStringLiteral("/cpu.max"), quota + " 100000"))
            && write(m_dir + QStringLiteral("/cgroup.procs"), QByteArray::number(pid));
    }
    ~CpuQuota()
    {
        write(m_root + QStringLiteral("/cgroup.procs"), QByteArray::number(m_pid));
        QDir().rmdir(m_dir);
    }
    bool ok() const { return m_ok; }
    QString dir() const { return m_dir; }

private:
    static bool write(const QString &path, const QByteArray &value)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(value) == value.size() && f.flush();
    }
    qint64 m_pid;
    QString m_root;
    QString m_dir;
    bool m_ok = false;
};

} // namespace cmtest
