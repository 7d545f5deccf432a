// How the work-items of a CPU sub-group exchange values (the CPU backend's
// sub-groups have 4..64 work-items, sub_group.hpp).
//
// On the CPU the work-items of a sub-group do not run in lock step: a
// collective is a sub-group barrier with a step. Every lane writes its value
// into its sub-group's exchange block, __usycl_cpu_sub_group_barrier(step)
// waits for the sub-group's lanes, runs step(block, lanes) once for the
// sub-group (a fold, a prefix, a copy), and every lane then reads what the
// step left. The work-item-loop pass (compiler/passes/work_item_loops.hpp)
// makes each barrier a boundary between two loops over the lanes, with the
// step run once per sub-group in between; the fiber executor (the fallback)
// switches fibers there.
//
// A sub-group of n lanes lays its block out as: the lanes' values, lane i's
// at i * sizeof(T) (contiguous: the loops over the lanes vectorise), then,
// from n * cpu_sg_slot_bytes on, what the step made of them. A lane writes
// the next collective's value into the first half while others may still
// read the last one's result from the second; the step overwrites the
// second half only once every lane has arrived at the next barrier, having
// read it. So one barrier per collective is enough.
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/detail/sub_group_shuffle.hpp>
#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/sub_group.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>

#if !USYCL_DEVICE_NVPTX && !defined(__SYCL_DEVICE_ONLY__)
namespace sycl {
inline namespace _V1 {
namespace detail {

// Bytes per lane in each half of a block (cpu_sub_group_block_bytes is two
// halves of 64 bytes per lane). Larger values move in pieces of 64 bytes.
inline constexpr size_t cpu_sg_slot_bytes = 64;

template <typename T> USYCL_INLINE T cpu_sg_load(const char *p) {
  struct alignas(T) raw_bytes {
    unsigned char bytes[sizeof(T)];
  } raw;
  __builtin_memcpy(&raw, p, sizeof(T));
  return __builtin_bit_cast(T, raw);
}
template <typename T> USYCL_INLINE void cpu_sg_store(char *p, const T &x) {
  __builtin_memcpy(p, &x, sizeof(T));
}

// The calling lane's view of its sub-group's block.
struct cpu_sg_view {
  char *block;
  uint32_t lane, n;
  USYCL_INLINE explicit cpu_sg_view(const sub_group &sg)
      : block(static_cast<char *>(__usycl_cpu_sub_group_block(sg.get_group_linear_id()))),
        lane(sg.get_local_linear_id()), n(sg.get_local_linear_range()) {}
  USYCL_INLINE char *results() const { return block + size_t(n) * cpu_sg_slot_bytes; }
};

// Steps receive the block and the sub-group's lane count.
template <size_t Bytes> void cpu_sg_copy_step(void *block, uint32_t n) {
  char *b = static_cast<char *>(block);
  __builtin_memcpy(b + size_t(n) * cpu_sg_slot_bytes, b, size_t(n) * Bytes);
}

// Every lane's x at the step; afterwards the lane reads the results half.
template <typename T, typename Step>
USYCL_INLINE void cpu_sg_exchange(const cpu_sg_view &v, const T &x, Step step) {
  static_assert(sizeof(T) <= cpu_sg_slot_bytes, "exchanged in one piece up to 64 bytes");
  cpu_sg_store(v.block + size_t(v.lane) * sizeof(T), x);
  __usycl_cpu_sub_group_barrier(step);
}

// A lane reads lane `src`'s x (its own x where src names no lane): the
// primitive of select_from_group, shifts and permutes, and of the algorithms
// written over them.
template <typename T>
USYCL_INLINE T cpu_sg_read_lane(const cpu_sg_view &v, const T &x, uint32_t src, bool valid) {
  if constexpr (sizeof(T) <= cpu_sg_slot_bytes) {
    cpu_sg_exchange(v, x, &cpu_sg_copy_step<sizeof(T)>);
    return valid ? cpu_sg_load<T>(v.results() + size_t(src) * sizeof(T)) : x;
  } else {
    T r = x;
    for (size_t off = 0; off < sizeof(T); off += cpu_sg_slot_bytes) {
      const size_t len = sizeof(T) - off < cpu_sg_slot_bytes ? sizeof(T) - off : cpu_sg_slot_bytes;
      __builtin_memcpy(v.block + size_t(v.lane) * cpu_sg_slot_bytes,
                       reinterpret_cast<const char *>(&x) + off, len);
      __usycl_cpu_sub_group_barrier(&cpu_sg_copy_step<cpu_sg_slot_bytes>);
      if (valid)
        __builtin_memcpy(reinterpret_cast<char *>(&r) + off,
                         v.results() + size_t(src) * cpu_sg_slot_bytes, len);
    }
    return r;
  }
}

// idx: from lane `arg`; up: from lane - arg; down: from lane + arg; bfly:
// from lane ^ arg. A source outside the sub-group yields the caller's own
// value (SYCL leaves it unspecified).
template <shfl_kind K, typename T>
USYCL_INLINE T cpu_sg_shuffle(const sub_group &sg, const T &x, uint32_t arg) {
  static_assert(std::is_trivially_copyable_v<T>,
                "sub-group shuffles need a trivially copyable type");
  const cpu_sg_view v(sg);
  uint32_t src;
  if constexpr (K == shfl_kind::idx)
    src = arg;
  else if constexpr (K == shfl_kind::up)
    src = v.lane >= arg ? v.lane - arg : v.n;
  else if constexpr (K == shfl_kind::down)
    src = v.lane + arg;
  else
    src = v.lane ^ arg;
  return cpu_sg_read_lane(v, x, src, src < v.n);
}

} // namespace detail
} // namespace _V1
} // namespace sycl
#endif
