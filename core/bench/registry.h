// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Runner kinds by stable id. Kinds register once at start-up (registerBuiltinKinds).
#include "bench/runnerkind.h"

#include <QStringList>

namespace cm {

class Registry {
public:
    static Registry &instance();
    void add(std::shared_ptr<RunnerKind> kind);
    std::shared_ptr<RunnerKind> kind(const QString &id) const;
    // By id or one of its aliases (the CLI's names).
    std::shared_ptr<RunnerKind> kindByName(const QString &name) const;
    QStringList ids() const;

private:
    QList<std::shared_ptr<RunnerKind>> m_kinds;
};

void registerBuiltinKinds();

// The metric catalogue with the built-in kinds' metrics in it (registers them first).
const MetricCatalog &metricCatalog();

} // namespace cm
