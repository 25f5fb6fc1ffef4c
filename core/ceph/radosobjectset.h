// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The benchmark objects of one run, shared by its steps: a write step leaves its objects
// for the read steps, which then write only the objects still missing. Knows the name
// prefix ("clustermark-bench-rados-<token>-"), which objects were written at all
// (to remove) and which were written whole (safe to read). Thread-safe; the steps of a
// run use it one after the other.
#include <QString>

#include <mutex>
#include <vector>

namespace cm {

class RadosObjectSet {
public:
    RadosObjectSet(QString pool, quint64 objectSize, int objects); // a new random token

    QString pool() const { return m_pool; }
    QString prefix() const { return m_prefix; }
    quint64 objectSize() const { return m_objectSize; }
    int objects() const { return m_objects; }

    // Copies out / merges back one flag per object index.
    void flags(std::vector<char> *touched, std::vector<char> *whole) const;
    void merge(const std::vector<char> &touched, const std::vector<char> &whole);
    // After a clean-up: the objects that are gone (removed or already missing).
    void forget(const std::vector<char> &gone);
    quint64 touchedCount() const;

    static QString newPrefix();

private:
    mutable std::mutex m_mutex;
    QString m_pool;
    QString m_prefix;
    quint64 m_objectSize;
    int m_objects;
    std::vector<char> m_touched;
    std::vector<char> m_whole;
};

} // namespace cm
