// The deprecated SYCL 1.2.1 atomic class, sycl::atomic<T, AddressSpace>, and
// its free functions atomic_load/atomic_store/atomic_fetch_* (SYCL 2020
// §4.15.2, kept for older code; new code uses sycl::atomic_ref).
//
// A sycl::atomic is a pointer to an object in global or local memory; every
// operation is an atomic_ref operation on it at device scope, so both
// backends share atomic_ref's lowering. SYCL 1.2.1 defines only
// memory_order::relaxed for these operations: other orders are accepted and
// honoured (they are at least as strong).
#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/atomic_ref.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/memory_enums.hpp>

#include <type_traits>

namespace sycl {
inline namespace _V1 {

template <typename ElementType, access::address_space Space, access::decorated DecorateAddress>
class multi_ptr;

namespace detail {
template <typename T>
inline constexpr bool is_legacy_atomic_type_v =
    std::is_same_v<T, int> || std::is_same_v<T, unsigned int> || std::is_same_v<T, long> ||
    std::is_same_v<T, unsigned long> || std::is_same_v<T, long long> ||
    std::is_same_v<T, unsigned long long> || std::is_same_v<T, float>;
} // namespace detail

template <typename T, access::address_space AddressSpace = access::address_space::global_space>
class atomic {
  static_assert(detail::is_legacy_atomic_type_v<T>,
                "sycl::atomic: T must be int, unsigned int, long, unsigned long, long long, "
                "unsigned long long or float");
  static_assert(AddressSpace == access::address_space::global_space ||
                    AddressSpace == access::address_space::local_space,
                "sycl::atomic: the address space must be global_space or local_space");

  using ref_type = atomic_ref<T, memory_order::relaxed, memory_scope::device, AddressSpace>;
  ref_type ref() const noexcept { return ref_type(*ptr_); }

public:
  // From a multi_ptr to the object in AddressSpace; pointerT must have T's
  // size and alignment (SYCL 1.2.1 lets e.g. an int atomic view an unsigned).
  template <typename pointerT, access::decorated IsDecorated>
  atomic(multi_ptr<pointerT, AddressSpace, IsDecorated> ptr) noexcept
      : ptr_(reinterpret_cast<T *>(ptr.get_raw())) {
    static_assert(sizeof(pointerT) == sizeof(T) && alignof(pointerT) >= alignof(T),
                  "sycl::atomic: the multi_ptr's element type must have T's size and alignment");
  }

  // Implementation: made by atomic-mode accessors from the element's address.
  explicit atomic(T *ptr, int) noexcept : ptr_(ptr) {}

  void store(T operand, memory_order order = memory_order::relaxed) const noexcept {
    ref().store(operand, order);
  }
  T load(memory_order order = memory_order::relaxed) const noexcept { return ref().load(order); }
  T exchange(T operand, memory_order order = memory_order::relaxed) const noexcept {
    return ref().exchange(operand, order);
  }

  template <typename U = T, std::enable_if_t<!std::is_same_v<U, float>, int> = 0>
  bool compare_exchange_strong(T &expected, T desired,
                               memory_order success = memory_order::relaxed,
                               memory_order fail = memory_order::relaxed) const noexcept {
    return ref().compare_exchange_strong(expected, desired, success, fail);
  }

#define USYCL_LEGACY_ATOMIC_OP(NAME)                                                               \
  template <typename U = T, std::enable_if_t<!std::is_same_v<U, float>, int> = 0>                  \
  T NAME(T operand, memory_order order = memory_order::relaxed) const noexcept {                   \
    return ref().NAME(operand, order);                                                             \
  }
  USYCL_LEGACY_ATOMIC_OP(fetch_add)
  USYCL_LEGACY_ATOMIC_OP(fetch_sub)
  USYCL_LEGACY_ATOMIC_OP(fetch_and)
  USYCL_LEGACY_ATOMIC_OP(fetch_or)
  USYCL_LEGACY_ATOMIC_OP(fetch_xor)
  USYCL_LEGACY_ATOMIC_OP(fetch_min)
  USYCL_LEGACY_ATOMIC_OP(fetch_max)
#undef USYCL_LEGACY_ATOMIC_OP

private:
  T *ptr_;
};

namespace detail {
// What an accessor's operator[] returns: the element itself, or, for the
// deprecated access_mode::atomic, a sycl::atomic on it (Ref says which).
template <typename Ref, typename T> USYCL_INLINE Ref accessor_element(T &element) noexcept {
  if constexpr (std::is_reference_v<Ref>)
    return element;
  else
    return Ref(&element, 0);
}
} // namespace detail

template <typename T, access::address_space AS>
T atomic_load(atomic<T, AS> object, memory_order order = memory_order::relaxed) noexcept {
  return object.load(order);
}
template <typename T, access::address_space AS>
void atomic_store(atomic<T, AS> object, T operand,
                  memory_order order = memory_order::relaxed) noexcept {
  object.store(operand, order);
}
template <typename T, access::address_space AS>
T atomic_exchange(atomic<T, AS> object, T operand,
                  memory_order order = memory_order::relaxed) noexcept {
  return object.exchange(operand, order);
}
template <typename T, access::address_space AS>
bool atomic_compare_exchange_strong(atomic<T, AS> object, T &expected, T desired,
                                    memory_order success = memory_order::relaxed,
                                    memory_order fail = memory_order::relaxed) noexcept {
  return object.compare_exchange_strong(expected, desired, success, fail);
}

#define USYCL_LEGACY_ATOMIC_FREE_OP(NAME)                                                          \
  template <typename T, access::address_space AS>                                                  \
  T atomic_##NAME(atomic<T, AS> object, T operand,                                                 \
                  memory_order order = memory_order::relaxed) noexcept {                           \
    return object.NAME(operand, order);                                                            \
  }
USYCL_LEGACY_ATOMIC_FREE_OP(fetch_add)
USYCL_LEGACY_ATOMIC_FREE_OP(fetch_sub)
USYCL_LEGACY_ATOMIC_FREE_OP(fetch_and)
USYCL_LEGACY_ATOMIC_FREE_OP(fetch_or)
USYCL_LEGACY_ATOMIC_FREE_OP(fetch_xor)
USYCL_LEGACY_ATOMIC_FREE_OP(fetch_min)
USYCL_LEGACY_ATOMIC_FREE_OP(fetch_max)
#undef USYCL_LEGACY_ATOMIC_FREE_OP

} // namespace _V1
} // namespace sycl
