// SwiftPM links an executable on Linux with `main` defined as `<module>_main`, the symbol the Swift module
// would emit for its top-level code. The harness has none (it is built with -parse-as-library), so this
// defines that symbol and hands the process to libFuzzer's driver, which parses the command line and
// calls LLVMFuzzerInitialize and LLVMFuzzerTestOneInput (both written in Swift, in FuzzEntry.swift).
#include <stddef.h>
#include <stdint.h>

#include "FuzzDriver.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int contract_fuzz_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
