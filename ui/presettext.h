// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A kind's presets as the wizards show them: the kind's own title and description
// (core's source text, translated here), and the number of tests counted from the
// steps, so a label can never promise more tests than the preset holds.
#include "bench/runnerkind.h"

#include <QString>

namespace cm::ui {

QString kindTextTr(const QString &source); // translated in kKindTextContext
// A kind's name as lists show it ("Disk (fio)", translated); the id of an unknown kind.
QString kindName(const QString &kindId);
QString presetTitle(const Preset &p); // "Standard suite — 8 tests"
QString presetDescription(const Preset &p); // the description, then the method note

} // namespace cm::ui
