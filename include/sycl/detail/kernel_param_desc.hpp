// Kernel parameter descriptors and the source annotations that mark the
// kernel submission path for the MLIR host raising (seed 003, docs/mlir.md).
//
// Normal builds: nothing here changes code (the macros expand to nothing).
//
// `usycl++ -fsycl-raise-host` compiles the host pass with
// -D__USYCL_RAISE_HOST__ and -include's the *integration header* its device
// pass wrote (the plugin's kernel_signatures, the equivalent of DPC++'s
// integration header). Then:
//   * __SYCL_ANNOTATE(range|offset|nd_range|kernel) on parallel_for's
//     parameters becomes an `annotate` attribute (an llvm.var.annotation
//     call in the IR, which the raising reads);
//   * the submission path (parallel_for, range_kernel, set_kernel) is
//     always_inline, so it lands in the command-group function even at -O0;
//   * set_kernel declares two annotated variables that point the raising at
//     the kernel's parameter descriptors:
//       unsigned numParams   __SYCL_ANNOTATE(kernel_num_params) = N;
//       const int *paramDesc __SYCL_ANNOTATE(kernel_param_desc) = &table[i];
//
// Descriptor layout: USYCL_KERNEL_PARAM_DESC_INTS ints per captured field of
// the kernel object, in field order:
//   kind    kernel_param_kind (below)
//   size    bytes of the field in the kernel object
//   offset  byte offset of the field in the kernel object
//   info    accessors: dims | (access_mode - 1024) << 4 | (target - 2014) << 8
//           (local_accessor: dims only); 0 otherwise
#pragma once

// The annotations exist only when raising: llvm.var.annotation calls keep
// parameter allocas alive even at -O2, which would change normal code.
#ifndef __SYCL_ANNOTATE
#ifdef __USYCL_RAISE_HOST__
#define __SYCL_ANNOTATE(str) __attribute__((annotate(#str)))
#else
#define __SYCL_ANNOTATE(str)
#endif
#endif

#ifdef __USYCL_RAISE_HOST__
#define USYCL_RAISE_INLINE __attribute__((always_inline))
#else
#define USYCL_RAISE_INLINE
#endif

#define USYCL_KERNEL_PARAM_DESC_INTS 4

namespace sycl {
inline namespace _V1 {
namespace detail {

// Numbered as DPC++'s kernel_param_kind_t where both have the kind.
enum class kernel_param_kind : int {
  accessor = 0,       // sycl::accessor (device / constant buffer)
  std_layout = 1,     // any other standard-layout value (scalars, structs, arrays)
  pointer = 3,        // a pointer (USM)
  local_accessor = 6, // sycl::local_accessor
};

// One row of the integration header's signature table.
struct kernel_signature {
  const char *name;    // _ZTS... device symbol
  unsigned num_params; // captured fields
  unsigned first;      // index of the first field's descriptor / 4
};

constexpr bool kernel_name_equal(const char *a, const char *b) {
  while (*a && *a == *b) {
    ++a;
    ++b;
  }
  return *a == *b;
}

} // namespace detail
} // namespace _V1
} // namespace sycl

// The integration header (written by the device pass's plugin) defines the
// class template __usycl_int_header::tables: the unit's
//   kernel_signatures[] / num_kernel_signatures and kernel_params[].
// It is declared here and only used with a dependent argument, so these
// headers parse the same with or without it and it may be read after them
// (usycl++ includes it after the precompiled SYCL headers).
#if defined(__USYCL_RAISE_HOST__) && !defined(__SYCL_DEVICE_ONLY__)
namespace __usycl_int_header {
template <typename KernelName> struct tables;
} // namespace __usycl_int_header

namespace sycl {
inline namespace _V1 {
namespace detail {
template <typename KernelName> constexpr int find_kernel_signature(const char *name) {
  using tables = __usycl_int_header::tables<KernelName>;
  for (unsigned i = 0; i < tables::num_kernel_signatures; ++i)
    if (kernel_name_equal(tables::kernel_signatures[i].name, name))
      return static_cast<int>(i);
  return -1;
}
} // namespace detail
} // namespace _V1
} // namespace sycl

// In handler::set_kernel: the annotated descriptor variables of seed 003.
#define USYCL_ANNOTATE_KERNEL_PARAMS(Name)                                                 \
  if constexpr (constexpr int usycl_sig_ =                                                 \
                    ::sycl::detail::find_kernel_signature<Name>(USYCL_KERNEL_SYMBOL(Name)); \
                usycl_sig_ >= 0) {                                                         \
    using usycl_tables_ = ::__usycl_int_header::tables<Name>;                              \
    constexpr unsigned usycl_np_ = usycl_tables_::kernel_signatures[usycl_sig_].num_params; \
    constexpr unsigned usycl_first_ = usycl_tables_::kernel_signatures[usycl_sig_].first;  \
    unsigned numParams __SYCL_ANNOTATE(kernel_num_params) = usycl_np_;                     \
    const int *paramDesc __SYCL_ANNOTATE(kernel_param_desc) =                              \
        &usycl_tables_::kernel_params[usycl_first_ * USYCL_KERNEL_PARAM_DESC_INTS];        \
    (void)numParams;                                                                       \
    (void)paramDesc;                                                                       \
  }
#else
#define USYCL_ANNOTATE_KERNEL_PARAMS(Name)
#endif
