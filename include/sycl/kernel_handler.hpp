// sycl::kernel_handler (SYCL 2020 §4.9.5.3): the optional last parameter of
// a kernel, through which it reads specialization constants.
//
// A kernel whose function object accepts a kernel_handler is stored by the
// handler inside detail::with_kernel_handler, which also holds the address
// of the launch's specialization constant block (specialization_id.hpp);
// the wrapper builds the kernel_handler and calls the user's kernel, so the
// kernel entry points and launchers see an ordinary kernel object. In NVPTX
// code the block is not read: the values are folded into the PTX
// (detail/spec_constant_marker.hpp).
#pragma once

#include <sycl/detail/defines.hpp>
#include <sycl/id.hpp>
#include <sycl/item.hpp>
#include <sycl/nd_item.hpp>
#include <sycl/detail/spec_constant_marker.hpp>
#include <sycl/specialization_id.hpp>

#include <cstring>
#include <type_traits>
#include <utility>

namespace sycl {
inline namespace _V1 {

class kernel_handler;
namespace detail {
template <typename K> struct with_kernel_handler;
}

class kernel_handler {
public:
  template <auto &SpecName>
  typename std::remove_reference_t<decltype(SpecName)>::value_type get_specialization_constant() {
    constexpr uint64_t key = detail::spec_constant_key<SpecName>();
#if defined(__SYCL_DEVICE_ONLY__) && defined(__NVPTX__)
    // Folded into the code by the runtime (detail/spec_constant_marker.hpp).
    return detail::spec_constant_marked_read<key>(detail::spec_constant_default<SpecName>());
#else
    using T = typename std::remove_reference_t<decltype(SpecName)>::value_type;
    if (block_) {
      const auto *header = static_cast<const detail::spec_constant_block *>(block_);
      const auto *entries = reinterpret_cast<const detail::spec_constant_entry *>(header + 1);
      for (uint32_t i = 0; i < header->count; ++i) {
        if (entries[i].key == key && entries[i].size == sizeof(T)) {
          T value(detail::spec_constant_default<SpecName>()); // may lack T()
          std::memcpy(static_cast<void *>(&value),
                      static_cast<const unsigned char *>(block_) + entries[i].offset, sizeof(T));
          return value;
        }
      }
    }
    return detail::spec_constant_default<SpecName>();
#endif
  }

private:
  template <typename K> friend struct detail::with_kernel_handler;
  explicit kernel_handler(const void *block) : block_(block) {}
  const void *block_; // the launch's spec_constant_block, or null
};

namespace detail {

// Whether a kernel object takes a kernel_handler after its work-item
// argument (Dims == 0: single_task, no other argument). The work-item is
// passed as an lvalue (detail/kernel_entry.hpp), so `auto &` binds to it.
template <typename K, int Dims, bool NdRange = false> struct kernel_handler_wanted {
  static constexpr bool value =
      std::is_invocable_v<const K &, item<Dims, true> &, kernel_handler> ||
      std::is_invocable_v<const K &, item<Dims, false> &, kernel_handler> ||
      std::is_invocable_v<const K &, id<Dims> &, kernel_handler>;
};
template <typename K> struct kernel_handler_wanted<K, 0, false> {
  static constexpr bool value =
      !std::is_invocable_v<const K &> && std::is_invocable_v<const K &, kernel_handler>;
};
template <typename K, int Dims> struct kernel_handler_wanted<K, Dims, true> {
  static constexpr bool value = std::is_invocable_v<const K &, nd_item<Dims> &, kernel_handler>;
};

// The kernel object stored for a kernel that takes a kernel_handler: the
// user's kernel plus the block address the runtime fills in at launch.
template <typename K> struct with_kernel_handler {
  K kernel;
  const void *spec_constants = nullptr;

  template <typename... Args>
  USYCL_INLINE auto operator()(Args... args) const
      -> decltype(std::declval<const K &>()(args..., std::declval<kernel_handler>())) {
    return kernel(args..., kernel_handler(spec_constants));
  }
};

template <typename K> struct is_with_kernel_handler : std::false_type {};
template <typename K> struct is_with_kernel_handler<with_kernel_handler<K>> : std::true_type {};

} // namespace detail
} // namespace _V1
} // namespace sycl
