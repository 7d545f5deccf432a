// sycl::specialization_id (SYCL 2020 §4.9.5.1) and how usycl names and
// passes specialization constants.
//
// A specialization constant is identified by a 64-bit key computed at
// compile time from the mangled name of its specialization_id variable
// (__builtin_sycl_unique_stable_name, identical in the host and the device
// pass). Variables with internal linkage (the usual `constexpr
// specialization_id<T> id(...)` at namespace scope, or one in an anonymous
// namespace) can share a name across translation units while being
// different constants, so their key also mixes in the translation unit's
// main file.
//
// Host-compiled kernels (the CPU device) get the values set for one launch
// in a small read-only block (spec_constant_block below) that the runtime
// builds from the handler's or the kernel bundle's values; a kernel_handler
// reads it, and a constant without a value in the block has its default
// value, read from the specialization_id variable itself (a compile-time
// constant in the kernel). NVPTX kernels have the values folded into their
// code instead (detail/spec_constant_marker.hpp); which constants a kernel
// reads is recorded per device image by sycl-post-link from those reads.
#pragma once

#include <sycl/detail/defines.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {

template <typename T> class specialization_id;

namespace detail {
template <auto &SpecName> struct spec_constant_tag {};

constexpr uint64_t fnv1a(const char *s, uint64_t h = 1469598103934665603ull) {
  while (*s) {
    h ^= static_cast<unsigned char>(*s++);
    h *= 1099511628211ull;
  }
  return h;
}
constexpr bool contains(const char *s, const char *part) {
  for (; *s; ++s) {
    const char *a = s, *b = part;
    while (*a && *b && *a == *b) ++a, ++b;
    if (!*b) return true;
  }
  return false;
}

#if defined(__has_builtin) && __has_builtin(__builtin_sycl_unique_stable_name)
template <auto &SpecName> constexpr uint64_t compute_spec_constant_key() {
  constexpr const char *name = __builtin_sycl_unique_stable_name(spec_constant_tag<SpecName>);
  // "L_ZL..." (internal linkage) or an anonymous namespace: per translation unit.
  constexpr bool per_tu = contains(name, "L_ZL") || contains(name, "_GLOBAL__N_");
  return per_tu ? fnv1a(__BASE_FILE__, fnv1a(name)) : fnv1a(name);
}
// Always a compile-time constant: a call evaluated at run time (-O0, a
// non-constant context) would hash the name string as the program holds it,
// which usycl++ marks per translation unit for unit-local names
// (sycl/detail/kernel_symbol.hpp), while a kernel's key is folded from the
// unmarked name.
template <auto &SpecName>
inline constexpr uint64_t spec_constant_key_v = compute_spec_constant_key<SpecName>();
template <auto &SpecName> constexpr uint64_t spec_constant_key() {
  return spec_constant_key_v<SpecName>;
}
#else
} // namespace detail
} // namespace _V1
} // namespace sycl
#include <typeinfo>
namespace sycl {
inline namespace _V1 {
namespace detail {
template <auto &SpecName> uint64_t spec_constant_key() {
  return fnv1a(typeid(spec_constant_tag<SpecName>).name());
}
#endif

struct spec_constant_access {
  template <typename T> static constexpr const T &default_value(const specialization_id<T> &id) {
    return id.default_value_;
  }
};
template <auto &SpecName> constexpr const auto &spec_constant_default() {
  return spec_constant_access::default_value(SpecName);
}

// The block a launch's kernel_handler reads: a header, `count` entries,
// then the value bytes (each entry's offset is from the block's start).
struct spec_constant_entry {
  uint64_t key;
  uint32_t offset;
  uint32_t size;
};
struct spec_constant_block {
  uint32_t count;
  uint32_t total_bytes;
  // spec_constant_entry entries[count]; then the values.
};

} // namespace detail

template <typename T> class specialization_id {
public:
  using value_type = T;

  template <class... Args>
  explicit constexpr specialization_id(Args &&...args) : default_value_(std::forward<Args>(args)...) {}

  specialization_id(const specialization_id &) = delete;
  specialization_id(specialization_id &&) = delete;
  specialization_id &operator=(const specialization_id &) = delete;
  specialization_id &operator=(specialization_id &&) = delete;

private:
  friend struct detail::spec_constant_access;
  T default_value_;
};

} // namespace _V1
} // namespace sycl
