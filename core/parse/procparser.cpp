// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/procparser.h"

#include <QList>
#include <QMap>

namespace cm {

namespace {

// "key<spaces>: value" lines.
QList<QPair<QByteArray, QByteArray>> keyValues(const QByteArray &text)
{
    QList<QPair<QByteArray, QByteArray>> out;
    for (const QByteArray &line : text.split('\n')) {
        const int colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        out.append({line.left(colon).trimmed(), line.mid(colon + 1).trimmed()});
    }
    return out;
}

QString unquote(QByteArray v)
{
    v = v.trimmed();
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
        v = v.mid(1, v.size() - 2);
    QByteArray out;
    out.reserve(v.size());
    for (int i = 0; i < v.size(); ++i) {
        if (v.at(i) == '\\' && i + 1 < v.size())
            ++i;
        out.append(v.at(i));
    }
    return QString::fromUtf8(out);
}

} // namespace

CpuInfo parseCpuinfo(const QByteArray &text)
{
    CpuInfo c;
    QString fallbackModel;
    for (const auto &[k, v] : keyValues(text)) {
        if (k == "processor") {
            ++c.logicalCpus;
        } else if (k == "model name") {
            if (c.model.isEmpty())
                c.model = QString::fromUtf8(v);
        } else if ((k == "Hardware" || k == "Model" || k == "cpu") && fallbackModel.isEmpty()) {
            fallbackModel = QString::fromUtf8(v);
        }
    }
    if (c.model.isEmpty())
        c.model = fallbackModel;
    return c;
}

MemInfo parseMeminfo(const QByteArray &text)
{
    MemInfo m;
    QMap<QByteArray, quint64> kb;
    for (const auto &[k, v] : keyValues(text)) {
        QByteArray num = v;
        if (num.endsWith("kB"))
            num.chop(2);
        bool ok = false;
        const quint64 n = num.trimmed().toULongLong(&ok);
        if (ok && n < (quint64(1) << 53))
            kb.insert(k, n);
    }
    if (!kb.contains("MemTotal"))
        return m;
    m.valid = true;
    m.totalBytes = kb.value("MemTotal") * 1024;
    if (kb.contains("MemAvailable"))
        m.availableBytes = kb.value("MemAvailable") * 1024;
    else
        m.availableBytes = (kb.value("MemFree") + kb.value("Buffers") + kb.value("Cached")) * 1024;
    return m;
}

QString parseOsReleasePrettyName(const QByteArray &text)
{
    QString pretty, name, version;
    for (const QByteArray &line : text.split('\n')) {
        const int eq = line.indexOf('=');
        if (eq <= 0 || line.trimmed().startsWith('#'))
            continue;
        const QByteArray key = line.left(eq).trimmed();
        if (key == "PRETTY_NAME")
            pretty = unquote(line.mid(eq + 1));
        else if (key == "NAME")
            name = unquote(line.mid(eq + 1));
        else if (key == "VERSION")
            version = unquote(line.mid(eq + 1));
    }
    if (!pretty.isEmpty())
        return pretty;
    return (name + QLatin1Char(' ') + version).trimmed();
}

} // namespace cm
