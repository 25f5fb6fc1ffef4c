// SPDX-License-Identifier: GPL-3.0-or-later
#include "presettext.h"

#include "bench/registry.h"

#include <QCoreApplication>

namespace cm::ui {

namespace {
struct Tr {
    Q_DECLARE_TR_FUNCTIONS(cm::ui::PresetText)
};
} // namespace

QString kindName(const QString &kindId)
{
    const std::shared_ptr<RunnerKind> kind = Registry::instance().kind(kindId);
    return kind ? kindTextTr(kind->displayName()) : kindId;
}

QString kindTextTr(const QString &source)
{
    return source.isEmpty() ? source : QCoreApplication::translate(kKindTextContext, source.toUtf8().constData());
}

QString presetTitle(const Preset &p)
{
    const QString title = p.title.isEmpty() ? p.id : kindTextTr(p.title);
    // Spelled out: without an English translation loaded, Qt leaves "%n test(s)" as is.
    const qsizetype n = p.steps.size();
    return n == 1 ? Tr::tr("%1 — 1 test").arg(title) : Tr::tr("%1 — %2 tests").arg(title).arg(n);
}

QString presetDescription(const Preset &p)
{
    const QString d = kindTextTr(p.description);
    return p.note.isEmpty() ? d : d + QStringLiteral("\n\n") + kindTextTr(p.note);
}

} // namespace cm::ui
