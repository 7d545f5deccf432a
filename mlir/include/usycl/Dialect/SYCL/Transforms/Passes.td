//===- Passes.td - SYCL dialect passes ---------------------*- tablegen -*-===//

#ifndef USYCL_DIALECT_SYCL_PASSES
#define USYCL_DIALECT_SYCL_PASSES

include "mlir/Pass/PassBase.td"

def SYCLRaiseHost : Pass<"sycl-raise-host", "::mlir::ModuleOp"> {
  let summary = "Raise host LLVM-dialect IR of kernel submissions to sycl.host ops";
  let description = [{
    Seed 003. In order: SYCL constructors (buffer, accessor, local_accessor,
    range, id, nd_range) become `sycl.host.constructor`; addresses of kernel
    name strings become `sycl.host.get_kernel`; the store of the kernel name
    into the handler becomes `sycl.host.handler.set_kernel`; the annotated
    parallel_for parameters give `sycl.host.handler.set_nd_range`; the
    assignments to the kernel object's fields give `sycl.host.set_captured`
    (with the heuristics for accessors, coalesced scalars and split arrays);
    last, `sycl.host.schedule_kernel`, checked against the kernel's
    parameter descriptors, with the discardable attributes
    `usycl.arg_offsets` (each argument's byte offset in the kernel object)
    and `usycl.object_size` (the kernel object's size, where it is built in
    the command-group function). Each step that cannot be completed emits a
    remark naming the step and the reason.
  }];
  let dependentDialects = ["::usycl::sycl::SYCLDialect", "::mlir::LLVM::LLVMDialect",
                           "::mlir::gpu::GPUDialect"];
  let options = [
    Option<"quiet", "quiet", "bool", /*default=*/"false",
           "do not emit remarks when a step of the raising fails">,
  ];
  let statistics = [
    Statistic<"numScheduled", "num-schedule-kernel", "schedule_kernel ops created">,
  ];
}

def SYCLReportSubmissions : Pass<"sycl-report-submissions", "::mlir::ModuleOp"> {
  let summary = "List each sycl.host.schedule_kernel with its range and arguments";
  let description = [{
    For every `sycl.host.schedule_kernel`: the kernel, the range kind
    (range, range+offset, nd_range), the range values where they are
    constants, and each captured argument with its type and, where it is
    one, its constant value. The input of host-to-device constant
    propagation. Printed as remarks at the op, or to a file with `output`.
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"\"",
           "write the report to this file ('-' for stdout) instead of remarks">,
  ];
}

def SYCLSpecializationPlan : Pass<"sycl-specialization-plan", "::mlir::ModuleOp"> {
  let summary = "Write which bytes of each kernel object are compile-time constants";
  let description = [{
    Runs after `--sycl-raise-host`. For every `sycl.host.schedule_kernel`
    that passes at least one compile-time-constant standard-layout argument,
    writes a record of the *specialisation plan* (format version 1, read by
    the device compiler and the runtime; docs/mlir.md):

    ```
    usycl-specialization-plan 1
    kernel <generic-symbol> clone <generic-symbol>$hdo<k> object-size <N>
    fold <offset> <size> <little-endian bytes in hex>
    end
    ```

    Offsets and the object size come from the `usycl.arg_offsets` and
    `usycl.object_size` attributes the raising puts on the op. Two
    submissions of a kernel with the same folds share a record; k counts the
    distinct records of each kernel. With `remarks`, one remark per
    submission says what was folded and why the rest was not.
  }];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"\"",
           "write the plan to this file ('-' for stdout); required">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "emit a remark at each schedule_kernel: what was folded, and why the "
           "other arguments were not">,
  ];
}

#endif
