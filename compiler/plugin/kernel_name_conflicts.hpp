//===- kernel_name_conflicts.hpp - One name, one kernel ---------*- C++ -*-===//
//
// A kernel name (the type of single_task<Name>, parallel_for<Name>, ...)
// names one kernel: two different kernels with the same name cannot both be
// looked up by it, and SYCL 2020 makes that an error. clang's own check
// (sycl_kernel_entry_point) reports it inside the SYCL headers, at the entry
// point's template, without the kernel name or where the user submitted
// either kernel; and a CPU-only build has only the requirements analysis
// pass (a device pass whose failure used to be a warning), so the program
// compiled with neither kernel's image. This check reports it at the second
// submission, naming the kernel name, with a note at the first; usycl++
// treats it as an error in every pass (compiler/driver/diagnostic_merge.hpp).
//
// The submission is the innermost point of instantiation outside the system
// headers on the instantiation stack of the kernel's entry point, recorded
// when clang starts instantiating it (a TemplateInstantiationCallback).
// Entry points are instantiated in device passes only (the analysis pass is
// one), so that is where this check runs.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "unit_index.hpp"

#include "clang/Sema/SemaConsumer.h"

#include <memory>

namespace usycl::plugin {

class KernelNameConflicts : public clang::SemaConsumer {
public:
  explicit KernelNameConflicts(std::shared_ptr<const UnitIndex> Index);
  ~KernelNameConflicts() override;

  void InitializeSema(clang::Sema &S) override;
  void ForgetSema() override;
  void HandleTranslationUnit(clang::ASTContext &Context) override;

  struct Submissions; // entry point -> where the user submitted it

private:
  clang::Sema *TheSema = nullptr;
  std::shared_ptr<Submissions> Recorded;
  std::shared_ptr<const UnitIndex> Index;
};

} // namespace usycl::plugin
