//===- device_linking.hpp - Exported and imported device symbols -*- C++ -*-===//
//
// Device code dynamic linking (seed 002, "Device Code Dynamic Linking"): a
// kernel of a program may call a SYCL_EXTERNAL function that a shared library
// built with `usycl++ -shared` defines. The library's images export their
// SYCL_EXTERNAL definitions, the program's images import what they call and
// do not define, and the runtime resolves imports against the exports of the
// other registered images when it loads an image (docs/optional-features.md):
//
//   [SYCL/exported symbols]   <symbol>=1|1   per exported definition
//   [SYCL/imported symbols]   <symbol>=1|1   per imported function
//   [usycl/kernel imports]    <kernel>=2|<the symbols it reaches, each
//                                        followed by a NUL, as bytes>
//
// Exports are written with -emit-exported-symbols (usycl++ -shared): every
// SYCL_EXTERNAL entry point of the image. Imports are the functions the image
// calls without a definition that the -device-imports file lists: the
// symbols the shared libraries on the program's link line export for this
// target (the driver reads them from the libraries); anything else stays an
// undefined device function (-reject-undefined-functions).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "module_splitter.hpp"
#include "property_set.hpp"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

namespace llvm {
class Module;
} // namespace llvm

namespace usycl::postlink {

// The -device-imports file: one symbol per line; blank lines and lines
// starting with '#' are ignored.
llvm::Expected<llvm::StringSet<>> readImportableSymbols(llvm::StringRef Path);

// [SYCL/exported symbols] of the group's SYCL_EXTERNAL entry points (none
// for a group of kernels only).
void addExportedSymbols(const EntryPointGroup &Group,
                        PropertySetRegistry &Registry);

// [SYCL/imported symbols] of the split module `M`: the functions it calls
// and does not define that `Importable` lists; and [usycl/kernel imports],
// the imports each kernel of `M` reaches.
void addImportedSymbols(const llvm::Module &M,
                        const llvm::StringSet<> &Importable,
                        PropertySetRegistry &Registry);

} // namespace usycl::postlink
