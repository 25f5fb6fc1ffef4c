// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the declared command-line options' parser (model/clioptions), fed
// argument lists (one per line). It must never crash; what it accepts holds only
// declared options, a flag never carries a value, a single option never two; a refusal
// always says why. Links clustermark_parse only.
#include "model/clioptions.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const QStringList args = text.split(QLatin1Char('\n'));
    static const QList<cm::CliOption> options = {
        {QStringLiteral("--pool"), QStringLiteral("POOL"), QStringLiteral("the pool"), QStringLiteral("rbd")},
        {QStringLiteral("--node"), QStringLiteral("NODE"), QStringLiteral("a node"), {}, true},
        {QStringLiteral("--yes"), {}, QStringLiteral("agree")},
        {QStringLiteral("--runtime"), QStringLiteral("S"), QStringLiteral("seconds")},
    };
    QString error;
    const cm::CliArgs parsed = cm::CliArgs::parse(args, options, &error);
    if (!error.isEmpty())
        return 0;
    for (const QString &word : args)
        if (!word.startsWith(QLatin1String("--")) && !parsed.values(QStringLiteral("--pool")).contains(word)
            && !parsed.values(QStringLiteral("--node")).contains(word)
            && !parsed.values(QStringLiteral("--runtime")).contains(word))
            abort(); // a stray word was taken
    if (!parsed.values(QStringLiteral("--yes")).isEmpty())
        abort(); // a flag with a value
    if (parsed.values(QStringLiteral("--pool")).size() > 1 || parsed.values(QStringLiteral("--runtime")).size() > 1)
        abort(); // a single option given twice
    int runtime = 0;
    QString why;
    if (!parsed.integer(QStringLiteral("--runtime"), 1, 0, 3600, &runtime, &why) && why.isEmpty())
        abort();
    if (runtime < 0 || runtime > 3600)
        abort();
    return 0;
}
