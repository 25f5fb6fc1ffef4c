#pragma once
// The one typed wrapper over QSettings: every key and default lives here. Secrets are
// never stored (NodeSpec carries none; passwords go to the keychain).
#include "model/nodespec.h"

#include <QByteArray>
#include <QList>
#include <QSettings>
#include <QString>

namespace cm {

namespace settingskey {
inline const QString Nodes = QStringLiteral("cluster/nodes");               // JSON array of NodeSpec
inline const QString LastTargetDir = QStringLiteral("wizard/lastTargetDir");
inline const QString LastPreset = QStringLiteral("wizard/lastPreset");
inline const QString WindowGeometry = QStringLiteral("window/geometry");
inline const QString WindowState = QStringLiteral("window/state");
} // namespace settingskey

namespace settingsdefault {
QString lastTargetDir();                                                     // the temp folder
inline const QString LastPreset = QStringLiteral("quick");
} // namespace settingsdefault

class AppSettings {
public:
    AppSettings();                               // the application's QSettings
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
    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray &g);
    QByteArray windowState() const;
    void setWindowState(const QByteArray &s);

    void sync();

private:
    mutable QSettings m_settings;
};

} // namespace cm
