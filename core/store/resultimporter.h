// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Import of results users already have (docs/ARCHITECTURE.md §6): a fio JSON / json+ file (also
// client/server and --status-interval output), iperf3 -J or iperf 2 -y C output
// becomes a completed run in a session, with a plan that says what the file says, steps
// whose summaries and series are shaped like the app's own runners' (so compare and
// export read it as any run), the original file as each step's raw output, and an
// environment that records where it came from. A file that is not such output, or is
// cut, is refused before anything is written: the store stays as it was.
//
// Threading: uses the SessionStore it is given, on that store's thread; a store not yet
// open is opened once the file has been decoded.
#include "model/error.h"
#include "model/sample.h"

#include <QString>
#include <QStringList>

namespace cm {

class SessionStore;

struct ImportOptions {
    QString session; // "" = the default session
    QString node; // the machine it was measured on; "" = from the file, else "imported"
};

struct ImportOutcome {
    RunId run = 0;
    QString format; // "fio-json+", "fio-json", "iperf3-json", "iperf2-csv"
    QString kind; // the runner kind whose tool wrote the file
    QString toolVersion;
    QString name; // the plan name
    int steps = 0;
    QStringList warnings;
};

class ResultImporter {
public:
    static constexpr qint64 MaxFileBytes = 256LL * 1024 * 1024;

    explicit ResultImporter(SessionStore &store)
        : m_store(store)
    { }

    // Reads FILE and imports it. Errors: Storage (unreadable / too large / database),
    // ParseError (not tool output, cut; with the byte offset or line), CommandFailed
    // (the tool reported a failure instead of results).
    ImportOutcome importFile(const QString &path, const ImportOptions &options, Error *error);
    // The same for bytes already read; `fileName` is what the environment records.
    ImportOutcome importBytes(
        const QByteArray &bytes, const QString &fileName, const ImportOptions &options, Error *error);

private:
    SessionStore &m_store;
};

} // namespace cm
