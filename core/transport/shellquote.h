// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Every remote command is built from an argument list and quoted for a POSIX shell,
// so a hostile path, device or pool name stays one literal argument (docs/ARCHITECTURE.md §8).
#include <QString>
#include <QStringList>

namespace cm {

// 'it'\''s' style quoting; plain safe words stay unquoted for readable previews.
QString shellQuote(const QString &arg);
QString shellJoin(const QStringList &argv);

} // namespace cm
