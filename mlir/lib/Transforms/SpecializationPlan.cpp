//===- SpecializationPlan.cpp - Which kernel-object bytes are constant ----===//
//
// Host-to-device specialisation, the decisions: for every
// sycl.host.schedule_kernel that passes at least one compile-time-constant
// standard-layout argument or launches over a compile-time-constant range
// (or nd_range), which bytes of the kernel object are constants and which
// range it launches over. The device compiler
// (an LLVM pass) clones the kernel with those bytes and that range folded,
// and the runtime launches the clone for the submission. The plan is the
// contract between them; format version 2 (docs/mlir.md):
//
//   usycl-specialization-plan 2
//   kernel <generic-symbol> clone <generic-symbol>$hdo<k> object-size <N>
//   range <dims> global <g...> [local <l...>] offset <o...>
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

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
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

// The launch range of a submission, where the raising proves it constant
// (SYCL dimension order).
struct LaunchRange {
  bool Nd = false;
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
    std::string T = (Nd ? "nd_range " : "range ") + list(Global);
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
    Append(Global);
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
// constant. Failure with the reason otherwise, or with an empty reason where
// there is nothing to gain (a range of one work-item: single_task).
FailureOr<LaunchRange> launchRange(HostScheduleKernel Op, ModuleOp M, std::string &Why) {
  LaunchRange L;
  L.Nd = bool(Op.getNdRange());
  // parallel_for(range, reduction...) launches the reduction wrapper over
  // its own number of work-items, not over the user's range.
  if (!L.Nd && Op->getAttr(kWrapperArgsAttrName)) {
    Why = "a range reduction launches its own number of work-items";
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
  std::optional<SmallVector<uint64_t>> E = constantExtents(Op.getRange(), M);
  if (!E || E->size() != (L.Nd ? 3 : 1) * L.Dims) {
    Why = std::string("the ") + What + " is not a compile-time constant";
    return failure();
  }
  L.Global.assign(E->begin(), E->begin() + L.Dims);
  if (L.Nd) {
    L.Local.assign(E->begin() + L.Dims, E->begin() + 2 * L.Dims);
    L.Offset.assign(E->begin() + 2 * L.Dims, E->end());
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
    if (L.Global[D] == 0 || (L.Nd && (L.Local[D] == 0 || L.Global[D] % L.Local[D]))) {
      Why = std::string("the ") + What + " " + L.text() + " launches nothing or is invalid";
      return failure();
    }
  const bool One = llvm::all_of(L.Global, [](uint64_t X) { return X == 1; }) &&
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
    M.walk([&](HostScheduleKernel Op) {
      llvm::StringRef Generic = Op.getKernelNameAttr().getLeafReference().getValue();
      auto Remark = [&]() {
        // At the op's location, without the op itself attached as a note
        // (usycl++ shows these remarks to users).
        InFlightDiagnostic D = mlir::emitRemark(Op.getLoc());
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
      for (auto [I, V] : llvm::enumerate(Op.getArgs())) {
        auto ST = I < Types.size() ? dyn_cast<TypeAttr>(Types[I]) : nullptr;
        auto Reason = [&, I = I](llvm::StringRef Why) {
          NotFolded.push_back(("arg " + Twine(I) + ": " + Why).str());
        };
        if (ST) { // only accessors and local accessors are raised as SYCL types
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
          Reason(I >= FirstWrapperArg ? "reduction wrapper field, pointer" : "pointer");
          continue;
        }
        // Standard layout (the raising checked its size against the
        // kernel's parameter descriptor).
        std::optional<Attribute> K = constantOf(V, M);
        if (!K) {
          Reason(I >= FirstWrapperArg ? "reduction wrapper field, not a compile-time constant"
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
