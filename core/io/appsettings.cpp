// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/appsettings.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>

namespace cm {

QString settingsdefault::lastTargetDir()
{
    return QDir::tempPath();
}

AppSettings::AppSettings() = default;

AppSettings::AppSettings(const QString &iniFile)
    : m_settings(iniFile, QSettings::IniFormat)
{ }

QList<NodeSpec> AppSettings::nodes() const
{
    const QByteArray raw = m_settings.value(settingskey::Nodes).toByteArray();
    QList<NodeSpec> out;
    const QJsonArray arr = QJsonDocument::fromJson(raw).array();
    for (const auto &v : arr) {
        if (!v.isObject())
            continue;
        NodeSpec n = NodeSpec::fromJson(v.toObject());
        if (!n.host.isEmpty())
            out.append(n);
    }
    return out;
}

void AppSettings::setNodes(const QList<NodeSpec> &nodes)
{
    QJsonArray arr;
    for (const auto &n : nodes)
        arr.append(n.toJson());
    m_settings.setValue(settingskey::Nodes, QJsonDocument(arr).toJson(QJsonDocument::Compact));
}

void AppSettings::saveNode(const NodeSpec &node)
{
    QList<NodeSpec> list = nodes();
    bool replaced = false;
    for (auto &n : list) {
        if (n.secretKey() == node.secretKey()) {
            n = node;
            replaced = true;
        }
    }
    if (!replaced)
        list.append(node);
    setNodes(list);
}

void AppSettings::removeNode(const NodeSpec &node)
{
    QList<NodeSpec> list = nodes();
    list.removeIf([&](const NodeSpec &n) { return n.secretKey() == node.secretKey(); });
    setNodes(list);
}

QString AppSettings::lastTargetDir() const
{
    return m_settings.value(settingskey::LastTargetDir, settingsdefault::lastTargetDir()).toString();
}

void AppSettings::setLastTargetDir(const QString &dir)
{
    m_settings.setValue(settingskey::LastTargetDir, dir);
}

QString AppSettings::lastPreset() const
{
    return m_settings.value(settingskey::LastPreset, settingsdefault::LastPreset).toString();
}

void AppSettings::setLastPreset(const QString &presetId)
{
    m_settings.setValue(settingskey::LastPreset, presetId);
}

QString AppSettings::theme() const
{
    return m_settings.value(settingskey::Theme, QStringLiteral("system")).toString();
}

void AppSettings::setTheme(const QString &theme)
{
    m_settings.setValue(settingskey::Theme, theme);
}

QStringList AppSettings::colouredTargets() const
{
    return m_settings.value(settingskey::TargetColours).toStringList();
}

void AppSettings::setColouredTargets(const QStringList &targets)
{
    m_settings.setValue(settingskey::TargetColours, targets);
}

QByteArray AppSettings::windowGeometry() const
{
    return m_settings.value(settingskey::WindowGeometry).toByteArray();
}

void AppSettings::setWindowGeometry(const QByteArray &g)
{
    m_settings.setValue(settingskey::WindowGeometry, g);
}

QByteArray AppSettings::windowState() const
{
    return m_settings.value(settingskey::WindowState).toByteArray();
}

void AppSettings::setWindowState(const QByteArray &s)
{
    m_settings.setValue(settingskey::WindowState, s);
}

CephConnectionSpec AppSettings::cephConnection() const
{
    CephConnectionSpec s;
    s.confPath = m_settings.value(settingskey::CephConf).toString();
    s.keyringPath = m_settings.value(settingskey::CephKeyring).toString();
    s.clientName = m_settings.value(settingskey::CephClient, s.clientName).toString();
    s.monHost = m_settings.value(settingskey::CephMonHost).toString();
    s.fsid = m_settings.value(settingskey::CephFsid).toString();
    return s;
}

QString AppSettings::cephLabDir() const
{
    return m_settings.value(settingskey::CephLabDir).toString();
}

void AppSettings::setCephConnection(const CephConnectionSpec &spec, const QString &labDir)
{
    m_settings.setValue(settingskey::CephConf, spec.confPath);
    m_settings.setValue(settingskey::CephKeyring, spec.keyringPath);
    m_settings.setValue(settingskey::CephClient, spec.clientName);
    m_settings.setValue(settingskey::CephMonHost, spec.monHost);
    m_settings.setValue(settingskey::CephFsid, spec.fsid);
    m_settings.setValue(settingskey::CephLabDir, labDir);
}

void AppSettings::clearCephConnection()
{
    for (const QString &k : {settingskey::CephConf, settingskey::CephKeyring, settingskey::CephClient,
             settingskey::CephMonHost, settingskey::CephFsid, settingskey::CephLabDir})
        m_settings.remove(k);
}

void AppSettings::sync()
{
    m_settings.sync();
}

} // namespace cm
