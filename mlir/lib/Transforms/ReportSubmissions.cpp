//===- ReportSubmissions.cpp - What each kernel submission passes ---------===//
//
// For every sycl.host.schedule_kernel: the kernel, the range kind, the range
// (as far as its construction is known), and each captured argument with its
// type and, where it is one, its constant value. This is the input of
// host-to-device constant propagation. Format (one block per submission):
//
//   submission @device_functions::@_ZTS2K1 in '<function>' at <loc>
//     range kind: range | range+offset | nd_range
//     range: !sycl.range<1>(64)
//     arg 0: !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>
//     arg 1: i32 = 42
//     arg 2: f32 (not constant)
//
//===----------------------------------------------------------------------===//

#include "usycl/Dialect/SYCL/Transforms/Passes.h"

#include "ConstantValues.h"
#include "UserLocation.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace mlir;

namespace usycl::sycl {
#define GEN_PASS_DEF_SYCLREPORTSUBMISSIONS
#include "usycl/Dialect/SYCL/Transforms/Passes.h.inc"

namespace {

Value baseOf(Value P) {
  for (int Guard = 0; Guard < 64; ++Guard) {
    P = forwardSpill(P);
    auto G = P.getDefiningOp<LLVM::GEPOp>();
    if (!G)
      return P;
    P = G.getBase();
  }
  return P;
}

// Whether a sycl.host.constructor built the object at P.
bool builtByConstructor(Value P) {
  P = forwardSpill(P);
  return llvm::any_of(P.getUsers(), [&](Operation *U) {
    auto C = dyn_cast<HostConstructorOp>(U);
    return C && C.getDst() == P;
  });
}

// How the SYCL object at P was built: `!sycl.range<1>(64)`; "?" for what
// cannot be followed.
std::string describeObject(Value P, ModuleOp M, int Depth = 0) {
  if (Depth > 8)
    return "?";
  P = forwardSpill(P);
  for (Operation *U : P.getUsers())
    if (auto C = dyn_cast<HostConstructorOp>(U))
      if (C.getDst() == P) {
        std::string S;
        llvm::raw_string_ostream OS(S);
        OS << C.getType() << "(";
        llvm::interleave(
            C.getArgs(), OS,
            [&](Value A) {
              // A part of another SYCL object (an nd_range's ranges, passed
              // by value) is shown as that object, constant or not.
              auto L = forwardSpill(A).getDefiningOp<LLVM::LoadOp>();
              if (L && builtByConstructor(baseOf(L.getAddr())))
                OS << describeObject(baseOf(L.getAddr()), M, Depth + 1);
              else if (std::optional<Attribute> K = constantOf(A, M))
                OS << constantString(*K);
              else if (isa<LLVM::LLVMPointerType>(A.getType()))
                OS << describeObject(baseOf(A), M, Depth + 1);
              else if (L)
                OS << describeObject(baseOf(L.getAddr()), M, Depth + 1);
              else
                OS << "?";
            },
            ", ");
        OS << ")";
        return S;
      }
  // Filled by a copy: a store of a loaded value, or a memcpy.
  for (Operation *U : P.getUsers()) {
    if (auto S = dyn_cast<LLVM::StoreOp>(U))
      if (S.getAddr() == P)
        if (auto L = forwardSpill(S.getValue()).getDefiningOp<LLVM::LoadOp>())
          return describeObject(baseOf(L.getAddr()), M, Depth + 1);
    if (auto MC = dyn_cast<LLVM::MemcpyOp>(U))
      if (MC.getDst() == P)
        return describeObject(baseOf(MC.getSrc()), M, Depth + 1);
  }
  return "?";
}

struct ReportPass : impl::SYCLReportSubmissionsBase<ReportPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp M = getOperation();
    std::unique_ptr<llvm::ToolOutputFile> File;
    if (!output.empty()) {
      std::string Error;
      File = openOutputFile(output, &Error);
      if (!File) {
        M.emitError("sycl-report-submissions: ") << Error;
        return signalPassFailure();
      }
    }
    ModuleIndex Index(M); // this pass only reads the module
    unsigned Count = 0;
    M.walk([&](HostScheduleKernel Op) {
      std::string Text;
      llvm::raw_string_ostream OS(Text);
      auto F = Op->getParentOfType<LLVM::LLVMFuncOp>();
      OS << "submission " << Op.getKernelNameAttr() << " in '"
         << (F ? F.getName() : llvm::StringRef("?")) << "'";
      if (File)
        OS << " at " << Op.getLoc();
      OS << "\n  range kind: "
         << (Op.getNdRange() ? "nd_range" : Op.getOffset() ? "range+offset" : "range")
         << "\n";
      if (Op.getRange())
        OS << "  " << (Op.getNdRange() ? "nd_range" : "range") << ": "
           << describeObject(Op.getRange(), M) << "\n";
      if (Op.getOffset())
        OS << "  offset: " << describeObject(Op.getOffset(), M) << "\n";
      // A header wrapper (a parallel_for with reductions, a kernel taking a
      // kernel_handler, parallel_for_work_group): the user's captures, then
      // the wrapper's own fields.
      auto Wrapper = Op->getAttrOfType<IntegerAttr>(kWrapperArgsAttrName);
      auto Kind = Op->getAttrOfType<StringAttr>(kWrapperAttrName);
      const bool KernelHandler =
          Kind && (Kind.getValue() == kWrapperKernelHandler ||
                   Kind.getValue() == kWrapperHierarchicalKernelHandler);
      auto Users = [&] {
        return Wrapper.getInt() ? "args 0.." + std::to_string(Wrapper.getInt() - 1) +
                                      " the user's captures, the rest"
                                : std::string("no user captures;");
      };
      if (Wrapper && !Kind)
        OS << "  reduction wrapper: " << Users() << " the wrapper's own fields\n";
      else if (Wrapper && Kind.getValue().starts_with(kWrapperHierarchical))
        OS << "  hierarchical wrapper (parallel_for_work_group"
           << (KernelHandler ? ", kernel_handler" : "")
           << "): the range counts work-groups; " << Users() << " the wrapper's own fields ("
           << (KernelHandler ? "the specialization constants, set at launch, and " : "")
           << "the work-group size)\n";
      else if (Wrapper)
        OS << "  kernel_handler wrapper: " << Users()
           << " the wrapper's own field (the specialization constants, set at launch)\n";
      ArrayAttr Types = Op.getSyclTypes();
      for (auto [I, A] : llvm::enumerate(Op.getArgs())) {
        OS << "  arg " << I << ": ";
        auto T = I < Types.size() ? dyn_cast<TypeAttr>(Types[I]) : nullptr;
        if (T && isa<RangeType>(T.getValue())) {
          // parallel_for_work_group's work-group size: the range it copies.
          OS << T.getValue() << " = " << describeObject(A, M) << "\n";
          continue;
        }
        if (T) {
          OS << T.getValue() << "\n";
          continue;
        }
        if (KernelHandler && Wrapper && int64_t(I) >= Wrapper.getInt() &&
            isa<LLVM::LLVMPointerType>(A.getType())) {
          OS << A.getType() << " (set at launch)\n";
          continue;
        }
        OS << A.getType();
        if (std::optional<Attribute> K = constantOf(A, M))
          OS << " = " << constantString(*K) << "\n";
        else
          OS << " (not constant)\n";
      }
      ++Count;
      if (File)
        File->os() << Text;
      else
        mlir::emitRemark(userLocation(Op.getLoc()))
            << "sycl-report-submissions:\n"
            << llvm::StringRef(Text).rtrim();
    });
    if (File) {
      File->os() << Count << " submission(s)\n";
      File->keep();
    }
  }
};

} // namespace
} // namespace usycl::sycl
