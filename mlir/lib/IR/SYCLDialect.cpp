//===- SYCLDialect.cpp - The SYCL dialect: types and host ops -------------===//
//
// docs/mlir.md describes the types and ops; SYCLOps.td defines them.
//
//===----------------------------------------------------------------------===//

#include "usycl/Dialect/SYCL/IR/SYCLOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace usycl::sycl;

#include "usycl/Dialect/SYCL/IR/SYCLOpsDialect.cpp.inc"
#include "usycl/Dialect/SYCL/IR/SYCLOpsEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "usycl/Dialect/SYCL/IR/SYCLOpsTypes.cpp.inc"

#define GET_OP_CLASSES
#include "usycl/Dialect/SYCL/IR/SYCLOps.cpp.inc"

void SYCLDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "usycl/Dialect/SYCL/IR/SYCLOps.cpp.inc"
      >();
}

void SYCLDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "usycl/Dialect/SYCL/IR/SYCLOpsTypes.cpp.inc"
      >();
}

bool usycl::sycl::isSYCLType(Type T) {
  return isa<SYCLDialect>(T.getDialect());
}

bool usycl::sycl::isAccessorType(Type T) {
  return isa<AccessorType, LocalAccessorType>(T);
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

static LogicalResult checkDimension(function_ref<InFlightDiagnostic()> EmitError,
                                    unsigned Dimension) {
  if (Dimension < 1 || Dimension > 3)
    return EmitError() << "SYCL dimension must be 1, 2 or 3, got " << Dimension;
  return success();
}

LogicalResult RangeType::verify(function_ref<InFlightDiagnostic()> E, unsigned D) {
  return checkDimension(E, D);
}
LogicalResult IDType::verify(function_ref<InFlightDiagnostic()> E, unsigned D) {
  return checkDimension(E, D);
}
LogicalResult NdRangeType::verify(function_ref<InFlightDiagnostic()> E, unsigned D) {
  return checkDimension(E, D);
}
LogicalResult BufferType::verify(function_ref<InFlightDiagnostic()> E, unsigned D, Type,
                                 bool) {
  return checkDimension(E, D);
}

// An accessor's body: (!llvm.void), (!sycl.range<d>) or
// (!sycl.range<d>, !sycl.id<d>).
static LogicalResult checkBody(function_ref<InFlightDiagnostic()> EmitError,
                               unsigned Dimension, ArrayRef<Type> Body) {
  auto IsRange = [&](Type T) {
    auto R = dyn_cast<RangeType>(T);
    return R && R.getDimension() == Dimension;
  };
  auto IsID = [&](Type T) {
    auto I = dyn_cast<IDType>(T);
    return I && I.getDimension() == Dimension;
  };
  bool Ok = (Body.size() == 1 && (isa<LLVM::LLVMVoidType>(Body[0]) || IsRange(Body[0]))) ||
            (Body.size() == 2 && IsRange(Body[0]) && IsID(Body[1]));
  if (!Ok)
    return EmitError() << "accessor body must be (!llvm.void), (!sycl.range<" << Dimension
                       << ">) or (!sycl.range<" << Dimension << ">, !sycl.id<" << Dimension
                       << ">)";
  return success();
}

LogicalResult AccessorType::verify(function_ref<InFlightDiagnostic()> E, unsigned D, Type,
                                   AccessMode, Target, ArrayRef<Type> Body) {
  if (failed(checkDimension(E, D)))
    return failure();
  return checkBody(E, D, Body);
}

LogicalResult LocalAccessorType::verify(function_ref<InFlightDiagnostic()> E, unsigned D,
                                        Type, ArrayRef<Type> Body) {
  if (failed(checkDimension(E, D)))
    return failure();
  return checkBody(E, D, Body);
}

static ParseResult parseBody(AsmParser &P, SmallVectorImpl<Type> &Body) {
  if (P.parseComma() || P.parseLParen())
    return failure();
  do {
    Type T;
    if (P.parseType(T))
      return failure();
    Body.push_back(T);
  } while (succeeded(P.parseOptionalComma()));
  return P.parseRParen();
}

static void printBody(AsmPrinter &P, ArrayRef<Type> Body) {
  P << ", (";
  llvm::interleaveComma(Body, P, [&](Type T) { P.printType(T); });
  P << ")";
}

// !sycl.buffer<[dim, elem]> / !sycl.buffer<[dim, elem, sub]>
Type BufferType::parse(AsmParser &P) {
  unsigned Dimension;
  Type Elem;
  bool Sub = false;
  if (P.parseLess() || P.parseLSquare() || P.parseInteger(Dimension) || P.parseComma() ||
      P.parseType(Elem))
    return {};
  if (succeeded(P.parseOptionalComma())) {
    if (P.parseKeyword("sub"))
      return {};
    Sub = true;
  }
  if (P.parseRSquare() || P.parseGreater())
    return {};
  return P.getChecked<BufferType>(P.getContext(), Dimension, Elem, Sub);
}

void BufferType::print(AsmPrinter &P) const {
  P << "<[" << getDimension() << ", ";
  P.printType(getElementType());
  if (getSubBuffer())
    P << ", sub";
  P << "]>";
}

// !sycl.accessor<[dim, elem, mode, target], (body)>
Type AccessorType::parse(AsmParser &P) {
  unsigned Dimension;
  Type Elem;
  StringRef ModeWord, TargetWord;
  SMLoc ModeLoc, TargetLoc;
  if (P.parseLess() || P.parseLSquare() || P.parseInteger(Dimension) || P.parseComma() ||
      P.parseType(Elem) || P.parseComma())
    return {};
  ModeLoc = P.getCurrentLocation();
  if (P.parseKeyword(&ModeWord) || P.parseComma())
    return {};
  TargetLoc = P.getCurrentLocation();
  if (P.parseKeyword(&TargetWord) || P.parseRSquare())
    return {};
  std::optional<AccessMode> Mode = symbolizeAccessMode(ModeWord);
  if (!Mode) {
    P.emitError(ModeLoc, "unknown access mode '") << ModeWord
        << "' (expected r, w, rw, dw, drw or ato)";
    return {};
  }
  std::optional<Target> Tgt = symbolizeTarget(TargetWord);
  if (!Tgt) {
    P.emitError(TargetLoc, "unknown access target '") << TargetWord
        << "' (expected gb, cb, l, hb or ht)";
    return {};
  }
  SmallVector<Type> Body;
  if (parseBody(P, Body) || P.parseGreater())
    return {};
  return P.getChecked<AccessorType>(P.getContext(), Dimension, Elem, *Mode, *Tgt, Body);
}

void AccessorType::print(AsmPrinter &P) const {
  P << "<[" << getDimension() << ", ";
  P.printType(getElementType());
  P << ", " << stringifyAccessMode(getAccessMode()) << ", " << stringifyTarget(getTarget())
    << "]";
  printBody(P, getBody());
  P << ">";
}

// !sycl.local_accessor<[dim, elem], (body)>
Type LocalAccessorType::parse(AsmParser &P) {
  unsigned Dimension;
  Type Elem;
  if (P.parseLess() || P.parseLSquare() || P.parseInteger(Dimension) || P.parseComma() ||
      P.parseType(Elem) || P.parseRSquare())
    return {};
  SmallVector<Type> Body;
  if (parseBody(P, Body) || P.parseGreater())
    return {};
  return P.getChecked<LocalAccessorType>(P.getContext(), Dimension, Elem, Body);
}

void LocalAccessorType::print(AsmPrinter &P) const {
  P << "<[" << getDimension() << ", ";
  P.printType(getElementType());
  P << "]";
  printBody(P, getBody());
  P << ">";
}

//===----------------------------------------------------------------------===//
// Kernel symbols
//===----------------------------------------------------------------------===//

LogicalResult usycl::sycl::verifyKernelSymbol(Operation *Op, SymbolRefAttr Kernel,
                                              SymbolTableCollection &Tables) {
  Operation *Module = SymbolTable::getNearestSymbolTable(Op->getParentOp());
  while (Module && !isa<ModuleOp>(Module))
    Module = SymbolTable::getNearestSymbolTable(Module->getParentOp());
  if (!Module)
    return Op->emitOpError("is not inside a module");
  Operation *Target = Tables.lookupSymbolIn(Module, Kernel);
  if (!Target)
    return Op->emitOpError("'") << Kernel << "' does not reference a valid kernel";
  auto Func = dyn_cast<gpu::GPUFuncOp>(Target);
  if (!Func || !Func.isKernel())
    return Op->emitOpError("'") << Kernel
                                << "' does not reference a kernel (a gpu.func with the "
                                   "'kernel' attribute)";
  return success();
}

LogicalResult HostGetKernelOp::verifySymbolUses(SymbolTableCollection &Tables) {
  return verifyKernelSymbol(*this, getKernelNameAttr(), Tables);
}

LogicalResult HostHandlerSetKernel::verifySymbolUses(SymbolTableCollection &Tables) {
  return verifyKernelSymbol(*this, getKernelNameAttr(), Tables);
}

LogicalResult HostScheduleKernel::verifySymbolUses(SymbolTableCollection &Tables) {
  return verifyKernelSymbol(*this, getKernelNameAttr(), Tables);
}

//===----------------------------------------------------------------------===//
// sycl.host.constructor
//===----------------------------------------------------------------------===//

LogicalResult HostConstructorOp::verify() {
  if (!isSYCLType(getType()))
    return emitOpError("'type' must be a SYCL type, got ") << getType();
  return success();
}

//===----------------------------------------------------------------------===//
// sycl.host.handler.set_nd_range
//===----------------------------------------------------------------------===//

// `range %r [, offset %o]` or `nd_range %r`
static ParseResult parseRangeClause(OpAsmParser &P, OpAsmParser::UnresolvedOperand &Range,
                                    std::optional<OpAsmParser::UnresolvedOperand> &Offset,
                                    bool &NdRange) {
  NdRange = succeeded(P.parseOptionalKeyword("nd_range"));
  if (!NdRange && P.parseKeyword("range", " or 'nd_range'"))
    return failure();
  if (P.parseOperand(Range))
    return failure();
  if (!NdRange && succeeded(P.parseOptionalComma())) {
    OpAsmParser::UnresolvedOperand O;
    if (P.parseKeyword("offset") || P.parseOperand(O))
      return failure();
    Offset = O;
  }
  return success();
}

static void printRangeClause(OpAsmPrinter &P, Value Range, Value Offset, bool NdRange) {
  P << (NdRange ? "nd_range " : "range ") << Range;
  if (Offset)
    P << ", offset " << Offset;
}

ParseResult HostHandlerSetNDRange::parse(OpAsmParser &P, OperationState &State) {
  OpAsmParser::UnresolvedOperand Handler, Range;
  std::optional<OpAsmParser::UnresolvedOperand> Offset;
  bool NdRange;
  if (P.parseOperand(Handler) || P.parseArrow() ||
      parseRangeClause(P, Range, Offset, NdRange) ||
      P.parseOptionalAttrDict(State.attributes) || P.parseColon())
    return failure();
  SmallVector<Type> Types;
  if (P.parseTypeList(Types))
    return failure();
  size_t Expected = Offset ? 3 : 2;
  if (Types.size() != Expected)
    return P.emitError(P.getCurrentLocation(), "expected ") << Expected << " types";
  SmallVector<OpAsmParser::UnresolvedOperand> Operands{Handler, Range};
  if (Offset)
    Operands.push_back(*Offset);
  if (P.resolveOperands(Operands, Types, P.getNameLoc(), State.operands))
    return failure();
  if (NdRange)
    State.addAttribute(getNdRangeAttrName(State.name), P.getBuilder().getUnitAttr());
  return success();
}

void HostHandlerSetNDRange::print(OpAsmPrinter &P) {
  P << " " << getHandler() << " -> ";
  printRangeClause(P, getRange(), getOffset(), getNdRange());
  P.printOptionalAttrDict((*this)->getAttrs(), {getNdRangeAttrName()});
  P << " : ";
  llvm::interleaveComma(getOperandTypes(), P);
}

LogicalResult HostHandlerSetNDRange::verify() {
  if (getNdRange() && getOffset())
    return emitOpError("an nd_range carries its own offset; 'offset' is not allowed with "
                       "'nd_range'");
  return success();
}

//===----------------------------------------------------------------------===//
// sycl.host.set_captured
//===----------------------------------------------------------------------===//

LogicalResult HostSetCaptured::verify() {
  if (getIndex() < 0)
    return emitOpError("capture index must not be negative");
  std::optional<Type> SyclType = getSyclType();
  if (!SyclType)
    return success();
  if (!isa<LLVM::LLVMPointerType>(getValue().getType()))
    return emitOpError("only pointer values can carry a SYCL type, got ")
           << getValue().getType();
  if (!isSYCLType(*SyclType))
    return emitOpError("'sycl_type' must be a SYCL type, got ") << *SyclType;
  return success();
}

//===----------------------------------------------------------------------===//
// sycl.host.schedule_kernel
//===----------------------------------------------------------------------===//

void HostScheduleKernel::build(OpBuilder &B, OperationState &State, Value Handler,
                                   SymbolRefAttr Kernel, Value Range, Value Offset,
                                   bool NdRange, ValueRange Args, ArrayRef<Type> SyclTypes) {
  SmallVector<Attribute> Types;
  for (size_t I = 0; I < Args.size(); ++I) {
    Type T = I < SyclTypes.size() ? SyclTypes[I] : Type();
    Types.push_back(T ? Attribute(TypeAttr::get(T)) : Attribute(B.getUnitAttr()));
  }
  build(B, State, Handler, Kernel, Range, Offset, Args, B.getArrayAttr(Types),
        NdRange ? B.getUnitAttr() : nullptr);
}

// %h -> @k[range %r, offset %o](%a: !sycl.accessor<...>, %b) : (types) -> ()
ParseResult HostScheduleKernel::parse(OpAsmParser &P, OperationState &State) {
  OpAsmParser::UnresolvedOperand Handler;
  SymbolRefAttr Kernel;
  if (P.parseOperand(Handler) || P.parseArrow() ||
      P.parseAttribute(Kernel, getKernelNameAttrName(State.name), State.attributes))
    return failure();

  std::optional<OpAsmParser::UnresolvedOperand> Range, Offset;
  bool NdRange = false;
  if (succeeded(P.parseOptionalLSquare())) {
    OpAsmParser::UnresolvedOperand R;
    if (parseRangeClause(P, R, Offset, NdRange) || P.parseRSquare())
      return failure();
    Range = R;
  }

  SmallVector<OpAsmParser::UnresolvedOperand> Args;
  SmallVector<Attribute> SyclTypes;
  if (P.parseLParen())
    return failure();
  if (failed(P.parseOptionalRParen())) {
    do {
      OpAsmParser::UnresolvedOperand A;
      if (P.parseOperand(A))
        return failure();
      Args.push_back(A);
      Type T;
      if (succeeded(P.parseOptionalColon())) {
        if (P.parseType(T))
          return failure();
        SyclTypes.push_back(TypeAttr::get(T));
      } else {
        SyclTypes.push_back(P.getBuilder().getUnitAttr());
      }
    } while (succeeded(P.parseOptionalComma()));
    if (P.parseRParen())
      return failure();
  }
  if (P.parseOptionalAttrDict(State.attributes) || P.parseColon())
    return failure();
  FunctionType FnType;
  SMLoc TypesLoc = P.getCurrentLocation();
  if (P.parseType(FnType))
    return failure();
  if (!FnType.getResults().empty())
    return P.emitError(TypesLoc, "'sycl.host.schedule_kernel' has no results");

  SmallVector<OpAsmParser::UnresolvedOperand> All{Handler};
  if (Range)
    All.push_back(*Range);
  if (Offset)
    All.push_back(*Offset);
  All.append(Args.begin(), Args.end());
  if (P.resolveOperands(All, FnType.getInputs(), TypesLoc, State.operands))
    return failure();
  Builder &B = P.getBuilder();
  State.addAttribute(getSyclTypesAttrName(State.name), B.getArrayAttr(SyclTypes));
  if (NdRange)
    State.addAttribute(getNdRangeAttrName(State.name), B.getUnitAttr());
  State.addAttribute(getOperandSegmentSizesAttrName(State.name),
                     B.getDenseI32ArrayAttr({1, Range ? 1 : 0, Offset ? 1 : 0,
                                             static_cast<int32_t>(Args.size())}));
  return success();
}

void HostScheduleKernel::print(OpAsmPrinter &P) {
  P << " " << getHandler() << " -> ";
  P.printAttributeWithoutType(getKernelNameAttr());
  if (getRange()) {
    P << "[";
    printRangeClause(P, getRange(), getOffset(), getNdRange());
    P << "]";
  }
  P << "(";
  ArrayAttr Types = getSyclTypes();
  for (auto [I, A] : llvm::enumerate(getArgs())) {
    if (I)
      P << ", ";
    P << A;
    if (I < Types.size())
      if (auto T = dyn_cast<TypeAttr>(Types[I]))
        P << ": " << T.getValue();
  }
  P << ")";
  P.printOptionalAttrDict((*this)->getAttrs(),
                          {getKernelNameAttrName(), getSyclTypesAttrName(),
                           getNdRangeAttrName(), getOperandSegmentSizesAttrName()});
  P << " : ";
  P.printFunctionalType(getOperandTypes(), TypeRange());
}

LogicalResult HostScheduleKernel::verify() {
  if (getNdRange() && getOffset())
    return emitOpError("an nd_range carries its own offset; 'offset' is not allowed with "
                       "'nd_range'");
  if (getOffset() && !getRange())
    return emitOpError("'offset' needs a 'range'");
  if (getNdRange() && !getRange())
    return emitOpError("'nd_range' needs an nd_range operand");
  ArrayAttr Types = getSyclTypes();
  if (Types.size() != getArgs().size())
    return emitOpError("has ") << getArgs().size() << " arguments but " << Types.size()
                               << " entries in 'sycl_types'";
  for (auto [I, A] : llvm::enumerate(Types)) {
    if (isa<UnitAttr>(A))
      continue;
    auto T = dyn_cast<TypeAttr>(A);
    if (!T)
      return emitOpError("'sycl_types' entries must be types or unit, got ") << A;
    if (!isSYCLType(T.getValue()))
      return emitOpError("argument ") << I << " is annotated with " << T.getValue()
                                      << ", which is not a SYCL type";
    if (!isa<LLVM::LLVMPointerType>(getArgs()[I].getType()))
      return emitOpError("argument ") << I << " of type " << getArgs()[I].getType()
                                      << " carries a SYCL type; only pointers can";
  }
  return success();
}
