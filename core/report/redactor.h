// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Redaction for exports posted in public (docs/ARCHITECTURE.md §7): host names become node1…nodeN
// (in the order they were added), IPv4 addresses ip1…, IPv6 addresses ip6-1…, MAC
// addresses mac1…; the same value always gets the same placeholder within one
// Redactor, so apply() may be called on every piece of one export. Host names are
// matched case-insensitively as whole names (not inside longer words).
#include "report/runcompare.h"

#include <QHash>
#include <QStringList>

namespace cm {

class Redactor {
public:
    // A host or node name; an FQDN also adds its first label. Names shorter than 2
    // characters and duplicates are ignored. With sameAs (a name added before), the
    // name shares its placeholder: a node's address and its display name are one node.
    void addHost(const QString &name, const QString &sameAs = {});
    // Node names, step nodes and targets, host names of the step environments, the
    // client host, the plan's node hosts.
    void addRecords(const RunRecords &r);
    QString apply(const QString &text);

    QStringList names() const { return m_names; } // as added, before redaction

private:
    QString placeholder(QHash<QString, QString> &map, const QString &prefix, const QString &value);

    QStringList m_hostOrder; // placeholders in use
    QStringList m_names;
    QHash<QString, QString> m_hosts; // lower-case name → nodeN
    QHash<QString, QString> m_ipv4, m_ipv6, m_mac;
};

} // namespace cm
