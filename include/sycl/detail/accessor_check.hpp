// USYCL_CHECK=1: accessor indices checked against the accessor's range in
// kernels that run on the CPU device (docs/runtime.md, "Checking mode").
//
// Only the host compilation has it -- CPU kernels are host code; every
// device pass (NVPTX, and the CPU's NVPTX analysis pass) compiles
// __SYCL_DEVICE_ONLY__ and gets nothing. Off, it costs nothing: the flag is
// `const` here (libusycl.so sets it while it is loaded, before main, and
// never again), so the optimiser loads it once per work-item loop, not per
// access, and unswitches the loop on it; the loop without the check is
// the loop that was compiled before the check existed, and vectorises the
// same. A failing index calls the runtime, which reports the kernel, the
// work-item and the index as the launch's asynchronous errc::invalid and
// stops that work-item, the way a failed device assert is reported
// (runtime/backends/cpu/cpu_assert.hpp): the access itself never happens.
#pragma once

#include <sycl/detail/defines.hpp>

#include <cstddef>

#ifndef __SYCL_DEVICE_ONLY__
extern "C" {
// USYCL_CHECK=1 (runtime/check_mode.hpp); writable inside libusycl.so only.
extern const bool __usycl_check_enabled;
// `range` is the accessor's range (`dims` values); `index` the whole index
// (dimension < 0: `dims` values) or the one index of a chained subscript's
// dimension (acc[i][j]: dimension 0 for i, 1 for j). Does not return: stops
// the work-item (or throws errc::invalid outside a CPU kernel, e.g. in a
// host task).
[[noreturn]] USYCL_EXPORT __attribute__((cold)) void
__usycl_accessor_index_out_of_range(int dims, int dimension, const size_t *index,
                                    const size_t *range);
}

namespace sycl {
inline namespace _V1 {
namespace detail {

// The whole index of an accessor (operator[](id), operator[](size_t) in 1-D).
template <int Dims, typename Index, typename Range>
USYCL_INLINE void check_accessor_index(const Index &index, const Range &range) {
  if (__builtin_expect(__usycl_check_enabled, false)) {
    bool outside = false;
    for (int d = 0; d < Dims; ++d) outside |= size_t(index[d]) >= size_t(range[d]);
    if (__builtin_expect(outside, false)) {
      size_t i[Dims], r[Dims];
      for (int d = 0; d < Dims; ++d) {
        i[d] = size_t(index[d]);
        r[d] = size_t(range[d]);
      }
      __usycl_accessor_index_out_of_range(Dims, -1, i, r);
    }
  }
}

// One index of a chained subscript; `ranges` is the accessor's range.
template <int Dims>
USYCL_INLINE void check_accessor_subscript(int dimension, size_t index, const size_t *ranges) {
  if (__builtin_expect(__usycl_check_enabled, false) && ranges &&
      __builtin_expect(index >= ranges[dimension], false))
    __usycl_accessor_index_out_of_range(Dims, dimension, &index, ranges);
}

} // namespace detail
} // namespace _V1
} // namespace sycl

#define USYCL_CHECK_ACCESSOR_INDEX(Dims, index, range)                                         \
  ::sycl::detail::check_accessor_index<Dims>(index, range)
#define USYCL_CHECK_ACCESSOR_SUBSCRIPT(Dims, dimension, index, ranges)                         \
  ::sycl::detail::check_accessor_subscript<Dims>(dimension, index, ranges)
#else
#define USYCL_CHECK_ACCESSOR_INDEX(Dims, index, range) ((void)0)
#define USYCL_CHECK_ACCESSOR_SUBSCRIPT(Dims, dimension, index, ranges) ((void)0)
#endif
