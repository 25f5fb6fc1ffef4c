// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Splits the output of one probe script into named sections, so a whole inventory
// or safety check costs one remote round trip. The script prints
//   @@CM:<nonce>:begin NAME\n ... \n@@CM:<nonce>:end NAME RC\n
// where <nonce> is chosen per call, so file contents cannot forge a marker.
#include <QByteArray>
#include <QMap>
#include <QString>

namespace cm {

struct MarkedSection {
    QByteArray body;
    int exitCode = -1; // -1 when the end marker is missing (output cut short)
};

QMap<QString, MarkedSection> splitMarkedSections(const QByteArray &output, const QByteArray &nonce);

// Shell functions for the script side: `b NAME` opens a section, `e NAME` closes it
// with the status of the last command. Expects the nonce in $CMN.
QByteArray markedSectionShellFunctions();

} // namespace cm
