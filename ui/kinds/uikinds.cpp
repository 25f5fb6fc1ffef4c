// SPDX-License-Identifier: GPL-3.0-or-later
// The UI kind registry and the one line per built-in kind.
#include "kinds/cephfs/cephfsui.h"
#include "kinds/diskfio/diskfioui.h"
#include "kinds/netiperf/netiperfui.h"
#include "kinds/osdlatency/osdlatencyui.h"
#include "kinds/rados/radosui.h"
#include "kinds/rbd/rbdui.h"
#include "kinds/s3/s3ui.h"
#include "kinds/uikind.h"

namespace cm::ui {

UiKindRegistry &UiKindRegistry::instance()
{
    static UiKindRegistry r;
    return r;
}

void UiKindRegistry::add(UiKind kind)
{
    if (!find(kind.id))
        m_kinds.append(std::move(kind));
}

const UiKind *UiKindRegistry::find(const QString &id) const
{
    for (const UiKind &k : m_kinds)
        if (k.id == id)
            return &k;
    return nullptr;
}

QStringList UiKindRegistry::ids() const
{
    QStringList out;
    for (const UiKind &k : m_kinds)
        out << k.id;
    return out;
}

void registerBuiltinUiKinds()
{
    static const bool once = [] {
        UiKindRegistry::instance().add(diskFioUiKind());
        UiKindRegistry::instance().add(rbdUiKind());
        UiKindRegistry::instance().add(osdLatencyUiKind());
        UiKindRegistry::instance().add(radosUiKind());
        UiKindRegistry::instance().add(netIperfUiKind());
        UiKindRegistry::instance().add(cephFsUiKind());
        UiKindRegistry::instance().add(s3UiKind());
        return true;
    }();
    Q_UNUSED(once);
}

} // namespace cm::ui
