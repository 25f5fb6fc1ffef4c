// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Double → integer conversions for parsed numbers: out-of-range values saturate and NaN
// gives 0 (a plain cast of 1e300 to an integer is undefined behaviour).
#include <QtGlobal>

#include <limits>

namespace cm {

inline quint64 saturatingU64(double v)
{
    if (!(v > 0))
        return 0;
    if (v >= 18446744073709549568.0) // largest double below 2^64
        return std::numeric_limits<quint64>::max();
    return quint64(v);
}

inline qint64 saturatingI64(double v)
{
    if (v != v)
        return 0;
    if (v >= 9223372036854774784.0) // largest double below 2^63
        return std::numeric_limits<qint64>::max();
    if (v <= -9223372036854775808.0)
        return std::numeric_limits<qint64>::min();
    return qint64(v);
}

} // namespace cm
