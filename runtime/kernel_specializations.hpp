// Host->device kernel specialisation (issue 21), the runtime's half.
//
// For a kernel submission whose captured scalars are compile-time constants
// the compiler builds a clone of the kernel with those values folded in: in
// the device images a regular kernel named `<generic symbol>$hdo<k>` (cloned
// before sycl-post-link, so it has the generic kernel's property sets), and
// on the CPU clones of the kernel's CPU launchers. Each host translation unit
// registers its clones at start-up, from a global constructor an LLVM pass
// emits, through __usycl_register_kernel_specializations (C ABI, version 2;
// version 1 entries, without a range, are read too).
//
// At launch (scheduler.cpp, enqueue: after the accessor addresses, image
// handles and local memory offsets are in the kernel object, right before
// the backend gets the launch) apply_kernel_specialization looks the launch's
// kernel up by name and takes the first registered specialisation of it, in
// registration order, that
//   * was made for a kernel object of the launch's size, and whose folds
//     (byte ranges of the kernel object the clone assumes) all hold, byte for
//     byte, in this launch's kernel object;
//   * where it assumes a launch range (range_dims != 0): the launch has that
//     kind (range or nd_range), number of dimensions, global size (unless
//     the entry says `range_kind_global_any`: a clone made for a run-time
//     global size), offset and, for an nd_range, work-group size (all three
//     dimensions: unused ones are 1, 1 and 0 in both);
//   * on the CPU: has a clone of every launcher the launch uses (cpu_range,
//     cpu_nd, cpu_nd_group); the launch's launchers are swapped for the
//     clones and kernel_launch::name stays the generic symbol (per-kernel
//     tables -- the CPU's assert bookkeeping, the fiber executor's messages
//     -- are keyed by it);
//   * on an image-based device (CUDA): the clone symbol is in the device's
//     images (every image the device would load the generic kernel from also
//     holds the clone, and the backend has an image of it it can load;
//     cached per (device, clone) and registry generation); then
//     kernel_launch::name becomes the clone symbol, and the backend loads it
//     like any other kernel of the image.
// A candidate that fails a condition is skipped and the next one is tried
// (every candidate whose folds hold computes the same thing as the generic
// kernel); with none, the launch is left as it was.
//
// Cost: with nothing registered (or USYCL_HOST_DEVICE_OPT=0) one relaxed
// atomic load and a branch. Otherwise, for a (kernel name pointer, device)
// the thread launched recently, two atomic loads and a few compares (a
// per-thread memo of the kernel's usable specialisations, valid while the
// registry's and the image registry's generations stay), then the
// candidates' checks; on a miss a shared lock and a hash lookup by name
// (names of one kernel come from different modules, so by content).
#pragma once

#include <sycl/detail/kernel_desc.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>

// ---- C ABI, version 1 ---------------------------------------------------------
// Emitted by the compiler as constant data of each host module; the arrays
// stay valid for the life of the program (or, for a shared library, until it
// unregisters them).
extern "C" {

// `size` bytes at `offset` of the kernel object the clone assumes equal to
// `bytes`.
struct usycl_kernel_fold {
  uint32_t offset;
  uint32_t size;
  const uint8_t *bytes;
};

struct usycl_kernel_specialization {
  uint32_t version;               // 2 (1: the members up to cpu_nd_group only)
  const char *kernel;             // generic kernel symbol (kernel_launch::name)
  const char *clone;              // the clone's symbol in device images
  uint64_t object_size;           // kernel_launch::kernel_object_size it was made for
  uint32_t num_folds;
  const usycl_kernel_fold *folds; // bytes of the kernel object the clone assumes
  void *cpu_range;                // clone of kernel_launch::cpu_range's function, or null
  void *cpu_nd;                   // clone of cpu_nd, or null
  void *cpu_nd_group;             // clone of cpu_nd_group, or null
  // Version 2: the launch range the clone assumes (folded into it), SYCL
  // dimension order, unused dimensions 1 (global, local) and 0 (offset).
  uint32_t range_dims;            // 0: any range; else 1..3
  uint32_t range_nd;              // range_kind_* bits (0: a range of that global size)
  uint64_t global[3];
  uint64_t local[3];
  uint64_t offset[3];
};

// Registers `count` specialisations (a module's array). Never throws, never
// crashes: an entry with another version, a null name or a fold outside its
// object is ignored (a USYCL_TRACE=1 line says which and why).
__attribute__((visibility("default"))) void
__usycl_register_kernel_specializations(const usycl_kernel_specialization *specs, size_t count);
// Forgets the entries of an array registered before (a shared library's
// global destructor may call it before the library goes away; nothing needs
// to for the life of the program).
__attribute__((visibility("default"))) void
__usycl_unregister_kernel_specializations(const usycl_kernel_specialization *specs, size_t count);
}

// The layout the compiler emits (x86_64): keep in step with it.
// The layouts compiler/passes/host_device_specialize.cpp folds launch ranges into.
static_assert(sizeof(sycl::detail::kernel_dims) == 56 && sizeof(sycl::detail::cpu_group_ctx) == 152 &&
              offsetof(sycl::detail::cpu_group_ctx, local) == 56 &&
              offsetof(sycl::detail::cpu_group_ctx, group_range) == 104);
static_assert(sizeof(usycl_kernel_fold) == 16 && offsetof(usycl_kernel_fold, bytes) == 8);
static_assert(offsetof(usycl_kernel_specialization, kernel) == 8 &&
              offsetof(usycl_kernel_specialization, clone) == 16 &&
              offsetof(usycl_kernel_specialization, object_size) == 24 &&
              offsetof(usycl_kernel_specialization, num_folds) == 32 &&
              offsetof(usycl_kernel_specialization, folds) == 40 &&
              offsetof(usycl_kernel_specialization, cpu_range) == 48 &&
              offsetof(usycl_kernel_specialization, cpu_nd) == 56 &&
              offsetof(usycl_kernel_specialization, cpu_nd_group) == 64 &&
              offsetof(usycl_kernel_specialization, range_dims) == 72 &&
              offsetof(usycl_kernel_specialization, range_nd) == 76 &&
              offsetof(usycl_kernel_specialization, global) == 80 &&
              offsetof(usycl_kernel_specialization, local) == 104 &&
              offsetof(usycl_kernel_specialization, offset) == 128 &&
              sizeof(usycl_kernel_specialization) == 152);

namespace usycl::rt::kernel_specializations {

// The version the compiler emits; min_abi_version.. are read.
inline constexpr uint32_t abi_version = 2;
// usycl_kernel_specialization::range_nd. An entry with a bit this runtime
// does not know is ignored (its clone is never used), so a runtime older
// than a bit ignores the entries that set it.
inline constexpr uint32_t range_kind_nd = 1;         // an nd_range launch (local meaningful)
inline constexpr uint32_t range_kind_global_any = 2; // any global size (global[] unused)
inline constexpr uint32_t range_kind_bits = range_kind_nd | range_kind_global_any;
inline constexpr uint32_t min_abi_version = 1;
inline constexpr const char *env = "USYCL_HOST_DEVICE_OPT";

// The compiler's copies of a kernel are entry points named after it: a
// host->device specialisation "<kernel symbol>$hdo<k>", a whole-warp entry
// point "<symbol>$ww" (compiler/passes/whole_warps.hpp; "$hdo<k>$ww" for a
// specialisation's). '$' never occurs in a mangled name, but a kernel named
// by a type local to its translation unit is "<symbol>$tu<hash>" (and no
// copy). Copies are not kernels of the program: the list of its kernels
// (image_registry::kernel_names, sycl::get_kernel_ids) leaves them out, and
// messages naming one name its kernel (trace::kernel_name).
inline constexpr std::string_view clone_marker = "$hdo";
inline constexpr std::string_view whole_warp_suffix = "$ww";
constexpr bool is_whole_warp_entry(std::string_view symbol) {
  return symbol.ends_with(whole_warp_suffix);
}
constexpr bool is_clone(std::string_view symbol) {
  return symbol.find(clone_marker) != std::string_view::npos || is_whole_warp_entry(symbol);
}
// The kernel symbol of a copy's symbol (the symbol itself otherwise).
constexpr std::string_view without_clone_marker(std::string_view symbol) {
  if (is_whole_warp_entry(symbol))
    symbol.remove_suffix(whole_warp_suffix.size());
  return symbol.substr(0, symbol.find(clone_marker));
}

namespace detail {
// Something is registered and using clones is enabled.
extern std::atomic<bool> active;
} // namespace detail

// The launch path's test: whether apply_kernel_specialization has anything to do.
inline bool active() { return detail::active.load(std::memory_order_relaxed); }

// USYCL_HOST_DEVICE_OPT: "0" disables using clones; anything else, or unset,
// leaves them on.
bool parse_enabled(const char *value) noexcept;
// Whether clones are used. Read from the environment once, when the registry
// is first used (registration from the program's constructors, or the first
// launch after one); configure() reads it again (tests).
bool enabled();
void configure();

// How many specialisations are registered now (all kernels).
size_t registered_count();
// Forgets every registration and the cached answers (tests only: the arrays
// of the program are never forgotten otherwise).
void reset_for_testing();

} // namespace usycl::rt::kernel_specializations

namespace sycl {
inline namespace _V1 {
namespace detail {

class device_impl;

const char *apply_kernel_specialization_slow(kernel_launch &launch, device_impl &device);

// Applies the first matching registered specialisation of the launch's
// kernel for `device` (see the top of this file). Returns the clone's symbol
// when one is used (for the launch trace), else nullptr (launch unchanged).
inline const char *apply_kernel_specialization(kernel_launch &launch, device_impl &device) {
  if (!usycl::rt::kernel_specializations::active()) [[likely]]
    return nullptr;
  return apply_kernel_specialization_slow(launch, device);
}

} // namespace detail
} // namespace _V1
} // namespace sycl
