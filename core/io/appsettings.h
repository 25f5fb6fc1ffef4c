// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one typed wrapper over QSettings: every key and default lives here. Secrets are
// never stored (NodeSpec carries none; passwords go to the keychain).
#include "ceph/cephconnectionspec.h"
#include "model/nodespec.h"

#include <QByteArray>
#include <QList>
#include <QSettings>
#include <QString>

namespace cm {

namespace settingskey {
inline const QString Nodes = QStringLiteral("cluster/nodes"); // JSON array of NodeSpec
inline const QString LastTargetDir = QStringLiteral("wizard/lastTargetDir");
inline const QString LastPreset = QStringLiteral("wizard/lastPreset");
inline const QString WindowGeometry = QStringLiteral("window/geometry");
inline const QString WindowState = QStringLiteral("window/state");
inline const QString Theme = QStringLiteral("appearance/theme"); // "system", "light" or "dark"
// the targets in the order they got their chart colour (ui/targetcolors.h)
inline const QString TargetColours = QStringLiteral("appearance/targetColours");
// The connected Ceph cluster: file paths and the client name only, never a key.
inline const QString CephConf = QStringLiteral("ceph/conf");
inline const QString CephKeyring = QStringLiteral("ceph/keyring");
inline const QString CephClient = QStringLiteral("ceph/client");
inline const QString CephMonHost = QStringLiteral("ceph/monHost"); // a cluster fetched from a node
inline const QString CephFsid = QStringLiteral("ceph/fsid"); // (its key: memory or keychain)
inline const QString CephLabDir = QStringLiteral("ceph/labDir"); // set for a local lab
} // namespace settingskey

namespace settingsdefault {
QString lastTargetDir(); // the temp folder
inline const QString LastPreset = QStringLiteral("quick");
} // namespace settingsdefault

class AppSettings {
public:
    AppSettings(); // the application's QSettings
    explicit AppSettings(const QString &iniFile); // a given file (tests)

    QList<NodeSpec> nodes() const;
    void setNodes(const QList<NodeSpec> &nodes);
    // Adds or replaces (same secretKey()) one node.
    void saveNode(const NodeSpec &node);
    void removeNode(const NodeSpec &node);

    QString lastTargetDir() const;
    void setLastTargetDir(const QString &dir);
    QString lastPreset() const;
    void setLastPreset(const QString &presetId);
    QString theme() const; // "system" unless set
    void setTheme(const QString &theme);
    QStringList colouredTargets() const;
    void setColouredTargets(const QStringList &targets);
    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &g);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &s);

    // The remembered Ceph connection (confPath empty = none). The spec's key is never
    // stored; labDir is set when the connection is a local lab (scripts/lab/ceph-lab.sh).
    CephConnectionSpec cephConnection() const;
    QString cephLabDir() const;
    void setCephConnection(const CephConnectionSpec &spec, const QString &labDir = {});
    void clearCephConnection();

    void sync();

private:
    mutable QSettings m_settings;
};

} // namespace cm
