#include "clicommon.h"

namespace cm::cli {

int cmdInventory(const QStringList &args)
{
    Q_UNUSED(args);
    printErr(QStringLiteral("inventory: not available in this build yet"));
    return 1;
}

} // namespace cm::cli
