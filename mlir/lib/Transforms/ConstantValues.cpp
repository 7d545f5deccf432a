//===- ConstantValues.cpp - Constant values of raised host code -----------===//
//
// Shared by the submission report (ReportSubmissions.cpp) and the
// specialisation plan (SpecializationPlan.cpp).
//
//===----------------------------------------------------------------------===//

#include "ConstantValues.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <utility>

using namespace mlir;

namespace usycl::sycl {

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

std::optional<Attribute> constantOf(Value V, ModuleOp M, int Depth) {
  if (Depth > 16)
    return std::nullopt;
  V = forwardSpill(V);
  Attribute A;
  if (V.getDefiningOp<LLVM::ZeroOp>()) // before m_Constant, which gives #llvm.zero
    return Attribute(UnitAttr::get(M.getContext())); // null / zero
  if (matchPattern(V, m_Constant(&A)))
    return A;
  if (auto C = V.getDefiningOp<LLVM::ConstantOp>())
    return C.getValue();
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
  // Integer conversions of a constant (-O0 bools are loaded as i8,
  // truncated to i1 and extended back to i8 for the store).
  if (Operation *Op = V.getDefiningOp();
      Op && isa<LLVM::ZExtOp, LLVM::SExtOp, LLVM::TruncOp>(Op)) {
    auto T = dyn_cast<IntegerType>(V.getType());
    std::optional<Attribute> In = constantOf(Op->getOperand(0), M, Depth + 1);
    auto I = In ? dyn_cast<IntegerAttr>(*In) : nullptr;
    if (T && I) {
      const APInt &X = I.getValue();
      return Attribute(IntegerAttr::get(T, isa<LLVM::SExtOp>(Op) ? X.sextOrTrunc(T.getWidth())
                                                                 : X.zextOrTrunc(T.getWidth())));
    }
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

std::string constantString(Attribute A) {
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
    llvm::interleave(
        D.getValues<Attribute>(), OS, [&](Attribute E) { OS << constantString(E); }, ", ");
    OS << "]";
  } else if (auto Arr = dyn_cast<ArrayAttr>(A)) {
    OS << "[";
    llvm::interleave(Arr, OS, [&](Attribute E) { OS << constantString(E); }, ", ");
    OS << "]";
  } else {
    A.print(OS);
  }
  return S;
}

} // namespace usycl::sycl
