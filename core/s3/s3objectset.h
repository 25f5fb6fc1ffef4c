// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The benchmark objects of one run's bucket: keys "<prefix><objectSize>-<n>" (n zero
// padded, so listings come in index order) and which of them exist, per object size.
// Steps at one size share them: a GET step reads what a PUT step wrote and writes
// only what is missing. Not thread-safe: one step uses it at a time (S3Workload guards
// its own use with its mutex).
#include <QHash>
#include <QString>

#include <vector>

namespace cm {

class S3ObjectSet {
public:
    static constexpr const char *kDefaultPrefix = "clustermark-obj-";

    explicit S3ObjectSet(QString prefix = QLatin1String(kDefaultPrefix))
        : m_prefix(std::move(prefix))
    { }

    QString sizePrefix(qint64 objectSize) const { return QStringLiteral("%1%2-").arg(m_prefix).arg(objectSize); }
    QString key(qint64 objectSize, int index) const
    {
        return sizePrefix(objectSize) + QStringLiteral("%1").arg(index, 7, 10, QLatin1Char('0'));
    }
    // One flag per index (at least `objects` of them): 1 = the object exists.
    std::vector<char> &exists(qint64 objectSize, int objects)
    {
        std::vector<char> &v = m_exists[objectSize];
        if (v.size() < size_t(objects))
            v.resize(size_t(objects), 0);
        return v;
    }
    // Objects known to exist, all sizes.
    qint64 existing() const
    {
        qint64 n = 0;
        for (const auto &v : m_exists)
            for (char c : v)
                n += c;
        return n;
    }
    QString prefix() const { return m_prefix; }

private:
    QString m_prefix;
    QHash<qint64, std::vector<char>> m_exists;
};

} // namespace cm
