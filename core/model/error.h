// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Errors are typed values: a code, a message for logs, and context (the node, the
// path, the command). ui/ turns them into user text; core never shows anything.
#include <QMetaType>
#include <QString>

namespace cm {

struct Error {
    enum class Code {
        None,
        InvalidInput, // bad parameters, bad plan file
        Unreachable, // host does not answer / connection refused
        AuthDenied, // every authentication method was refused
        HostKeyUnknown, // first connection: fingerprint in `detail`, needs trust
        HostKeyChanged, // known host presented another key: refused
        Timeout,
        ToolMissing, // fio / iperf3 / ... not installed on the node
        PathMissing, // target folder does not exist
        Unsafe, // refused by the safety rules (docs/ARCHITECTURE.md §8)
        CommandFailed, // non-zero exit, tool-reported error
        ParseError, // malformed tool output
        Cancelled,
        Storage, // database / file I/O
        Keychain,
        Internal,
    };

    Code code = Code::None;
    QString message; // one line, English, for logs and the CLI
    QString context; // what it happened to: "node1", "/dev/sdb", the command
    QString detail; // extra machine-readable detail (fingerprint, stderr tail)

    Error() = default;
    Error(Code c, QString msg, QString ctx = {}, QString det = {})
        : code(c)
        , message(std::move(msg))
        , context(std::move(ctx))
        , detail(std::move(det))
    { }

    bool isError() const { return code != Code::None; }
    explicit operator bool() const { return isError(); }
    QString codeName() const;
    QString toString() const; // "code: message (context)"
};

} // namespace cm

Q_DECLARE_METATYPE(cm::Error)
