// property_list and the properties of queues and buffers.
#pragma once

#include <sycl/detail/defines.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

class context;

namespace detail {
// Bit per known property, so queues and buffers test them without RTTI.
enum property_bit : uint32_t {
  prop_in_order = 1u << 0,
  prop_enable_profiling = 1u << 1,
  prop_use_host_ptr = 1u << 2,
  prop_use_mutex = 1u << 3,
  prop_context_bound = 1u << 4,
  prop_no_init = 1u << 5,
  prop_discard_events = 1u << 6,
  prop_initialize_to_identity = 1u << 7,
};
struct property_tag {};
} // namespace detail

namespace property {
namespace queue {
struct USYCL_EXPORT in_order : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_in_order;
};
struct USYCL_EXPORT enable_profiling : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_enable_profiling;
};
} // namespace queue
namespace buffer {
struct use_host_ptr : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_use_host_ptr;
};
struct use_mutex : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_use_mutex;
  explicit use_mutex(std::mutex &m) : mutex(&m) {}
  std::mutex *mutex;
  std::mutex *get_mutex_ptr() const { return mutex; }
};
struct context_bound : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_context_bound;
};
} // namespace buffer
struct no_init : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_no_init;
};
namespace reduction {
struct initialize_to_identity : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_initialize_to_identity;
};
} // namespace reduction
} // namespace property

inline constexpr property::no_init no_init{};

namespace ext::oneapi::property::queue {
struct discard_events : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_discard_events;
};
} // namespace ext::oneapi::property::queue

class property_list {
public:
  property_list() = default;
  template <typename... Props,
            typename = std::enable_if_t<(std::is_base_of_v<detail::property_tag, Props> && ...)>>
  property_list(Props... props) {
    ((bits_ |= Props::bit), ...);
    (capture(props), ...);
  }

  template <typename Prop> bool has_property() const noexcept { return bits_ & Prop::bit; }
  template <typename Prop> Prop get_property() const;
  uint32_t bits() const noexcept { return bits_; }

private:
  template <typename P> void capture(const P &p) {
    if constexpr (std::is_same_v<P, property::buffer::use_mutex>)
      mutex_ = p.mutex;
  }
  uint32_t bits_ = 0;
  std::mutex *mutex_ = nullptr;
};

template <typename Prop> Prop property_list::get_property() const {
  if constexpr (std::is_same_v<Prop, property::buffer::use_mutex>)
    return Prop(*mutex_);
  else
    return Prop{};
}

} // namespace _V1
} // namespace sycl
