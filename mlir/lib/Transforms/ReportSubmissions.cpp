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

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <utility>

using namespace mlir;

namespace usycl::sycl {
#define GEN_PASS_DEF_SYCLREPORTSUBMISSIONS
#include "usycl/Dialect/SYCL/Transforms/Passes.h.inc"

namespace {

// Looks through loads of values spilled once to an alloca (-O0 code).
Value forwardSpill(Value V) {
  for (int Guard = 0; Guard < 64; ++Guard) {
    auto Load = V.getDefiningOp<LLVM::LoadOp>();
    auto A = Load ? Load.getAddr().getDefiningOp<LLVM::AllocaOp>() : nullptr;
    if (!A)
      return V;
    LLVM::StoreOp Store;
    for (Operation *U : A->getUsers()) {
      if (auto S = dyn_cast<LLVM::StoreOp>(U)) {
        if (Store || S.getAddr() != A.getResult())
          return V;
        Store = S;
      } else if (!isa<LLVM::LoadOp, LLVM::VarAnnotation>(U)) {
        return V;
      }
    }
    if (!Store || Store.getValue().getType() != Load.getType())
      return V;
    V = Store.getValue();
  }
  return V;
}

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

// The constant a value is, if any: constants, spilled constants, loads of
// constant globals, arrays rebuilt from constant elements.
std::optional<Attribute> constantOf(Value V, ModuleOp M, int Depth = 0) {
  if (Depth > 16)
    return std::nullopt;
  V = forwardSpill(V);
  Attribute A;
  if (matchPattern(V, m_Constant(&A)))
    return A;
  if (auto C = V.getDefiningOp<LLVM::ConstantOp>())
    return C.getValue();
  if (auto Z = V.getDefiningOp<LLVM::ZeroOp>())
    return Attribute(UnitAttr::get(M.getContext())); // null / zero
  if (auto L = V.getDefiningOp<LLVM::LoadOp>())
    if (auto Addr = L.getAddr().getDefiningOp<LLVM::AddressOfOp>())
      if (auto G = M.lookupSymbol<LLVM::GlobalOp>(Addr.getGlobalNameAttr()))
        if (G.getConstant() && G.getValueOrNull())
          return G.getValueOrNull();
  // A local initialised once by a memcpy from a constant global (-O0
  // initialisation of arrays and aggregates), then read whole.
  if (auto L = V.getDefiningOp<LLVM::LoadOp>())
    if (auto A = L.getAddr().getDefiningOp<LLVM::AllocaOp>()) {
      LLVM::MemcpyOp Init;
      bool Other = false;
      for (Operation *U : A->getUsers()) {
        if (auto MC = dyn_cast<LLVM::MemcpyOp>(U); MC && MC.getDst() == A.getResult())
          Other |= bool(std::exchange(Init, MC));
        else if (!isa<LLVM::LoadOp, LLVM::GEPOp, LLVM::VarAnnotation>(U))
          Other = true;
        else if (auto G = dyn_cast<LLVM::GEPOp>(U))
          for (Operation *GU : G->getUsers())
            if (!isa<LLVM::LoadOp, LLVM::GEPOp>(GU))
              Other = true;
      }
      if (Init && !Other)
        if (auto Addr = Init.getSrc().getDefiningOp<LLVM::AddressOfOp>())
          if (auto G = M.lookupSymbol<LLVM::GlobalOp>(Addr.getGlobalNameAttr()))
            if (G.getConstant() && G.getValueOrNull() && G.getGlobalType() == L.getType())
              return G.getValueOrNull();
    }
  if (auto E = V.getDefiningOp<LLVM::ExtractElementOp>()) {
    std::optional<Attribute> Vec = constantOf(E.getVector(), M, Depth + 1);
    std::optional<Attribute> Idx = constantOf(E.getPosition(), M, Depth + 1);
    auto D = Vec ? dyn_cast<DenseElementsAttr>(*Vec) : nullptr;
    auto I = Idx ? dyn_cast<IntegerAttr>(*Idx) : nullptr;
    if (D && I && I.getInt() >= 0 && I.getInt() < D.getNumElements())
      return D.getValues<Attribute>()[I.getInt()];
  }
  if (auto Ins = V.getDefiningOp<LLVM::InsertValueOp>()) {
    // An array rebuilt element by element (sycl-raise-host's split arrays).
    SmallVector<Attribute> Elems;
    Value Cur = Ins;
    while (auto I = Cur.getDefiningOp<LLVM::InsertValueOp>()) {
      std::optional<Attribute> E = constantOf(I.getValue(), M, Depth + 1);
      if (!E || I.getPosition().size() != 1)
        return std::nullopt;
      Elems.insert(Elems.begin(), *E);
      Cur = I.getContainer();
    }
    if (!Cur.getDefiningOp<LLVM::UndefOp>() && !Cur.getDefiningOp<LLVM::PoisonOp>())
      return std::nullopt;
    return ArrayAttr::get(M.getContext(), Elems);
  }
  return std::nullopt;
}

std::string str(Attribute A) {
  if (isa<UnitAttr>(A))
    return "null";
  std::string S;
  llvm::raw_string_ostream OS(S);
  if (auto I = dyn_cast<IntegerAttr>(A)) {
    if (I.getType().isInteger(1))
      OS << (I.getValue().getBoolValue() ? "true" : "false");
    else
      OS << I.getValue().getSExtValue();
  } else if (auto F = dyn_cast<FloatAttr>(A)) {
    OS << F.getValueAsDouble();
  } else if (auto D = dyn_cast<DenseElementsAttr>(A)) {
    OS << "[";
    llvm::interleave(D.getValues<Attribute>(), OS, [&](Attribute E) { OS << str(E); }, ", ");
    OS << "]";
  } else if (auto Arr = dyn_cast<ArrayAttr>(A)) {
    OS << "[";
    llvm::interleave(Arr, OS, [&](Attribute E) { OS << str(E); }, ", ");
    OS << "]";
  } else {
    A.print(OS);
  }
  return S;
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
              if (std::optional<Attribute> K = constantOf(A, M))
                OS << str(*K);
              else if (isa<LLVM::LLVMPointerType>(A.getType()))
                OS << describeObject(baseOf(A), M, Depth + 1);
              else if (auto L = forwardSpill(A).getDefiningOp<LLVM::LoadOp>())
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
      ArrayAttr Types = Op.getSyclTypes();
      for (auto [I, A] : llvm::enumerate(Op.getArgs())) {
        OS << "  arg " << I << ": ";
        auto T = I < Types.size() ? dyn_cast<TypeAttr>(Types[I]) : nullptr;
        if (T) {
          OS << T.getValue() << "\n";
          continue;
        }
        OS << A.getType();
        if (std::optional<Attribute> K = constantOf(A, M))
          OS << " = " << str(*K) << "\n";
        else
          OS << " (not constant)\n";
      }
      ++Count;
      if (File)
        File->os() << Text;
      else
        Op.emitRemark() << "sycl-report-submissions:\n" << llvm::StringRef(Text).rtrim();
    });
    if (File) {
      File->os() << Count << " submission(s)\n";
      File->keep();
    }
  }
};

} // namespace
} // namespace usycl::sycl
