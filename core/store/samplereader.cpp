// SPDX-License-Identifier: GPL-3.0-or-later
#include "store/samplereader.h"

#include <QSqlDriver>
#include <QVariant>

#include <limits>
#include <vector>
#include <sqlite3.h>

namespace cm {

Error readSampleRange(
    const QSqlDatabase &db, qint64 lo, qint64 hi, const QHash<qint64, qsizetype> &index, QList<SeriesData> &out)
{
    const QVariant h = db.driver() ? db.driver()->handle() : QVariant();
    if (!h.isValid() || qstrcmp(h.typeName(), "sqlite3*") != 0)
        return Error(
            Error::Code::Internal, QStringLiteral("the database connection is not a SQLite handle"), db.databaseName());
    sqlite3 *handle = *static_cast<sqlite3 *const *>(h.constData());
    if (!handle)
        return Error(Error::Code::Storage, QStringLiteral("the database is not open"), db.databaseName());
    // Series ids of one run are a short span: a flat table beats a hash lookup per
    // row (consecutive rows alternate between series). Values go straight into
    // presized arrays; this loop runs 230k times for a one-hour run of 64 series.
    struct Sink {
        SeriesData *series = nullptr;
        double *t = nullptr;
        double *v = nullptr;
        qsizetype n = 0;
        qsizetype cap = 0;
        void grow(qsizetype want)
        {
            cap = std::max<qsizetype>(want, cap * 2);
            series->t.resize(cap);
            series->v.resize(cap);
            t = series->t.data();
            v = series->v.data();
        }
    };
    qint64 minId = std::numeric_limits<qint64>::max(), maxId = std::numeric_limits<qint64>::min();
    for (auto it = index.cbegin(); it != index.cend(); ++it) {
        minId = std::min(minId, it.key());
        maxId = std::max(maxId, it.key());
    }
    if (index.isEmpty())
        return {};
    std::vector<Sink> sinks(size_t(index.size()));
    // id → sink: a flat table over the id span, or a hash when the span is huge.
    const bool flat = maxId - minId < 1'000'000;
    std::vector<Sink *> byId(flat ? size_t(maxId - minId + 1) : 0, nullptr);
    QHash<qint64, Sink *> byHash;
    // Rows in the range spread over the series: the first guess of their size.
    const qsizetype guess = qsizetype(std::min<qint64>((hi - lo + 1) / index.size(), 8192)) + 16;
    size_t i = 0;
    for (auto it = index.cbegin(); it != index.cend(); ++it, ++i) {
        Sink &k = sinks[i];
        k.series = &out[it.value()];
        k.n = k.series->t.size();
        k.grow(k.n + guess);
        if (flat)
            byId[size_t(it.key() - minId)] = &k;
        else
            byHash.insert(it.key(), &k);
    }
    sqlite3_stmt *st = nullptr;
    const char sql[] = "SELECT series_id, t, v FROM samples WHERE rowid BETWEEN ?1 AND ?2 ORDER BY rowid";
    if (sqlite3_prepare_v2(handle, sql, -1, &st, nullptr) != SQLITE_OK)
        return Error(Error::Code::Storage,
            QStringLiteral("cannot read samples: %1").arg(QString::fromUtf8(sqlite3_errmsg(handle))),
            db.databaseName());
    sqlite3_bind_int64(st, 1, lo);
    sqlite3_bind_int64(st, 2, hi);
    int rc;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        const qint64 id = sqlite3_column_int64(st, 0);
        if (id < minId || id > maxId)
            continue;
        Sink *k = flat ? byId[size_t(id - minId)] : byHash.value(id);
        if (!k)
            continue;
        if (k->n == k->cap)
            k->grow(k->cap + 1);
        k->t[k->n] = sqlite3_column_double(st, 1);
        k->v[k->n] = sqlite3_column_type(st, 2) == SQLITE_NULL ? std::numeric_limits<double>::quiet_NaN()
                                                               : sqlite3_column_double(st, 2);
        ++k->n;
    }
    for (Sink &k : sinks) {
        k.series->t.resize(k.n);
        k.series->v.resize(k.n);
    }
    Error err;
    if (rc != SQLITE_DONE)
        err = Error(Error::Code::Storage,
            QStringLiteral("cannot read samples: %1").arg(QString::fromUtf8(sqlite3_errmsg(handle))),
            db.databaseName());
    sqlite3_finalize(st);
    return err;
}

} // namespace cm
