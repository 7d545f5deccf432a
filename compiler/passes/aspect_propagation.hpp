//===- aspect_propagation.hpp - Optional kernel features pass ----*- C++ -*-===//
//
// The "aspect propagation" IR pass of seed 002 ("New LLVM IR pass to
// propagate aspect usage"). It runs first in the device pipeline (also at
// -O0), before anything can inline a call or drop a reference to a type:
//
//  1. (in clang) writes the metadata the front end owes the module, from the
//     facts the clang plugin published for it (tu_facts.hpp):
//       !sycl_aspects                  = !{!{!"fp16", i32 5}, ...}
//       !sycl_types_that_use_aspects   = !{!{!"class.sycl::_V1::half", i32 5}, ...}
//       define ... !sycl_declared_aspects !{i32 ...}     [[sycl::device_has]]
//       define ... !sycl_used_aspects !{i32 ...}         [[__uses_aspects__]]
//       define ... !reqd_work_group_size !{i32 X[, i32 Y[, i32 Z]]}
//       define ... !intel_reqd_sub_group_size !{i32 N}
//     and removes the plugin's helper annotations from llvm.global.annotations;
//  2. computes the aspects each function uses directly: every type an
//     instruction (or the function's signature) references, compared by type
//     pointer with the !sycl_types_that_use_aspects types and the types that
//     contain them, and `double` (aspect fp64);
//  3. propagates them up the static call graph (cycles are fine) into
//     !sycl_used_aspects;
//  4. warns when a function with !sycl_declared_aspects uses another aspect:
//       t.cpp:27:4: warning: function 'foo' uses aspect 'fp64' not listed in 'sycl::device_has'
//       use is from this call chain:
//         foo()
//         bar() t.cpp:15:3
//         boo() t.cpp:25:5
//     (locations come from the plugin's AST facts, so no -g is needed; in a
//     module without facts they come from !dbg, or the last line says
//     "compile with '-g' to get source location");
//  5. puts !sycl_fixed_targets (the -fsycl-fixed-targets list, or !{}) on
//     every kernel and SYCL_EXTERNAL definition;
//  6. with fixed targets, warns about every aspect, declared aspect and
//     required sub-group size of a kernel / SYCL_EXTERNAL function that a
//     fixed target lacks according to the device configuration file.
//
// Diagnostics go through LLVMContext::diagnose as DiagnosticInfoUnsupported
// with severity DS_Warning, which clang prints as a located warning
// (-Werror turns it into an error).
//
// Pipeline text for opt: usycl-aspect-propagation or
//   usycl-aspect-propagation<fixed-targets=a:b;device-config=PATH>
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/IR/PassManager.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class PassBuilder;
} // namespace llvm

namespace usycl::passes {

struct AspectPropagationOptions {
  std::vector<std::string> FixedTargets;
  std::string DeviceConfigPath; // empty: the installed default
  // Registered at the start of clang's pipeline: run only on modules the
  // clang plugin published facts for (i.e. device compilations), and take
  // fixed targets / the configuration from those facts.
  bool OnlyWithFacts = false;
};

class AspectPropagationPass
    : public llvm::PassInfoMixin<AspectPropagationPass> {
public:
  explicit AspectPropagationPass(AspectPropagationOptions Options = {})
      : Options(std::move(Options)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "usycl-aspect-propagation"; }

private:
  AspectPropagationOptions Options;
};

// Registers the pass at the start of every pipeline (only acting on modules
// with plugin facts) and under its name for -passes=.
void registerUsyclPasses(llvm::PassBuilder &PB);

// Metadata and annotation names (shared with the plugin and tests).
namespace md {
inline constexpr const char *Aspects = "sycl_aspects";
inline constexpr const char *TypesThatUseAspects = "sycl_types_that_use_aspects";
inline constexpr const char *DeclaredAspects = "sycl_declared_aspects";
inline constexpr const char *UsedAspects = "sycl_used_aspects";
inline constexpr const char *FixedTargets = "sycl_fixed_targets";
inline constexpr const char *ReqdWorkGroupSize = "reqd_work_group_size";
inline constexpr const char *ReqdSubGroupSize = "intel_reqd_sub_group_size";
} // namespace md

// Prefix of the clang::AnnotateAttr strings the plugin attaches (and this
// pass removes from llvm.global.annotations).
inline constexpr const char *AnnotationPrefix = "usycl.";

} // namespace usycl::passes
