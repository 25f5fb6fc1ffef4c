// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: plan files are input from outside (a plan shared on a forum, one
// written by hand). The reader must never crash, hang or leak; whatever it accepts must
// survive toJson → fromJson unchanged; and every step's values, read through the checked
// reader the kinds use, either come back within their bounds or are refused — never a
// value out of range. Links clustermark_parse only.
#include "model/paramreader.h"
#include "model/plan.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

void readEveryKey(const QJsonObject &o)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        cm::ParamReader r(o, QStringLiteral("step"), QStringLiteral("fuzz"));
        const int i = r.integer(it.key(), 7, 1, 4096);
        if (r.ok() && (i < 1 || i > 4096) && i != 7)
            abort();
        const double d = r.number(it.key(), 0.5, 0, 100);
        if (r.ok() && !(d >= 0 && d <= 100))
            abort();
        const QString size = r.size(it.key(), QStringLiteral("4k"), 1, qint64(1) << 30);
        const qint64 bytes = cm::sizeTextBytes(size);
        if (r.ok() && (bytes < 1 || bytes > (qint64(1) << 30)))
            abort();
        const QString path = r.path(it.key());
        if (r.ok() && !path.isEmpty() && (!path.startsWith(QLatin1Char('/')) || path.contains(QLatin1Char(' '))))
            abort();
        r.choice(it.key(), QString(), {QStringLiteral("read"), QStringLiteral("write")});
        r.cephName(it.key(), QString());
        r.flag(it.key());
        r.text(it.key());
        r.allowOnly({QStringLiteral("rw"), QStringLiteral("bs")});
        (void)r.error().message.size();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    cm::Error e;
    const cm::Plan plan = cm::Plan::fromJsonBytes(input, &e);
    if (e) {
        if (e.message.isEmpty())
            abort(); // every refusal says why
        return 0;
    }
    if (plan.steps.isEmpty() || plan.steps.size() > cm::Plan::MaxSteps || plan.nodes.size() > cm::Plan::MaxNodes)
        abort();
    if (plan.repeat < 1 || plan.repeat > 1000 || plan.maxIterations() < plan.minIterations())
        abort();
    const QByteArray once = plan.toJsonBytes();
    cm::Error e2;
    const cm::Plan again = cm::Plan::fromJsonBytes(once, &e2);
    if (e2)
        abort(); // the writer wrote something its own reader refuses
    if (again.toJsonBytes() != once)
        abort(); // a value changed on the way through
    readEveryKey(plan.target);
    for (const cm::PlanStep &s : plan.steps)
        readEveryKey(s.params);
    return 0;
}
