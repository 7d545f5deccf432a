//===- device_code_checker.hpp - Front-end checks of device code -*- C++ -*-===//
//
// Extension point for the diagnostics clang 22 does not give for SYCL device
// code (SYCL 2020 §5.4: exceptions, recursion, typeid, virtual calls, ...,
// reported at the offending expression with the call chain from the kernel,
// DESIGN.md) and for collecting per-kernel information.
//
// The consumer runs beside clang's own (AddBeforeMainAction). It is a
// SemaConsumer so checks can emit diagnostics through Sema and see template
// instantiations. In device passes it always runs the SYCL 2020 §5.4
// restrictions (restrictions.hpp: every function reachable from a kernel or
// a SYCL_EXTERNAL definition), then the registered per-kernel checks. The
// host pass does nothing here (its kernels are either device code another
// pass checks, or the CPU's, checked by the CPU's analysis pass).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "plugin_options.hpp"
#include "unit_index.hpp"

#include "clang/Sema/SemaConsumer.h"

#include <functional>
#include <memory>
#include <vector>

namespace clang {
class FunctionDecl;
class Sema;
} // namespace clang

namespace usycl::plugin {

// A check over one kernel entry point (a function template specialisation
// carrying [[clang::sycl_kernel_entry_point]]) and what it calls. The options
// tell which target the pass compiles for (and -fsycl-fixed-targets).
using KernelCheck =
    std::function<void(clang::Sema &, const PluginOptions &,
                       const clang::FunctionDecl &Kernel)>;

class DeviceCodeChecker : public clang::SemaConsumer {
public:
  DeviceCodeChecker(const PluginOptions &Options, std::vector<KernelCheck> Checks,
                    std::shared_ptr<const UnitIndex> Index)
      : Options(Options), Checks(std::move(Checks)), Index(std::move(Index)) {}

  void InitializeSema(clang::Sema &S) override { TheSema = &S; }
  void ForgetSema() override { TheSema = nullptr; }
  void HandleTranslationUnit(clang::ASTContext &Context) override;

private:
  PluginOptions Options; // a copy: clang destroys the plugin action early
  std::vector<KernelCheck> Checks;
  std::shared_ptr<const UnitIndex> Index;
  clang::Sema *TheSema = nullptr;
};

// The checks that run in device passes. Empty for now; each device-code
// restriction issue appends its check here.
std::vector<KernelCheck> deviceCodeChecks();

} // namespace usycl::plugin
