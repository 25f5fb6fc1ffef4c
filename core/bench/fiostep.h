// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What every fio-based runner shares: checking fio on the node, and running one fio
// command with its status stream turned into live samples, its final report into the
// step's summary, and its errors (fio's `error` fields, exit status, no report) into
// clear Error values.
#include "bench/steprunner.h"

namespace cm::fiostep {

// "fio-3.33", or an error (ToolMissing when fio is not installed on the node).
QString fioVersion(StepContext &ctx, Error *error);

// Runs `cmd` (a fio command with --output-format=json+ --status-interval=1) on the
// node and fills out.summary, out.rawOutput and out.error. out.target must be set.
void runStreaming(StepContext &ctx, const Command &cmd, StepOutcome &out);

// Before a start barrier: the files of the measuring command `measure` are laid out
// first, on their own (--create_only=1), so that fio starts measuring at once at the
// common moment instead of writing its files for as long as their size takes.
Error layOut(StepContext &ctx, const Command &measure);

// `argv` run on the node at `startAtMs` (ms since the epoch, the node's clock): a shell
// sleeps until then and execs it (the start barrier's common moment).
QStringList startingAt(qint64 startAtMs, const QStringList &argv);

// The last lines of a tool's stderr, for messages.
QString tail(const QByteArray &text, int lines = 6);

} // namespace cm::fiostep
