// How a fill of an arbitrary pattern becomes CUDA memsets and copies. Pure
// planning (no driver calls), unit-tested without a GPU; cuda_queue runs it.
//
// * A pattern that repeats with period 1, 2 or 4 bytes (any 1-byte value,
//   0.0f, an int, a double 0.0, a {int,int} of equal halves...) is one
//   cuMemsetD8/D16/D32Async, when the destination is aligned for it.
// * A fill of at most host_copy_limit bytes in all that no single memset
//   writes (one double -inf or 1.0, a reduction's identity; three floats 0,
//   +inf, -inf written as one 12-byte pattern) is one cuMemcpyAsync of the
//   bytes from the host (staged by the driver before the call returns). H200,
//   three 4-byte identities before a 117 us kernel: +1.6 us as one 12-byte
//   copy, +2.7 as three memsets, +3.0 as one cuStreamBatchMemOp, +5.4 as
//   three cuStreamWriteValue32; the fill kernel costs about 3.3 us.
// * A pattern of period 8 or 16 bytes at a destination aligned to it (double,
//   int64, float4, double2...) is one launch of the backend's own fill kernel
//   (8- or 16-byte stores); the queue takes the strided path below if that
//   kernel cannot be loaded, so those plans carry both.
// * Anything else: the first `head` copies of the pattern are written with
//   period/width 2-D memsets (cuMemsetD2D{8,16,32}Async, one per pattern word,
//   pitch = period), then cuMemcpyAsync doubles the filled prefix until the
//   whole range is covered (log2(total / head bytes) copies). Every value
//   travels by value in the calls, so the caller's pattern buffer can be
//   freed as soon as fill() returns.
#pragma once

#include <cstddef>
#include <cstdint>

namespace usycl::rt::cuda {

struct fill_plan {
  enum kind_t {
    none,
    memset8,
    memset16,
    memset32,
    kernel64,  // usycl_fill_u64(dst, words[0], elements)
    kernel128, // usycl_fill_u128(dst, words[0], words[1], elements)
    host_copy, // total_bytes: `count` copies of the pattern, from the host
    strided
  } kind = none;
  // memset8/16/32: value and number of elements of that width.
  uint32_t value = 0;
  size_t elements = 0; // also kernel64 / kernel128
  uint64_t words[2] = {0, 0};
  // strided (and the fallback of kernel64/128): the pattern reduced to its
  // period, written in `width`-byte words.
  size_t period = 0;
  size_t width = 0;
  size_t head = 0;        // pattern instances written by the 2-D memsets
  size_t total_bytes = 0; // period * instances
};

// The largest fill written as one copy from the host.
inline constexpr size_t host_copy_limit = 64;

// Smallest p dividing `size` such that the pattern repeats every p bytes.
size_t pattern_period(const unsigned char *pattern, size_t size);

fill_plan plan_fill(uintptr_t dst, const void *pattern, size_t pattern_size,
                    size_t count);

// `width`-byte word `index` of the pattern, little-endian, as memset takes it.
uint32_t pattern_word(const void *pattern, size_t width, size_t index);

} // namespace usycl::rt::cuda
