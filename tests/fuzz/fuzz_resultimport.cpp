// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the format detection and decoding of result files users import
// (fio JSON/json+, iperf3 -J, iperf 2 -y C, rados bench, rbd bench), and the cluster total of the decoded
// steps taken as clients of one step (stats/clustertotal). Links clustermark_parse only; the store
// part of the import (core/store/resultimporter) is not fuzzed.
#include "parse/resultdecoder.h"
#include "stats/clustertotal.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    (void)cm::detectResultFormat(input);
    cm::Error err;
    const cm::DecodedResult r = cm::decodeResult(input, cm::DecodeOptions {}, &err);
    if (err) {
        // A refusal says why, and decodes nothing.
        if (err.message.isEmpty() || !r.steps.isEmpty())
            std::abort();
        return 0;
    }
    if (r.steps.isEmpty() || r.tool.isEmpty() || r.format.isEmpty() || r.nodes.isEmpty())
        std::abort();
    QList<cm::ClientStepResult> clients;
    for (const cm::DecodedStep &s : r.steps) {
        if (s.step.id.isEmpty() || s.node.isEmpty() || !r.nodes.contains(s.node))
            std::abort();
        clients << cm::ClientStepResult {s.node, true, s.summary};
        for (const cm::Sample &x : s.samples)
            if (!std::isfinite(x.t) || x.step != 0 || x.metric.isEmpty())
                std::abort();
    }
    // Every client is either counted or named as not counted; the total reads back.
    const cm::ClusterTotal total = cm::sumClients(clients);
    if (total.counted.size() + total.notCounted.size() != clients.size())
        std::abort();
    for (auto it = total.dirs.cbegin(); it != total.dirs.cend(); ++it)
        if (!cm::IoDirFigures::fromJson(total.toSummary().value(it.key())))
            std::abort();
    return 0;
}
