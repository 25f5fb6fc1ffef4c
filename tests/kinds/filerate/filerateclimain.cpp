// SPDX-License-Identifier: GPL-3.0-or-later
// clustermark-cli with the test-only file-rate kind registered beside the built-in ones.
#include "clicommon.h"
#include "fileratekind.h"

int main(int argc, char **argv)
{
    cmtest::registerFileRateKind();
    return cm::cli::run(argc, argv);
}
