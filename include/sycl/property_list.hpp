// property_list and the properties of queues and buffers.
#pragma once

#include <sycl/access_mode.hpp>
#include <sycl/detail/defines.hpp>
#include <sycl/exception.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <type_traits>

namespace sycl {
inline namespace _V1 {

class context;
class queue;
template <typename T, int Dims, typename AllocatorT> class buffer;
template <typename DataT, int Dims, access_mode Mode, target Tgt, access::placeholder P>
class accessor;
template <typename DataT, int Dims, access_mode Mode> class host_accessor;
namespace detail {
class context_impl;
}

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
  // Defined in <sycl/context.hpp>, where context is complete.
  explicit context_bound(context bound_context);
  context get_context() const;
  static context_bound from_impl(std::shared_ptr<detail::context_impl> impl) {
    return context_bound(std::move(impl));
  }
  std::shared_ptr<detail::context_impl> context_;

private:
  explicit context_bound(std::shared_ptr<detail::context_impl> impl) : context_(std::move(impl)) {}
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

// SYCL 2020 §4.5.4.1: is_property / is_property_of.
template <typename T> struct is_property : std::is_base_of<detail::property_tag, T> {};
template <typename T> inline constexpr bool is_property_v = is_property<T>::value;

namespace detail {
template <typename Prop> struct is_queue_property : std::false_type {};
template <> struct is_queue_property<property::queue::in_order> : std::true_type {};
template <> struct is_queue_property<property::queue::enable_profiling> : std::true_type {};
template <>
struct is_queue_property<ext::oneapi::property::queue::discard_events> : std::true_type {};
template <typename Prop> struct is_buffer_property : std::false_type {};
template <> struct is_buffer_property<property::buffer::use_host_ptr> : std::true_type {};
template <> struct is_buffer_property<property::buffer::use_mutex> : std::true_type {};
template <> struct is_buffer_property<property::buffer::context_bound> : std::true_type {};
} // namespace detail

template <typename Prop, typename SyclObject> struct is_property_of : std::false_type {};
template <typename Prop>
struct is_property_of<Prop, queue> : detail::is_queue_property<Prop> {};
template <typename Prop, typename T, int Dims, typename A>
struct is_property_of<Prop, buffer<T, Dims, A>> : detail::is_buffer_property<Prop> {};
template <typename T, int Dims, access_mode Mode, target Tgt, access::placeholder P>
struct is_property_of<property::no_init, accessor<T, Dims, Mode, Tgt, P>> : std::true_type {};
template <typename T, int Dims, access_mode Mode>
struct is_property_of<property::no_init, host_accessor<T, Dims, Mode>> : std::true_type {};
template <typename Prop, typename SyclObject>
inline constexpr bool is_property_of_v = is_property_of<Prop, SyclObject>::value;

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
  // Throws errc::invalid when the list does not hold Prop (SYCL 2020 §4.5.4).
  template <typename Prop> Prop get_property() const;
  uint32_t bits() const noexcept { return bits_; }

private:
  template <typename P> void capture(const P &p) {
    if constexpr (std::is_same_v<P, property::buffer::use_mutex>)
      mutex_ = p.mutex;
    else if constexpr (std::is_same_v<P, property::buffer::context_bound>)
      context_ = p.context_;
  }
  uint32_t bits_ = 0;
  std::mutex *mutex_ = nullptr;
  std::shared_ptr<detail::context_impl> context_;
};

template <typename Prop> Prop property_list::get_property() const {
  if (!has_property<Prop>())
    throw exception(make_error_code(errc::invalid),
                    "get_property: the object was not constructed with this property "
                    "(check has_property first)");
  if constexpr (std::is_same_v<Prop, property::buffer::use_mutex>) {
    return Prop(*mutex_);
  } else if constexpr (std::is_same_v<Prop, property::buffer::context_bound>) {
    Prop p = Prop::from_impl(context_);
    return p;
  } else {
    return Prop{};
  }
}

} // namespace _V1
} // namespace sycl
