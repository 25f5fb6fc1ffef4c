// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Row counts and a checksum of everything in a session database's tables, read over a
// separate raw connection: "the store did not change" in one comparable value.
#include <QCryptographicHash>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QString>
#include <QStringList>

namespace cmtest {

struct StoreFingerprint {
    QStringList counts; // "runs=3", ...
    QByteArray digest;
    bool operator==(const StoreFingerprint &) const = default;
    QString toString() const
    {
        return counts.join(QLatin1Char(' ')) + QLatin1Char(' ') + QString::fromLatin1(digest.toHex().left(16));
    }
};

inline StoreFingerprint storeFingerprint(const QString &path)
{
    static int n = 0;
    const QString name = QStringLiteral("fingerprint-%1").arg(++n);
    StoreFingerprint f;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (db.open()) {
            QCryptographicHash h(QCryptographicHash::Sha256);
            for (const char *table : {"sessions", "runs", "steps", "step_outputs", "series", "samples"}) {
                QSqlQuery q(db);
                q.setForwardOnly(true);
                int rows = 0;
                if (q.exec(QStringLiteral("SELECT rowid, * FROM %1 ORDER BY rowid").arg(QLatin1String(table)))) {
                    while (q.next()) {
                        ++rows;
                        for (int c = 0; c < q.record().count(); ++c) {
                            const QVariant v = q.value(c);
                            h.addData(v.isNull() ? QByteArray("\x01null") : v.toByteArray());
                            h.addData(QByteArray(1, '\0'));
                        }
                    }
                } else {
                    rows = -1;
                }
                f.counts << QStringLiteral("%1=%2").arg(QLatin1String(table)).arg(rows);
            }
            f.digest = h.result();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return f;
}

} // namespace cmtest
