// SPDX-License-Identifier: GPL-3.0-or-later
#include "ceph/osdobjectmapper.h"

#include "parse/cephosdmap.h"

#include <QJsonObject>
#include <QLoggingCategory>
#include <QRandomGenerator>

Q_LOGGING_CATEGORY(lcOsdMap, "clustermark.core.ceph.osdmap", QtInfoMsg)

namespace cm {

OsdObjectMapper::OsdObjectMapper(RadosClient &client, QString pool, QString token)
    : m_client(client)
    , m_pool(std::move(pool))
    , m_token(std::move(token))
{
    if (m_token.isEmpty())
        m_token = QString::number(QRandomGenerator::global()->generate64() & 0xffffffffffffull, 36);
}

int OsdObjectMapper::defaultMaxTries(int osdCount, int perOsd)
{
    return qMax(2000, 50 * qMax(1, osdCount) * qMax(1, perOsd));
}

QString OsdObjectMapper::nameAt(int n) const
{
    return QLatin1String(kPrefix) + m_token + QLatin1Char('-') + QString::number(n);
}

Error OsdObjectMapper::map(const QList<int> &osds, int perOsd, const CancelToken &cancel, int maxTries)
{
    m_objects.clear();
    m_tries = 0;
    if (osds.isEmpty() || perOsd < 1)
        return Error(Error::Code::InvalidInput, QStringLiteral("no OSD to find objects for"), m_pool);
    if (maxTries <= 0)
        maxTries = defaultMaxTries(int(osds.size()), perOsd);
    for (int id : osds)
        m_objects.insert(id, {});
    int missing = int(osds.size()) * perOsd;
    while (missing > 0 && m_tries < maxTries) {
        if (cancel.isCancelled())
            return Error(Error::Code::Cancelled, QStringLiteral("cancelled while mapping objects to OSDs"), m_pool);
        const QString name = nameAt(m_tries++);
        QByteArray out;
        const QJsonObject cmd {{QStringLiteral("prefix"), QStringLiteral("osd map")}, {QStringLiteral("pool"), m_pool},
            {QStringLiteral("object"), name}, {QStringLiteral("format"), QStringLiteral("json")}};
        if (Error e = m_client.monCommand(cmd, &out)) {
            e.context = m_pool;
            return e;
        }
        CephObjectMap m;
        if (Error e = parseCephObjectMap(out, &m))
            return e;
        const int primary = m.primary();
        auto it = m_objects.find(primary);
        if (it == m_objects.end() || it->size() >= perOsd)
            continue;
        it->append(name);
        --missing;
    }
    if (missing == 0) {
        qCInfo(lcOsdMap) << "pool" << m_pool << ":" << perOsd << "objects for each of" << osds.size() << "OSDs in"
                         << m_tries << "tries";
        return {};
    }
    QStringList short_;
    for (auto it = m_objects.cbegin(); it != m_objects.cend(); ++it)
        if (it->size() < perOsd)
            short_ << QStringLiteral("osd.%1 (%2 of %3)").arg(it.key()).arg(it->size()).arg(perOsd);
    return Error(Error::Code::CommandFailed,
        QStringLiteral("after %1 object names in pool %2, too few objects whose primary is %3: is the OSD out "
                       "or down, its primary affinity 0, or its CRUSH weight tiny?")
            .arg(m_tries)
            .arg(m_pool, short_.join(QStringLiteral(", "))),
        m_pool);
}

} // namespace cm
