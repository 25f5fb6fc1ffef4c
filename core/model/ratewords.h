// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// How a kind names the rate of its operations and its two directions (docs/VISUAL.md):
// IOPS for block I/O, ops/s for objects and metadata, requests/s for S3; "read" and
// "write", or S3's "GET" and "PUT". The words are source texts in kRateWordsContext;
// ui/ translates them.
#include <QtGlobal>

namespace cm {

inline constexpr char kRateWordsContext[] = "cm::RateWords";

enum class OpsNoun { Iops, Ops, Requests };

struct RateWords {
    OpsNoun noun = OpsNoun::Iops;
    const char *read = QT_TRANSLATE_NOOP("cm::RateWords", "read");
    const char *write = QT_TRANSLATE_NOOP("cm::RateWords", "write");
    const char *readTitle = QT_TRANSLATE_NOOP("cm::RateWords", "Read");
    const char *writeTitle = QT_TRANSLATE_NOOP("cm::RateWords", "Write");
};

// The unit of a rate of operations: "IOPS", "ops/s", "requests/s".
inline const char *opsUnit(OpsNoun noun)
{
    switch (noun) {
    case OpsNoun::Iops: return QT_TRANSLATE_NOOP("cm::RateWords", "IOPS");
    case OpsNoun::Ops: return QT_TRANSLATE_NOOP("cm::RateWords", "ops/s");
    case OpsNoun::Requests: return QT_TRANSLATE_NOOP("cm::RateWords", "requests/s");
    }
    return "IOPS";
}

// The words of an S3 run: requests, GET and PUT.
inline RateWords s3RateWords()
{
    return RateWords {OpsNoun::Requests, QT_TRANSLATE_NOOP("cm::RateWords", "GET"),
        QT_TRANSLATE_NOOP("cm::RateWords", "PUT"), QT_TRANSLATE_NOOP("cm::RateWords", "GET"),
        QT_TRANSLATE_NOOP("cm::RateWords", "PUT")};
}

} // namespace cm
