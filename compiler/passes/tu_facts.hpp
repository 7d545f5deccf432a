//===- tu_facts.hpp - What the clang plugin tells the LLVM passes -*- C++ -*-===//
//
// libusycl-plugin.so is both a clang plugin (-fplugin=) and an LLVM pass
// plugin (-fpass-plugin=); clang loads the same shared object for both, so
// the two halves share this process-wide registry. The plugin collects, from
// the AST of a device compilation, everything the optional-kernel-features
// pass needs and cannot see in IR (seed 002):
//
//  * the sycl::aspect enumerators (names and values) for !sycl_aspects;
//  * the LLVM struct types of the classes decorated with
//    [[__sycl_detail__::__uses_aspects__]], by their exact IR names, for
//    !sycl_types_that_use_aspects;
//  * per function (keyed by its mangled IR name): [[sycl::device_has]],
//    [[__sycl_detail__::__uses_aspects__]], [[sycl::reqd_work_group_size]],
//    [[sycl::reqd_sub_group_size]] (for a kernel entry point _ZTS...: those
//    written on the user's kernel functor), whether it is a kernel or a
//    SYCL_EXTERNAL definition, and source locations: where it uses a type
//    that carries an aspect (or double), and where it calls each callee.
//    The pass prints these in its warnings, with or without -g.
//  * -fsycl-fixed-targets and the device configuration file.
//
// The plugin publishes the facts at the end of the translation unit, keyed
// by the llvm::Module clang generates; the pass takes them when it runs on
// that module (first thing in the pipeline). Nothing here depends on clang.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace usycl::passes {

using AspectList = std::vector<uint32_t>;

// A source position as clang knows it.
struct SourcePos {
  // The file as clang's FileManager opened it (the pass turns this into a
  // DILocation so that clang prints its usual "file:line:col: warning:").
  std::string Path;
  // "file:line:col" as clang prints locations (presumed location: honours
  // #line), used in the call-chain lines.
  std::string Text;
  unsigned Line = 0;
  unsigned Column = 0;
  bool InSystemHeader = false;

  bool valid() const { return Line != 0; }
};

struct AspectUse {
  uint32_t Aspect = 0;
  SourcePos Pos; // the first use in the function body, in source order
};

struct CallSite {
  std::string Callee; // mangled name
  SourcePos Pos;      // the first call of Callee in the function
};

struct FunctionFacts {
  // How warnings name the function: "foo", "ns::Functor::operator()",
  // "(lambda at t.cpp:4:20)::operator()". For kernels the kernel name.
  std::string DisplayName;
  SourcePos Pos; // the function's own location
  bool InSystemHeader = false;
  bool IsKernel = false;       // a _ZTS... kernel entry point
  bool IsSyclExternal = false; // a SYCL_EXTERNAL definition

  // [[sycl::device_has(...)]] written on this function.
  std::optional<AspectList> DeclaredAspects;
  SourcePos DeclaredPos;
  // For a kernel: [[sycl::device_has]] of the kernel functor's operator().
  // Attached to the kernel only after the device_has check, so that the
  // warning names the user's function, not the entry point.
  std::optional<AspectList> KernelDeclaredAspects;
  // [[__sycl_detail__::__uses_aspects__(...)]] on the function.
  AspectList UsesAspects;
  // Kernel attributes (for a kernel: from the functor's operator()).
  std::vector<uint32_t> ReqdWorkGroupSize; // in attribute order
  SourcePos ReqdWorkGroupSizePos;
  std::optional<uint32_t> ReqdSubGroupSize;
  SourcePos ReqdSubGroupSizePos;

  std::vector<AspectUse> Uses;  // one per aspect, first use
  std::vector<CallSite> Calls;  // one per callee, in first-call order

  const SourcePos *useOf(uint32_t Aspect) const {
    for (const AspectUse &U : Uses)
      if (U.Aspect == Aspect)
        return &U.Pos;
    return nullptr;
  }
  const SourcePos *callOf(const std::string &Callee) const {
    for (const CallSite &C : Calls)
      if (C.Callee == Callee)
        return &C.Pos;
    return nullptr;
  }
};

struct DecoratedType {
  std::string IRName; // the llvm::StructType's name, e.g. class.sycl::_V1::half
  AspectList Aspects;
};

struct TUFacts {
  // sycl::aspect enumerators in declaration order (empty if the TU has none).
  std::vector<std::pair<std::string, uint32_t>> Aspects;
  std::vector<DecoratedType> Types;
  std::map<std::string, FunctionFacts> Functions; // by mangled name
  std::vector<std::string> FixedTargets;          // -fsycl-fixed-targets
  std::string DeviceConfigPath; // empty: the installed default

  const FunctionFacts *function(const std::string &Name) const {
    auto It = Functions.find(Name);
    return It == Functions.end() ? nullptr : &It->second;
  }
};

// The process-wide registry (a function-local static guarded by a mutex).
// publish() replaces earlier facts for the same module; take() removes them.
void publishTUFacts(const llvm::Module *M, std::shared_ptr<TUFacts> Facts);
std::shared_ptr<TUFacts> takeTUFacts(const llvm::Module *M);

} // namespace usycl::passes
