// How a specialization constant read looks in NVPTX device code, so that
// the value can be folded into the code before it is loaded
// (docs/spec-constants.md).
//
// Every read of a specialization constant of type T in NVPTX device code is
// ceil(sizeof(T) / 4) inline-PTX moves, one per 32-bit word of the value:
//
//   mov.b32 %r7, %r6; // usycl.spec_constant <key> <word>
//
// %r6 holds that word of the default value (a compile-time constant in the
// usual case, so the PTX as compiled is the program with default values and
// ptxas makes the shipped CUBIN from it). <key> is spec_constant_key<S>()
// printed as a signed decimal 64-bit integer, <word> the word's index. To
// specialize, the CUDA runtime rewrites the source operand of each marked
// move to the word of the value set for <key> (an immediate, e.g.
// `mov.b32 %r7, 0x0000000a;`) before cuModuleLoadData; ptxas then folds the
// immediate like any other constant and removes the branches it decides.
//
// The moves are volatile so that a read whose result is unused stays
// visible: sycl-post-link lists each module's keys from these moves (the
// "SYCL/specialization constants" property set), which is how a kernel
// bundle knows which constants its kernels use. ptxas drops an unused move.
//
// The other device compilations (SPIR-V) and host code read the launch's
// value block instead (kernel_handler.hpp).
#pragma once

#include <sycl/detail/defines.hpp>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

namespace sycl {
inline namespace _V1 {
namespace detail {

// The comment text that identifies a marked move (the runtime and
// sycl-post-link look for it).
inline constexpr char spec_constant_marker[] = "usycl.spec_constant";

#if defined(__SYCL_DEVICE_ONLY__) && defined(__NVPTX__)
template <uint64_t Key, uint32_t Word>
USYCL_INLINE uint32_t spec_constant_word(uint32_t default_word) {
  uint32_t word;
  // Operand 2 prints as a signed decimal; the runtime reads it back as the
  // unsigned key's bits.
  asm volatile("mov.b32 %0, %1; // usycl.spec_constant %2 %3"
               : "=r"(word)
               : "r"(default_word), "n"(static_cast<int64_t>(Key)), "n"(Word));
  return word;
}

// The value of the constant with key `Key` given its default value, word by
// word through the marked moves above.
template <uint64_t Key, typename T> USYCL_INLINE T spec_constant_marked_read(const T &default_value) {
  constexpr size_t words = (sizeof(T) + 3) / 4;
  uint32_t bits[words] = {};
  std::memcpy(bits, static_cast<const void *>(&default_value), sizeof(T));
  [&]<size_t... I>(std::index_sequence<I...>) {
    ((bits[I] = spec_constant_word<Key, static_cast<uint32_t>(I)>(bits[I])), ...);
  }(std::make_index_sequence<words>{});
  T value(default_value); // T may lack a default constructor
  std::memcpy(static_cast<void *>(&value), bits, sizeof(T));
  return value;
}
#endif

} // namespace detail
} // namespace _V1
} // namespace sycl
