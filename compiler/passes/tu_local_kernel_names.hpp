//===- tu_local_kernel_names.hpp - Kernel symbols unique per unit -*- C++ -*-===//
//
// A kernel's symbol is the unique stable name of its kernel name type. When
// that type is local to the translation unit (an anonymous namespace, a
// lambda in a static function or in a namespace-scope variable), another
// unit of the same program can name a different kernel with the same symbol:
// the device link would keep one of them and the other unit's submissions
// would run the wrong kernel.
//
// usycl++ gives every compilation of a unit the unit's marker ("$tu" + a
// hash of the source path and the compile flags, identical in the host and
// every device pass); the clang plugin publishes it here. The pass, first in
// every pipeline after the aspect propagation, appends the marker to
//   * the kernel entry points whose symbol names a unit-local type (device
//     and CPU-analysis modules), and
//   * every constant C string holding such a symbol (the strings of
//     __builtin_sycl_unique_stable_name: in the host, the kernel names of
//     launches, kernel ids and kernel_bundle queries, and specialization
//     constant ids; the same strings in device code).
// Whether a symbol names a unit-local type is read from the symbol alone
// (namesUnitLocalType), so that the host pass, which never instantiates the
// kernel entry points, and the device passes decide alike. A symbol wrongly
// taken for unit-local only costs a second copy of a kernel shared by two
// units; sycl/detail/kernel_symbol.hpp strips the marker wherever a name is
// shown.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

#include <string>

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

// Whether a unique stable name (_ZTS<type>) names a type local to its
// translation unit: one in an anonymous namespace, an entity declared in a
// function of internal linkage, or a lambda or unnamed type without a
// mangling context (declared in a namespace-scope variable's initializer).
bool namesUnitLocalType(llvm::StringRef Symbol);

// The plugin-to-pass registry of the units' markers, keyed by the
// llvm::Module clang generates.
void publishUnitMarker(const llvm::Module *M, std::string Marker);
std::string takeUnitMarker(const llvm::Module *M);

class TULocalKernelNamesPass
    : public llvm::PassInfoMixin<TULocalKernelNamesPass> {
public:
  // Without a marker the pass takes what the plugin published for the module.
  TULocalKernelNamesPass() = default;
  explicit TULocalKernelNamesPass(std::string Marker) : Marker(std::move(Marker)) {}

  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static llvm::StringRef name() { return "usycl-tu-local-kernel-names"; }

private:
  std::string Marker;
};

// Registers the pass at the pipeline start and, for opt, by name:
//   usycl-tu-local-kernel-names<marker=$tu1234>
void registerTULocalKernelNamesPasses(llvm::PassBuilder &PB);

} // namespace usycl::passes
