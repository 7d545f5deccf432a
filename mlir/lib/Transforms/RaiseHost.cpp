//===- RaiseHost.cpp - Raise host LLVM IR to sycl.host ops ----------------===//
//
// Seed 003: recovers each kernel submission of a command-group function
// (CGF) from host code clang compiled with our headers (usycl++
// -fsycl-raise-host: -O0 with the submission path always_inline, see
// sycl/detail/kernel_param_desc.hpp) and writes it as
// sycl.host.schedule_kernel. Steps, in order (each a separate walk, so a
// later step sees what the earlier ones raised):
//
//   1. constructors   calls/invokes of buffer/accessor/local_accessor/range/
//                     id/nd_range constructors -> sycl.host.constructor
//   2. get_kernel     addresses of strings naming a gpu.func kernel
//   3. set_kernel     the store of such an address into the handler
//   4. set_nd_range   the range/offset/nd_range annotated parameters
//   5. set_captured   the assignments to the kernel object's fields
//   6. schedule_kernel, checked against the kernel parameter descriptors;
//                     it carries usycl.arg_offsets (each argument's offset in
//                     the kernel object) and usycl.object_size (the object's
//                     size, where it is built in the CGF or the user's
//                     lambda or functor it references is found)
//   7. parallel_for with reductions: the header's wrapper object, the
//                     user's kernel object inside it split into its
//                     captures (raiseReduction)
//   8. kernels taking a kernel_handler and parallel_for_work_group: the
//                     same for the headers' with_kernel_handler and
//                     hierarchical_object wrappers (raiseWrapped)
//
// A step that finds its anchor but cannot finish emits a remark naming the
// step and the reason (unless quiet).
//
//===----------------------------------------------------------------------===//

#include "usycl/Dialect/SYCL/Transforms/Passes.h"

#include "ConstantValues.h"
#include "UserLocation.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Demangle/Demangle.h"

#include <map>
#include <optional>

using namespace mlir;

namespace usycl::sycl {
#define GEN_PASS_DEF_SYCLRAISEHOST
#include "usycl/Dialect/SYCL/Transforms/Passes.h.inc"

namespace {

//===----------------------------------------------------------------------===//
// Demangling of SYCL constructors
//===----------------------------------------------------------------------===//

struct CtorInfo {
  std::string Class;              // "accessor", "range", ...
  std::vector<std::string> Targs; // the class's template arguments
  std::string Params;             // "(sycl::_V1::range<1> const&, ...)"
  std::string Context;            // "sycl::_V1::accessor<...>"
  bool isCopyOrMove() const {
    return Params == "(" + Context + " const&)" || Params == "(" + Context + "&&)" ||
           Params == "(" + Context + "&)";
  }
};

std::vector<std::string> splitTopLevel(llvm::StringRef S) {
  std::vector<std::string> Out;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    char C = S[I];
    if (C == '<' || C == '(')
      ++Depth;
    else if (C == '>' || C == ')')
      --Depth;
    else if (C == ',' && Depth == 0) {
      Out.push_back(S.slice(Start, I).trim().str());
      Start = I + 1;
    }
  }
  if (Start < S.size())
    Out.push_back(S.drop_front(Start).trim().str());
  return Out;
}

// A constructor of a class in namespace sycl::_V1 (any class).
std::optional<CtorInfo> demangleSYCLCtor(llvm::StringRef Mangled) {
  if (!Mangled.starts_with("_ZN4sycl3_V1"))
    return std::nullopt;
  llvm::ItaniumPartialDemangler D;
  std::string Name = Mangled.str();
  if (D.partialDemangle(Name.c_str()) || !D.isCtorOrDtor())
    return std::nullopt;
  auto Get = [&](char *(llvm::ItaniumPartialDemangler::*F)(char *, size_t *) const) {
    size_t N = 0;
    char *Buf = (D.*F)(nullptr, &N);
    std::string R = Buf ? Buf : "";
    std::free(Buf);
    return R;
  };
  std::string Base = Get(&llvm::ItaniumPartialDemangler::getFunctionBaseName);
  if (Base.empty() || Base[0] == '~')
    return std::nullopt;
  CtorInfo Info;
  Info.Context = Get(&llvm::ItaniumPartialDemangler::getFunctionDeclContextName);
  Info.Params = Get(&llvm::ItaniumPartialDemangler::getFunctionParameters);
  llvm::StringRef Ctx = Info.Context;
  if (!Ctx.consume_front("sycl::_V1::"))
    return std::nullopt;
  size_t Lt = Ctx.find('<');
  Info.Class = Ctx.substr(0, Lt).str();
  if (Lt != llvm::StringRef::npos && Ctx.ends_with(">"))
    Info.Targs = splitTopLevel(Ctx.slice(Lt + 1, Ctx.size() - 1));
  return Info;
}

// "(sycl::_V1::access_mode)1025" -> 1025, "2" -> 2
std::optional<int64_t> templateInt(const std::string &Arg) {
  llvm::StringRef S = Arg;
  size_t Close = S.rfind(')');
  if (Close != llvm::StringRef::npos)
    S = S.drop_front(Close + 1);
  int64_t V;
  if (S.trim().getAsInteger(10, V))
    return std::nullopt;
  return V;
}

// The SYCL type a constructor initialises, or null (not a SYCL class we
// model, or a copy/move constructor: those are assignments, not creations).
Type syclTypeOfCtor(MLIRContext *Ctx, const CtorInfo &C, bool AllowCopy = false) {
  if (!AllowCopy && C.isCopyOrMove())
    return {};
  auto Dim = [&](size_t I) -> std::optional<unsigned> {
    if (I >= C.Targs.size())
      return std::nullopt;
    std::optional<int64_t> V = templateInt(C.Targs[I]);
    if (!V || *V < 1 || *V > 3)
      return std::nullopt;
    return unsigned(*V);
  };
  Type Void = LLVM::LLVMVoidType::get(Ctx);
  llvm::StringRef Params = C.Params;
  if (C.Class == "range" || C.Class == "id" || C.Class == "nd_range") {
    std::optional<unsigned> D = Dim(0);
    if (!D)
      return {};
    if (C.Class == "range")
      return RangeType::get(Ctx, *D);
    if (C.Class == "id")
      return IDType::get(Ctx, *D);
    return NdRangeType::get(Ctx, *D);
  }
  if (C.Class == "buffer") {
    std::optional<unsigned> D = Dim(1);
    if (!D)
      return {};
    bool Sub = Params.contains("sycl::_V1::buffer<");
    return BufferType::get(Ctx, *D, Void, Sub);
  }
  if (C.Class == "accessor") {
    std::optional<unsigned> D = Dim(1);
    std::optional<int64_t> Mode = C.Targs.size() > 2 ? templateInt(C.Targs[2]) : std::nullopt;
    std::optional<int64_t> Tgt = C.Targs.size() > 3 ? templateInt(C.Targs[3]) : std::nullopt;
    if (!D || !Mode || !Tgt)
      return {};
    std::optional<AccessMode> M = symbolizeAccessMode(uint32_t(*Mode));
    std::optional<Target> T = symbolizeTarget(uint32_t(*Tgt));
    if (!M || !T)
      return {};
    SmallVector<Type> Body;
    if (!C.isCopyOrMove() && Params.contains("sycl::_V1::range<")) {
      Body.push_back(RangeType::get(Ctx, *D));
      if (Params.contains("sycl::_V1::id<"))
        Body.push_back(IDType::get(Ctx, *D));
    } else {
      Body.push_back(Void);
    }
    return AccessorType::get(Ctx, *D, Void, *M, *T, Body);
  }
  if (C.Class == "local_accessor") {
    std::optional<unsigned> D = Dim(1);
    if (!D)
      return {};
    SmallVector<Type> Body{C.isCopyOrMove() ? Type(Void) : Type(RangeType::get(Ctx, *D))};
    return LocalAccessorType::get(Ctx, *D, Void, Body);
  }
  return {};
}

OperandRange callArgs(Operation *Op) {
  if (auto C = dyn_cast<LLVM::CallOp>(Op))
    return C.getArgOperands();
  return cast<LLVM::InvokeOp>(Op).getCalleeOperands();
}

// Removes a call or invoke; an invoke becomes a branch to its normal
// successor.
void eraseCall(OpBuilder &B, Operation *Op) {
  if (auto I = dyn_cast<LLVM::InvokeOp>(Op)) {
    B.setInsertionPoint(I);
    LLVM::BrOp::create(B, I.getLoc(), I.getNormalDestOperands(), I.getNormalDest());
  }
  Op->erase();
}

//===----------------------------------------------------------------------===//
// Value and address tracing (the -O0 idioms: values spilled to allocas)
//===----------------------------------------------------------------------===//

// The single store into an alloca that is otherwise only read (and
// annotated), or null.
LLVM::StoreOp singleStore(LLVM::AllocaOp A) {
  LLVM::StoreOp Store;
  for (OpOperand &U : A->getUses()) {
    Operation *User = U.getOwner();
    if (auto S = dyn_cast<LLVM::StoreOp>(User)) {
      if (S.getAddr() != A.getResult() || Store)
        return {};
      Store = S;
    } else if (!isa<LLVM::LoadOp, LLVM::VarAnnotation, LLVM::LifetimeStartOp,
                    LLVM::LifetimeEndOp>(User)) {
      return {};
    }
  }
  return Store;
}

// Looks through loads of values spilled once to an alloca.
Value forward(Value V) {
  for (int Guard = 0; Guard < 64; ++Guard) {
    auto Load = V.getDefiningOp<LLVM::LoadOp>();
    if (!Load)
      return V;
    auto A = Load.getAddr().getDefiningOp<LLVM::AllocaOp>();
    if (!A)
      return V;
    LLVM::StoreOp S = singleStore(A);
    if (!S || S.getValue().getType() != Load.getType())
      return V;
    V = S.getValue();
  }
  return V;
}

// The base object an address points into (through GEPs and spills).
Value rootOf(Value P) {
  for (int Guard = 0; Guard < 64; ++Guard) {
    P = forward(P);
    if (auto G = P.getDefiningOp<LLVM::GEPOp>()) {
      P = G.getBase();
      continue;
    }
    return P;
  }
  return P;
}

// Constant byte offset of a GEP relative to its base.
std::optional<int64_t> gepOffset(LLVM::GEPOp G, const DataLayout &DL) {
  Type T = G.getElemType();
  int64_t Off = 0;
  bool First = true;
  for (auto Idx : G.getIndices()) {
    auto Attr = llvm::dyn_cast_if_present<IntegerAttr>(Idx);
    std::optional<int64_t> I;
    if (Attr)
      I = Attr.getInt();
    else if (auto C = cast<Value>(Idx).getDefiningOp<LLVM::ConstantOp>())
      if (auto IA = dyn_cast<IntegerAttr>(C.getValue()))
        I = IA.getInt();
    if (!I)
      return std::nullopt;
    if (First) {
      Off += *I * int64_t(DL.getTypeSize(T));
      First = false;
      continue;
    }
    if (auto S = dyn_cast<LLVM::LLVMStructType>(T)) {
      ArrayRef<Type> Body = S.getBody();
      if (*I < 0 || *I >= int64_t(Body.size()))
        return std::nullopt;
      int64_t FieldOff = 0;
      for (int64_t F = 0; F <= *I; ++F) {
        if (!S.isPacked())
          FieldOff = llvm::alignTo(FieldOff, DL.getTypeABIAlignment(Body[F]));
        if (F < *I)
          FieldOff += DL.getTypeSize(Body[F]);
      }
      Off += FieldOff;
      T = Body[*I];
    } else if (auto A = dyn_cast<LLVM::LLVMArrayType>(T)) {
      T = A.getElementType();
      Off += *I * int64_t(DL.getTypeSize(T));
    } else if (auto V = dyn_cast<VectorType>(T)) {
      T = V.getElementType();
      Off += *I * int64_t(DL.getTypeSize(T));
    } else {
      return std::nullopt;
    }
  }
  return Off;
}

std::vector<int64_t> fieldOffsets(LLVM::LLVMStructType S, const DataLayout &DL) {
  std::vector<int64_t> Out;
  int64_t Off = 0;
  for (Type T : S.getBody()) {
    if (!S.isPacked())
      Off = llvm::alignTo(Off, DL.getTypeABIAlignment(T));
    Out.push_back(Off);
    Off += DL.getTypeSize(T);
  }
  return Out;
}

bool isNamedStruct(Type T, llvm::StringRef Prefix) {
  auto S = dyn_cast<LLVM::LLVMStructType>(T);
  return S && S.isIdentified() && S.getName().starts_with(Prefix);
}

// Clang's explicit padding in a packed struct (a closure whose tail padding
// may be reused is laid out packed): an [N x i8] field that only pads to
// the ABI alignment of the next field, or to the struct's size after the
// last one. Never a capture (the parameter descriptors skip it).
bool isExplicitPadding(LLVM::LLVMStructType S, size_t FI, const DataLayout &DL) {
  ArrayRef<Type> Body = S.getBody();
  auto AT = FI < Body.size() ? dyn_cast<LLVM::LLVMArrayType>(Body[FI]) : nullptr;
  if (!S.isPacked() || !AT || !AT.getElementType().isInteger(8) || FI == 0)
    return false;
  std::vector<int64_t> Offsets = fieldOffsets(S, DL);
  const int64_t End = Offsets[FI] + int64_t(AT.getNumElements());
  if (FI + 1 == Body.size())
    return true; // trailing: as before, whatever its size
  const int64_t Align = int64_t(DL.getTypeABIAlignment(Body[FI + 1]));
  return Offsets[FI] % Align != 0 && End == int64_t(llvm::alignTo(Offsets[FI], Align));
}

bool isAccessorStruct(Type T) {
  return isNamedStruct(T, "class.sycl::_V1::accessor") ||
         isNamedStruct(T, "class.sycl::_V1::local_accessor");
}

// Parameter descriptors (kind, size, offset, info per field, as the
// integration header writes them; sycl/detail/kernel_param_desc.hpp) of a
// kernel object, from its host struct type. For the user's kernel object
// inside a reduction wrapper: the device pass describes the wrapper's
// fields, the user's object among them as one standard-layout field. The
// info of accessors is left 0 (the struct type does not say their mode and
// target: the raising types them from their constructors). A trailing
// explicit padding field of a packed struct is no field (as in
// raiseCaptures).
SmallVector<int64_t> fieldDescriptors(LLVM::LLVMStructType K, const DataLayout &DL) {
  SmallVector<int64_t> Out;
  std::vector<int64_t> Offsets = fieldOffsets(K, DL);
  ArrayRef<Type> Body = K.getBody();
  for (size_t I = 0; I < Body.size(); ++I) {
    Type T = Body[I];
    if (isExplicitPadding(K, I, DL))
      continue;
    int64_t Kind = 1; // standard layout
    if (isNamedStruct(T, "class.sycl::_V1::local_accessor"))
      Kind = 6;
    else if (isNamedStruct(T, "class.sycl::_V1::accessor"))
      Kind = 0;
    else if (isa<LLVM::LLVMPointerType>(T))
      Kind = 3;
    Out.append({Kind, int64_t(DL.getTypeSize(T)), Offsets[I], 0});
  }
  return Out;
}

// Why a captured value (its SYCL type ST, if any, and its value type VT)
// does not match its parameter descriptor (Kind, Size); nullopt if it does.
std::optional<std::string> argMismatch(int64_t I, int64_t Kind, int64_t Size, Type ST, Type VT,
                                       const DataLayout &DL) {
  switch (Kind) {
  case 0: // accessor
    if (!isa_and_nonnull<AccessorType>(ST))
      return "parameter " + std::to_string(I) +
             " is an accessor, but its set_captured has no !sycl.accessor type (was its "
             "sycl.host.constructor raised in this function?)";
    return std::nullopt;
  case 6: // local_accessor
    if (!isa_and_nonnull<LocalAccessorType>(ST))
      return "parameter " + std::to_string(I) +
             " is a local_accessor, but its set_captured has no !sycl.local_accessor type";
    return std::nullopt;
  case 3: // pointer
    if (!isa<LLVM::LLVMPointerType>(VT) || ST)
      return "parameter " + std::to_string(I) + " is a pointer, but the captured value is not";
    return std::nullopt;
  case 1: // standard layout
    if (ST || int64_t(DL.getTypeSize(VT)) != Size)
      return "parameter " + std::to_string(I) + " has " + std::to_string(Size) +
             " bytes, but the captured value does not";
    return std::nullopt;
  default:
    return "parameter " + std::to_string(I) + " has an unknown descriptor kind " +
           std::to_string(Kind);
  }
}

// The string an annotation names ("range", "kernel", ...).
std::optional<std::string> annotationString(LLVM::VarAnnotation A, ModuleOp M) {
  auto Addr = A.getAnnotation().getDefiningOp<LLVM::AddressOfOp>();
  if (!Addr)
    return std::nullopt;
  auto G = M.lookupSymbol<LLVM::GlobalOp>(Addr.getGlobalNameAttr());
  if (!G || !G.getValueOrNull())
    return std::nullopt;
  auto S = dyn_cast<StringAttr>(G.getValueOrNull());
  if (!S)
    return std::nullopt;
  return S.getValue().rtrim('\0').str();
}

// The sycl.host.constructor that initialised the object at P, if any.
HostConstructorOp constructorOf(Value P) {
  P = forward(P);
  for (Operation *U : P.getUsers())
    if (auto C = dyn_cast<HostConstructorOp>(U))
      if (C.getDst() == P)
        return C;
  return {};
}

// The kernel object of a submission: the parameter of parallel_for annotated
// 'kernel' (by value), or what the annotated reference parameter points to.
Value kernelObject(LLVM::VarAnnotation KA) {
  Value Lambda = KA.getVal();
  if (auto A = Lambda.getDefiningOp<LLVM::AllocaOp>())
    if (isa<LLVM::LLVMPointerType>(A.getElemType()))
      if (LLVM::StoreOp S = singleStore(A))
        Lambda = S.getValue();
  return forward(Lambda);
}

// The size in bytes of the kernel object at Lambda, where it is a local of
// the command-group function (an alloca of one struct); nullopt otherwise
// (built elsewhere and passed in by reference).
std::optional<int64_t> kernelObjectSize(Value Lambda, const DataLayout &DL) {
  auto A = Lambda ? Lambda.getDefiningOp<LLVM::AllocaOp>() : nullptr;
  if (!A || !isa<LLVM::LLVMStructType>(A.getElemType()))
    return std::nullopt;
  APInt Count;
  if (!matchPattern(A.getArraySize(), m_ConstantInt(&Count)) || Count != 1)
    return std::nullopt;
  return int64_t(DL.getTypeSize(A.getElemType()));
}

// The closure type of a kernel object built outside the command-group
// function and reached through it (the queue::parallel_for shortcuts: a
// reference to the user's lambda or functor, stored in the command group's
// closure and passed down from the user's function; a functor of the user's
// function captured by reference): the struct type of the one local
// it provably points to, where every parameter descriptor (Params: kind,
// size, offset, info per parameter) starts a top-level field of it that
// holds its bytes. Null where unknown.
LLVM::LLVMStructType outsideKernelType(Value Lambda, ArrayRef<int64_t> Params,
                                       const DataLayout &DL) {
  if (!Lambda || !isa<LLVM::LLVMPointerType>(Lambda.getType()) || Params.size() % 4)
    return {};
  Operation *Scope = Lambda.getParentBlock() ? Lambda.getParentBlock()->getParentOp() : nullptr;
  auto M = Scope ? Scope->getParentOfType<ModuleOp>() : nullptr;
  // A lambda's closure, or a functor (a local of a named struct type that
  // is not a SYCL class): the kernel object's type is the local's, whatever
  // its fields hold (the size is all this says; the plan proves values
  // separately).
  LLVM::AllocaOp Obj = M ? closureObjectOf(Lambda, M) : nullptr;
  if (!Obj && M)
    if (LLVM::AllocaOp R = objectRootOf(Lambda, M, /*LinkOnce=*/true)) {
      auto S = dyn_cast<LLVM::LLVMStructType>(R.getElemType());
      APInt Count;
      if (S && S.isIdentified() && !S.isOpaque() &&
          (S.getName().starts_with("struct.") || S.getName().starts_with("class.")) &&
          !S.getName().starts_with("class.sycl::") && !S.getName().starts_with("struct.sycl::") &&
          matchPattern(R.getArraySize(), m_ConstantInt(&Count)) && Count == 1)
        Obj = R;
    }
  auto K = Obj ? dyn_cast<LLVM::LLVMStructType>(Obj.getElemType()) : nullptr;
  if (!K)
    return {};
  std::vector<int64_t> Offsets = fieldOffsets(K, DL);
  // A functor: every field of its type holds a parameter (else the local
  // may be of a class derived from the kernel's type, passed as a
  // reference to its base: another size).
  if (!closureObjectOf(Lambda, M))
    for (size_t FI = 0; FI < Offsets.size(); ++FI) {
      if (isExplicitPadding(K, FI, DL))
        continue; // explicit padding
      bool Described = false;
      for (size_t I = 0; I < Params.size(); I += 4)
        Described |= Params[I + 2] == Offsets[FI];
      if (!Described)
        return {};
    }
  for (size_t I = 0; I < Params.size(); I += 4) {
    int64_t Size = Params[I + 1], Offset = Params[I + 2];
    auto It = llvm::find(Offsets, Offset);
    if (It == Offsets.end() ||
        Size > int64_t(DL.getTypeSize(K.getBody()[It - Offsets.begin()])))
      return {};
  }
  return K;
}

// A field a constructor of a functor assigns: its byte offset in the
// object, its size, and the value in the caller (the call's operand the
// constructor stores, or a copy of a constant it stores).
struct CtorFieldWrite {
  int64_t Offset;
  int64_t Size;
  Value Val;
};

// The fields the constructor a call runs on its first argument assigns
// (functors with user-declared constructors: `Scale(p, 2.0f)` at -O0 is a
// call whose stores into `this` the raising otherwise does not see), as
// ctorWrites understands them, with each constant the constructor stores
// copied in front of the call (set_captured takes values of the caller).
std::optional<std::vector<CtorFieldWrite>> ctorFieldWrites(Operation *Call, ModuleOp M,
                                                           const DataLayout &DL) {
  auto Writes = ctorWrites(Call, M, DL);
  if (!Writes)
    return std::nullopt;
  std::vector<CtorFieldWrite> Out;
  OpBuilder B(Call);
  for (auto [Offset, Size, V] : *Writes) {
    Operation *Def = V.getDefiningOp();
    if (Def && Def->getParentOfType<LLVM::LLVMFuncOp>() != Call->getParentOfType<LLVM::LLVMFuncOp>())
      V = B.clone(*Def)->getResult(0); // a constant of the constructor
    Out.push_back({Offset, Size, V});
  }
  return Out;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct RaiseHostPass : impl::SYCLRaiseHostBase<RaiseHostPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  InFlightDiagnostic remark(Operation *Op, llvm::StringRef Step) {
    // At the user's line, not the header code the op was inlined from.
    InFlightDiagnostic D = mlir::emitRemark(userLocation(Op->getLoc()));
    D << "sycl-raise-host: " << Step << ": ";
    return D;
  }
  bool silent() const { return quiet; }

  void raiseConstructors(ModuleOp M);
  void raiseGetKernel(ModuleOp M);
  void raiseSetKernel(ModuleOp M);
  void raiseSetNDRange(LLVM::LLVMFuncOp F);
  void raiseSetCaptured(LLVM::LLVMFuncOp F, const DataLayout &DL);
  void raiseCaptures(LLVM::LLVMFuncOp F, const DataLayout &DL, HostHandlerSetKernel SK,
                     LLVM::VarAnnotation KA, std::optional<ArrayRef<int64_t>> OwnDesc);
  void raiseScheduleKernel(LLVM::LLVMFuncOp F, const DataLayout &DL);
  // The fields of the user's kernel object inside a header wrapper (at
  // byte Base of it), raised to set_captured ops and checked against their
  // descriptors: values, SYCL types and offsets in the wrapper.
  struct UserCaptures {
    SmallVector<Value> Args;
    SmallVector<Type> Types;
    SmallVector<int64_t> Offsets;
  };
  FailureOr<UserCaptures> userCaptures(LLVM::LLVMFuncOp F, const DataLayout &DL,
                                       HostHandlerSetKernel SK, LLVM::VarAnnotation KA,
                                       LLVM::LLVMStructType KT, DominanceInfo &Dom, int64_t Base,
                                       std::string &Why);
  void raiseReduction(LLVM::LLVMFuncOp F, const DataLayout &DL);
  void raiseWrapped(LLVM::LLVMFuncOp F, const DataLayout &DL);
  std::optional<std::pair<int64_t, SmallVector<int64_t>>>
  descriptors(LLVM::LLVMFuncOp F, const DataLayout &DL, std::string *Why = nullptr);

  // Annotations of one function, by their string.
  std::multimap<std::string, LLVM::VarAnnotation> annotations(LLVM::LLVMFuncOp F) {
    std::multimap<std::string, LLVM::VarAnnotation> Out;
    ModuleOp M = getOperation();
    F.walk([&](LLVM::VarAnnotation A) {
      if (std::optional<std::string> S = annotationString(A, M))
        Out.emplace(*S, A);
    });
    return Out;
  }

  llvm::StringMap<SymbolRefAttr> Kernels; // name -> @module::@name
};

void RaiseHostPass::runOnOperation() {
  ModuleOp M = getOperation();
  Kernels.clear();
  M.walk([&](gpu::GPUModuleOp GM) {
    for (auto F : GM.getOps<gpu::GPUFuncOp>())
      if (F.isKernel())
        Kernels[F.getName()] = SymbolRefAttr::get(
            GM.getNameAttr(), {FlatSymbolRefAttr::get(F.getNameAttr())});
  });

  raiseConstructors(M);
  if (Kernels.empty()) {
    bool HasSubmission = false;
    M.walk([&](LLVM::VarAnnotation A) {
      HasSubmission |= annotationString(A, M) == std::optional<std::string>("kernel");
    });
    if (!silent() && HasSubmission)
      M.emitRemark("sycl-raise-host: get_kernel: the module has no kernels (gpu.func with "
                   "the 'kernel' attribute in a gpu.module); give the device IR "
                   "(sycl-mlir-opt --sycl-device-ir=<file>)");
    return;
  }
  raiseGetKernel(M);
  raiseSetKernel(M);
  DataLayout DL(M);
  SmallVector<LLVM::LLVMFuncOp> Funcs;
  M.walk([&](LLVM::LLVMFuncOp F) {
    if (!F.isExternal())
      Funcs.push_back(F);
  });
  for (LLVM::LLVMFuncOp F : Funcs) {
    bool HasSetKernel = false;
    F.walk([&](HostHandlerSetKernel) { HasSetKernel = true; });
    if (!HasSetKernel)
      continue;
    auto Ann = annotations(F);
    if (Ann.count("hierarchical_wrapper") || Ann.count("kernel_handler_wrapper")) {
      // parallel_for_work_group, or a kernel taking a kernel_handler: the
      // kernel object is the header's wrapper around the user's
      // (sycl/detail/hierarchical.hpp, sycl/kernel_handler.hpp).
      raiseWrapped(F, DL);
      continue;
    }
    if (!Ann.count("kernel") && Ann.count("reduction_kernel")) {
      // parallel_for with reductions: the kernel object is the header's
      // wrapper around the user's (sycl/reduction.hpp).
      raiseReduction(F, DL);
      continue;
    }
    if (!Ann.count("kernel")) {
      // Launches from library code the headers do not annotate: single_task,
      // parallel_for (also with reductions or a kernel_handler) and
      // parallel_for_work_group are.
      if (!silent())
        F.walk([&](HostHandlerSetKernel SK) {
          remark(SK, "schedule_kernel")
              << "not raised: no parameter annotated 'kernel' or 'reduction_kernel' in '"
              << F.getName()
              << "' (a launch whose kernel object the headers build and do not annotate); "
                 "single_task, parallel_for (also with reductions or a kernel_handler) and "
                 "parallel_for_work_group are raised";
        });
      continue;
    }
    raiseSetNDRange(F);
    raiseSetCaptured(F, DL);
    raiseScheduleKernel(F, DL);
  }
}

// 1. constructors
void RaiseHostPass::raiseConstructors(ModuleOp M) {
  SmallVector<Operation *> Calls;
  M.walk([&](Operation *Op) {
    if (isa<LLVM::CallOp, LLVM::InvokeOp>(Op))
      Calls.push_back(Op);
  });
  OpBuilder B(M.getContext());
  for (Operation *Op : Calls) {
    std::optional<llvm::StringRef> Name = calleeName(Op);
    if (!Name)
      continue;
    std::optional<CtorInfo> Info = demangleSYCLCtor(*Name);
    if (!Info)
      continue;
    Type T = syclTypeOfCtor(M.getContext(), *Info);
    if (!T)
      continue;
    OperandRange Args = callArgs(Op);
    if (Args.empty() || !isa<LLVM::LLVMPointerType>(Args[0].getType()))
      continue;
    B.setInsertionPoint(Op);
    HostConstructorOp::create(B, Op->getLoc(), Args[0], Args.drop_front(), TypeAttr::get(T));
    eraseCall(B, Op);
  }
}

// 2. get_kernel
void RaiseHostPass::raiseGetKernel(ModuleOp M) {
  SmallVector<LLVM::AddressOfOp> Addrs;
  M.walk([&](LLVM::AddressOfOp A) { Addrs.push_back(A); });
  OpBuilder B(M.getContext());
  for (LLVM::AddressOfOp A : Addrs) {
    auto G = M.lookupSymbol<LLVM::GlobalOp>(A.getGlobalNameAttr());
    if (!G || !G.getConstant() || !G.getValueOrNull())
      continue;
    auto S = dyn_cast<StringAttr>(G.getValueOrNull());
    if (!S)
      continue;
    auto It = Kernels.find(S.getValue().rtrim('\0'));
    if (It == Kernels.end())
      continue;
    B.setInsertionPoint(A);
    auto K = HostGetKernelOp::create(B, A.getLoc(), A.getType(), It->second);
    A.replaceAllUsesWith(K.getResult());
    A.erase();
  }
}

// 3. set_kernel: store of a kernel's address into (a field of) the handler,
// an argument of the CGF.
void RaiseHostPass::raiseSetKernel(ModuleOp M) {
  SmallVector<LLVM::StoreOp> Stores;
  M.walk([&](LLVM::StoreOp S) {
    if (S.getValue().getDefiningOp<HostGetKernelOp>())
      Stores.push_back(S);
  });
  OpBuilder B(M.getContext());
  for (LLVM::StoreOp S : Stores) {
    auto K = S.getValue().getDefiningOp<HostGetKernelOp>();
    Value Handler = rootOf(S.getAddr());
    if (!isa<BlockArgument>(Handler)) {
      // Only worth a remark where a parallel_for was inlined (elsewhere the
      // name is used for other purposes, e.g. kernel ids).
      bool InSubmission = false;
      if (auto F = S->getParentOfType<LLVM::LLVMFuncOp>())
        InSubmission = annotations(F).count("kernel") != 0;
      if (!silent() && InSubmission)
        remark(S, "set_kernel")
            << "the kernel name " << K.getKernelName()
            << " is stored to memory that is not reached from an argument of the "
               "command-group function (check that parallel_for was inlined into it)";
      continue;
    }
    B.setInsertionPointAfter(S);
    HostHandlerSetKernel::create(B, S.getLoc(), Handler, K.getKernelNameAttr());
  }
}

// 4. set_nd_range
void RaiseHostPass::raiseSetNDRange(LLVM::LLVMFuncOp F) {
  auto Ann = annotations(F);
  auto One = [&](const char *Key) -> std::optional<LLVM::VarAnnotation> {
    if (Ann.count(Key) != 1)
      return std::nullopt;
    return Ann.find(Key)->second;
  };
  HostHandlerSetKernel SK;
  F.walk([&](HostHandlerSetKernel Op) { SK = Op; });
  size_t NRange = Ann.count("range"), NNd = Ann.count("nd_range"), NOff = Ann.count("offset");
  if (NRange + NNd + NOff == 0 && Ann.count("kernel") == 1) {
    // single_task: its one annotated parameter is the kernel. It launches
    // one work-item, so it is scheduled over a range<1>(1) built here (a
    // local with the layout of sycl::range<1>), as the runtime sees it.
    LLVM::VarAnnotation KA = Ann.find("kernel")->second;
    Location Loc = KA.getLoc();
    OpBuilder B(F.getContext());
    B.setInsertionPointToStart(&F.getBody().front());
    Type I64 = B.getI64Type();
    Value Count = LLVM::ConstantOp::create(B, Loc, I64, B.getI64IntegerAttr(1));
    Value Range = LLVM::AllocaOp::create(B, Loc, LLVM::LLVMPointerType::get(F.getContext()),
                                         LLVM::LLVMArrayType::get(I64, 1), Count);
    B.setInsertionPointAfter(KA);
    Value One = LLVM::ConstantOp::create(B, Loc, I64, B.getI64IntegerAttr(1));
    HostConstructorOp::create(B, Loc, Range, ValueRange{One},
                              TypeAttr::get(RangeType::get(F.getContext(), 1)));
    HostHandlerSetNDRange::create(B, Loc, SK.getHandler(), Range, Value(), /*nd_range=*/false);
    return;
  }
  if (NRange + NNd != 1 || NOff > 1 || (NNd && NOff)) {
    if (!silent())
      remark(SK, "set_nd_range")
          << "expected one annotated range or nd_range parameter of parallel_for (or "
             "only the kernel parameter of single_task) in '"
          << F.getName() << "', found " << NRange << " range, " << NNd << " nd_range and "
          << NOff << " offset annotations";
    return;
  }
  bool Nd = NNd == 1;
  LLVM::VarAnnotation R = *One(Nd ? "nd_range" : "range");
  std::optional<LLVM::VarAnnotation> O = NOff ? One("offset") : std::nullopt;
  Operation *Last = R;
  if (O && R->isBeforeInBlock(*O) && R->getBlock() == (*O)->getBlock())
    Last = *O;
  OpBuilder B(Last);
  B.setInsertionPointAfter(Last);
  auto Op = HostHandlerSetNDRange::create(B, Last->getLoc(), SK.getHandler(), R.getVal(),
                                          O ? O->getVal() : Value(), Nd);
  (void)Op;
}

// 5. set_captured
void RaiseHostPass::raiseSetCaptured(LLVM::LLVMFuncOp F, const DataLayout &DL) {
  auto Ann = annotations(F);
  HostHandlerSetKernel SK;
  F.walk([&](HostHandlerSetKernel Op) { SK = Op; });
  if (Ann.count("kernel") != 1) {
    if (!silent())
      remark(SK, "set_captured") << "expected one parameter of parallel_for annotated "
                                    "'kernel' in '"
                                 << F.getName() << "', found " << Ann.count("kernel");
    return;
  }
  raiseCaptures(F, DL, SK, Ann.find("kernel")->second, std::nullopt);
}

// The set_captured ops of the kernel object the annotation KA marks. Its
// fields are those of the kernel's parameter descriptors, or OwnDesc where
// given (the user's kernel object inside a reduction wrapper, described
// from its struct type: fieldDescriptors).
void RaiseHostPass::raiseCaptures(LLVM::LLVMFuncOp F, const DataLayout &DL,
                                  HostHandlerSetKernel SK, LLVM::VarAnnotation KA,
                                  std::optional<ArrayRef<int64_t>> OwnDesc) {
  Value Lambda = kernelObject(KA);
  auto LambdaAlloca = Lambda.getDefiningOp<LLVM::AllocaOp>();
  auto LambdaType =
      LambdaAlloca ? dyn_cast<LLVM::LLVMStructType>(LambdaAlloca.getElemType()) : nullptr;
  if (!LambdaType) {
    // Built elsewhere (queue::parallel_for shortcut, a named lambda of the
    // caller) and passed in by reference: its assignments are out of
    // sight, but the descriptors say where each field lives; capture what
    // is read from there (accessors as pointers typed from the descriptor).
    std::optional<std::pair<int64_t, SmallVector<int64_t>>> D =
        OwnDesc ? std::make_optional(std::make_pair(
                      int64_t(OwnDesc->size() / 4), SmallVector<int64_t>(*OwnDesc)))
                : descriptors(F, DL);
    if (!D || !isa<LLVM::LLVMPointerType>(Lambda.getType())) {
      if (!silent())
        remark(SK, "set_captured")
            << "the kernel object is not built in '" << F.getName()
            << "' (it is passed in by reference, e.g. by the queue::parallel_for "
               "shortcut or a named lambda of the caller), and without its parameter "
               "descriptors its fields are unknown";
      return;
    }
    // Where the lambda's closure type is known, standard-layout fields are
    // read with their own types (a float as a float, a std::array as one).
    LLVM::LLVMStructType K = outsideKernelType(Lambda, D->second, DL);
    std::vector<int64_t> KOffsets = K ? fieldOffsets(K, DL) : std::vector<int64_t>();
    OpBuilder B(KA);
    Location Loc = SK.getLoc();
    MLIRContext *Ctx = B.getContext();
    Type Ptr = LLVM::LLVMPointerType::get(Ctx), I8 = B.getI8Type();
    Type Void = LLVM::LLVMVoidType::get(Ctx);
    for (int64_t I = 0; I < D->first; ++I) {
      ArrayRef<int64_t> P = ArrayRef<int64_t>(D->second).slice(I * 4, 4);
      int64_t Kind = P[0], Size = P[1], Offset = P[2], Info = P[3];
      Value Addr = LLVM::GEPOp::create(B, Loc, Ptr, I8, Lambda,
                                       ArrayRef<LLVM::GEPArg>{int32_t(Offset)});
      Value V;
      Type ST;
      if (Kind == 0) {
        std::optional<AccessMode> M = symbolizeAccessMode(uint32_t(1024 + ((Info >> 4) & 15)));
        std::optional<Target> T = symbolizeTarget(uint32_t(2014 + (Info >> 8)));
        unsigned Dims = Info & 15;
        if (M && T && Dims >= 1 && Dims <= 3)
          ST = AccessorType::get(Ctx, Dims, Void, *M, *T, {Void});
        V = Addr;
      } else if (Kind == 6) {
        unsigned Dims = Info & 15;
        if (Dims >= 1 && Dims <= 3)
          ST = LocalAccessorType::get(Ctx, Dims, Void, {RangeType::get(Ctx, Dims)});
        V = Addr;
      } else if (Kind == 3) {
        V = LLVM::LoadOp::create(B, Loc, Ptr, Addr);
      } else {
        Type T = (Size == 1 || Size == 2 || Size == 4 || Size == 8)
                     ? Type(B.getIntegerType(Size * 8))
                     : Type(LLVM::LLVMArrayType::get(I8, Size));
        if (auto It = llvm::find(KOffsets, Offset); It != KOffsets.end()) {
          Type FT = K.getBody()[It - KOffsets.begin()];
          if (!isa<LLVM::LLVMPointerType>(FT) && int64_t(DL.getTypeSize(FT)) == Size)
            T = FT;
        }
        V = LLVM::LoadOp::create(B, Loc, T, Addr);
      }
      HostSetCaptured::create(B, Loc, Lambda, B.getI64IntegerAttr(I), V,
                              ST ? TypeAttr::get(ST) : TypeAttr());
    }
    return;
  }

  // A kernel object without parameters (a lambda capturing nothing, an
  // empty class laid out as one i8): nothing to capture.
  if (!OwnDesc)
    if (std::optional<std::pair<int64_t, SmallVector<int64_t>>> D = descriptors(F, DL);
        D && D->first == 0)
      return;

  // Every write into the kernel object, by byte offset.
  struct Write {
    int64_t Offset;
    int64_t Size;     // -1: unknown (loop over an array), -2: copy constructor,
                      // -3: an accessor constructed in place
    Operation *Op;
    Value Src;        // memcpy/copy constructor/array loop: the source object
    Value Val;        // store: the value
  };
  std::vector<Write> Writes;
  std::vector<std::pair<Value, int64_t>> Work{{Lambda, 0}};
  while (!Work.empty()) {
    auto [P, Off] = Work.back();
    Work.pop_back();
    for (OpOperand &U : P.getUses()) {
      Operation *User = U.getOwner();
      if (auto G = dyn_cast<LLVM::GEPOp>(User)) {
        if (G.getBase() != P)
          continue;
        if (std::optional<int64_t> D = gepOffset(G, DL)) {
          Work.push_back({G.getResult(), Off + *D});
          continue;
        }
        // Element-wise copy loop of an array field (-O0): stores of
        // loads from the same position of a source array.
        for (Operation *GU : G->getUsers()) {
          auto St = dyn_cast<LLVM::StoreOp>(GU);
          if (!St || St.getAddr() != G.getResult())
            continue;
          auto Ld = St.getValue().getDefiningOp<LLVM::LoadOp>();
          auto SrcG = Ld ? Ld.getAddr().getDefiningOp<LLVM::GEPOp>() : nullptr;
          if (SrcG)
            Writes.push_back({Off, -1, St, SrcG.getBase(), Value()});
        }
      } else if (auto St = dyn_cast<LLVM::StoreOp>(User)) {
        if (St.getAddr() == P)
          Writes.push_back({Off, int64_t(DL.getTypeSize(St.getValue().getType())), St,
                            Value(), St.getValue()});
      } else if (auto C = dyn_cast<HostConstructorOp>(User)) {
        // An accessor constructed in the field itself (a functor's
        // aggregate initialisation `F{sycl::accessor(b, h), ...}`).
        if (C.getDst() == P && isa<AccessorType, LocalAccessorType>(C.getType()))
          Writes.push_back({Off, -3, C, P, Value()});
      } else if (auto MC = dyn_cast<LLVM::MemcpyOp>(User)) {
        if (MC.getDst() != P)
          continue;
        APInt Len;
        if (matchPattern(MC.getLen(), m_ConstantInt(&Len)))
          Writes.push_back({Off, Len.getSExtValue(), MC, MC.getSrc(), Value()});
      } else if (isa<LLVM::CallOp, LLVM::InvokeOp>(User)) {
        OperandRange Args = callArgs(User);
        if (Args.empty() || Args[0] != P)
          continue;
        std::optional<llvm::StringRef> Name = calleeName(User);
        std::optional<CtorInfo> Info = Name ? demangleSYCLCtor(*Name) : std::nullopt;
        if (Info && Info->isCopyOrMove() && Args.size() == 2) {
          Writes.push_back({Off, -2, User, Args[1], Value()});
        } else if (!Info && Off == 0) {
          // A functor's own constructor: the fields it assigns from its
          // parameters.
          if (std::optional<std::vector<CtorFieldWrite>> CW =
                  ctorFieldWrites(User, F->getParentOfType<ModuleOp>(), DL))
            for (const CtorFieldWrite &W : *CW)
              Writes.push_back({W.Offset, W.Size, User, Value(), W.Val});
        }
      }
    }
  }

  std::vector<int64_t> Offsets = fieldOffsets(LambdaType, DL);
  ArrayRef<Type> Fields = LambdaType.getBody();
  OpBuilder B(KA);
  Location Loc = KA.getLoc();
  Type I32 = B.getI32Type();
  int64_t Index = -1; // the capture's index: struct fields minus padding
  for (size_t FI = 0; FI < Fields.size(); ++FI) {
    int64_t Begin = Offsets[FI], Size = DL.getTypeSize(Fields[FI]), End = Begin + Size;
    Type FieldT = Fields[FI];
    std::vector<Write *> Mine;
    for (Write &W : Writes)
      if (W.Offset >= Begin && W.Offset < End)
        Mine.push_back(&W);
    // Clang's explicit padding in packed structs: [N x i8], never written.
    if (Mine.empty() && isExplicitPadding(LambdaType, FI, DL))
      continue;
    int64_t I = ++Index;
    // A vector store that begins before this field and covers it.
    Write *Covering = nullptr;
    for (Write &W : Writes)
      if (W.Val && isa<VectorType>(W.Val.getType()) && W.Offset <= Begin &&
          W.Offset + W.Size >= End && W.Size > Size)
        Covering = &W;
    if (Covering && Mine.size() == 1 && Mine[0] == Covering)
      Mine.clear();

    Value Captured;
    Type SyclType;
    auto Fail = [&](llvm::StringRef Why) {
      if (!silent())
        remark(SK, "set_captured") << "field " << I << " of the kernel object (offset "
                                   << Begin << ", " << Size << " bytes): " << Why;
    };
    auto AccessorFrom = [&](Value Src, Operation *CopyCall) {
      Src = forward(Src);
      if (HostConstructorOp C = constructorOf(Src)) {
        SyclType = C.getType();
      } else if (CopyCall) {
        // No constructor in sight (the accessor came from elsewhere): the
        // copy constructor still says which accessor it is.
        if (std::optional<llvm::StringRef> N = calleeName(CopyCall))
          if (std::optional<CtorInfo> Info = demangleSYCLCtor(*N))
            SyclType = syclTypeOfCtor(B.getContext(), *Info, /*AllowCopy=*/true);
      }
      Captured = Src;
    };

    if (Mine.size() == 1 && Mine[0]->Offset == Begin) {
      Write &W = *Mine[0];
      if (W.Val && W.Size == Size) {
        Captured = W.Val; // a scalar, pointer or small struct stored whole
      } else if (W.Size == -1) {
        // Array copied element by element: the captured value is the array.
        Captured = LLVM::LoadOp::create(B, Loc, FieldT, W.Src);
      } else if (W.Src && (W.Size == Size || W.Size == -2 || W.Size == -3)) {
        if (isAccessorStruct(FieldT))
          AccessorFrom(W.Src, W.Size == -2 ? W.Op : nullptr);
        else
          Captured = LLVM::LoadOp::create(B, Loc, FieldT, W.Src);
      }
    } else if (Mine.empty() && Covering) {
      // Coalesced scalars: one vector store assigned this and its neighbours.
      auto VT = cast<VectorType>(Covering->Val.getType());
      int64_t ElemSize = DL.getTypeSize(VT.getElementType());
      if (VT.getElementType() == FieldT && (Begin - Covering->Offset) % ElemSize == 0) {
        Value Idx = LLVM::ConstantOp::create(B, Loc, I32,
                                             B.getI32IntegerAttr((Begin - Covering->Offset) /
                                                                 ElemSize));
        Captured = LLVM::ExtractElementOp::create(B, Loc, Covering->Val, Idx);
      }
    } else if (!Mine.empty() && isAccessorStruct(FieldT)) {
      // Accessor assigned member by member (optimised code): look through the
      // load of its first member to the accessor object.
      for (Write *W : Mine)
        if (W->Offset == Begin && W->Val)
          if (auto Ld = W->Val.getDefiningOp<LLVM::LoadOp>())
            AccessorFrom(rootOf(Ld.getAddr()), nullptr);
      if (Captured && !SyclType)
        Captured = Value();
    } else if (!Mine.empty()) {
      // Split array: pieces (vectors and scalars) that together cover the
      // field. Rebuild the array value from them.
      auto AT = dyn_cast<LLVM::LLVMArrayType>(FieldT);
      if (AT) {
        Type ET = AT.getElementType();
        int64_t ES = DL.getTypeSize(ET);
        SmallVector<Value> Elems(AT.getNumElements());
        bool Ok = true;
        for (Write *W : Mine) {
          if (!W->Val) {
            Ok = false;
            break;
          }
          int64_t Pos = (W->Offset - Begin) / ES;
          if ((W->Offset - Begin) % ES) {
            Ok = false;
            break;
          }
          if (W->Val.getType() == ET) {
            if (Pos < int64_t(Elems.size()))
              Elems[Pos] = W->Val;
            continue;
          }
          auto VT = dyn_cast<VectorType>(W->Val.getType());
          if (!VT || VT.getElementType() != ET) {
            Ok = false;
            break;
          }
          for (int64_t K = 0; K < VT.getNumElements() && Pos + K < int64_t(Elems.size());
               ++K) {
            Value Idx = LLVM::ConstantOp::create(B, Loc, I32, B.getI32IntegerAttr(K));
            Elems[Pos + K] = LLVM::ExtractElementOp::create(B, Loc, W->Val, Idx);
          }
        }
        if (Ok && llvm::all_of(Elems, [](Value V) { return bool(V); })) {
          Value Arr = LLVM::UndefOp::create(B, Loc, AT);
          for (auto [K, E] : llvm::enumerate(Elems))
            Arr = LLVM::InsertValueOp::create(B, Loc, Arr, E, ArrayRef<int64_t>{int64_t(K)});
          Captured = Arr;
        }
      }
    }

    if (!Captured) {
      if (Mine.empty() && !Covering)
        Fail("no assignment to it found");
      else
        Fail(isAccessorStruct(FieldT)
                 ? "an accessor whose source object (and its sycl.host.constructor) "
                   "could not be found"
                 : "its assignments could not be mapped to one value");
      continue;
    }
    HostSetCaptured::create(B, Loc, Lambda, B.getI64IntegerAttr(I), Captured,
                            SyclType ? TypeAttr::get(SyclType) : TypeAttr());
  }
}


// The kernel's parameter descriptors: (kernel_num_params, 4 ints per
// parameter), from the annotated variables of handler::set_kernel.
std::optional<std::pair<int64_t, SmallVector<int64_t>>>
RaiseHostPass::descriptors(LLVM::LLVMFuncOp F, const DataLayout &DL, std::string *WhyOut) {
  std::string Ignored;
  std::string &Why = WhyOut ? *WhyOut : Ignored;
  auto Fail = [&](const Twine &T) -> std::optional<std::pair<int64_t, SmallVector<int64_t>>> {
    Why = T.str();
    return std::nullopt;
  };
  auto Ann = annotations(F);
  if (Ann.count("kernel_num_params") != 1 || Ann.count("kernel_param_desc") != 1)
    return Fail("the kernel parameter descriptors are missing");
  auto Stored = [&](LLVM::VarAnnotation A) -> Value {
    auto Al = A.getVal().getDefiningOp<LLVM::AllocaOp>();
    LLVM::StoreOp S = Al ? singleStore(Al) : LLVM::StoreOp();
    return S ? S.getValue() : Value();
  };
  Value NP = Stored(Ann.find("kernel_num_params")->second);
  Value PD = Stored(Ann.find("kernel_param_desc")->second);
  APInt NumParamsAP;
  if (!NP || !matchPattern(NP, m_ConstantInt(&NumParamsAP)))
    return Fail("kernel_num_params is not a constant");
  int64_t NumParams = NumParamsAP.getSExtValue();
  // &table[first]: addressof, maybe behind a constant GEP of i32s.
  int64_t DescOffset = 0;
  if (auto G = PD ? PD.getDefiningOp<LLVM::GEPOp>() : nullptr) {
    std::optional<int64_t> O = gepOffset(G, DL);
    if (!O)
      return Fail("kernel_param_desc is not a constant address");
    DescOffset = *O;
    PD = G.getBase();
  }
  auto Addr = PD ? PD.getDefiningOp<LLVM::AddressOfOp>() : nullptr;
  auto Table = Addr ? getOperation().lookupSymbol<LLVM::GlobalOp>(Addr.getGlobalNameAttr())
                    : nullptr;
  SmallVector<int64_t> Desc;
  if (Table && Table.getValueOrNull()) {
    if (auto D = dyn_cast<DenseIntElementsAttr>(Table.getValueOrNull()))
      for (const APInt &V : D.getValues<APInt>())
        Desc.push_back(V.getSExtValue());
  }
  if (Desc.empty())
    return Fail("kernel_param_desc does not point to a constant descriptor table");
  int64_t First = DescOffset / 4; // index of the first int
  if (First + NumParams * 4 > int64_t(Desc.size()))
    return Fail("the descriptor table is shorter than kernel_num_params says");

  SmallVector<int64_t> Mine(Desc.begin() + First, Desc.begin() + First + NumParams * 4);
  return std::make_pair(NumParams, Mine);
}

// The function's last sycl.host.handler.set_kernel and how many it has.
static std::pair<HostHandlerSetKernel, int> setKernelOps(LLVM::LLVMFuncOp F) {
  HostHandlerSetKernel SK;
  int NumSK = 0;
  F.walk([&](HostHandlerSetKernel Op) {
    SK = Op;
    ++NumSK;
  });
  return {SK, NumSK};
}

// 6. schedule_kernel
void RaiseHostPass::raiseScheduleKernel(LLVM::LLVMFuncOp F, const DataLayout &DL) {
  auto [SK, NumSK] = setKernelOps(F);
  auto Fail = [&](const Twine &Why) {
    if (!silent())
      remark(SK, "schedule_kernel") << Why;
  };
  if (NumSK != 1)
    return Fail("expected one set_kernel in '" + F.getName() + "', found " +
                Twine(NumSK));
  SmallVector<HostHandlerSetNDRange> Ranges;
  F.walk([&](HostHandlerSetNDRange Op) { Ranges.push_back(Op); });
  if (Ranges.size() != 1)
    return Fail("expected one set_nd_range in '" + F.getName() + "', found " +
                Twine(Ranges.size()));
  std::map<int64_t, HostSetCaptured> Captured;
  Value Lambda;
  F.walk([&](HostSetCaptured Op) {
    Captured[Op.getIndex()] = Op;
    Lambda = Op.getLambda();
  });

  // The kernel parameter descriptors (sycl/detail/kernel_param_desc.hpp).
  auto Ann = annotations(F);
  if (Ann.count("kernel_num_params") != 1 || Ann.count("kernel_param_desc") != 1)
    return Fail("the kernel parameter descriptors are missing (no kernel_num_params/"
                "kernel_param_desc annotations: compile with usycl++ -fsycl-raise-host, "
                "which includes the device pass's integration header)");
  std::string Why;
  std::optional<std::pair<int64_t, SmallVector<int64_t>>> D = descriptors(F, DL, &Why);
  if (!D)
    return Fail(Why);
  int64_t NumParams = D->first;
  ArrayRef<int64_t> Desc = D->second;
  const int64_t First = 0;
  // Consistency of the captured values with the descriptors.
  if (int64_t(Captured.size()) != NumParams ||
      (NumParams && (Captured.begin()->first != 0 || Captured.rbegin()->first != NumParams - 1)))
    return Fail("the kernel has " + Twine(NumParams) + " parameters but " +
                Twine(Captured.size()) +
                " set_captured ops were raised (is the sequence of set_captured ops "
                "continuous?)");
  SmallVector<Value> Args;
  SmallVector<Type> Types;
  for (int64_t I = 0; I < NumParams; ++I) {
    HostSetCaptured C = Captured[I];
    int64_t Kind = Desc[First + I * 4], Size = Desc[First + I * 4 + 1];
    (void)First;
    Type ST = C.getSyclType() ? *C.getSyclType() : Type();
    Type VT = C.getValue().getType();
    switch (Kind) {
    case 0: // accessor
      if (!isa_and_nonnull<AccessorType>(ST))
        return Fail("parameter " + Twine(I) +
                    " is an accessor, but its set_captured has no !sycl.accessor type (was "
                    "its sycl.host.constructor raised in this function?)");
      break;
    case 6: // local_accessor
      if (!isa_and_nonnull<LocalAccessorType>(ST))
        return Fail("parameter " + Twine(I) +
                    " is a local_accessor, but its set_captured has no "
                    "!sycl.local_accessor type");
      break;
    case 3: // pointer
      if (!isa<LLVM::LLVMPointerType>(VT) || ST)
        return Fail("parameter " + Twine(I) + " is a pointer, but the captured value is not");
      break;
    case 1: // standard layout
      if (ST || int64_t(DL.getTypeSize(VT)) != Size)
        return Fail("parameter " + Twine(I) + " has " + Twine(Size) +
                    " bytes, but the captured value does not");
      break;
    default:
      return Fail("parameter " + Twine(I) + " has an unknown descriptor kind " +
                  Twine(Kind));
    }
    Args.push_back(C.getValue());
    Types.push_back(ST);
  }
  // The captured values must be available where the kernel is scheduled.
  HostHandlerSetNDRange R = Ranges.front();
  OpBuilder B(SK);
  B.setInsertionPointAfter(SK);
  DominanceInfo Dom(F);
  for (Value V : Args)
    if (!Dom.properlyDominates(V, SK))
      return Fail("a captured value does not dominate set_kernel");
  if (!Dom.properlyDominates(R.getRange(), SK))
    return Fail("the range does not dominate set_kernel");
  auto Sched = HostScheduleKernel::create(B, SK.getLoc(), SK.getHandler(),
                                          SK.getKernelNameAttr(), R.getRange(), R.getOffset(),
                                          R.getNdRange(), Args, Types);
  // Where each argument lives in the kernel object, and the object's size:
  // what host-to-device specialisation (--sycl-specialization-plan) needs
  // to name the bytes it folds.
  SmallVector<int64_t> Offsets;
  for (int64_t I = 0; I < NumParams; ++I)
    Offsets.push_back(Desc[First + I * 4 + 2]);
  Sched->setAttr(kArgOffsetsAttrName, B.getDenseI64ArrayAttr(Offsets));
  if (!Lambda && Ann.count("kernel") == 1)
    Lambda = kernelObject(Ann.find("kernel")->second);
  Sched->setLoc(submissionLocation(SK.getLoc(), Lambda, getOperation()));
  std::optional<int64_t> Size = kernelObjectSize(Lambda, DL);
  if (!Size) // built outside, where its closure type is known
    if (LLVM::LLVMStructType K =
            outsideKernelType(Lambda, Desc.slice(First, NumParams * 4), DL))
      Size = int64_t(DL.getTypeSize(K));
  if (Size)
    Sched->setAttr(kObjectSizeAttrName, B.getI64IntegerAttr(*Size));
  ++numScheduled;
}

FailureOr<RaiseHostPass::UserCaptures>
RaiseHostPass::userCaptures(LLVM::LLVMFuncOp F, const DataLayout &DL, HostHandlerSetKernel SK,
                            LLVM::VarAnnotation KA, LLVM::LLVMStructType KT, DominanceInfo &Dom,
                            int64_t Base, std::string &Why) {
  SmallVector<int64_t> KDesc = KT ? fieldDescriptors(KT, DL) : SmallVector<int64_t>();
  if (KT)
    raiseCaptures(F, DL, SK, KA, ArrayRef<int64_t>(KDesc));
  std::map<int64_t, HostSetCaptured> Captured;
  F.walk([&](HostSetCaptured Op) { Captured[Op.getIndex()] = Op; });
  const int64_t NumUser = int64_t(KDesc.size() / 4);
  if (int64_t(Captured.size()) != NumUser ||
      (NumUser && (Captured.begin()->first != 0 || Captured.rbegin()->first != NumUser - 1))) {
    Why = ("the user's kernel object has " + Twine(NumUser) + " fields but " +
           Twine(Captured.size()) + " set_captured ops were raised")
              .str();
    return failure();
  }
  UserCaptures Out;
  for (int64_t I = 0; I < NumUser; ++I) {
    HostSetCaptured C = Captured[I];
    Type ST = C.getSyclType() ? *C.getSyclType() : Type();
    if (std::optional<std::string> Bad =
            argMismatch(I, KDesc[I * 4], KDesc[I * 4 + 1], ST, C.getValue().getType(), DL)) {
      Why = "the user's kernel object: " + *Bad;
      return failure();
    }
    if (!Dom.properlyDominates(C.getValue(), SK)) {
      Why = "a captured value does not dominate set_kernel";
      return failure();
    }
    Out.Args.push_back(C.getValue());
    Out.Types.push_back(ST);
    Out.Offsets.push_back(Base + KDesc[I * 4 + 2]);
  }
  return Out;
}

// parallel_for(range | nd_range, reduction..., kernel) (sycl/reduction.hpp):
// the object launched is the header's wrapper W, whose first field is the
// user's kernel object K, followed by the wrapper's own fields (range form:
// the user's range, the total and the launch's work-item count; both forms:
// the tuple of reduction descriptors, each a USM pointer or a buffer
// accessor plus identity, operator and flags). set_reduction_kernel
// annotates K (`reduction_kernel`), the user's range or nd_range
// (`reduction_range`) and W (`reduction_wrapper`, range form, or
// `reduction_nd_wrapper`). The device pass describes W's fields, K as one
// standard-layout field; the raising splits K into its captures (as for a
// plain parallel_for, from K's struct type) so that each can be folded.
// schedule_kernel: the kernel is W's kernel, the range the user's (what the
// kernel iterates over; the wrapper launches its own geometry), the
// arguments K's captures followed by W's own fields (loads of them at the
// launch), offsets in W, and usycl.wrapper_args says where K's end.
void RaiseHostPass::raiseReduction(LLVM::LLVMFuncOp F, const DataLayout &DL) {
  auto Ann = annotations(F);
  auto [SK, NumSK] = setKernelOps(F);
  auto Fail = [&](const Twine &Why) {
    if (!silent())
      remark(SK, "schedule_kernel") << "parallel_for with reductions in '" << F.getName()
                                    << "': " << Why;
  };
  if (NumSK != 1)
    return Fail("expected one set_kernel, found " + Twine(NumSK));
  size_t NRange = Ann.count("reduction_wrapper"), NNd = Ann.count("reduction_nd_wrapper");
  if (Ann.count("reduction_kernel") != 1 || Ann.count("reduction_range") != 1 ||
      NRange + NNd != 1)
    return Fail("expected one annotated kernel ('reduction_kernel'), range "
                "('reduction_range') and wrapper ('reduction_wrapper' or "
                "'reduction_nd_wrapper'), found " +
                Twine(Ann.count("reduction_kernel")) + ", " + Twine(Ann.count("reduction_range")) +
                " and " + Twine(NRange + NNd) + " (is set_reduction_kernel inlined?)");
  const bool Nd = NNd == 1;
  LLVM::VarAnnotation KA = Ann.find("reduction_kernel")->second;
  LLVM::VarAnnotation RA = Ann.find("reduction_range")->second;
  LLVM::VarAnnotation WA = Ann.find(Nd ? "reduction_nd_wrapper" : "reduction_wrapper")->second;

  // The wrapper: a local of one struct whose first field is K.
  Value Wrapper = WA.getVal();
  auto WAlloca = Wrapper.getDefiningOp<LLVM::AllocaOp>();
  auto WT = WAlloca ? dyn_cast<LLVM::LLVMStructType>(WAlloca.getElemType()) : nullptr;
  std::optional<int64_t> WSize = kernelObjectSize(Wrapper, DL);
  if (!WT || WT.getBody().empty() || !WSize)
    return Fail("the wrapper kernel object is not a local of one struct");
  // The user's kernel object is the wrapper's first field: its struct type,
  // or, where it has no data (a lambda capturing nothing), padding bytes
  // (clang lays an empty class member out as [N x i8]).
  auto KT = dyn_cast<LLVM::LLVMStructType>(WT.getBody().front());
  auto Empty = dyn_cast<LLVM::LLVMArrayType>(WT.getBody().front());
  if (!KT && !(Empty && Empty.getElementType().isInteger(8)))
    return Fail("the wrapper's first field is not the user's kernel object (a struct, or "
                "the padding of an empty one)");
  Value Lambda = kernelObject(KA);
  if (auto LA = Lambda.getDefiningOp<LLVM::AllocaOp>(); LA && KT && LA.getElemType() != KT)
    return Fail("the user's kernel object is a local of another type than the wrapper's "
                "first field");

  // The wrapper's parameter descriptors: K first, at offset 0, whole.
  std::string Why;
  std::optional<std::pair<int64_t, SmallVector<int64_t>>> D = descriptors(F, DL, &Why);
  if (!D)
    return Fail(Why);
  ArrayRef<int64_t> WDesc = D->second;
  const int64_t KSize = KT ? int64_t(DL.getTypeSize(KT)) : 1; // an empty class: 1 byte
  if (D->first < 1 || WDesc[2] != 0 || WDesc[1] != KSize)
    return Fail("the wrapper's first parameter descriptor is not the user's kernel object (" +
                Twine(KSize) + " bytes at offset 0)");

  // set_nd_range: the user's range or nd_range (the reference's target).
  Value Range = kernelObject(RA);
  DominanceInfo Dom(F);
  if (!isa<LLVM::LLVMPointerType>(Range.getType()) || !Dom.properlyDominates(Range, SK))
    return Fail("the range does not dominate set_kernel");
  OpBuilder B(SK);
  HostHandlerSetNDRange::create(B, SK.getLoc(), SK.getHandler(), Range, Value(), Nd);

  // set_captured: the user's kernel object, field by field.
  std::string CapturesWhy;
  FailureOr<UserCaptures> User = userCaptures(F, DL, SK, KA, KT, Dom, WDesc[2], CapturesWhy);
  if (failed(User))
    return Fail(CapturesWhy);
  auto [Args, Types, Offsets] = std::move(*User);
  const int64_t NumUser = int64_t(Args.size());
  // The wrapper's own fields, as they are when the kernel is set (read
  // right before set_kernel, after the wrapper is built).
  Location Loc = SK.getLoc();
  Type Ptr = LLVM::LLVMPointerType::get(B.getContext()), I8 = B.getI8Type();
  for (int64_t P = 1; P < D->first; ++P) {
    int64_t Kind = WDesc[P * 4], Size = WDesc[P * 4 + 1], Offset = WDesc[P * 4 + 2];
    if (Offset < KSize || Offset + Size > *WSize)
      return Fail("wrapper parameter " + Twine(P) + " (" + Twine(Size) + " bytes at offset " +
                  Twine(Offset) + ") is not inside the wrapper, after the user's kernel object");
    if (Kind != 1 && Kind != 3)
      return Fail("wrapper parameter " + Twine(P) + " has descriptor kind " + Twine(Kind) +
                  " (expected standard layout or pointer)");
    Value Addr = LLVM::GEPOp::create(B, Loc, Ptr, I8, Wrapper,
                                     ArrayRef<LLVM::GEPArg>{int32_t(Offset)});
    Type T = Kind == 3 ? Ptr
             : (Size == 1 || Size == 2 || Size == 4 || Size == 8)
                 ? Type(B.getIntegerType(Size * 8))
                 : Type(LLVM::LLVMArrayType::get(I8, Size));
    Args.push_back(LLVM::LoadOp::create(B, Loc, T, Addr));
    Types.push_back(Type());
    Offsets.push_back(Offset);
  }

  B.setInsertionPointAfter(SK);
  auto Sched = HostScheduleKernel::create(B, Loc, SK.getHandler(), SK.getKernelNameAttr(),
                                          Range, Value(), Nd, Args, Types);
  Sched->setAttr(kArgOffsetsAttrName, B.getDenseI64ArrayAttr(Offsets));
  Sched->setAttr(kObjectSizeAttrName, B.getI64IntegerAttr(*WSize));
  Sched->setAttr(kWrapperArgsAttrName, B.getI64IntegerAttr(NumUser));
  ++numScheduled;
}

// Kernels that take a kernel_handler and parallel_for_work_group: the object
// launched is a header wrapper W whose first field is the user's kernel
// object K (annotated `kernel`, the parameter of single_task, parallel_for
// or parallel_for_work_group):
//   * detail::with_kernel_handler<K> (sycl/kernel_handler.hpp, annotated
//     `kernel_handler_wrapper`): K, then the address of the launch's
//     specialization constant block, which the runtime writes at launch;
//   * detail::hierarchical_object<K, Dims> (sycl/detail/hierarchical.hpp,
//     `hierarchical_wrapper`): K (or a with_kernel_handler<K> holding it),
//     then the work-group size (`hierarchical_local_range`, a reference to
//     the range it is copied from); the launch is over the number of
//     work-groups (`hierarchical_range`).
// The device pass describes W's fields, K as one standard-layout field; as
// for reductions the raising splits K into its captures and appends W's own
// fields: the specialization constant block as a load of the pointer (never
// folded: the runtime sets it), the work-group size as the pointer to the
// range it is copied from, typed !sycl.range<Dims>, so that the plan can
// fold its extents where they are constants. usycl.wrapper names the form.
void RaiseHostPass::raiseWrapped(LLVM::LLVMFuncOp F, const DataLayout &DL) {
  auto Ann = annotations(F);
  auto [SK, NumSK] = setKernelOps(F);
  const bool Hier = Ann.count("hierarchical_wrapper") != 0;
  const bool KH = Ann.count("kernel_handler_wrapper") != 0;
  const char *Form = Hier ? (KH ? "parallel_for_work_group with a kernel_handler"
                                : "parallel_for_work_group")
                          : "a kernel taking a kernel_handler";
  auto Fail = [&](const Twine &Why) {
    if (!silent())
      remark(SK, "schedule_kernel") << Form << " in '" << F.getName() << "': " << Why;
  };
  if (NumSK != 1)
    return Fail("expected one set_kernel, found " + Twine(NumSK));
  if (Ann.count("kernel") != 1 || Ann.count("hierarchical_wrapper") > 1 ||
      Ann.count("kernel_handler_wrapper") > 1 ||
      (Hier && (Ann.count("hierarchical_range") != 1 ||
                Ann.count("hierarchical_local_range") != 1)))
    return Fail("expected one annotated kernel ('kernel'), wrapper ('kernel_handler_wrapper', "
                "'hierarchical_wrapper') and, for parallel_for_work_group, range "
                "('hierarchical_range') and work-group size ('hierarchical_local_range'), found " +
                Twine(Ann.count("kernel")) + ", " +
                Twine(Ann.count("kernel_handler_wrapper") + Ann.count("hierarchical_wrapper")) +
                ", " + Twine(Ann.count("hierarchical_range")) + " and " +
                Twine(Ann.count("hierarchical_local_range")) + " (is the submission inlined?)");
  LLVM::VarAnnotation KA = Ann.find("kernel")->second;
  LLVM::VarAnnotation WA =
      Ann.find(Hier ? "hierarchical_wrapper" : "kernel_handler_wrapper")->second;

  // The wrapper launched: a local of one struct whose first field holds K.
  Value Wrapper = WA.getVal();
  auto WAlloca = Wrapper.getDefiningOp<LLVM::AllocaOp>();
  auto WT = WAlloca ? dyn_cast<LLVM::LLVMStructType>(WAlloca.getElemType()) : nullptr;
  std::optional<int64_t> WSize = kernelObjectSize(Wrapper, DL);
  if (!WT || WT.getBody().size() < 2 || !WSize)
    return Fail("the wrapper kernel object is not a local of one struct");
  Type First = WT.getBody().front();
  const int64_t FirstSize = int64_t(DL.getTypeSize(First));
  // A with_kernel_handler inside a hierarchical_object: K is its first
  // field, the block's address its last.
  int64_t SpecOffset = -1;
  if (Hier && KH) {
    auto KHT = dyn_cast<LLVM::LLVMStructType>(First);
    if (!KHT || KHT.getBody().size() < 2 ||
        !isa<LLVM::LLVMPointerType>(KHT.getBody().back()))
      return Fail("the hierarchical wrapper's first field is not the kernel_handler wrapper");
    SpecOffset = fieldOffsets(KHT, DL).back();
    First = KHT.getBody().front();
  }
  // K: a struct, or the padding of an empty one (a lambda capturing nothing).
  auto KT = dyn_cast<LLVM::LLVMStructType>(First);
  auto Empty = dyn_cast<LLVM::LLVMArrayType>(First);
  if (!KT && !(Empty && Empty.getElementType().isInteger(8)))
    return Fail("the wrapper's first field is not the user's kernel object (a struct, or "
                "the padding of an empty one)");
  Value Lambda = kernelObject(KA);
  if (auto LA = Lambda.getDefiningOp<LLVM::AllocaOp>(); LA && KT && LA.getElemType() != KT)
    return Fail("the user's kernel object is a local of another type than the wrapper's "
                "first field");

  // W's parameter descriptors: its first field (K, or the kernel_handler
  // wrapper around it) at offset 0, whole, then one more.
  std::string Why;
  std::optional<std::pair<int64_t, SmallVector<int64_t>>> D = descriptors(F, DL, &Why);
  if (!D)
    return Fail(Why);
  ArrayRef<int64_t> WDesc = D->second;
  const int64_t KSize = KT ? int64_t(DL.getTypeSize(KT)) : 1; // an empty class: 1 byte
  const int64_t FirstDescSize = Hier && KH ? FirstSize : KSize;
  if (D->first != 2 || WDesc[0] != 1 || WDesc[2] != 0 || WDesc[1] != FirstDescSize)
    return Fail("the wrapper's parameter descriptors are not the user's kernel object (" +
                Twine(FirstDescSize) + " bytes at offset 0) and one field of the wrapper");
  const int64_t OwnKind = WDesc[4], OwnSize = WDesc[5], OwnOffset = WDesc[6];
  if (OwnOffset < FirstDescSize || OwnOffset + OwnSize > *WSize)
    return Fail("the wrapper's own field (" + Twine(OwnSize) + " bytes at offset " +
                Twine(OwnOffset) + ") is not inside the wrapper, after the user's kernel object");
  if (!Hier)
    SpecOffset = OwnOffset;
  if (!Hier && OwnKind != 3)
    return Fail("the kernel_handler wrapper's own field is not a pointer (descriptor kind " +
                Twine(OwnKind) + ")");
  const int64_t Dims = OwnSize / 8;
  if (Hier && (OwnKind != 1 || OwnSize % 8 || Dims < 1 || Dims > 3))
    return Fail("the hierarchical wrapper's own field is not a work-group size (descriptor "
                "kind " + Twine(OwnKind) + ", " + Twine(OwnSize) + " bytes)");

  // set_nd_range: parallel_for_work_group's number of work-groups (what the
  // kernel is launched over, one launch item per work-group), or the
  // range, range and offset, or nd_range of the plain forms.
  DominanceInfo Dom(F);
  OpBuilder B(SK);
  if (Hier) {
    Value Range = kernelObject(Ann.find("hierarchical_range")->second);
    if (!isa<LLVM::LLVMPointerType>(Range.getType()) || !Dom.properlyDominates(Range, SK))
      return Fail("the range does not dominate set_kernel");
    HostHandlerSetNDRange::create(B, SK.getLoc(), SK.getHandler(), Range, Value(), false);
  } else {
    raiseSetNDRange(F);
  }
  SmallVector<HostHandlerSetNDRange> Ranges;
  F.walk([&](HostHandlerSetNDRange Op) { Ranges.push_back(Op); });
  if (Ranges.size() != 1)
    return Fail("expected one set_nd_range, found " + Twine(Ranges.size()));
  HostHandlerSetNDRange R = Ranges.front();
  if (!Dom.properlyDominates(R.getRange(), SK) ||
      (R.getOffset() && !Dom.properlyDominates(R.getOffset(), SK)))
    return Fail("the range does not dominate set_kernel");

  // set_captured: the user's kernel object, field by field.
  std::string CapturesWhy;
  FailureOr<UserCaptures> User = userCaptures(F, DL, SK, KA, KT, Dom, 0, CapturesWhy);
  if (failed(User))
    return Fail(CapturesWhy);
  auto [Args, Types, Offsets] = std::move(*User);
  const int64_t NumUser = int64_t(Args.size());

  // The wrapper's own fields, in their order in W.
  Location Loc = SK.getLoc();
  MLIRContext *Ctx = B.getContext();
  Type Ptr = LLVM::LLVMPointerType::get(Ctx), I8 = B.getI8Type();
  if (SpecOffset >= 0) {
    // The block's address, as it is when the kernel is set (null: the
    // runtime writes it at launch).
    Value Addr = LLVM::GEPOp::create(B, Loc, Ptr, I8, Wrapper,
                                     ArrayRef<LLVM::GEPArg>{int32_t(SpecOffset)});
    Args.push_back(LLVM::LoadOp::create(B, Loc, Ptr, Addr));
    Types.push_back(Type());
    Offsets.push_back(SpecOffset);
  }
  if (Hier) {
    Value Local = kernelObject(Ann.find("hierarchical_local_range")->second);
    if (!isa<LLVM::LLVMPointerType>(Local.getType()) || !Dom.properlyDominates(Local, SK))
      return Fail("the work-group size does not dominate set_kernel");
    Args.push_back(Local);
    Types.push_back(RangeType::get(Ctx, unsigned(Dims)));
    Offsets.push_back(OwnOffset);
  }

  B.setInsertionPointAfter(SK);
  auto Sched = HostScheduleKernel::create(B, Loc, SK.getHandler(), SK.getKernelNameAttr(),
                                          R.getRange(), R.getOffset(), R.getNdRange(), Args,
                                          Types);
  Sched->setAttr(kArgOffsetsAttrName, B.getDenseI64ArrayAttr(Offsets));
  Sched->setAttr(kObjectSizeAttrName, B.getI64IntegerAttr(*WSize));
  Sched->setAttr(kWrapperArgsAttrName, B.getI64IntegerAttr(NumUser));
  Sched->setAttr(kWrapperAttrName,
                 B.getStringAttr(Hier ? (KH ? kWrapperHierarchicalKernelHandler
                                            : kWrapperHierarchical)
                                      : kWrapperKernelHandler));
  Sched->setLoc(submissionLocation(Loc, Lambda, getOperation()));
  ++numScheduled;
}

} // namespace
} // namespace usycl::sycl
