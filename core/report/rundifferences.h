// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What differs between runs besides the results: plan parameters per test (block size,
// queue depth, jobs, runtime, …), plan settings (target, nodes, repetitions), each
// node's environment (kernel, fio version, write cache, MTU, Ceph version — every
// scalar recorded in the step environments and summaries) and the client environment.
// One readable line per difference; values in run order joined by " → ". Pure.
#include "report/runcompare.h"

namespace cm {

// *parameters (optional) gets how many of the returned lines are plan or test parameter
// differences: they come first, environment differences after them. translated: the
// words in the reader's language for the screen; the exports keep English.
QStringList runDifferences(const QList<RunRecords> &runs, int *parameters = nullptr, bool translated = false);

} // namespace cm
