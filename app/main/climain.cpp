// SPDX-License-Identifier: GPL-3.0-or-later
// clustermark-cli's entry point; the CLI itself is the clustermark_cli library.
#include "clicommon.h"

int main(int argc, char **argv)
{
    return cm::cli::run(argc, argv);
}
