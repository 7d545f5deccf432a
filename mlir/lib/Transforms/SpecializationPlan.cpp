//===- SpecializationPlan.cpp - Which kernel-object bytes are constant ----===//
//
// Host-to-device specialisation, the decisions: for every
// sycl.host.schedule_kernel that passes at least one compile-time-constant
// standard-layout argument, a local accessor of constant range or a buffer
// accessor whose range, offset or base its construction shows, or launches
// over a compile-time-constant range (or nd_range, or an nd_range whose
// work-group size and offset are constants around a run-time global size),
// which bytes of the kernel object are constants and which range it
// launches over. The device
// compiler (an LLVM pass) clones the kernel with those bytes and that range
// folded, and the runtime launches the clone for the submission. The plan is the
// contract between them; format version 2 (docs/mlir.md):
//
//   usycl-specialization-plan 2
//   kernel <generic-symbol> clone <generic-symbol>$hdo<k> object-size <N>
//   range <dims> global <g...>|any [local <l...>] offset <o...>
//   fold <offset> <size> <hex of the little-endian bytes>
//   ...
//   end
//
// One record per distinct (kernel, range, folds); k counts the records of
// each kernel in walk order. The offsets and the object size are those the
// raising attached to the op (usycl.arg_offsets, usycl.object_size).
//
//===----------------------------------------------------------------------===//

#include "usycl/Dialect/SYCL/Transforms/Passes.h"

#include "ConstantValues.h"
#include "UserLocation.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

using namespace mlir;

namespace usycl::sycl {
#define GEN_PASS_DEF_SYCLSPECIALIZATIONPLAN
#include "usycl/Dialect/SYCL/Transforms/Passes.h.inc"

namespace {

constexpr llvm::StringLiteral RemarkPrefix = "usycl-host-device-opt: ";

// Appends the in-memory bytes (little endian) of the constant A, which
// occupies Size bytes. False for what has no defined byte image here.
bool appendBytes(Attribute A, int64_t Size, SmallVectorImpl<uint8_t> &Out) {
  auto AppendInt = [&](const APInt &V) {
    for (unsigned B = 0; B < V.getBitWidth() / 8; ++B)
      Out.push_back(uint8_t(V.extractBitsAsZExtValue(8, B * 8)));
  };
  // Elements of an array of N: Size / N bytes each (array elements have no
  // padding between them for the element types below).
  auto AppendElements = [&](auto &&Elements, int64_t N) {
    if (N == 0)
      return Size == 0;
    if (Size % N)
      return false;
    for (Attribute E : Elements)
      if (!appendBytes(E, Size / N, Out))
        return false;
    return true;
  };
  if (isa<UnitAttr>(A)) { // null / zero
    Out.append(size_t(Size), 0);
    return true;
  }
  if (auto I = dyn_cast<IntegerAttr>(A)) {
    unsigned W = I.getValue().getBitWidth();
    if (W == 1) { // i1: one byte, 0 or 1
      if (Size != 1)
        return false;
      Out.push_back(I.getValue().getBoolValue() ? 1 : 0);
      return true;
    }
    if (W < 8 || !llvm::isPowerOf2_32(W) || int64_t(W / 8) != Size)
      return false;
    AppendInt(I.getValue());
    return true;
  }
  if (auto F = dyn_cast<FloatAttr>(A)) {
    Type T = F.getType();
    if (!T.isF16() && !T.isF32() && !T.isF64())
      return false;
    APInt Bits = F.getValue().bitcastToAPInt();
    if (int64_t(Bits.getBitWidth() / 8) != Size)
      return false;
    AppendInt(Bits);
    return true;
  }
  if (auto D = dyn_cast<DenseIntOrFPElementsAttr>(A))
    return AppendElements(D.getValues<Attribute>(), D.getNumElements());
  if (auto Arr = dyn_cast<ArrayAttr>(A))
    return AppendElements(Arr.getValue(), int64_t(Arr.size()));
  return false;
}

struct Fold {
  int64_t Offset;
  int64_t Size;
  std::string Hex;
};

// A local accessor argument's range: where its bytes sit in the local
// accessor (`class.sycl::_V1::local_accessor`: the runtime's offset, then
// the range, then the copy's identity) and the extents the one constructor
// of its local gave it, when each is a compile-time constant. (Its copy into
// the kernel object copies the range; the runtime compares the folded bytes
// at every launch anyway.) The reason otherwise.
struct LocalRange {
  int64_t Offset = 0; // of the range within the local accessor
  SmallVector<int64_t, 3> Extents;
};
FailureOr<LocalRange> localAccessorRange(Value V, LocalAccessorType T, ModuleOp M,
                                         const DataLayout &DL, std::string &Why) {
  auto Local = forwardSpill(V).getDefiningOp<LLVM::AllocaOp>();
  auto Struct = Local ? dyn_cast<LLVM::LLVMStructType>(Local.getElemType()) : nullptr;
  const unsigned Dims = T.getDimension();
  if (!Struct || !Struct.getName().contains("local_accessor") || Struct.getBody().size() < 2 ||
      !isa<LLVM::LLVMStructType>(Struct.getBody()[1])) {
    Why = "local accessor (not a local of the command group)";
    return failure();
  }
  HostConstructorOp Ctor;
  for (Operation *U : Local->getUsers())
    if (auto C = dyn_cast<HostConstructorOp>(U); C && C.getDst() == Local.getResult()) {
      if (Ctor) {
        Why = "local accessor (constructed twice)";
        return failure();
      }
      Ctor = C;
    }
  // local_accessor(range<Dims>, handler &[, property_list]): the extents as
  // integers (x86-64 passes a range of up to 2 extents in registers).
  if (!Ctor || Ctor.getArgs().size() < Dims + 1) {
    Why = "local accessor (no range constructor)";
    return failure();
  }
  LocalRange R;
  for (unsigned D = 0; D < Dims; ++D) {
    Value E = Ctor.getArgs()[D];
    std::optional<Attribute> K = isa<IntegerType>(E.getType()) ? constantOf(E, M) : std::nullopt;
    auto I = K ? dyn_cast<IntegerAttr>(*K) : nullptr;
    if (!I) {
      Why = "local accessor (its range is not a compile-time constant)";
      return failure();
    }
    R.Extents.push_back(I.getValue().getSExtValue());
  }
  Type First = Struct.getBody()[0], Range = Struct.getBody()[1];
  R.Offset = int64_t(llvm::alignTo(DL.getTypeSize(First), DL.getTypeABIAlignment(Range)));
  if (int64_t(DL.getTypeSize(Range)) != int64_t(8 * Dims)) {
    Why = "local accessor (a range of unexpected size)";
    return failure();
  }
  return R;
}

// Buffer accessors (`!sycl.accessor`). Besides the pointer the runtime
// patches at launch, device code reads four fields of the accessor
// (`class.sycl::_V1::accessor`, include/sycl/accessor.hpp): an element i is
// at data()[linearize(i + offset_, mem_range_)] with data() = ptr_ + base_,
// and get_range() is acc_range_. They follow each other in the object:
//
//   ptr_ | mem_range_ | acc_range_ | offset_ | base_ | identity_ ...
//
// The accessor's constructor and its buffer's say what they hold: the
// offset is zero unless the constructor takes one, the accessor's range is
// the buffer's unless it takes one, mem_range_ is the buffer's range and
// base_ the buffer's start in elements (0 unless it is a sub-buffer).
enum AccessorField : unsigned { BufferRange, AccRange, AccOffset, AccBase, NumAccessorFields };
constexpr const char *AccessorFieldNames[NumAccessorFields] = {"buffer range", "range", "offset",
                                                               "base"};

std::string extentList(ArrayRef<uint64_t> V) {
  return "{" + llvm::join(llvm::map_range(V, [](uint64_t X) { return std::to_string(X); }), ", ") +
         "}";
}

// Whether the object at A may change after its construction: a store or a
// memory intrinsic into it, or a copy or move assignment (or a swap) called
// on it. (Other calls that take it by reference, e.g. a helper of the user
// that submits with it, or the accessor constructors, leave a buffer's range
// and an accessor's fields as they are; the runtime compares the folded bytes
// at every launch anyway.)
bool assignedAfterConstruction(LLVM::AllocaOp A) {
  for (OpOperand &U : A->getUses()) {
    Operation *Op = U.getOwner();
    if (auto S = dyn_cast<LLVM::StoreOp>(Op); S && S.getAddr() == A.getResult())
      return true;
    if (isa<LLVM::MemcpyOp, LLVM::MemmoveOp, LLVM::MemsetOp>(Op) && U.getOperandNumber() == 0)
      return true;
    std::optional<DemangledCallee> Callee = demangledCallee(Op);
    const bool Assigns = Callee && (Callee->Base == "operator=" || Callee->Base == "swap");
    if (Assigns)
      return true;
  }
  return false;
}

// The one sycl.host.constructor of the local A (of a type IsType accepts)
// where nothing assigns A after it; the reason otherwise.
FailureOr<HostConstructorOp> constructorOfLocal(LLVM::AllocaOp A, llvm::StringRef What,
                                                function_ref<bool(Type)> IsType, std::string &Why) {
  HostConstructorOp Ctor;
  for (Operation *U : A->getUsers())
    if (auto C = dyn_cast<HostConstructorOp>(U); C && C.getDst() == A.getResult()) {
      if (Ctor || !IsType(C.getType())) {
        Why = (What + " is constructed twice").str();
        return failure();
      }
      Ctor = C;
    }
  if (!Ctor) {
    Why = (What + " is not constructed in sight").str();
    return failure();
  }
  if (assignedAfterConstruction(A)) {
    Why = (What + " is assigned after its construction").str();
    return failure();
  }
  return Ctor;
}

// The extents of the range or id at P (a pointer to it), where its
// construction makes them compile-time constants.
std::optional<SmallVector<uint64_t, 3>> extentsAt(Value P, unsigned Dims, bool IsId, ModuleOp M) {
  Type T = syclObjectType(P, M);
  if (IsId ? !(isa<IDType>(T) && cast<IDType>(T).getDimension() == Dims)
           : !(isa<RangeType>(T) && cast<RangeType>(T).getDimension() == Dims))
    return std::nullopt;
  std::optional<SmallVector<uint64_t>> E = constantExtents(P, M);
  if (!E || E->size() != Dims)
    return std::nullopt;
  return SmallVector<uint64_t, 3>(E->begin(), E->end());
}

// What a buffer's construction says about its range and its start (base_).
struct BufferFacts {
  std::optional<SmallVector<uint64_t, 3>> Range;
  std::optional<uint64_t> Base;
  std::string RangeWhy, BaseWhy;
};
BufferFacts bufferFacts(Value Buf, unsigned Dims, ModuleOp M, int Depth = 0) {
  BufferFacts F;
  auto Fail = [&](const std::string &Why) {
    F.Range.reset();
    F.Base.reset();
    F.RangeWhy = F.BaseWhy = Why;
    return F;
  };
  // The local the accessor's buffer reference leads to (in the command
  // group, or captured by reference from the enclosing function); a buffer
  // passed in by a caller is out of sight unless the function is local and
  // called once.
  LLVM::AllocaOp Local = objectRootOf(Buf, M);
  auto Struct = Local ? dyn_cast<LLVM::LLVMStructType>(Local.getElemType()) : nullptr;
  if (!Struct || !Struct.isIdentified() || !Struct.getName().starts_with("class.sycl::_V1::buffer"))
    return Fail("the buffer is not constructed in sight");
  std::string Why;
  FailureOr<HostConstructorOp> Ctor = constructorOfLocal(
      Local, "the buffer", [](Type T) { return isa<BufferType>(T); }, Why);
  if (failed(Ctor))
    return Fail(Why);
  auto BT = cast<BufferType>(Ctor->getType());
  if (BT.getDimension() != Dims)
    return Fail("the buffer has " + std::to_string(BT.getDimension()) + " dimensions");
  OperandRange Args = Ctor->getArgs();
  if (!BT.getSubBuffer()) {
    // Every constructor of a buffer that is not a sub-buffer starts it at
    // element 0 of its own storage (buffer::byte_offset_ = 0); the range is
    // the one `const range<Dims> &` it takes, if any (not the container and
    // iterator forms).
    F.Base = 0;
    SmallVector<Value> Ranges;
    for (Value A : Args)
      if (auto R = dyn_cast_or_null<RangeType>(
              isa<LLVM::LLVMPointerType>(A.getType()) ? syclObjectType(A, M) : Type());
          R && R.getDimension() == Dims)
        Ranges.push_back(A);
    if (Ranges.size() != 1) {
      F.RangeWhy = "the buffer's range comes from a container or iterators";
      return F;
    }
    F.Range = extentsAt(Ranges[0], Dims, /*IsId=*/false, M);
    if (!F.Range)
      F.RangeWhy = "the buffer's range is not a compile-time constant";
    return F;
  }
  // A sub-buffer, buffer(parent, const id<Dims> &, const range<Dims> &): its
  // range is the one it is given, its start the id linearised in its
  // parent's range (a parent is never a sub-buffer itself: that throws).
  if (Args.size() != 3 || Depth)
    return Fail("the buffer is a sub-buffer not built by its constructor in sight");
  F.Range = extentsAt(Args[2], Dims, /*IsId=*/false, M);
  if (!F.Range)
    F.RangeWhy = "the sub-buffer's range is not a compile-time constant";
  BufferFacts Parent = bufferFacts(Args[0], Dims, M, Depth + 1);
  std::optional<SmallVector<uint64_t, 3>> Start = extentsAt(Args[1], Dims, /*IsId=*/true, M);
  if (!Start) {
    F.BaseWhy = "the sub-buffer's offset is not a compile-time constant";
  } else if (!Parent.Range || !Parent.Base) {
    F.BaseWhy =
        "a sub-buffer: " + (Parent.Range ? Parent.BaseWhy : Parent.RangeWhy) + " (its parent)";
  } else {
    uint64_t Lin = (*Start)[0];
    for (unsigned D = 1; D < Dims; ++D)
      Lin = Lin * (*Parent.Range)[D] + (*Start)[D];
    F.Base = *Parent.Base + Lin;
  }
  return F;
}

// The accessor's constructor arguments after its buffer:
// [handler &] [range<D>] [id<D>] property_list & (the property list is a
// defaulted parameter of every constructor; the access tags are empty
// classes, which x86-64 passes as nothing). A range or id of up to two
// extents arrives as one integer per extent, or as a pointer to it where the
// registers ran out; one of three extents always as a pointer. Gives the
// arguments of the range and of the id (empty where the form has none), or
// failure where the arguments read neither way, or both.
struct AccessorCtorParts {
  SmallVector<Value, 3> Range, Id;
};
FailureOr<AccessorCtorParts> accessorCtorParts(OperandRange Args, unsigned Dims, bool HasRange,
                                               bool HasId) {
  std::optional<AccessorCtorParts> Found;
  for (unsigned Handler : {1u, 0u}) {
    AccessorCtorParts P;
    size_t At = 1 + Handler; // after the buffer (and the handler)
    auto IsPtr = [&](size_t I) {
      return I < Args.size() && isa<LLVM::LLVMPointerType>(Args[I].getType());
    };
    auto Take = [&](SmallVector<Value, 3> &Out) {
      if (IsPtr(At)) {
        Out.push_back(Args[At++]);
        return true;
      }
      if (Dims > 2 || At + Dims > Args.size())
        return false;
      for (unsigned D = 0; D < Dims; ++D, ++At) {
        if (!isa<IntegerType>(Args[At].getType()))
          return false;
        Out.push_back(Args[At]);
      }
      return true;
    };
    if ((Handler && !IsPtr(1)) || (HasRange && !Take(P.Range)) || (HasId && !Take(P.Id)) ||
        !IsPtr(At) || At + 1 != Args.size())
      continue;
    if (Found)
      return failure();
    Found = std::move(P);
  }
  if (!Found)
    return failure();
  return *Found;
}

// The extents a range or id constructor argument holds (integers, or a
// pointer to the object), where compile-time constants.
std::optional<SmallVector<uint64_t, 3>> partExtents(ArrayRef<Value> Part, unsigned Dims, bool IsId,
                                                    ModuleOp M) {
  if (Part.size() == 1 && isa<LLVM::LLVMPointerType>(Part[0].getType()))
    return extentsAt(Part[0], Dims, IsId, M);
  if (Part.size() != Dims)
    return std::nullopt;
  SmallVector<uint64_t, 3> Out;
  for (Value V : Part) {
    std::optional<Attribute> K = constantOf(V, M);
    auto I = K ? dyn_cast<IntegerAttr>(*K) : nullptr;
    if (!I)
      return std::nullopt;
    Out.push_back(I.getValue().sextOrTrunc(64).getZExtValue());
  }
  return Out;
}

// What the program proves about an accessor argument's fields: per field
// its place in the accessor and its value, or why it is not known. Failure
// (with the reason) where the accessor itself cannot be read.
struct AccessorFacts {
  int64_t At[NumAccessorFields] = {};
  int64_t Size[NumAccessorFields] = {};
  std::optional<SmallVector<uint64_t, 3>> Value[NumAccessorFields];
  std::string Why[NumAccessorFields];
};
FailureOr<AccessorFacts> accessorFacts(Value V, AccessorType T, ModuleOp M, const DataLayout &DL,
                                       std::string &Why) {
  const unsigned Dims = T.getDimension();
  LLVM::AllocaOp Local = objectRootOf(V, M);
  auto Struct = Local ? dyn_cast<LLVM::LLVMStructType>(Local.getElemType()) : nullptr;
  llvm::StringRef Name = Struct && Struct.isIdentified() ? Struct.getName() : "";
  if (!Struct ||
      (Name != "class.sycl::_V1::accessor" && !Name.starts_with("class.sycl::_V1::accessor."))) {
    Why = "accessor (not a local of the command group)";
    return failure();
  }
  // The layout: ptr_, then the three Dims-extent objects and base_.
  ArrayRef<Type> Body = Struct.getBody();
  AccessorFacts F;
  if (Body.size() < 5 || Struct.isPacked()) {
    Why = "accessor (a layout of unexpected fields)";
    return failure();
  }
  int64_t Off = 0;
  for (unsigned K = 0; K <= NumAccessorFields; ++K) {
    Off = int64_t(llvm::alignTo(Off, DL.getTypeABIAlignment(Body[K])));
    if (K) {
      F.At[K - 1] = Off;
      F.Size[K - 1] = int64_t(DL.getTypeSize(Body[K]));
    }
    Off += int64_t(DL.getTypeSize(Body[K]));
  }
  for (unsigned K = 0; K < AccBase; ++K)
    if (F.Size[K] != int64_t(8 * Dims)) {
      Why = "accessor (a layout of unexpected fields)";
      return failure();
    }
  if (F.Size[AccBase] != 8) {
    Why = "accessor (a layout of unexpected fields)";
    return failure();
  }

  std::string CtorWhy;
  FailureOr<HostConstructorOp> Ctor = constructorOfLocal(
      Local, "it", [](Type T) { return isa<AccessorType>(T); }, CtorWhy);
  if (failed(Ctor)) {
    Why = "accessor (" + CtorWhy + ")";
    return failure();
  }
  auto CT = cast<AccessorType>(Ctor->getType());
  ArrayRef<Type> Form = CT.getBody();
  const bool HasRange = !Form.empty() && isa<RangeType>(Form[0]);
  const bool HasId = HasRange && Form.size() > 1 && isa<IDType>(Form[1]);
  FailureOr<AccessorCtorParts> Parts =
      CT.getDimension() == Dims && !Ctor->getArgs().empty()
          ? accessorCtorParts(Ctor->getArgs(), Dims, HasRange, HasId)
          : FailureOr<AccessorCtorParts>(failure());
  if (failed(Parts)) {
    Why = "accessor (its constructor's arguments do not read as a buffer accessor's)";
    return failure();
  }

  BufferFacts B = bufferFacts(Ctor->getArgs()[0], Dims, M);
  F.Value[BufferRange] = B.Range;
  F.Why[BufferRange] = B.RangeWhy;
  if (B.Base)
    F.Value[AccBase] = SmallVector<uint64_t, 3>{*B.Base};
  F.Why[AccBase] = B.BaseWhy;
  if (HasRange) {
    F.Value[AccRange] = partExtents(Parts->Range, Dims, /*IsId=*/false, M);
    F.Why[AccRange] = "not a compile-time constant";
  } else { // the whole buffer
    F.Value[AccRange] = B.Range;
    F.Why[AccRange] = B.RangeWhy;
  }
  if (HasId) {
    F.Value[AccOffset] = partExtents(Parts->Id, Dims, /*IsId=*/true, M);
    F.Why[AccOffset] = "not a compile-time constant";
  } else { // a constructor without an offset: id<Dims>()
    F.Value[AccOffset] = SmallVector<uint64_t, 3>(Dims, 0);
  }
  return F;
}

// The launch range of a submission, where the raising proves it constant
// (SYCL dimension order).
struct LaunchRange {
  bool Nd = false;
  // False: the global size is a run-time value (Global holds 1s); the
  // offset and, for an nd_range, the work-group size are constants.
  bool GlobalKnown = true;
  unsigned Dims = 0;
  SmallVector<uint64_t, 3> Global, Local, Offset;

  static std::string list(ArrayRef<uint64_t> V) {
    return "{" + llvm::join(llvm::map_range(V, [](uint64_t X) { return std::to_string(X); }),
                            ", ") +
           "}";
  }
  // As the remarks show it: `range {32, 16}`, `nd_range {1024} local {128}`,
  // with ` offset {...}` where it is not zero.
  std::string text() const {
    std::string T = (Nd ? "nd_range " : "range ") + (GlobalKnown ? list(Global) : "{run-time}");
    if (Nd)
      T += " local " + list(Local);
    if (llvm::any_of(Offset, [](uint64_t X) { return X != 0; }))
      T += " offset " + list(Offset);
    return T;
  }
  // The plan's line.
  std::string line() const {
    std::string T = "range " + std::to_string(Dims) + " global";
    auto Append = [&](ArrayRef<uint64_t> V) {
      for (uint64_t X : V)
        T += " " + std::to_string(X);
    };
    if (GlobalKnown)
      Append(Global);
    else
      T += " any";
    if (Nd) {
      T += " local";
      Append(Local);
    }
    T += " offset";
    Append(Offset);
    return T;
  }
};

// The submission's range, nd_range and offset, where each is a compile-time
// constant, or all but the global size (GlobalKnown false). Failure with the
// reason otherwise, or with an empty reason where there is nothing to gain
// (a range of one work-item: single_task).
FailureOr<LaunchRange> launchRange(HostScheduleKernel Op, ModuleOp M, std::string &Why) {
  LaunchRange L;
  L.Nd = bool(Op.getNdRange());
  // parallel_for(range, reduction...) launches the reduction wrapper over
  // its own number of work-items, not over the user's range.
  auto Kind = Op->getAttrOfType<StringAttr>(kWrapperAttrName);
  if (!L.Nd && Op->getAttr(kWrapperArgsAttrName) && !Kind) {
    Why = "a range reduction launches its own number of work-items";
    return failure();
  }
  // parallel_for_work_group launches one item per work-group, whose
  // work-items the group runs itself (on CUDA a block of the work-group
  // size plus a leader warp): neither the nd_range the runtime compares nor
  // the block size NVPTX clones would assume. Its work-group size is a
  // field of the kernel object, folded as an argument.
  if (Kind && Kind.getValue().starts_with(kWrapperHierarchical)) {
    Why = "parallel_for_work_group launches its own geometry (one item per work-group)";
    return failure();
  }
  const char *What = L.Nd ? "nd_range" : "range";
  Type T = Op.getRange() ? syclObjectType(Op.getRange(), M) : Type();
  if (auto R = dyn_cast_or_null<RangeType>(T); R && !L.Nd)
    L.Dims = R.getDimension();
  else if (auto N = dyn_cast_or_null<NdRangeType>(T); N && L.Nd)
    L.Dims = N.getDimension();
  if (L.Dims < 1 || L.Dims > 3) {
    Why = std::string("the ") + What + " is not built by a constructor in the command group";
    return failure();
  }
  std::optional<SmallVector<std::optional<uint64_t>>> E = partialExtents(Op.getRange(), M);
  auto Known = [](ArrayRef<std::optional<uint64_t>> V) {
    return llvm::all_of(V, [](const std::optional<uint64_t> &X) { return X.has_value(); });
  };
  auto Values = [](ArrayRef<std::optional<uint64_t>> V) {
    return llvm::to_vector_of<uint64_t>(
        llvm::map_range(V, [](const std::optional<uint64_t> &X) { return *X; }));
  };
  if (!E || E->size() != (L.Nd ? 3 : 1) * L.Dims ||
      (L.Nd && !Known(ArrayRef(*E).drop_front(L.Dims)))) {
    Why = std::string("the ") + What + " is not a compile-time constant";
    return failure();
  }
  L.GlobalKnown = Known(ArrayRef(*E).take_front(L.Dims));
  L.Global = L.GlobalKnown ? Values(ArrayRef(*E).take_front(L.Dims))
                           : SmallVector<uint64_t>(L.Dims, 1);
  if (L.Nd) {
    L.Local = Values(ArrayRef(*E).slice(L.Dims, L.Dims));
    L.Offset = Values(ArrayRef(*E).drop_front(2 * L.Dims));
  } else if (Value O = Op.getOffset()) {
    auto IT = dyn_cast_or_null<IDType>(syclObjectType(O, M));
    std::optional<SmallVector<uint64_t>> OE =
        IT && IT.getDimension() == L.Dims ? constantExtents(O, M) : std::nullopt;
    if (!OE || OE->size() != L.Dims) {
      Why = "the offset is not a compile-time constant";
      return failure();
    }
    L.Offset.assign(OE->begin(), OE->end());
  } else {
    L.Offset.assign(L.Dims, 0);
  }
  for (unsigned D = 0; D < L.Dims; ++D)
    if (L.Global[D] == 0 || (L.Nd && L.Local[D] == 0) ||
        (L.Nd && L.GlobalKnown && L.Global[D] % L.Local[D])) {
      Why = std::string("the ") + What + " " + L.text() + " launches nothing or is invalid";
      return failure();
    }
  const bool One = L.GlobalKnown && llvm::all_of(L.Global, [](uint64_t X) { return X == 1; }) &&
                   llvm::all_of(L.Offset, [](uint64_t X) { return X == 0; });
  if (!L.Nd && One) {
    Why.clear();
    return failure();
  }
  return L;
}

struct SpecializationPlanPass : impl::SYCLSpecializationPlanBase<SpecializationPlanPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp M = getOperation();
    if (output.empty()) {
      M.emitError("sycl-specialization-plan: the 'output' option is required "
                  "(output=<file>, or output=- for stdout)");
      return signalPassFailure();
    }
    std::string Error;
    std::unique_ptr<llvm::ToolOutputFile> File = openOutputFile(output, &Error);
    if (!File) {
      M.emitError("sycl-specialization-plan: ") << Error;
      return signalPassFailure();
    }
    llvm::raw_ostream &OS = File->os();
    OS << "usycl-specialization-plan 2\n";

    DataLayout DL(M);
    llvm::StringMap<std::string> Records; // record key -> clone symbol
    llvm::StringMap<unsigned> Clones;     // generic symbol -> clones so far
    ModuleIndex Index(M); // this pass only reads the module
    M.walk([&](HostScheduleKernel Op) {
      llvm::StringRef Generic = Op.getKernelNameAttr().getLeafReference().getValue();
      auto Remark = [&]() {
        // At the op's location, without the op itself attached as a note
        // (usycl++ shows these remarks to users).
        InFlightDiagnostic D = mlir::emitRemark(userLocation(Op.getLoc()));
        D << RemarkPrefix << "kernel '" << Generic << "': ";
        return D;
      };

      // Per argument: folded (its value and bytes) or the reason it is not.
      struct Folded {
        size_t Index;
        std::string Value;
        SmallVector<uint8_t> Bytes;
        int64_t Within = 0; // where the bytes start within the argument
      };
      SmallVector<Folded> Folds;
      SmallVector<std::string> NotFolded;
      ArrayAttr Types = Op.getSyclTypes();
      // A parallel_for with reductions: arguments from this index on are the
      // header wrapper's own fields (the user's range, totals, reduction
      // descriptors), folded only where proven constant like any other.
      auto WrapperAttr = Op->getAttrOfType<IntegerAttr>(kWrapperArgsAttrName);
      const size_t FirstWrapperArg =
          WrapperAttr ? size_t(WrapperAttr.getInt()) : Op.getArgs().size();
      // The other header wrappers (kernel_handler, parallel_for_work_group):
      // their own fields are the specialization constants' address (set by
      // the runtime at launch: never folded) and the work-group size.
      auto WrapperKind = Op->getAttrOfType<StringAttr>(kWrapperAttrName);
      for (auto [I, V] : llvm::enumerate(Op.getArgs())) {
        auto ST = I < Types.size() ? dyn_cast<TypeAttr>(Types[I]) : nullptr;
        auto Reason = [&, I = I](llvm::StringRef Why) {
          NotFolded.push_back(("arg " + Twine(I) + ": " + Why).str());
        };
        if (auto AT = ST ? dyn_cast<AccessorType>(ST.getValue()) : nullptr) {
          std::string Why;
          FailureOr<AccessorFacts> A = accessorFacts(V, AT, M, DL, Why);
          if (failed(A)) {
            Reason(Why);
            continue;
          }
          // One fold per run of adjacent known fields (one compare at launch
          // where all four are known).
          for (unsigned K = 0; K < NumAccessorFields;) {
            if (!A->Value[K]) {
              ++K;
              continue;
            }
            Folded F{I, "", {}, A->At[K]};
            SmallVector<std::string> Parts;
            unsigned E = K;
            for (; E < NumAccessorFields && A->Value[E] &&
                   (E == K || A->At[E] == A->At[E - 1] + A->Size[E - 1]);
                 ++E) {
              for (uint64_t X : *A->Value[E])
                for (unsigned B = 0; B < 8; ++B)
                  F.Bytes.push_back(uint8_t(X >> (8 * B)));
              Parts.push_back(
                  std::string(AccessorFieldNames[E]) + " " +
                  (E == AccBase ? std::to_string((*A->Value[E])[0]) : extentList(*A->Value[E])));
            }
            F.Value = "accessor (" + llvm::join(Parts, ", ") + ")";
            Folds.push_back(std::move(F));
            K = E;
          }
          // The others, one entry per reason: `arg 0: accessor buffer
          // range, base (the buffer is not constructed in sight)`.
          SmallVector<std::pair<std::string, SmallVector<llvm::StringRef>>> Whys;
          for (unsigned K = 0; K < NumAccessorFields; ++K) {
            if (A->Value[K])
              continue;
            auto It = llvm::find_if(Whys, [&](auto &W) { return W.first == A->Why[K]; });
            if (It == Whys.end())
              It = Whys.insert(Whys.end(), {A->Why[K], {}});
            It->second.push_back(AccessorFieldNames[K]);
          }
          for (auto &[W, Fields] : Whys)
            Reason("accessor " + llvm::join(Fields, ", ") + " (" + W + ")");
          continue;
        }
        if (auto RT = ST ? dyn_cast<RangeType>(ST.getValue()) : nullptr) {
          // parallel_for_work_group's work-group size: the range it copies.
          std::optional<SmallVector<uint64_t>> E = constantExtents(V, M);
          if (!E || E->size() != RT.getDimension() ||
              llvm::any_of(*E, [](uint64_t X) { return X == 0; })) {
            Reason("work-group size, not a compile-time constant");
            continue;
          }
          Folded F{I, "work-group size " + extentList(*E), {}, 0};
          for (uint64_t X : *E)
            for (unsigned B = 0; B < 8; ++B)
              F.Bytes.push_back(uint8_t(X >> (8 * B)));
          Folds.push_back(std::move(F));
          continue;
        }
        if (ST) { // the other SYCL type raised: local accessors
          auto LT = dyn_cast<LocalAccessorType>(ST.getValue());
          if (!LT) {
            Reason("accessor");
            continue;
          }
          std::string Why;
          FailureOr<LocalRange> R = localAccessorRange(V, LT, M, DL, Why);
          if (failed(R)) {
            Reason(Why);
            continue;
          }
          Folded F{I, "local accessor range {" + llvm::join(llvm::map_range(R->Extents, [](int64_t E) {
                                                    return std::to_string(E);
                                                  }),
                                                  ", ") +
                          "}",
                   {}, R->Offset};
          for (int64_t E : R->Extents)
            for (unsigned B = 0; B < 8; ++B)
              F.Bytes.push_back(uint8_t(uint64_t(E) >> (8 * B)));
          Folds.push_back(std::move(F));
          continue;
        }
        if (isa<LLVM::LLVMPointerType>(V.getType())) {
          Reason(I < FirstWrapperArg
                     ? "pointer"
                     : WrapperKind ? "the kernel_handler's specialization constants, set at launch"
                                   : "reduction wrapper field, pointer");
          continue;
        }
        // Standard layout (the raising checked its size against the
        // kernel's parameter descriptor).
        std::optional<Attribute> K = constantOf(V, M);
        if (!K) {
          std::optional<std::string> FWhy =
              I >= FirstWrapperArg ? std::nullopt : functorFieldWhy(V, M);
          Reason(I >= FirstWrapperArg ? "reduction wrapper field, not a compile-time constant"
                 : FWhy              ? "not a compile-time constant (" + *FWhy + ")"
                                     : "not a compile-time constant");
          continue;
        }
        Folded F{I, constantString(*K), {}, 0};
        if (!appendBytes(*K, int64_t(DL.getTypeSize(V.getType())), F.Bytes) ||
            F.Bytes.empty()) {
          Reason("constant of unsupported type");
          continue;
        }
        Folds.push_back(std::move(F));
      }

      // The launch range, where it is a constant.
      std::string RangeWhy;
      FailureOr<LaunchRange> Range = launchRange(Op, M, RangeWhy);
      // A range of run-time size: its zero offset is worth folding into a
      // clone made for the arguments, not a clone by itself (an nd_range's
      // constant work-group size is).
      if (succeeded(Range) && !Range->GlobalKnown && !Range->Nd && Folds.empty()) {
        RangeWhy = "the range is not a compile-time constant";
        Range = failure();
      }
      if (failed(Range) && !RangeWhy.empty())
        NotFolded.push_back("range: " + RangeWhy);

      auto NothingFolded = [&](const Twine &Why) {
        if (remarks)
          Remark() << "nothing folded (" << Why << ")";
      };
      if (Folds.empty() && failed(Range)) {
        NothingFolded(NotFolded.empty() ? std::string("no arguments")
                                        : llvm::join(NotFolded, ", "));
        return;
      }

      // Where the folded bytes are, from the raising's attributes.
      auto Offsets = Op->getAttrOfType<DenseI64ArrayAttr>(kArgOffsetsAttrName);
      auto ObjectSize = Op->getAttrOfType<IntegerAttr>(kObjectSizeAttrName);
      if (!Folds.empty() && (!Offsets || Offsets.size() != int64_t(Op.getArgs().size())))
        return NothingFolded("the offsets of the arguments in the kernel object are "
                             "unknown: no valid '" +
                             kArgOffsetsAttrName + "' (run --sycl-raise-host)");
      if (!ObjectSize)
        return NothingFolded("the size of the kernel object is unknown: it is not built in "
                             "the command-group function");
      int64_t Size = ObjectSize.getInt();
      SmallVector<Fold> Plan;
      for (const Folded &F : Folds)
        Plan.push_back({Offsets[F.Index] + F.Within, int64_t(F.Bytes.size()),
                        llvm::toHex(F.Bytes, /*LowerCase=*/true)});
      llvm::sort(Plan, [](const Fold &A, const Fold &B) { return A.Offset < B.Offset; });
      for (auto [I, F] : llvm::enumerate(Plan))
        if (F.Offset < 0 || F.Offset + F.Size > Size ||
            (I && Plan[I - 1].Offset + Plan[I - 1].Size > F.Offset))
          return NothingFolded("the argument at offset " + Twine(F.Offset) + " (" +
                               Twine(F.Size) + " bytes) does not fit the kernel object (" +
                               Twine(Size) + " bytes) beside the others");

      // One record per distinct plan of a kernel.
      std::string Key;
      llvm::raw_string_ostream KeyOS(Key);
      KeyOS << Generic << " " << Size;
      if (succeeded(Range))
        KeyOS << " " << Range->line();
      for (const Fold &F : Plan)
        KeyOS << " " << F.Offset << ":" << F.Size << ":" << F.Hex;
      auto [It, New] = Records.try_emplace(Key);
      if (New) {
        It->second = (Generic + "$hdo" + Twine(Clones[Generic]++)).str();
        OS << "kernel " << Generic << " clone " << It->second << " object-size " << Size
           << "\n";
        if (succeeded(Range))
          OS << Range->line() << "\n";
        for (const Fold &F : Plan)
          OS << "fold " << F.Offset << " " << F.Size << " " << F.Hex << "\n";
        OS << "end\n";
      }

      if (!remarks)
        return;
      InFlightDiagnostic D = Remark();
      D << "folded ";
      for (auto [I, F] : llvm::enumerate(Folds))
        D << (I ? ", " : "") << "arg " << F.Index << " (offset " << Offsets[F.Index] + F.Within
          << ", " << F.Bytes.size() << " bytes) = " << F.Value;
      if (succeeded(Range))
        D << (Folds.empty() ? "" : ", ") << Range->text();
      if (!NotFolded.empty())
        D << " ; not folded: " << llvm::join(NotFolded, ", ");
    });
    File->keep();
  }
};

} // namespace
} // namespace usycl::sycl
