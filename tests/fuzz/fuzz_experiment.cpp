// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: experiment files, knob settings and the write-cache tools' output
// come from outside (a file shared on a forum, the CLI's --knob, a node). The readers
// must never crash, hang or leak; every refusal says why; whatever they accept survives
// toJson → fromJson unchanged; a node knob's object never holds a "/" or is "..", a
// Ceph option's is WHO/NAME and an OSD flag's a bare name, both on the node "ceph", and
// the written value is the knob's.
// Links clustermark_parse only.
#include "model/experiment.h"
#include "parse/writecacheoutput.h"

#include <QJsonDocument>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

void checkSetting(const cm::KnobSetting &s)
{
    if (!s.info())
        abort();
    if (s.isClusterKnob()) { // the cluster's, sent to the mons as JSON: "WHO/NAME", or a flag
        const int slashes = s.info()->object == cm::KnobObject::CephOption ? 1 : 0;
        if (s.node != QLatin1String(cm::kCephKnobNode) || s.object.count(QLatin1Char('/')) != slashes)
            abort();
    } else if (s.object.contains(QLatin1Char('/')) || s.object == QLatin1String("..")) {
        abort();
    }
    QString raw;
    if (cm::knobRawValue(*s.info(), s.value, &raw) || raw != s.raw)
        abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray input
        = QByteArray::fromRawData(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    // The write cache as hdparm, sdparm and nvme-cli print it: never a crash.
    (void)cm::parseHdparmWriteCache(input);
    (void)cm::parseSdparmWce(input);
    (void)cm::parseNvmeVolatileWriteCache(input);
    cm::Error ke;
    const cm::KnobSetting one = cm::KnobSetting::parse(QString::fromUtf8(input.left(256)), &ke);
    if (ke ? ke.message.isEmpty() : false)
        abort();
    if (!ke)
        checkSetting(one);

    cm::Error e;
    const cm::Experiment x = cm::Experiment::fromJsonBytes(input, &e);
    if (e) {
        if (e.message.isEmpty())
            abort();
        return 0;
    }
    if (x.variants.size() < 2 || x.variants.size() > cm::Experiment::MaxVariants || !x.variants.first().knobs.isEmpty()
        || x.repetitions < 2 || x.repetitions > cm::Experiment::MaxRepetitions)
        abort();
    for (const cm::ExperimentVariant &v : x.variants)
        for (const cm::KnobSetting &s : v.knobs)
            checkSetting(s);
    const QList<cm::ExperimentSlot> slots = cm::experimentSchedule(x);
    if (slots.size() != x.variants.size() * x.repetitions + (x.warmUp ? 1 : 0))
        abort();
    const QByteArray once = QJsonDocument(x.toJson()).toJson(QJsonDocument::Compact);
    cm::Error e2;
    const cm::Experiment again = cm::Experiment::fromJsonBytes(once, &e2);
    if (e2 || QJsonDocument(again.toJson()).toJson(QJsonDocument::Compact) != once)
        abort();
    return 0;
}
