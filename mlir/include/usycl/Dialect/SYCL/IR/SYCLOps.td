//===- SYCLOps.td - The SYCL dialect -----------------------*- tablegen -*-===//
//
// Types describing SYCL API objects and the host operations of seed 003
// (representation of kernel submissions). docs/mlir.md.
//
//===----------------------------------------------------------------------===//

#ifndef USYCL_DIALECT_SYCL_OPS
#define USYCL_DIALECT_SYCL_OPS

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"

//===----------------------------------------------------------------------===//
// Dialect
//===----------------------------------------------------------------------===//

def SYCL_Dialect : Dialect {
  let name = "sycl";
  let cppNamespace = "::usycl::sycl";
  let summary = "SYCL API types and the host-side kernel submission ops";
  let description = [{
    Types for SYCL runtime objects (`!sycl.accessor`, `!sycl.buffer`,
    `!sycl.range`, ...) and the `sycl.host.*` operations that describe a
    command-group function's kernel submission, raised from host LLVM IR.
  }];
  let useDefaultTypePrinterParser = 1;
  let dependentDialects = ["::mlir::LLVM::LLVMDialect", "::mlir::gpu::GPUDialect"];
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def SYCL_AccessModeRead : I32EnumAttrCase<"read", 1024, "r">;
def SYCL_AccessModeWrite : I32EnumAttrCase<"write", 1025, "w">;
def SYCL_AccessModeReadWrite : I32EnumAttrCase<"read_write", 1026, "rw">;
def SYCL_AccessModeDiscardWrite : I32EnumAttrCase<"discard_write", 1027, "dw">;
def SYCL_AccessModeDiscardReadWrite : I32EnumAttrCase<"discard_read_write", 1028, "drw">;
def SYCL_AccessModeAtomic : I32EnumAttrCase<"atomic", 1029, "ato">;
def SYCL_AccessMode : I32EnumAttr<"AccessMode", "sycl::access_mode",
    [SYCL_AccessModeRead, SYCL_AccessModeWrite, SYCL_AccessModeReadWrite,
     SYCL_AccessModeDiscardWrite, SYCL_AccessModeDiscardReadWrite,
     SYCL_AccessModeAtomic]> {
  let cppNamespace = "::usycl::sycl";
  let genSpecializedAttr = 0;
}

def SYCL_TargetDevice : I32EnumAttrCase<"global_buffer", 2014, "gb">;
def SYCL_TargetConstant : I32EnumAttrCase<"constant_buffer", 2015, "cb">;
def SYCL_TargetLocal : I32EnumAttrCase<"local", 2016, "l">;
def SYCL_TargetHostBuffer : I32EnumAttrCase<"host_buffer", 2018, "hb">;
def SYCL_TargetHostTask : I32EnumAttrCase<"host_task", 2020, "ht">;
def SYCL_Target : I32EnumAttr<"Target", "sycl::target",
    [SYCL_TargetDevice, SYCL_TargetConstant, SYCL_TargetLocal,
     SYCL_TargetHostBuffer, SYCL_TargetHostTask]> {
  let cppNamespace = "::usycl::sycl";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class SYCL_Type<string name, string typeMnemonic> : TypeDef<SYCL_Dialect, name> {
  let mnemonic = typeMnemonic;
}

class SYCL_DimType<string name, string typeMnemonic, string what>
    : SYCL_Type<name, typeMnemonic> {
  let summary = "sycl::" # what # "<dim>";
  let parameters = (ins "unsigned":$dimension);
  let assemblyFormat = "`<` $dimension `>`";
  let genVerifyDecl = 1;
}

def SYCL_RangeType : SYCL_DimType<"Range", "range", "range">;
def SYCL_IDType : SYCL_DimType<"ID", "id", "id">;
def SYCL_NdRangeType : SYCL_DimType<"NdRange", "nd_range", "nd_range">;

def SYCL_BufferType : SYCL_Type<"Buffer", "buffer"> {
  let summary = "sycl::buffer<elem, dim>";
  let description = [{
    `!sycl.buffer<[dim, elem]>`, or `!sycl.buffer<[dim, elem, sub]>` for a
    sub-buffer. The host raising does not recover the element type and
    writes `!llvm.void`.
  }];
  let parameters = (ins "unsigned":$dimension, "::mlir::Type":$elementType,
                        "bool":$subBuffer);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def SYCL_AccessorType : SYCL_Type<"Accessor", "accessor"> {
  let summary = "sycl::accessor<elem, dim, mode, target>";
  let description = [{
    `!sycl.accessor<[dim, elem, mode, target], (body)>`: mode is one of
    `r w rw dw drw ato`, target one of `gb cb l hb ht`. The body says how the
    accessor was constructed: `(!llvm.void)` over the whole buffer,
    `(!sycl.range<d>)` with a range, `(!sycl.range<d>, !sycl.id<d>)` with a
    range and an offset.
  }];
  let parameters = (ins "unsigned":$dimension, "::mlir::Type":$elementType,
                        "::usycl::sycl::AccessMode":$accessMode,
                        "::usycl::sycl::Target":$target,
                        ArrayRefParameter<"::mlir::Type">:$body);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def SYCL_LocalAccessorType : SYCL_Type<"LocalAccessor", "local_accessor"> {
  let summary = "sycl::local_accessor<elem, dim>";
  let description = [{ `!sycl.local_accessor<[dim, elem], (body)>`. }];
  let parameters = (ins "unsigned":$dimension, "::mlir::Type":$elementType,
                        ArrayRefParameter<"::mlir::Type">:$body);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def SYCL_AnyType : Type<CPred<"::usycl::sycl::isSYCLType($_self)">, "a SYCL type">;
def SYCL_AnyAccessorType : Type<
    Or<[SYCL_AccessorType.predicate, SYCL_LocalAccessorType.predicate]>,
    "an accessor type">;

//===----------------------------------------------------------------------===//
// Host operations
//===----------------------------------------------------------------------===//

class SYCL_HostOp<string mnemonic, list<Trait> traits = []>
    : Op<SYCL_Dialect, "host." # mnemonic, traits>;

def SYCL_HostConstructorOp : SYCL_HostOp<"constructor"> {
  let summary = "Construction of a SYCL object in host code";
  let description = [{
    Ties a constructor call of a SYCL API class to the SYCL type of the
    object it initialises. The object is not allocated by the op: `dst`
    points to its storage (usually an `llvm.alloca`).

    ```mlir
    sycl.host.constructor(%acc, %buf, %cgh) {type = !sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>}
      : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    ```
  }];
  let arguments = (ins Arg<LLVM_AnyPointer, "constructed object", [MemWrite]>:$dst,
                       Arg<Variadic<AnyType>, "constructor arguments", [MemRead]>:$args,
                       TypeAttr:$type);
  let assemblyFormat = [{
    `(` $dst (`,` $args^)? `)` attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def SYCL_HostGetKernelOp : SYCL_HostOp<"get_kernel",
    [Pure, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Address of a kernel, referring to its gpu.func";
  let description = [{
    Replaces the address of the string constant holding a kernel's name.
    `sycl.host.get_kernel @kernels::@_ZTS2K1 : !llvm.ptr`
  }];
  let arguments = (ins SymbolRefAttr:$kernel_name);
  let results = (outs LLVM_AnyPointer:$res);
  let assemblyFormat = "$kernel_name attr-dict `:` type($res)";
}

def SYCL_HostHandlerSetKernel : SYCL_HostOp<"handler.set_kernel",
    [DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "The command-group handler is given the kernel to launch";
  let description = [{
    `sycl.host.handler.set_kernel %handler -> @kernels::@_ZTS2K1 : !llvm.ptr`
  }];
  let arguments = (ins Arg<LLVM_AnyPointer, "handler", [MemWrite]>:$handler,
                       SymbolRefAttr:$kernel_name);
  let assemblyFormat = "$handler `->` $kernel_name attr-dict `:` type($handler)";
}

def SYCL_HostHandlerSetNDRange : SYCL_HostOp<"handler.set_nd_range"> {
  let summary = "The command-group handler is given the launch range";
  let description = [{
    ```mlir
    sycl.host.handler.set_nd_range %h -> range %r : !llvm.ptr, !llvm.ptr
    sycl.host.handler.set_nd_range %h -> range %r, offset %o : !llvm.ptr, !llvm.ptr, !llvm.ptr
    sycl.host.handler.set_nd_range %h -> nd_range %ndr : !llvm.ptr, !llvm.ptr
    ```
    `range` points to a `sycl::range` (or, with `nd_range`, a
    `sycl::nd_range`), `offset` to a `sycl::id`. An nd_range carries its
    own offset, so `offset` is not allowed with it.
  }];
  let arguments = (ins Arg<LLVM_AnyPointer, "handler", [MemWrite]>:$handler,
                       Arg<LLVM_AnyPointer, "range or nd_range", [MemRead]>:$range,
                       Arg<Optional<LLVM_AnyPointer>, "offset", [MemRead]>:$offset,
                       UnitAttr:$nd_range);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def SYCL_HostSetCaptured : SYCL_HostOp<"set_captured"> {
  let summary = "The index-th captured value of a kernel lambda";
  let description = [{
    ```mlir
    sycl.host.set_captured %lambda[0] = %acc : !llvm.ptr, !llvm.ptr (!sycl.accessor<[1, !llvm.void, w, gb], (!llvm.void)>)
    sycl.host.set_captured %lambda[1] = %x : !llvm.ptr, i32
    ```
    The optional SYCL type describes the object a pointer value points to;
    only pointers may carry one.
  }];
  let arguments = (ins Arg<LLVM_AnyPointer, "kernel object", [MemWrite]>:$lambda,
                       I64Attr:$index,
                       AnyType:$value,
                       OptionalAttr<TypeAttr>:$sycl_type);
  let assemblyFormat = [{
    $lambda `[` $index `]` `=` $value attr-dict `:` type($lambda) `,` type($value)
    (` ` `(` $sycl_type^ `)`)?
  }];
  let hasVerifier = 1;
}

def SYCL_HostScheduleKernel : SYCL_HostOp<"schedule_kernel",
    [AttrSizedOperandSegments, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "A kernel launch handed to the SYCL runtime's scheduler";
  let description = [{
    Ties together a command-group handler, the kernel (a `gpu.func`), the
    launch range and the arguments the kernel object captured, one per
    field, in the granularity of the kernel's parameter descriptors.

    ```mlir
    sycl.host.schedule_kernel %h -> @kernels::@k[range %r](%acc: !sycl.accessor<...>, %x)
      : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i32) -> ()
    sycl.host.schedule_kernel %h -> @kernels::@k[range %r, offset %o](%x) : (...) -> ()
    sycl.host.schedule_kernel %h -> @kernels::@k[nd_range %ndr](%x) : (...) -> ()
    ```
    The handler operand keeps the op alive (it writes to the handler).
  }];
  let arguments = (ins Arg<LLVM_AnyPointer, "handler", [MemWrite]>:$handler,
                       SymbolRefAttr:$kernel_name,
                       Arg<Optional<LLVM_AnyPointer>, "range or nd_range", [MemRead]>:$range,
                       Arg<Optional<LLVM_AnyPointer>, "offset", [MemRead]>:$offset,
                       Arg<Variadic<AnyType>, "captured values", [MemRead]>:$args,
                       ArrayAttr:$sycl_types,
                       UnitAttr:$nd_range);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let builders = [
    OpBuilder<(ins "::mlir::Value":$handler, "::mlir::SymbolRefAttr":$kernel,
                   "::mlir::Value":$range, "::mlir::Value":$offset, "bool":$ndRange,
                   "::mlir::ValueRange":$args, "::llvm::ArrayRef<::mlir::Type>":$syclTypes)>
  ];
}

#endif // USYCL_DIALECT_SYCL_OPS
