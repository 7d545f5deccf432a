//===- ConstantValues.cpp - Constant values of raised host code -----------===//
//
// Shared by the submission report (ReportSubmissions.cpp) and the
// specialisation plan (SpecializationPlan.cpp).
//
//===----------------------------------------------------------------------===//

#include "ConstantValues.h"

#include "usycl/Dialect/SYCL/IR/SYCLOps.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <utility>

using namespace mlir;

namespace usycl::sycl {

struct ModuleIndex::Maps {
  ModuleOp Module;
  llvm::DenseMap<Type, SmallVector<LLVM::GEPOp, 4>> GEPs;       // by element type
  llvm::DenseMap<Type, SmallVector<LLVM::AllocaOp, 1>> Allocas; // by element type
  llvm::DenseMap<StringAttr, unsigned> SymbolUses;               // by root reference
  llvm::DenseMap<StringAttr, Operation *> SymbolUser;            // the first use
  llvm::DenseMap<StringAttr, Operation *> Symbols;               // the module's own
};

namespace {
// Per thread: two threads may index two modules at once.
thread_local const ModuleIndex *CurrentIndex = nullptr;
} // namespace

ModuleIndex::ModuleIndex(ModuleOp M) : Index(std::make_unique<Maps>()), Outer(CurrentIndex) {
  Index->Module = M;
  for (Operation &Op : M.getBody()->getOperations())
    if (auto Name = Op.getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      Index->Symbols.try_emplace(Name, &Op);
  M.walk([&](Operation *Op) {
    if (auto G = dyn_cast<LLVM::GEPOp>(Op))
      Index->GEPs[G.getElemType()].push_back(G);
    else if (auto A = dyn_cast<LLVM::AllocaOp>(Op))
      Index->Allocas[A.getElemType()].push_back(A);
  });
  // As SymbolTable::getSymbolUses(F, M) finds them: references by their
  // root (the leaf of @a::@b is not a use of @b).
  if (std::optional<SymbolTable::UseRange> Uses = SymbolTable::getSymbolUses(&M.getBodyRegion()))
    for (const SymbolTable::SymbolUse &U : *Uses) {
      StringAttr Root = U.getSymbolRef().getRootReference();
      if (Index->SymbolUses[Root]++ == 0)
        Index->SymbolUser[Root] = U.getUser();
    }
  CurrentIndex = this;
}

ModuleIndex::~ModuleIndex() {
  CurrentIndex = Outer;
}

const ModuleIndex::Maps *ModuleIndex::of(ModuleOp M) {
  return CurrentIndex && CurrentIndex->Index->Module == M ? CurrentIndex->Index.get() : nullptr;
}

namespace {

// The module's symbol \p Name of op type T, from the index where one lives.
template <typename T> T lookupIn(ModuleOp M, StringAttr Name) {
  if (const ModuleIndex::Maps *X = ModuleIndex::of(M)) {
    auto It = X->Symbols.find(Name);
    return It == X->Symbols.end() ? T() : dyn_cast<T>(It->second);
  }
  return M.lookupSymbol<T>(Name);
}
template <typename T> T lookupIn(ModuleOp M, llvm::StringRef Name) {
  return lookupIn<T>(M, StringAttr::get(M.getContext(), Name));
}

// Calls F on every GEP (allocas) of element type \p T in the module, until
// F returns false; whether it went through them all.
template <typename OpT, typename Fn> bool forEachOfType(ModuleOp M, Type T, Fn F) {
  if (const ModuleIndex::Maps *X = ModuleIndex::of(M)) {
    const auto &Map = [&]() -> const auto & {
      if constexpr (std::is_same_v<OpT, LLVM::GEPOp>)
        return X->GEPs;
      else
        return X->Allocas;
    }();
    auto It = Map.find(T);
    if (It == Map.end())
      return true;
    for (OpT Op : It->second)
      if (!F(Op))
        return false;
    return true;
  }
  return !M.walk([&](OpT Op) {
            if (Op.getElemType() != T)
              return WalkResult::advance();
            return F(Op) ? WalkResult::advance() : WalkResult::interrupt();
          })
              .wasInterrupted();
}

// The one op that refers to the module's symbol \p F, or null where none
// or several do.
Operation *onlySymbolUser(ModuleOp M, SymbolOpInterface F) {
  if (const ModuleIndex::Maps *X = ModuleIndex::of(M)) {
    auto It = X->SymbolUses.find(F.getNameAttr());
    return It != X->SymbolUses.end() && It->second == 1 ? X->SymbolUser.lookup(F.getNameAttr())
                                                        : nullptr;
  }
  std::optional<SymbolTable::UseRange> Uses = SymbolTable::getSymbolUses(F, M);
  return Uses && llvm::hasSingleElement(*Uses) ? Uses->begin()->getUser() : nullptr;
}

} // namespace

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


namespace {

constexpr int MaxDepth = 16;

// The constant integer an index or length is, if any.
std::optional<int64_t> constInt(Value V) {
  APInt X;
  if (V && matchPattern(V, m_ConstantInt(&X)) && X.getSignificantBits() <= 64)
    return X.getSExtValue();
  return std::nullopt;
}

// The byte offset of field K of a struct type.
int64_t fieldOffset(LLVM::LLVMStructType S, unsigned K, const DataLayout &DL) {
  int64_t Off = 0;
  for (unsigned I = 0;; ++I) {
    Type T = S.getBody()[I];
    if (!S.isPacked())
      Off = int64_t(llvm::alignTo(Off, DL.getTypeABIAlignment(T)));
    if (I == K)
      return Off;
    Off += int64_t(DL.getTypeSize(T));
  }
}

// The constant indices of a GEP (nullopt if one is not a constant).
std::optional<SmallVector<int64_t>> gepIndices(LLVM::GEPOp G) {
  SmallVector<int64_t> Out;
  for (auto I : G.getIndices()) {
    if (auto A = dyn_cast<IntegerAttr>(I)) {
      Out.push_back(A.getInt());
    } else if (auto C = constInt(cast<Value>(I))) {
      Out.push_back(*C);
    } else {
      return std::nullopt;
    }
  }
  return Out;
}

// The byte offset of the indices Idx[From..] of a GEP into type T, where
// Idx[From - 1] selected T (nullopt where an index leaves the type).
std::optional<int64_t> innerOffset(Type T, ArrayRef<int64_t> Idx, const DataLayout &DL) {
  int64_t Off = 0;
  for (int64_t I : Idx) {
    if (auto S = dyn_cast<LLVM::LLVMStructType>(T)) {
      if (I < 0 || I >= int64_t(S.getBody().size()))
        return std::nullopt;
      Off += fieldOffset(S, unsigned(I), DL);
      T = S.getBody()[I];
    } else if (auto A = dyn_cast<LLVM::LLVMArrayType>(T)) {
      if (I < 0 || I >= int64_t(A.getNumElements()))
        return std::nullopt;
      Off += I * int64_t(DL.getTypeSize(A.getElementType()));
      T = A.getElementType();
    } else {
      return std::nullopt;
    }
  }
  return Off;
}

// The byte offset a GEP with constant indices adds to its base.
std::optional<int64_t> gepOffset(LLVM::GEPOp G, const DataLayout &DL) {
  auto Idx = gepIndices(G);
  if (!Idx || Idx->empty())
    return std::nullopt;
  auto In = innerOffset(G.getElemType(), ArrayRef(*Idx).drop_front(), DL);
  if (!In)
    return std::nullopt;
  return (*Idx)[0] * int64_t(DL.getTypeSize(G.getElemType())) + *In;
}

// A closure field access: gep(B, 0, k, ...) with a struct element type C
// where B is (through spills) argument 0 of the enclosing function (the
// `this` of a lambda's operator()). Gives C, k and the offset of the rest
// of the indices inside field k.
struct ClosureField {
  LLVM::LLVMStructType Type;
  unsigned Field;
  int64_t Inner;
};
std::optional<ClosureField> closureFieldOf(LLVM::GEPOp G, const DataLayout &DL) {
  auto C = dyn_cast<LLVM::LLVMStructType>(G.getElemType());
  auto Idx = gepIndices(G);
  if (!C || C.isOpaque() || !Idx || Idx->size() < 2 || (*Idx)[0] != 0 || (*Idx)[1] < 0 ||
      (*Idx)[1] >= int64_t(C.getBody().size()))
    return std::nullopt;
  auto Arg = dyn_cast<BlockArgument>(forwardSpill(G.getBase()));
  if (!Arg || Arg.getArgNumber() != 0 || !isa<LLVM::LLVMFuncOp>(Arg.getOwner()->getParentOp()) ||
      !Arg.getOwner()->isEntryBlock())
    return std::nullopt;
  auto In = innerOffset(C.getBody()[(*Idx)[1]], ArrayRef(*Idx).drop_front(2), DL);
  if (!In)
    return std::nullopt;
  return ClosureField{C, unsigned((*Idx)[1]), *In};
}

bool onlyRead(Value P, ModuleOp M, int Depth, bool *Returned = nullptr);

// Every access to field K of closures of type C, other than its
// initialisation Init, only reads it, and where the field holds a pointer
// (a capture by reference), only reads through that pointer (unless
// !Pointee: then only the pointer itself must stay). Closure fields are
// private to the lambda: at -O0 all accesses are GEPs of type C.
bool closureFieldOnlyRead(LLVM::LLVMStructType C, unsigned K, Operation *Init, ModuleOp M,
                          int Depth, bool Pointee = true) {
  bool IsPtr = isa<LLVM::LLVMPointerType>(C.getBody()[K]);
  return forEachOfType<LLVM::GEPOp>(M, C, [&](LLVM::GEPOp G) {
    auto Idx = gepIndices(G);
    if (!Idx || Idx->size() < 2 || (*Idx)[0] != 0)
      return false; // an access we cannot place
    if ((*Idx)[1] != int64_t(K))
      return true;
    if (llvm::is_contained(Init->getOperands(), G.getResult()))
      return llvm::all_of(G->getUsers(), [&](Operation *U) { return U == Init; });
    if (!IsPtr)
      return onlyRead(G.getResult(), M, Depth + 1);
    if (Idx->size() != 2)
      return false;
    for (Operation *U : G->getUsers()) {
      auto L = dyn_cast<LLVM::LoadOp>(U);
      if (!L || (Pointee && !onlyRead(L.getResult(), M, Depth + 1)))
        return false;
    }
    return true;
  });
}

// Whether the use U of a pointer only reads the memory it points to (and
// what is derived from it): loads, GEPs, memcpy sources, spills to slots
// only loaded, stores into fields of closures only read, calls to functions
// of the module that only read it (following what they return),
// comparisons and annotations. Anything else may write.
bool readUse(OpOperand &U, ModuleOp M, int Depth, bool *Returned) {
  Operation *Op = U.getOwner();
  Value P = U.get();
  if (isa<LLVM::LoadOp, LLVM::ICmpOp, LLVM::VarAnnotation, LLVM::LifetimeStartOp,
          LLVM::LifetimeEndOp, LLVM::DbgDeclareOp, LLVM::DbgValueOp>(Op))
    return true;
  // The raising's record of a submission's range and offset (the runtime
  // copies them at submit).
  if (auto R = dyn_cast<HostHandlerSetNDRange>(Op))
    return P == R.getRange() || P == R.getOffset();
  if (auto K = dyn_cast<HostScheduleKernel>(Op)) {
    if (P == K.getRange() || P == K.getOffset())
      return true;
    // parallel_for_work_group's work-group size, an argument typed
    // !sycl.range: the range the wrapper copies.
    OperandRange Args = K.getArgs();
    unsigned I = U.getOperandNumber() - Args.getBeginOperandIndex();
    ArrayAttr Types = K.getSyclTypes();
    auto T = U.getOperandNumber() >= Args.getBeginOperandIndex() && I < Types.size()
                 ? dyn_cast<TypeAttr>(Types[I])
                 : nullptr;
    return T && isa<RangeType>(T.getValue());
  }
  // The raising's record of a kernel object's fields (the loads it adds
  // are separate uses): the object itself, not written.
  if (auto SC = dyn_cast<HostSetCaptured>(Op))
    return P == SC.getLambda() && P != SC.getValue();
  // A range, id or nd_range built from it (an nd_range from ranges and ids
  // passed in memory, a copy).
  if (auto C = dyn_cast<HostConstructorOp>(Op)) {
    if (P == C.getDst())
      return false;
    if (isa<RangeType, IDType, NdRangeType>(C.getType()))
      return true;
    // A buffer or accessor built from a range or id local (buffer(const
    // range<D> &), a sub-buffer's offset and range, an accessor's range or
    // offset passed in memory): they copy it. (Not any pointer: a buffer
    // writes its host data back.)
    auto A = P.getDefiningOp<LLVM::AllocaOp>();
    auto S = A ? dyn_cast<LLVM::LLVMStructType>(A.getElemType()) : nullptr;
    return S && S.isIdentified() && isa<BufferType, AccessorType, LocalAccessorType>(C.getType()) &&
           (S.getName() == "class.sycl::_V1::range" ||
            S.getName().starts_with("class.sycl::_V1::range.") ||
            S.getName() == "class.sycl::_V1::id" ||
            S.getName().starts_with("class.sycl::_V1::id."));
  }
  if (auto G = dyn_cast<LLVM::GEPOp>(Op))
    return G.getBase() == P && onlyRead(G.getResult(), M, Depth + 1, Returned);
  if (auto MC = dyn_cast<LLVM::MemcpyOp>(Op))
    return MC.getDst() != P;
  if (auto MC = dyn_cast<LLVM::MemmoveOp>(Op))
    return MC.getDst() != P;
  if (isa<LLVM::ReturnOp>(Op)) {
    if (!Returned)
      return false;
    *Returned = true;
    return true;
  }
  if (auto S = dyn_cast<LLVM::StoreOp>(Op)) {
    if (S.getAddr() == P || S.getValue() != P)
      return false;
    // A spill: a slot stored once (here), then only loaded.
    if (auto X = S.getAddr().getDefiningOp<LLVM::AllocaOp>()) {
      for (Operation *XU : X->getUsers()) {
        if (XU == S || isa<LLVM::VarAnnotation, LLVM::DbgDeclareOp>(XU))
          continue;
        auto L = dyn_cast<LLVM::LoadOp>(XU);
        if (!L || !onlyRead(L.getResult(), M, Depth + 1, Returned))
          return false;
      }
      return true;
    }
    // A capture by reference: stored into field k of a closure.
    if (auto G = S.getAddr().getDefiningOp<LLVM::GEPOp>()) {
      auto C = dyn_cast<LLVM::LLVMStructType>(G.getElemType());
      auto Idx = gepIndices(G);
      if (C && G.getBase().getDefiningOp<LLVM::AllocaOp>() && Idx && Idx->size() == 2 &&
          (*Idx)[0] == 0 && (*Idx)[1] >= 0 && (*Idx)[1] < int64_t(C.getBody().size()) &&
          isa<LLVM::LLVMPointerType>(C.getBody()[(*Idx)[1]]))
        return closureFieldOnlyRead(C, unsigned((*Idx)[1]), S, M, Depth + 1);
    }
    return false;
  }
  // (Invokes too: the queue shortcuts pass an nd_range in memory to a
  // function that may throw.)
  auto ReadByCallee = [&](std::optional<llvm::StringRef> Callee, OperandRange Args,
                          Value Result) {
    auto F = Callee ? lookupIn<LLVM::LLVMFuncOp>(M, *Callee) : nullptr;
    if (!F || F.isExternal() || F.isVarArg())
      return false;
    unsigned I = U.getOperandNumber() - Args.getBeginOperandIndex();
    if (U.getOperandNumber() < Args.getBeginOperandIndex() || I >= Args.size() ||
        I >= F.getNumArguments())
      return false;
    bool Ret = false;
    if (!onlyRead(F.getArgument(I), M, Depth + 1, &Ret))
      return false;
    return !Ret || (Result && onlyRead(Result, M, Depth + 1, Returned));
  };
  if (auto Call = dyn_cast<LLVM::CallOp>(Op))
    return ReadByCallee(Call.getCallee(), Call.getArgOperands(), Call.getResult());
  if (auto Inv = dyn_cast<LLVM::InvokeOp>(Op))
    return ReadByCallee(Inv.getCallee(), Inv.getArgOperands(),
                        Inv.getNumResults() ? Inv.getResult() : Value());
  return false;
}

bool onlyRead(Value P, ModuleOp M, int Depth, bool *Returned) {
  if (Depth > 3 * MaxDepth)
    return false;
  for (OpOperand &U : P.getUses())
    if (!readUse(U, M, Depth, Returned))
      return false;
  return true;
}

// The value of a constant global: its value attribute, or what its
// initialiser region returns.
std::optional<Attribute> globalValue(LLVM::GlobalOp G, ModuleOp M, int Depth) {
  if (!G.getConstant())
    return std::nullopt;
  if (Attribute V = G.getValueOrNull())
    return V;
  if (Block *B = G.getInitializerBlock())
    if (auto R = dyn_cast<LLVM::ReturnOp>(B->getTerminator()); R && R.getNumOperands() == 1)
      return constantOf(R.getOperand(0), M, Depth + 1);
  return std::nullopt;
}

// The part of type LoadTy at byte offset Off of the constant A of type T.
std::optional<Attribute> extractAt(Attribute A, Type T, int64_t Off, Type LoadTy,
                                   const DataLayout &DL) {
  if (Off == 0 && T == LoadTy)
    return A;
  if (isa<UnitAttr>(A)) // zero everywhere
    return Off >= 0 && Off + int64_t(DL.getTypeSize(LoadTy)) <= int64_t(DL.getTypeSize(T))
               ? std::optional<Attribute>(A)
               : std::nullopt;
  if (auto S = dyn_cast<LLVM::LLVMStructType>(T)) {
    auto Arr = dyn_cast<ArrayAttr>(A);
    if (!Arr || Arr.size() != S.getBody().size())
      return std::nullopt;
    for (auto [I, FT] : llvm::enumerate(S.getBody())) {
      int64_t FO = fieldOffset(S, unsigned(I), DL);
      if (Off >= FO && Off < FO + int64_t(DL.getTypeSize(FT)))
        return extractAt(Arr[I], FT, Off - FO, LoadTy, DL);
    }
    return std::nullopt;
  }
  if (auto AT = dyn_cast<LLVM::LLVMArrayType>(T)) {
    Type E = AT.getElementType();
    int64_t ES = int64_t(DL.getTypeSize(E));
    if (ES <= 0 || Off < 0 || Off >= ES * int64_t(AT.getNumElements()))
      return std::nullopt;
    int64_t I = Off / ES;
    if (auto Arr = dyn_cast<ArrayAttr>(A)) {
      if (Arr.size() != AT.getNumElements())
        return std::nullopt;
      return extractAt(Arr[I], E, Off % ES, LoadTy, DL);
    }
    if (auto D = dyn_cast<DenseElementsAttr>(A)) {
      if (!E.isIntOrFloat() || D.getElementType() != E ||
          D.getNumElements() != int64_t(AT.getNumElements()))
        return std::nullopt;
      return extractAt(D.getValues<Attribute>()[I], E, Off % ES, LoadTy, DL);
    }
  }
  return std::nullopt;
}

// The one alloca of closure type C in the module (a lambda's closure type is
// built at one place), or null.
LLVM::AllocaOp oneClosureOf(LLVM::LLVMStructType C, ModuleOp M) {
  LLVM::AllocaOp Closure;
  int Count = 0;
  forEachOfType<LLVM::AllocaOp>(M, C, [&](LLVM::AllocaOp A) {
    ++Count, Closure = A;
    return Count < 2;
  });
  return Count == 1 ? Closure : LLVM::AllocaOp();
}

std::optional<Attribute> memoryValue(Value Ptr, int64_t Off, Type LoadTy, ModuleOp M,
                                     int Depth);

// The value of field K (bytes Off.. of it, as LoadTy) of the closure of
// type C (Closure, or else the one closure of that type): what its one
// initialisation stores, when nothing else writes it (no other store into
// field K of any closure of type C).
std::optional<Attribute> closureFieldValue(LLVM::LLVMStructType C, unsigned K, int64_t Off,
                                           Type LoadTy, ModuleOp M, int Depth,
                                           const DataLayout &DL,
                                           LLVM::AllocaOp Closure = {}) {
  if (!Closure)
    Closure = oneClosureOf(C, M);
  if (!Closure)
    return std::nullopt;
  Operation *Init = nullptr;
  for (Operation *U : Closure->getUsers()) {
    auto G = dyn_cast<LLVM::GEPOp>(U);
    if (!G) { // the closure passed whole (to submit): copies, no field writes
      if (auto S = dyn_cast<LLVM::StoreOp>(U); S && S.getAddr() == Closure.getResult())
        return std::nullopt;
      if (auto MC = dyn_cast<LLVM::MemcpyOp>(U); MC && MC.getDst() == Closure.getResult())
        return std::nullopt;
      if (isa<LLVM::MemsetOp, LLVM::MemmoveOp>(U))
        return std::nullopt;
      continue;
    }
    auto Idx = gepIndices(G);
    if (G.getBase() != Closure.getResult() || G.getElemType() != C || !Idx ||
        Idx->size() < 2 || (*Idx)[0] != 0)
      return std::nullopt;
    if ((*Idx)[1] != int64_t(K))
      continue;
    for (Operation *GU : G->getUsers()) {
      if (auto S = dyn_cast<LLVM::StoreOp>(GU); S && S.getAddr() == G.getResult()) {
        if (Idx->size() != 2 || std::exchange(Init, S))
          return std::nullopt;
      } else if (auto MC = dyn_cast<LLVM::MemcpyOp>(GU); MC && MC.getDst() == G.getResult()) {
        if (Idx->size() != 2 || std::exchange(Init, MC))
          return std::nullopt;
      }
    }
  }
  if (!Init || !closureFieldOnlyRead(C, K, Init, M, Depth + 1))
    return std::nullopt;
  Type FT = C.getBody()[K];
  if (auto S = dyn_cast<LLVM::StoreOp>(Init)) {
    Value V = S.getValue();
    if (V.getType() != FT)
      return std::nullopt;
    if (isa<LLVM::LLVMPointerType>(FT)) // a reference: not a constant itself
      return std::nullopt;
    std::optional<Attribute> A = constantOf(V, M, Depth + 1);
    return A ? extractAt(*A, FT, Off, LoadTy, DL) : std::nullopt;
  }
  auto MC = cast<LLVM::MemcpyOp>(Init);
  if (constInt(MC.getLen()) != int64_t(DL.getTypeSize(FT)))
    return std::nullopt;
  return memoryValue(MC.getSrc(), Off, LoadTy, M, Depth + 1);
}

// What the pointer stored in field K of the one closure of type C is (a
// capture by reference), when nothing else writes it, and (where Pointee)
// nothing writes through it.
Value closureFieldPointer(LLVM::LLVMStructType C, unsigned K, ModuleOp M, int Depth,
                          bool Pointee = true) {
  LLVM::AllocaOp Closure = oneClosureOf(C, M);
  if (!Closure)
    return {};
  LLVM::StoreOp Init;
  for (Operation *U : Closure->getUsers()) {
    auto G = dyn_cast<LLVM::GEPOp>(U);
    if (!G) {
      if (auto S = dyn_cast<LLVM::StoreOp>(U); S && S.getAddr() == Closure.getResult())
        return {};
      if (auto MC = dyn_cast<LLVM::MemcpyOp>(U); MC && MC.getDst() == Closure.getResult())
        return {};
      if (isa<LLVM::MemsetOp, LLVM::MemmoveOp>(U))
        return {};
      continue;
    }
    auto Idx = gepIndices(G);
    if (G.getBase() != Closure.getResult() || G.getElemType() != C || !Idx ||
        Idx->size() < 2 || (*Idx)[0] != 0)
      return {};
    if ((*Idx)[1] != int64_t(K))
      continue;
    for (Operation *GU : G->getUsers())
      if (auto S = dyn_cast<LLVM::StoreOp>(GU); S && S.getAddr() == G.getResult()) {
        if (Idx->size() != 2 || std::exchange(Init, S))
          return {};
      } else if (!isa<LLVM::LoadOp>(GU)) {
        return {};
      }
  }
  if (!Init || !isa<LLVM::LLVMPointerType>(Init.getValue().getType()) ||
      !closureFieldOnlyRead(C, K, Init, M, Depth + 1, Pointee))
    return {};
  return Init.getValue();
}

// The operand a function argument receives, where the function is local to
// the module and called at one place (a direct call or invoke, its only use);
// null otherwise.
// With LinkOnce, also a linkonce_odr function (a template instantiation
// such as the queue::parallel_for shortcut of a functor type with external
// linkage) called at one place in this module: other units may call their
// copy with other values, but what the plan derives from it describes this
// unit's launches, and the runtime checks the bytes and range at every
// launch.
Value uniqueCallOperand(BlockArgument Arg, ModuleOp M, bool LinkOnce = true) {
  auto F = dyn_cast<LLVM::LLVMFuncOp>(Arg.getOwner()->getParentOp());
  if (!F || !Arg.getOwner()->isEntryBlock() || F.isVarArg() ||
      (F.getLinkage() != LLVM::Linkage::Internal && F.getLinkage() != LLVM::Linkage::Private &&
       !(LinkOnce && F.getLinkage() == LLVM::Linkage::LinkonceODR)))
    return {};
  Operation *User = onlySymbolUser(M, F);
  if (!User)
    return {};
  OperandRange Args = User->getOperands();
  if (auto C = dyn_cast<LLVM::CallOp>(User); C && C.getCallee() == F.getName())
    Args = C.getArgOperands();
  else if (auto I = dyn_cast<LLVM::InvokeOp>(User); I && I.getCallee() == F.getName())
    Args = I.getArgOperands();
  else
    return {};
  if (Arg.getArgNumber() >= Args.size() || Args.size() != F.getNumArguments())
    return {};
  return Args[Arg.getArgNumber()];
}

// What a pointer provably holds the address of (through spills, pointers
// stored once into closure fields and arguments of functions called at one
// place): the alloca, or null.
LLVM::AllocaOp pointerRoot(Value P, ModuleOp M, int Depth, bool LinkOnce = true) {
  DataLayout DL = DataLayout::closest(M);
  for (; Depth <= MaxDepth; ++Depth) {
    P = forwardSpill(P);
    if (auto A = P.getDefiningOp<LLVM::AllocaOp>())
      return A;
    if (auto Arg = dyn_cast<BlockArgument>(P)) {
      P = uniqueCallOperand(Arg, M, LinkOnce);
      if (!P)
        return {};
      continue;
    }
    auto L = P.getDefiningOp<LLVM::LoadOp>();
    auto G = L ? L.getAddr().getDefiningOp<LLVM::GEPOp>() : nullptr;
    auto CF = G ? closureFieldOf(G, DL) : std::nullopt;
    if (!CF || CF->Inner != 0 || G.getIndices().size() != 2)
      return {};
    // Only the pointer must stay: what it points to is a lambda's closure
    // (asClosure), whose fields closureFieldValue checks wherever written.
    P = closureFieldPointer(CF->Type, CF->Field, M, Depth + 1, /*Pointee=*/false);
    if (!P)
      return {};
  }
  return {};
}

// The alloca A as a lambda's closure (one `class.anon*` struct): null
// otherwise. Other closures of the type (copies made by the runtime's
// launchers) may exist: closureFieldValue checks every write into a field.
LLVM::AllocaOp asClosure(LLVM::AllocaOp A) {
  auto C = A ? dyn_cast<LLVM::LLVMStructType>(A.getElemType()) : nullptr;
  if (!C || !C.isIdentified() || !C.getName().starts_with("class.anon") || C.isOpaque() ||
      constInt(A.getArraySize()) != 1)
    return {};
  return A;
}

// The value a load of LoadTy from byte Off of the one closure A of a lambda
// reads: inside one field, stored once (closureFieldValue).
std::optional<Attribute> closureObjectValue(LLVM::AllocaOp A, int64_t Off, Type LoadTy,
                                            ModuleOp M, int Depth, const DataLayout &DL) {
  auto C = cast<LLVM::LLVMStructType>(A.getElemType());
  int64_t Size = int64_t(DL.getTypeSize(LoadTy));
  for (auto [K, FT] : llvm::enumerate(C.getBody())) {
    int64_t FO = fieldOffset(C, unsigned(K), DL);
    if (Off >= FO && Off + Size <= FO + int64_t(DL.getTypeSize(FT)))
      return closureFieldValue(C, unsigned(K), Off - FO, LoadTy, M, Depth + 1, DL, A);
  }
  return std::nullopt;
}

// Whether Op is a direct call or invoke of a constructor (not a destructor).
bool isCtorCall(Operation *Op) {
  std::optional<DemangledCallee> C = demangledCallee(Op);
  return C && C->CtorOrDtor && !llvm::StringRef(C->Base).starts_with("~");
}

} // namespace

std::optional<llvm::StringRef> calleeName(Operation *Op) {
  if (auto C = dyn_cast<LLVM::CallOp>(Op))
    if (auto Callee = C.getCallee())
      return *Callee;
  if (auto I = dyn_cast<LLVM::InvokeOp>(Op))
    if (auto Callee = I.getCallee())
      return *Callee;
  return std::nullopt;
}

std::optional<DemangledCallee> demangledCallee(Operation *Op) {
  std::optional<llvm::StringRef> Name = calleeName(Op);
  if (!Name)
    return std::nullopt;
  llvm::ItaniumPartialDemangler D;
  std::string Mangled = Name->str();
  if (D.partialDemangle(Mangled.c_str()))
    return std::nullopt;
  size_t Len = 0;
  char *Base = D.getFunctionBaseName(nullptr, &Len);
  if (!Base)
    return std::nullopt;
  DemangledCallee Out{Base, D.isCtorOrDtor()};
  std::free(Base);
  return Out;
}

// The fields a user-declared constructor, called (or invoked) with the
// object as its first argument, assigns: (byte offset from `this`, size, the
// value in the caller: the call's operand it stores, or the constant it
// stores). Only a constructor of the module (no base or member constructor,
// no escape of `this`) whose every access through `this` is a load or a
// store at a constant offset, of one of its by-value parameters or of a
// constant, is understood (a functor's `Scale(float a, float *p) : a(a),
// p(p) {}` at -O0); nullopt otherwise.
std::optional<SmallVector<std::tuple<int64_t, int64_t, Value>>>
ctorWrites(Operation *Call, ModuleOp M, const DataLayout &DL) {
  std::optional<llvm::StringRef> Name = calleeName(Call);
  OperandRange Args = Call->getOperands();
  if (auto C = dyn_cast<LLVM::CallOp>(Call))
    Args = C.getArgOperands();
  else if (auto I = dyn_cast<LLVM::InvokeOp>(Call))
    Args = I.getArgOperands();
  if (!Name || !isCtorCall(Call))
    return std::nullopt;
  auto Callee = lookupIn<LLVM::LLVMFuncOp>(M, *Name);
  if (!Callee || Callee.isExternal() || Callee.isVarArg() || Args.empty() ||
      Callee.getNumArguments() != Args.size())
    return std::nullopt;
  Value This = Callee.getArgument(0);
  auto FromThis = [&](Value P) -> std::optional<int64_t> {
    int64_t Off = 0;
    for (int Guard = 0; Guard < 64; ++Guard) {
      P = forwardSpill(P);
      if (P == This)
        return Off;
      auto G = P.getDefiningOp<LLVM::GEPOp>();
      std::optional<int64_t> GO = G ? gepOffset(G, DL) : std::nullopt;
      if (!GO)
        return std::nullopt;
      Off += *GO;
      P = G.getBase();
    }
    return std::nullopt;
  };
  SmallVector<std::tuple<int64_t, int64_t, Value>> Out;
  bool Ok = true;
  Callee.walk([&](Operation *Op) {
    if (!Ok)
      return;
    for (OpOperand &U : Op->getOpOperands()) {
      if (!isa<LLVM::LLVMPointerType>(U.get().getType()))
        continue;
      auto S = dyn_cast<LLVM::StoreOp>(Op);
      // `this` spilled to its slot (-O0): a slot stored once, only loaded.
      if (S && U.get() == This && S.getValue() == This) {
        auto Slot = S.getAddr().getDefiningOp<LLVM::AllocaOp>();
        if (Slot && llvm::all_of(Slot->getUsers(), [&](Operation *SU) {
              return SU == S.getOperation() || isa<LLVM::LoadOp>(SU);
            }))
          continue;
        Ok = false;
        return;
      }
      std::optional<int64_t> Off = FromThis(U.get());
      if (!Off)
        continue;
      if (isa<LLVM::GEPOp, LLVM::LoadOp>(Op))
        continue;
      if (!S || &U != &S.getAddrMutable()) {
        Ok = false; // `this` escapes (a base or member constructor, a memcpy)
        return;
      }
      Value V = forwardSpill(S.getValue()), InCaller;
      if (auto A = dyn_cast<BlockArgument>(V); A && A.getOwner()->isEntryBlock() &&
                                                A.getOwner()->getParentOp() == Callee &&
                                                A.getArgNumber() > 0)
        InCaller = Args[A.getArgNumber()];
      else if (matchPattern(V, m_Constant()) || V.getDefiningOp<LLVM::ZeroOp>())
        InCaller = V;
      if (!InCaller || InCaller.getType() != S.getValue().getType()) {
        Ok = false;
        return;
      }
      Out.push_back({*Off, int64_t(DL.getTypeSize(InCaller.getType())), InCaller});
    }
  });
  if (!Ok)
    return std::nullopt;
  return Out;
}

namespace {

// A local written piece by piece (a range or id passed by value in
// registers, stored from its parts; a functor built by aggregate
// initialisation or by a constructor ctorWrites understands): stores at
// constant offsets, directly or through constant GEPs, never two to the
// same byte, and otherwise only read. A load reads the store of exactly its
// bytes.
std::optional<Attribute> piecewiseValue(LLVM::AllocaOp A, int64_t Off, Type LoadTy, ModuleOp M,
                                        int Depth, const DataLayout &DL,
                                        std::string *Why = nullptr) {
  auto No = [&](const char *W) -> std::optional<Attribute> {
    if (Why && Why->empty())
      *Why = W;
    return std::nullopt;
  };
  if (Depth > MaxDepth)
    return std::nullopt;
  SmallVector<std::pair<int64_t, int64_t>> Written; // offset, size
  Value Found;
  std::function<bool(Value, int64_t, int)> Walk = [&](Value P, int64_t Base, int Level) {
    if (Level > 8)
      return false;
    for (OpOperand &U : P.getUses()) {
      Operation *Op = U.getOwner();
      if (auto S = dyn_cast<LLVM::StoreOp>(Op); S && S.getAddr() == P) {
        if (S.getValue() == P)
          return false;
        const int64_t Size = int64_t(DL.getTypeSize(S.getValue().getType()));
        for (auto [O, Sz] : Written)
          if (O < Base + Size && Base < O + Sz) {
            No("it is assigned more than once");
            return false;
          }
        Written.push_back({Base, Size});
        if (Base == Off && Size == int64_t(DL.getTypeSize(LoadTy)))
          Found = S.getValue();
        continue;
      }
      if (auto G = dyn_cast<LLVM::GEPOp>(Op); G && G.getBase() == P) {
        std::optional<int64_t> GO = gepOffset(G, DL);
        if (!GO || !Walk(G.getResult(), Base + *GO, Level + 1))
          return false;
        continue;
      }
      // A functor's constructor run on it: its stores, as if here.
      if (isa<LLVM::CallOp, LLVM::InvokeOp>(Op) && U.getOperandNumber() == 0 &&
          !(isa<LLVM::CallOp>(Op) && !cast<LLVM::CallOp>(Op).getCallee()))
        if (auto CW = ctorWrites(Op, M, DL)) {
          for (auto [CO, CSize, CV] : *CW) {
            for (auto [O, Sz] : Written)
              if (O < Base + CO + CSize && Base + CO < O + Sz) {
                No("it is assigned more than once");
                return false;
              }
            Written.push_back({Base + CO, CSize});
            if (Base + CO == Off && CSize == int64_t(DL.getTypeSize(LoadTy)))
              Found = CV;
          }
          continue;
        }
      if (!readUse(U, M, Depth + 1, nullptr)) {
        if (isCtorCall(Op) && U.getOperandNumber() == 0)
          No("its constructor does more than store its by-value parameters or constants");
        No("the object may be written after its initialisation (a call that may write "
           "it, a non-const member function, an assignment of the whole object)");
        return false;
      }
    }
    return true;
  };
  if (!Walk(A.getResult(), 0, 0))
    return No("the object is used in a way that may write it");
  if (!Found || Found.getType() != LoadTy)
    return No("no one assignment of the field found (a constructor that does more than "
              "store its by-value parameters?)");
  std::optional<Attribute> K = constantOf(Found, M, Depth + 1);
  if (!K)
    return No("it is assigned a value that is not a compile-time constant");
  return K;
}

// Extents of a SYCL object of type T: Dims for a range or an id, three
// times that for an nd_range; 0 for other types.
int64_t extentCount(Type T) {
  if (auto R = dyn_cast<RangeType>(T))
    return R.getDimension();
  if (auto I = dyn_cast<IDType>(T))
    return I.getDimension();
  if (auto N = dyn_cast<NdRangeType>(T))
    return 3 * int64_t(N.getDimension());
  return 0;
}

// The extent at byte Off of the range, id or nd_range C constructs. The
// constructor's arguments give the extents in order: an integer gives one
// (x86-64 passes ranges of up to two extents as integers), a pointer a
// whole range or id passed in memory (an nd_range<3>'s parts), or the
// object copied (one pointer argument). An id built without arguments is
// zero. Integers narrower than size_t are sign-extended, as C++ converts
// them.
std::optional<Attribute> constructedExtent(HostConstructorOp C, int64_t Off, Type LoadTy,
                                           ModuleOp M, int Depth) {
  const int64_t Total = extentCount(C.getType());
  if (!LoadTy.isInteger(64) || Off % 8 || Off < 0 || Off / 8 >= Total)
    return std::nullopt;
  const int64_t Want = Off / 8;
  auto I64 = IntegerType::get(M.getContext(), 64);
  if (C.getArgs().empty())
    return isa<IDType>(C.getType()) ? std::optional<Attribute>(IntegerAttr::get(I64, 0))
                                    : std::nullopt;
  const bool Copy =
      C.getArgs().size() == 1 && isa<LLVM::LLVMPointerType>(C.getArgs()[0].getType());
  const int64_t PartExtents = isa<NdRangeType>(C.getType()) ? Total / 3 : Total;
  int64_t At = 0;
  for (Value E : C.getArgs()) {
    if (auto T = dyn_cast<IntegerType>(E.getType())) {
      if (At++ != Want)
        continue;
      std::optional<Attribute> K = constantOf(E, M, Depth + 1);
      auto X = K ? dyn_cast<IntegerAttr>(*K) : nullptr;
      if (!X)
        return std::nullopt;
      return Attribute(IntegerAttr::get(I64, X.getValue().sextOrTrunc(64)));
    }
    if (!isa<LLVM::LLVMPointerType>(E.getType()))
      return std::nullopt;
    const int64_t N = Copy ? Total : PartExtents;
    if (Want < At + N)
      return memoryValue(E, (Want - At) * 8, LoadTy, M, Depth + 1);
    At += N;
  }
  return std::nullopt;
}

// The value a load of LoadTy from Ptr + Off reads, where the program proves
// the memory there holds one constant: constant globals, locals written
// once (by a store or a memcpy) and otherwise only read, closure fields
// (captures by value) and what closure fields point to (captures by
// reference).
std::optional<Attribute> memoryValue(Value Ptr, int64_t Off, Type LoadTy, ModuleOp M,
                                     int Depth) {
  if (Depth > MaxDepth)
    return std::nullopt;
  DataLayout DL = DataLayout::closest(M);
  Ptr = forwardSpill(Ptr);
  if (auto G = Ptr.getDefiningOp<LLVM::GEPOp>()) {
    if (auto CF = closureFieldOf(G, DL))
      return closureFieldValue(CF->Type, CF->Field, Off + CF->Inner, LoadTy, M, Depth + 1, DL);
    auto GO = gepOffset(G, DL);
    if (!GO)
      return std::nullopt;
    return memoryValue(G.getBase(), Off + *GO, LoadTy, M, Depth + 1);
  }
  if (auto Addr = Ptr.getDefiningOp<LLVM::AddressOfOp>()) {
    auto G = lookupIn<LLVM::GlobalOp>(M, Addr.getGlobalNameAttr().getAttr());
    std::optional<Attribute> V = G ? globalValue(G, M, Depth + 1) : std::nullopt;
    return V ? extractAt(*V, G.getGlobalType(), Off, LoadTy, DL) : std::nullopt;
  }
  // A lambda's closure reached through pointers (a kernel lambda built
  // outside the command group, passed down by reference).
  if (isa<BlockArgument>(Ptr) || Ptr.getDefiningOp<LLVM::LoadOp>())
    if (LLVM::AllocaOp A = asClosure(pointerRoot(Ptr, M, Depth + 1)))
      if (std::optional<Attribute> V = closureObjectValue(A, Off, LoadTy, M, Depth + 1, DL))
        return V;
  // A pointer read from a closure field: a capture by reference.
  if (auto L = Ptr.getDefiningOp<LLVM::LoadOp>()) {
    auto G = L.getAddr().getDefiningOp<LLVM::GEPOp>();
    auto CF = G ? closureFieldOf(G, DL) : std::nullopt;
    if (!CF || CF->Inner != 0 || G.getIndices().size() != 2)
      return std::nullopt;
    Value P = closureFieldPointer(CF->Type, CF->Field, M, Depth + 1);
    return P ? memoryValue(P, Off, LoadTy, M, Depth + 1) : std::nullopt;
  }
  // An argument of a function called at one place: what the call passes.
  if (auto Arg = dyn_cast<BlockArgument>(Ptr)) {
    Value P = uniqueCallOperand(Arg, M);
    return P ? memoryValue(P, Off, LoadTy, M, Depth + 1) : std::nullopt;
  }
  auto A = Ptr.getDefiningOp<LLVM::AllocaOp>();
  if (!A || constInt(A.getArraySize()) != 1)
    return std::nullopt;
  // A lambda's closure (a kernel lambda built outside the command group and
  // passed by reference): the field at Off, stored once.
  if (asClosure(A))
    if (std::optional<Attribute> V = closureObjectValue(A, Off, LoadTy, M, Depth + 1, DL))
      return V;
  // A local written once, by a store of a whole value or a memcpy of the
  // whole local, and otherwise only read; else one written piece by piece.
  Operation *Init = nullptr;
  bool Zeroed = false;
  for (OpOperand &U : A->getUses()) {
    Operation *Op = U.getOwner();
    if (auto S = dyn_cast<LLVM::StoreOp>(Op); S && S.getAddr() == A.getResult()) {
      if (S.getValue() == A.getResult() || std::exchange(Init, S))
        return piecewiseValue(A, Off, LoadTy, M, Depth + 1, DL);
    } else if (auto MC = dyn_cast<LLVM::MemcpyOp>(Op); MC && MC.getDst() == A.getResult()) {
      if (MC.getSrc() == A.getResult() || std::exchange(Init, MC))
        return std::nullopt;
    } else if (auto C = dyn_cast<HostConstructorOp>(Op);
               C && C.getDst() == A.getResult() &&
               isa<RangeType, IDType, NdRangeType>(C.getType())) {
      if (std::exchange(Init, C))
        return std::nullopt;
    } else if (auto MS = dyn_cast<LLVM::MemsetOp>(Op);
               MS && MS.getDst() == A.getResult() && constInt(MS.getVal()) == 0) {
      // Zeroed first (`id<1>()`, value-initialised): what only an id's
      // default constructor may follow (checked below).
      Zeroed = true;
    } else if (!readUse(U, M, Depth + 1, nullptr)) {
      return piecewiseValue(A, Off, LoadTy, M, Depth + 1, DL);
    }
  }
  Type T = A.getElemType();
  if (Zeroed) {
    auto C = dyn_cast_or_null<HostConstructorOp>(Init);
    if (!C || !isa<IDType>(C.getType()) || !C.getArgs().empty())
      return std::nullopt;
  }
  if (auto S = dyn_cast_or_null<LLVM::StoreOp>(Init)) {
    Value V = S.getValue();
    std::optional<Attribute> K = constantOf(V, M, Depth + 1);
    return K ? extractAt(*K, V.getType(), Off, LoadTy, DL) : std::nullopt;
  }
  if (auto MC = dyn_cast_or_null<LLVM::MemcpyOp>(Init)) {
    if (constInt(MC.getLen()) != int64_t(DL.getTypeSize(T)))
      return std::nullopt;
    return memoryValue(MC.getSrc(), Off, LoadTy, M, Depth + 1);
  }
  // A range, id or nd_range built by its constructor (the command group's
  // `range<2>{16, 16}`, `nd_range<1>{1024, 64}`): extent k, a size_t, at
  // byte 8k (an nd_range: its global range, local range and offset).
  if (auto C = dyn_cast_or_null<HostConstructorOp>(Init))
    return constructedExtent(C, Off, LoadTy, M, Depth + 1);
  return std::nullopt;
}

} // namespace

std::optional<Attribute> constantOf(Value V, ModuleOp M, int Depth) {
  if (Depth > MaxDepth)
    return std::nullopt;
  V = forwardSpill(V);
  Attribute A;
  if (V.getDefiningOp<LLVM::ZeroOp>()) // before m_Constant, which gives #llvm.zero
    return Attribute(UnitAttr::get(M.getContext())); // null / zero
  if (matchPattern(V, m_Constant(&A)))
    return A;
  if (auto C = V.getDefiningOp<LLVM::ConstantOp>())
    return C.getValue();
  // An argument of a function called at one place: what the call passes (a
  // range passed by value in registers to the queue shortcuts).
  if (auto Arg = dyn_cast<BlockArgument>(V))
    if (Value Q = uniqueCallOperand(Arg, M))
      return constantOf(Q, M, Depth + 1);
  if (auto L = V.getDefiningOp<LLVM::LoadOp>())
    if (auto Addr = L.getAddr().getDefiningOp<LLVM::AddressOfOp>())
      if (auto G = lookupIn<LLVM::GlobalOp>(M, Addr.getGlobalNameAttr().getAttr()))
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
          if (auto G = lookupIn<LLVM::GlobalOp>(M, Addr.getGlobalNameAttr().getAttr()))
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
  // What a load reads where the program proves the memory constant
  // (through closures: captures by value and by reference).
  if (auto L = V.getDefiningOp<LLVM::LoadOp>())
    if (std::optional<Attribute> K = memoryValue(L.getAddr(), 0, L.getType(), M, Depth + 1))
      return K;
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
    // Each element inserted once, in order 0..n-1, n the aggregate's size.
    SmallVector<Attribute> Elems;
    SmallVector<int64_t> Positions;
    Value Cur = Ins;
    while (auto I = Cur.getDefiningOp<LLVM::InsertValueOp>()) {
      std::optional<Attribute> E = constantOf(I.getValue(), M, Depth + 1);
      if (!E || I.getPosition().size() != 1)
        return std::nullopt;
      Elems.insert(Elems.begin(), *E);
      Positions.insert(Positions.begin(), I.getPosition()[0]);
      Cur = I.getContainer();
    }
    if (!Cur.getDefiningOp<LLVM::UndefOp>() && !Cur.getDefiningOp<LLVM::PoisonOp>())
      return std::nullopt;
    for (auto [I, P] : llvm::enumerate(Positions))
      if (P != int64_t(I))
        return std::nullopt;
    int64_t N = -1;
    if (auto S = dyn_cast<LLVM::LLVMStructType>(V.getType()))
      N = int64_t(S.getBody().size());
    else if (auto A = dyn_cast<LLVM::LLVMArrayType>(V.getType()))
      N = int64_t(A.getNumElements());
    if (N != int64_t(Elems.size()))
      return std::nullopt;
    return ArrayAttr::get(M.getContext(), Elems);
  }
  return std::nullopt;
}

LLVM::AllocaOp closureObjectOf(Value P, ModuleOp M) {
  return asClosure(pointerRoot(P, M, 0));
}

LLVM::AllocaOp objectRootOf(Value P, ModuleOp M, bool LinkOnce) {
  return pointerRoot(P, M, 0, LinkOnce);
}

std::optional<std::string> functorFieldWhy(Value V, ModuleOp M) {
  auto L = V.getDefiningOp<LLVM::LoadOp>();
  auto G = L ? L.getAddr().getDefiningOp<LLVM::GEPOp>() : nullptr;
  if (!G)
    return std::nullopt;
  DataLayout DL = DataLayout::closest(M);
  std::optional<int64_t> Off = gepOffset(G, DL);
  LLVM::AllocaOp A = Off ? pointerRoot(G.getBase(), M, 0) : nullptr;
  auto S = A ? dyn_cast<LLVM::LLVMStructType>(A.getElemType()) : nullptr;
  if (!S || !S.isIdentified() || asClosure(A) || S.getName().starts_with("class.sycl::") ||
      !(S.getName().starts_with("struct.") || S.getName().starts_with("class.")))
    return std::nullopt;
  std::string Why;
  if (piecewiseValue(A, *Off, L.getType(), M, 0, DL, &Why) || Why.empty())
    return std::nullopt;
  return "a field of the functor '" + S.getName().drop_until([](char C) { return C == '.'; })
                                          .drop_front()
                                          .str() +
         "' of '" +
         A->getParentOfType<LLVM::LLVMFuncOp>().getName().str() + "': " + Why;
}

std::optional<SmallVector<std::optional<uint64_t>>> partialExtents(Value P, ModuleOp M) {
  Type T = syclObjectType(P, M);
  const int64_t N = extentCount(T);
  if (!N)
    return std::nullopt;
  auto I64 = IntegerType::get(M.getContext(), 64);
  SmallVector<std::optional<uint64_t>> Out;
  for (int64_t K = 0; K < N; ++K) {
    std::optional<Attribute> V = memoryValue(P, 8 * K, I64, M, 0);
    auto X = V ? dyn_cast<IntegerAttr>(*V) : nullptr;
    Out.push_back(X && X.getValue().getBitWidth() <= 64
                      ? std::optional<uint64_t>(X.getValue().getZExtValue())
                      : std::nullopt);
  }
  return Out;
}

std::optional<SmallVector<uint64_t>> constantExtents(Value P, ModuleOp M) {
  std::optional<SmallVector<std::optional<uint64_t>>> E = partialExtents(P, M);
  if (!E || llvm::any_of(*E, [](const std::optional<uint64_t> &X) { return !X; }))
    return std::nullopt;
  return llvm::to_vector(llvm::map_range(*E, [](const std::optional<uint64_t> &X) { return *X; }));
}

Type syclObjectType(Value P, ModuleOp M, int Depth) {
  if (Depth > MaxDepth)
    return {};
  P = forwardSpill(P);
  for (Operation *U : P.getUsers())
    if (auto C = dyn_cast<HostConstructorOp>(U); C && C.getDst() == P)
      return C.getType();
  // Filled by a copy: a memcpy, or a store of a loaded value.
  for (Operation *U : P.getUsers()) {
    Type T;
    if (auto MC = dyn_cast<LLVM::MemcpyOp>(U); MC && MC.getDst() == P)
      T = syclObjectType(MC.getSrc(), M, Depth + 1);
    if (auto S = dyn_cast<LLVM::StoreOp>(U); S && S.getAddr() == P)
      if (auto L = forwardSpill(S.getValue()).getDefiningOp<LLVM::LoadOp>()) {
        // (A range passed by value is stored from its parts.)
        Value Src = L.getAddr();
        while (auto G = forwardSpill(Src).getDefiningOp<LLVM::GEPOp>())
          Src = G.getBase();
        T = syclObjectType(Src, M, Depth + 1);
      }
    if (T)
      return T;
  }
  // An argument of a function called at one place.
  if (auto Arg = dyn_cast<BlockArgument>(P))
    if (Value Q = uniqueCallOperand(Arg, M))
      return syclObjectType(Q, M, Depth + 1);
  // A local of the class's type, filled from elsewhere (a range the
  // queue::parallel_for shortcuts pass down by reference): its size gives
  // the dimensions.
  if (auto A = P.getDefiningOp<LLVM::AllocaOp>())
    if (auto S = dyn_cast<LLVM::LLVMStructType>(A.getElemType()); S && S.isIdentified()) {
      DataLayout DL = DataLayout::closest(M);
      const int64_t Size = int64_t(DL.getTypeSize(S));
      llvm::StringRef Name = S.getName();
      MLIRContext *Ctx = M.getContext();
      auto Is = [&](llvm::StringRef Class) {
        return Name == Class || Name.starts_with((Class + ".").str());
      };
      if (Is("class.sycl::_V1::range") && Size % 8 == 0 && Size >= 8 && Size <= 24)
        return RangeType::get(Ctx, unsigned(Size / 8));
      if (Is("class.sycl::_V1::id") && Size % 8 == 0 && Size >= 8 && Size <= 24)
        return IDType::get(Ctx, unsigned(Size / 8));
      if (Is("class.sycl::_V1::nd_range") && Size % 24 == 0 && Size >= 24 && Size <= 72)
        return NdRangeType::get(Ctx, unsigned(Size / 24));
    }
  return {};
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
