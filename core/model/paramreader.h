// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Checked reading of a plan's JSON objects (a step's params, a plan's target): every
// value that reaches a command line or an engine is read through here, so a value of
// the wrong type, out of range, or a key the kind does not know is refused with a
// message that names the place, the key and the allowed values, before anything runs.
//
// The first problem wins; later reads return their defaults. Messages look like
//   step rnd4k: "runtime" must be a whole number from 1 to 86400 (s), not 1.7
#include "model/error.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace cm {

// Bytes of a size as fio reads it ("4k", "512M", "1GiB", "4096": every prefix a power
// of 1024), or -1 when `text` is not such a size or is above 2^60 bytes.
qint64 sizeTextBytes(const QString &text);
// The same, 0 when `text` is not a size (for values a reader has already checked).
inline quint64 sizeBytes(const QString &text)
{
    const qint64 b = sizeTextBytes(text.trimmed());
    return b < 0 ? 0 : quint64(b);
}

class ParamReader {
public:
    // `where` starts every message ("step seq-read", "target"); `context` goes into the
    // error's context (the kind id).
    ParamReader(const QJsonObject &object, QString where, QString context);

    // Refuses every key not in `known` (call once, with all the kind's keys).
    void allowOnly(const QStringList &known);
    int integer(const QString &key, int def, int min, int max, const QString &unit = {});
    double number(const QString &key, double def, double min, double max, const QString &unit = {});
    // A size text within [minBytes, maxBytes]; returns the text as given (or `def`).
    QString size(const QString &key, const QString &def, qint64 minBytes, qint64 maxBytes);
    QString choice(const QString &key, const QString &def, const QStringList &allowed);
    // An absolute path on a node, or "" when absent and not required. Refused: control
    // characters, white space (CEPH_ARGS is split on it), commas (a mount option list
    // is split on them), "..".
    QString path(const QString &key, bool required = false, bool spacesAllowed = false);
    // A name as Ceph spells pools, images, clients and file systems: [A-Za-z0-9_.-]{1,128}.
    QString cephName(const QString &key, const QString &def, bool required = false);
    bool flag(const QString &key, bool def = false); // true/false or 0/1
    QString text(const QString &key, const QString &def = {}, int maxLength = 256);

    bool ok() const { return !m_error; }
    const Error &error() const { return m_error; }
    void fail(const QString &message);

private:
    bool present(const QString &key) const { return m_object.contains(key); }

    QJsonObject m_object;
    QString m_where;
    QString m_context;
    Error m_error;
};

} // namespace cm
