//===- link.hpp - The link step ---------------------------------*- C++ -*-===//
//
//   1. compile the sources named on the command line (compile.hpp);
//   2. collect the device code of every GPU target from those compilations
//      and from the .usycl.device.* sections of the objects and static
//      archives (also -l archives found through -L) being linked;
//   3. per target: device link, split, codegen (device_link.hpp);
//   4. generate, compile and add the wrapper object (wrapper.hpp);
//   5. clang++ <objects and flags, in command-line order> wrapper.o
//          -L<lib> -lusycl -Wl,-rpath,<lib> -o <output>
//
// A target for which no input carries device code gets no images at all.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "options.hpp"

#include "llvm/Support/Error.h"

namespace usycl::driver {

class CommandRunner;
class TempDir;
class Toolchain;

llvm::Error runLinkAction(const DriverOptions &Options, Toolchain &Tools,
                          TempDir &Temps, CommandRunner &Runner);

} // namespace usycl::driver
