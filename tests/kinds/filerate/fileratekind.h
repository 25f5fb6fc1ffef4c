// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A kind that exists only in the tests: it writes a file in a folder at a fixed rate
// and measures what it wrote. Its files are its own and nothing outside them names it:
// it proves that a kind plugs into the CLI, the wizard, the engine, the live charts,
// Results, exports and compare by registering itself.
//
// Plan.target: {"dir": "/abs/folder", "rate": bytes per second}
// PlanStep.params: {"runtime": seconds, "block": bytes}
#include "bench/runnerkind.h"

namespace cmtest {

class FileRateKind : public cm::RunnerKind {
public:
    static QString kindId() { return QStringLiteral("test-filerate"); }
    static QString rateMetric() { return QStringLiteral("filerate.bw"); }
    static QString callMetric() { return QStringLiteral("filerate.lat.p50"); }

    QString id() const override { return kindId(); }
    QString displayName() const override { return QStringLiteral("File rate (test kind)"); }
    QStringList aliases() const override { return {QStringLiteral("filerate")}; }
    const char *description() const override;
    QList<cm::Preset> presets() const override;
    cm::Error validate(const cm::Plan &plan) const override;
    bool isDestructive(const cm::Plan &) const override { return false; }
    QString commandPreview(const cm::Plan &plan, int stepIndex, const cm::NodeSpec &node) const override;
    double estimatedSeconds(const cm::Plan &plan, int stepIndex) const override;
    std::unique_ptr<cm::StepRunner> createStepRunner(const cm::Plan &plan, int stepIndex) const override;
    QList<cm::CliOption> cliOptions() const override;
    QString cliSummary() const override;
    cm::Plan planFromCli(const cm::CliArgs &args, QStringList *notes, cm::Error *error) const override;
    QList<cm::MetricSpec> metrics() const override;

    static cm::Plan makePlan(const QString &dir, qint64 rate, int runtime, int steps, cm::Error *error);
};

// Registers the test kind in the core registry (once).
void registerFileRateKind();

} // namespace cmtest
