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
  prop_image_use_host_ptr = 1u << 8,
  prop_image_use_mutex = 1u << 9,
  prop_image_context_bound = 1u << 10,
  prop_priority_normal = 1u << 11,
  prop_priority_low = 1u << 12,
  prop_priority_high = 1u << 13,
};
struct property_tag {};

// The two runtime-valued property kinds that buffers and images share
// (property::buffer::use_mutex / property::image::use_mutex, and
// context_bound): one definition each, told apart by their bit.
template <uint32_t Bit> struct use_mutex_property : property_tag {
  static constexpr uint32_t bit = Bit;
  explicit use_mutex_property(std::mutex &m) : mutex(&m) {}
  std::mutex *get_mutex_ptr() const { return mutex; }
  std::mutex *mutex;
};
struct from_context_impl_t {};
template <uint32_t Bit> struct context_bound_property : property_tag {
  static constexpr uint32_t bit = Bit;
  // Defined in <sycl/context.hpp>, where context is complete.
  explicit context_bound_property(context bound_context);
  context get_context() const;
  // For property_list::get_property, which holds the context by its impl.
  context_bound_property(from_context_impl_t, std::shared_ptr<context_impl> impl)
      : context_(std::move(impl)) {}
  std::shared_ptr<context_impl> context_;
};
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
struct use_mutex : detail::use_mutex_property<detail::prop_use_mutex> {
  using use_mutex_property::use_mutex_property;
};
struct context_bound : detail::context_bound_property<detail::prop_context_bound> {
  using context_bound_property::context_bound_property;
};
} // namespace buffer
// Image properties (SYCL 2020 §4.7.3.3): the property interface exists
// here; the image classes that take them are not implemented yet.
namespace image {
struct use_host_ptr : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_image_use_host_ptr;
};
struct use_mutex : detail::use_mutex_property<detail::prop_image_use_mutex> {
  using use_mutex_property::use_mutex_property;
};
struct context_bound : detail::context_bound_property<detail::prop_image_context_bound> {
  using context_bound_property::context_bound_property;
};
} // namespace image
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
// sycl_ext_oneapi_queue_priority: a scheduling hint, accepted and recorded
// (has_property/get_property); usycl's queues all run at one priority.
struct priority_normal : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_priority_normal;
};
struct priority_low : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_priority_low;
};
struct priority_high : detail::property_tag {
  static constexpr uint32_t bit = detail::prop_priority_high;
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
template <>
struct is_queue_property<ext::oneapi::property::queue::priority_normal> : std::true_type {};
template <>
struct is_queue_property<ext::oneapi::property::queue::priority_low> : std::true_type {};
template <>
struct is_queue_property<ext::oneapi::property::queue::priority_high> : std::true_type {};
template <typename Prop> struct is_buffer_property : std::false_type {};
template <> struct is_buffer_property<property::buffer::use_host_ptr> : std::true_type {};
template <> struct is_buffer_property<property::buffer::use_mutex> : std::true_type {};
template <> struct is_buffer_property<property::buffer::context_bound> : std::true_type {};
// For is_property_of<Prop, sampled_image/unsampled_image> once images exist.
template <typename Prop> struct is_image_property : std::false_type {};
template <> struct is_image_property<property::image::use_host_ptr> : std::true_type {};
template <> struct is_image_property<property::image::use_mutex> : std::true_type {};
template <> struct is_image_property<property::image::context_bound> : std::true_type {};
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
  // The runtime values a property carries, one slot per property (a list
  // may hold a buffer and an image property of the same kind).
  template <typename P, typename Self> static auto &mutex_slot(Self &self) {
    return std::is_same_v<P, property::image::use_mutex> ? self.image_mutex_ : self.mutex_;
  }
  template <typename P, typename Self> static auto &context_slot(Self &self) {
    return std::is_same_v<P, property::image::context_bound> ? self.image_context_
                                                              : self.context_;
  }
  template <typename P> void capture(const P &p) {
    if constexpr (std::is_base_of_v<detail::use_mutex_property<P::bit>, P>)
      mutex_slot<P>(*this) = p.mutex;
    else if constexpr (std::is_base_of_v<detail::context_bound_property<P::bit>, P>)
      context_slot<P>(*this) = p.context_;
  }
  uint32_t bits_ = 0;
  std::mutex *mutex_ = nullptr, *image_mutex_ = nullptr;
  std::shared_ptr<detail::context_impl> context_, image_context_;
};

template <typename Prop> Prop property_list::get_property() const {
  if (!has_property<Prop>())
    throw exception(make_error_code(errc::invalid),
                    "get_property: the object was not constructed with this property "
                    "(check has_property first)");
  if constexpr (std::is_base_of_v<detail::use_mutex_property<Prop::bit>, Prop>) {
    return Prop(*mutex_slot<Prop>(*this));
  } else if constexpr (std::is_base_of_v<detail::context_bound_property<Prop::bit>, Prop>) {
    return Prop(detail::from_context_impl_t{}, context_slot<Prop>(*this));
  } else {
    return Prop{};
  }
}

} // namespace _V1
} // namespace sycl
