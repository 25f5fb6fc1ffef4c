// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: FioStreamSplitter fed in chunks chosen by the input, then every
// document through FioReport::parse and FioIntervalTracker, and the whole through
// FioStreamReader. Checks that chunking never changes the documents found.
#include "parse/fiointervals.h"
#include "parse/fiostreamreader.h"
#include "parse/fiostreamsplitter.h"

#include <QByteArray>

#include <algorithm>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const QByteArray in(reinterpret_cast<const char *>(data + 2), qsizetype(size - 2));
    // 1..4096 bytes per read, at most ~2000 reads per input to keep executions fast
    const qsizetype step = std::max<qsizetype>(1 + (data[0] * 16 + data[1]) % 4096, in.size() / 2000 + 1);

    cm::FioStreamSplitter whole(1 << 20);
    const QList<QByteArray> ref = whole.feed(in);
    whole.finish();

    cm::FioStreamSplitter chunked(1 << 20);
    QList<QByteArray> docs;
    for (qsizetype pos = 0; pos < in.size(); pos += step)
        docs += chunked.feed(in.mid(pos, step));
    chunked.finish();
    if (docs != ref || chunked.takeWarnings() != whole.takeWarnings())
        std::abort();

    cm::FioIntervalTracker tracker;
    for (const QByteArray &doc : docs) {
        cm::Error err;
        QStringList warnings;
        const cm::FioReport rep = cm::FioReport::parse(doc, &err, &warnings);
        if (err)
            continue;
        for (const cm::FioInterval &iv : tracker.add(rep))
            (void)iv.toSamples(0, QStringLiteral("t"), iv.endSec);
    }
    (void)tracker.summary();
    (void)tracker.takeWarnings();

    // the same stream through the reader, per job
    cm::FioStreamReader reader(cm::FioIntervalScope::PerJob, 1 << 20);
    for (qsizetype pos = 0; pos < in.size(); pos += step)
        (void)reader.feed(in.mid(pos, step));
    reader.finish();
    if (reader.documents() != docs.size())
        std::abort();
    (void)reader.takeWarnings();
    (void)reader.summary();
    return 0;
}
