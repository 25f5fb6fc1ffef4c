// SPDX-License-Identifier: GPL-3.0-or-later
#include "parse/markedsections.h"

namespace cm {

QMap<QString, MarkedSection> splitMarkedSections(const QByteArray &output, const QByteArray &nonce)
{
    QMap<QString, MarkedSection> out;
    if (nonce.isEmpty())
        return out;
    const QByteArray begin = "@@CM:" + nonce + ":begin ";
    const QByteArray end = "\n@@CM:" + nonce + ":end ";
    qsizetype pos = 0;
    while (pos < output.size()) {
        const qsizetype b = output.indexOf(begin, pos);
        if (b < 0)
            break;
        if (b > 0 && output.at(b - 1) != '\n') { // markers start a line
            pos = b + begin.size();
            continue;
        }
        const qsizetype nameStart = b + begin.size();
        const qsizetype nl = output.indexOf('\n', nameStart);
        if (nl < 0)
            break;
        const QByteArray name = output.mid(nameStart, nl - nameStart);
        const QByteArray endTag = end + name + ' ';
        const qsizetype e = output.indexOf(endTag, nl);
        MarkedSection s;
        if (e < 0) {
            s.body = output.mid(nl + 1);
            out.insert(QString::fromUtf8(name), s);
            break;
        }
        s.body = output.mid(nl + 1, e - nl - 1);
        const qsizetype rcStart = e + endTag.size();
        qsizetype rcEnd = output.indexOf('\n', rcStart);
        if (rcEnd < 0)
            rcEnd = output.size();
        bool ok = false;
        const int rc = output.mid(rcStart, rcEnd - rcStart).trimmed().toInt(&ok);
        s.exitCode = ok ? rc : -1;
        out.insert(QString::fromUtf8(name), s);
        pos = rcEnd;
    }
    return out;
}

QByteArray markedSectionShellFunctions()
{
    // The body may lack a final newline; `e` always adds one, and the parser drops it.
    return "b() { printf '@@CM:%s:begin %s\\n' \"$CMN\" \"$1\"; }\n"
           "e() { _rc=$?; printf '\\n@@CM:%s:end %s %s\\n' \"$CMN\" \"$1\" \"$_rc\"; }\n";
}

} // namespace cm
