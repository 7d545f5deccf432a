// sycl_ext_oneapi_local_memory: work-group local memory asked for inside a
// kernel, one allocation per call site, sized by its type at compile time.
//
//   auto p = sycl::ext::oneapi::group_local_memory_for_overwrite<int[256]>(g);
//   int (&tile)[256] = *p;
//
// Every work-item of the group gets the same memory (lifetime: the kernel's
// work-group). The compiler pass usycl-group-local-memory turns each call
// site into its own NVPTX shared-memory variable, or on the CPU into a
// per-thread buffer per call site (compiler/passes/group_local_memory.hpp).
// group_local_memory constructs the object from its arguments (the group
// leader does, then the group waits at a barrier); _for_overwrite
// default-initialises it (nothing for trivial types).
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/detail/work_item_builtins.hpp>
#include <sycl/group.hpp>
#include <sycl/multi_ptr.hpp>

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

#define SYCL_EXT_ONEAPI_LOCAL_MEMORY 1

extern "C" void *__usycl_group_local_memory(std::size_t size, std::size_t align);

namespace sycl {
inline namespace _V1 {
namespace detail {
template <typename T> inline constexpr bool is_work_group_v = false;
template <int Dims> inline constexpr bool is_work_group_v<group<Dims>> = true;

template <typename T> USYCL_INLINE T *group_local_allocation() {
  return static_cast<T *>(__usycl_group_local_memory(sizeof(T), alignof(T)));
}
} // namespace detail

namespace ext::oneapi {

template <typename T> using group_local_ptr =
    multi_ptr<T, access::address_space::local_space, access::decorated::legacy>;

template <typename T, typename Group>
USYCL_INLINE std::enable_if_t<std::is_trivially_destructible_v<T> && sycl::detail::is_work_group_v<Group>,
                              group_local_ptr<T>>
group_local_memory_for_overwrite(Group g) {
  T *memory = sycl::detail::group_local_allocation<T>();
  // Default-initialised: nothing to do for trivial types; a class with a
  // default constructor gets it, run once (by the leader) for the group. A
  // type that cannot be default-constructed (a union of class members, as
  // CUB-style temp storage is) is left as raw storage for the caller to
  // write, as DPC++ leaves every type.
  if constexpr (!std::is_trivially_default_constructible_v<T> &&
                std::is_default_constructible_v<T>) {
    if (g.leader())
      new (memory) T;
    sycl::detail::work_group_barrier();
  } else {
    (void)g;
  }
  return address_space_cast<access::address_space::local_space, access::decorated::legacy>(memory);
}

template <typename T, typename Group, typename... Args>
USYCL_INLINE std::enable_if_t<std::is_trivially_destructible_v<T> && sycl::detail::is_work_group_v<Group>,
                              group_local_ptr<T>>
group_local_memory(Group g, Args &&...args) {
  T *memory = sycl::detail::group_local_allocation<T>();
  if (g.leader()) {
    if constexpr (sizeof...(Args) == 0)
      new (memory) T();
    else
      new (memory) T{std::forward<Args>(args)...};
  }
  sycl::detail::work_group_barrier();
  return address_space_cast<access::address_space::local_space, access::decorated::legacy>(memory);
}

} // namespace ext::oneapi
} // namespace _V1
} // namespace sycl
