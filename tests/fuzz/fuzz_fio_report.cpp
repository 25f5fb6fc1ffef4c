// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: one fio JSON document through FioReport::parse, the aggregates and
// the interval tracker (the document against itself and against nothing).
#include "parse/fiointervals.h"
#include "parse/fioreport.h"

#include <QByteArray>

#include <cmath>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray in(reinterpret_cast<const char *>(data), qsizetype(size));
    cm::Error err;
    QStringList warnings;
    const cm::FioReport rep = cm::FioReport::parse(in, &err, &warnings);
    if (err.isError() == rep.isValid()) // exactly one of: an error, or jobs
        std::abort();
    if (!rep.isValid())
        return 0;
    (void)rep.firstJobError();
    for (int d = 0; d < cm::kFioDirCount; ++d) {
        const cm::FioDirStats a = rep.aggregate(cm::FioDir(d));
        for (double q : {0.0, 50.0, 99.0, 99.9, 100.0}) {
            if (std::isnan(a.percentile(q)))
                std::abort();
        }
    }
    cm::FioIntervalTracker t;
    (void)t.add(rep);
    (void)t.add(rep);
    (void)t.summary();
    return 0;
}
