// sycl_ext_oneapi_device_if (seed 004, both phases; docs/device-if.md):
//
//   namespace syclex = sycl::ext::oneapi::experimental;
//   syclex::if_device_has<sycl::aspect::fp16>([&](auto h) { ... }, x)
//       .else_if_device_has<sycl::aspect::fp64>([&] { ... })
//       .else_device([&] { ... });
//
// The first clause whose aspects the device has runs, with the arguments
// given after the callable forwarded to it; later clauses never run.
//
// How the condition is decided depends on what usycl++ compiles for:
//
// * AOT (-fsycl-targets names a device: x86_64, intel_gpu_*, nvidia_gpu_sm_*):
//   usycl++ defines __USYCL_TARGET_ASPECTS__ to that target's aspects as the
//   device configuration file lists them (plus its identity aspect), in the
//   pass that compiles the target's kernels (the host pass for x86_64). The
//   condition is an `if constexpr`: clauses that cannot be taken are never
//   instantiated, so they may hold code that does not compile for the target.
// * JIT (a generic target: nvptx64-nvidia-cuda, spir64; and the CPU when
//   x86_64 is not in -fsycl-targets): every clause is compiled, guarded by
//   queries of the device's aspects.
//   - CPU kernels (host code) ask libusycl.so once per process and aspect
//     list (__usycl_cpu_device_has: the CPU device's aspects, including what
//     USYCL_EMULATE makes it report), then test a cached bool.
//   - Device passes call the marker __usycl_device_has(aspect). It is never
//     defined: at device link, usycl++ makes one copy of each module per
//     distinct set of answers over the devices of the target's family in the
//     device configuration file, replaces the marker by those constants and
//     lets the optimizer delete the untaken clauses before code generation
//     (compiler/passes/device_if.*). The images are tagged with the answers
//     they assume and the runtime loads the one that matches the device.
//     The aspect propagation pass does not count an aspect used only inside
//     a clause that requires it (a kernel using sycl::half only under
//     if_device_has<aspect::fp16> does not require fp16).
#pragma once

#include <sycl/aspect.hpp>
#include <sycl/detail/aspect_names.hpp>
#include <sycl/detail/defines.hpp>

#include <utility>

#if defined(__USYCL_TARGET_ASPECTS__)
#define USYCL_DEVICE_IF_AOT 1
#else
#define USYCL_DEVICE_IF_AOT 0
#if !defined(__SYCL_DEVICE_ONLY__)
// libusycl.so: 1 when the CPU device (as USYCL_EMULATE presents it) has the
// aspect, else 0.
extern "C" USYCL_EXPORT int __usycl_cpu_device_has(int aspect) noexcept;
#else
// The JIT marker of device code: replaced by a constant at device link (see
// above), never called. `const` lets the optimizer hoist and merge queries,
// so the answer is never recomputed per work-item.
extern "C" __attribute__((const)) bool __usycl_device_has(int aspect) noexcept;
#endif
#endif

namespace sycl {
inline namespace _V1 {
namespace detail {
namespace device_if {

// Aspects if_device_has accepts: every aspect usycl knows, except the
// deprecated `host`, which no device has.
template <aspect... Aspects> constexpr bool aspects_valid() {
  return ((static_cast<int>(Aspects) != 0 &&
           is_known_aspect(static_cast<int>(Aspects))) &&
          ...);
}

#if USYCL_DEVICE_IF_AOT
// The aspects of the target this pass compiles for (-1 keeps the array
// non-empty when the target has none).
inline constexpr int target_aspects[] = {-1, __USYCL_TARGET_ASPECTS__};

constexpr bool target_has(aspect a) {
  for (int t : target_aspects)
    if (t == static_cast<int>(a))
      return true;
  return false;
}

// Read through a template so that a missing configuration entry is only an
// error where if_device_has is used.
template <aspect... Aspects> constexpr bool target_known() {
#ifdef __USYCL_TARGET_NOT_IN_CONFIG__
  return false;
#else
  return true;
#endif
}

template <aspect... Aspects> constexpr bool device_has() {
  return (target_has(Aspects) && ...);
}

// MakeCall: no earlier clause of the chain was taken.
template <bool MakeCall> class if_device_has_helper {
public:
  template <aspect... Aspects, typename T, typename... Args>
  constexpr auto else_if_device_has(T fnTrue, Args &&...args) const {
    static_assert(aspects_valid<Aspects...>(),
                  "Invalid aspect used in else_if_device_has.");
    if constexpr (MakeCall && device_has<Aspects...>()) {
      fnTrue(std::forward<Args>(args)...);
      return if_device_has_helper<false>{};
    } else {
      return if_device_has_helper<MakeCall>{};
    }
  }

  template <typename T, typename... Args>
  constexpr void else_device(T fn, Args &&...args) const {
    if constexpr (MakeCall)
      fn(std::forward<Args>(args)...);
  }
};
#else
#if !defined(__SYCL_DEVICE_ONLY__)
// Decided once per process and aspect list: the CPU device is one device,
// and what it reports (USYCL_EMULATE included) does not change.
template <aspect... Aspects> bool device_has() {
  static const bool answer =
      ((__usycl_cpu_device_has(static_cast<int>(Aspects)) != 0) && ...);
  return answer;
}
#define USYCL_DEVICE_IF_COND(Aspects) (device_has<Aspects...>())
#else
// Each query must be its own branch condition in the function that calls
// the clause: the aspect propagation pass recognises guarded calls by the
// marker calls whose true edge dominates them. Hence a macro, not a call.
#define USYCL_DEVICE_IF_COND(Aspects)                                          \
  ((__usycl_device_has(static_cast<int>(Aspects))) && ...)
#endif

// The run-time chain state: whether an earlier clause was taken.
class if_device_has_helper {
public:
  explicit if_device_has_helper(bool taken) : taken_(taken) {}

  template <aspect... Aspects, typename T, typename... Args>
  if_device_has_helper else_if_device_has(T fnTrue, Args &&...args) const {
    static_assert(aspects_valid<Aspects...>(),
                  "Invalid aspect used in else_if_device_has.");
    if (taken_)
      return if_device_has_helper(true);
    if (USYCL_DEVICE_IF_COND(Aspects)) {
      fnTrue(std::forward<Args>(args)...);
      return if_device_has_helper(true);
    }
    return if_device_has_helper(false);
  }

  template <typename T, typename... Args>
  void else_device(T fn, Args &&...args) const {
    if (!taken_)
      fn(std::forward<Args>(args)...);
  }

private:
  bool taken_;
};
#endif

} // namespace device_if
} // namespace detail

namespace ext::oneapi::experimental {

template <aspect... Aspects, typename T, typename... Args>
#if USYCL_DEVICE_IF_AOT
constexpr
#endif
    auto
    if_device_has(T fnTrue, Args &&...args) {
  namespace di = detail::device_if;
  static_assert(di::aspects_valid<Aspects...>(),
                "Invalid aspect used in if_device_has.");
#if USYCL_DEVICE_IF_AOT
  static_assert(di::target_known<Aspects...>(),
                "if_device_has: the device configuration file has no entry "
                "for the target of -fsycl-targets this code is compiled for, "
                "so its aspects are unknown; add an entry for it "
                "(docs/device-config.md)");
  if constexpr (di::device_has<Aspects...>()) {
    fnTrue(std::forward<Args>(args)...);
    return di::if_device_has_helper<false>{};
  } else {
    return di::if_device_has_helper<true>{};
  }
#else
  using namespace di;
  if (USYCL_DEVICE_IF_COND(Aspects)) {
    fnTrue(std::forward<Args>(args)...);
    return if_device_has_helper(true);
  }
  return if_device_has_helper(false);
#endif
}

} // namespace ext::oneapi::experimental
} // namespace _V1
} // namespace sycl

#undef USYCL_DEVICE_IF_COND
