#pragma once

#include <sycl/context.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/event.hpp>
#include <sycl/handler.hpp>

namespace sycl {
inline namespace _V1 {

namespace detail {
USYCL_EXPORT event submit_command_group(const std::shared_ptr<queue_impl> &q, handler &h);
template <typename T> struct is_event_list : std::false_type {};
template <> struct is_event_list<event> : std::true_type {};
template <> struct is_event_list<std::vector<event>> : std::true_type {};
template <typename T> inline constexpr bool is_event_list_v = is_event_list<std::decay_t<T>>::value;
} // namespace detail

class USYCL_EXPORT queue {
public:
  explicit queue(const property_list &props = {});
  explicit queue(const async_handler &handler, const property_list &props = {});
  template <typename Selector, typename = decltype(std::declval<Selector>()(std::declval<const device &>()))>
  explicit queue(const Selector &selector, const property_list &props = {})
      : queue(device(selector), props) {}
  template <typename Selector, typename = decltype(std::declval<Selector>()(std::declval<const device &>()))>
  queue(const Selector &selector, const async_handler &handler, const property_list &props = {})
      : queue(device(selector), handler, props) {}
  explicit queue(const device &dev, const property_list &props = {});
  queue(const device &dev, const async_handler &handler, const property_list &props = {});
  queue(const context &ctx, const device &dev, const property_list &props = {});
  queue(const context &ctx, const device &dev, const async_handler &handler,
        const property_list &props = {});
  template <typename Selector, typename = decltype(std::declval<Selector>()(std::declval<const device &>()))>
  queue(const context &ctx, const Selector &selector, const property_list &props = {})
      : queue(ctx, device(selector), props) {}
  template <typename Selector, typename = decltype(std::declval<Selector>()(std::declval<const device &>()))>
  queue(const context &ctx, const Selector &selector, const async_handler &handler,
        const property_list &props = {})
      : queue(ctx, device(selector), handler, props) {}

  backend get_backend() const noexcept;
  context get_context() const;
  device get_device() const;
  bool is_in_order() const;
  template <typename Param> typename Param::return_type get_info() const;
  template <typename Prop> bool has_property() const noexcept {
    return (property_bits() & Prop::bit) != 0;
  }
  // Throws errc::invalid when the queue was not constructed with Prop.
  template <typename Prop> Prop get_property() const {
    if (!has_property<Prop>())
      throw exception(make_error_code(errc::invalid),
                      "queue::get_property: the queue was not constructed with this property "
                      "(check has_property first)");
    return Prop{};
  }

  template <typename CGF> event submit(CGF &&cgf) {
    handler h(impl_);
    cgf(h);
    return detail::submit_command_group(impl_, h);
  }
  template <typename CGF> event submit(CGF &&cgf, queue & /*secondary*/) {
    return submit(std::forward<CGF>(cgf));
  }

  void wait();
  void wait_and_throw();
  void throw_asynchronous();

  // ---- shortcuts ----
  template <typename KernelName = detail::auto_name, typename K> event single_task(const K &k) {
    return submit([&](handler &h) { h.template single_task<KernelName>(k); });
  }
  template <typename KernelName = detail::auto_name, typename Deps, typename K,
            typename = std::enable_if_t<detail::is_event_list_v<Deps>>>
  event single_task(const Deps &deps, const K &k) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.template single_task<KernelName>(k);
    });
  }
  template <typename KernelName = detail::auto_name, typename R, typename First, typename... Rest>
  event parallel_for(R r, First &&first, Rest &&...rest) {
    return submit([&](handler &h) {
      if constexpr (detail::is_event_list_v<First>) {
        h.depends_on(first);
        h.template parallel_for<KernelName>(r, std::forward<Rest>(rest)...);
      } else {
        h.template parallel_for<KernelName>(r, std::forward<First>(first),
                                            std::forward<Rest>(rest)...);
      }
    });
  }

  event memcpy(void *dst, const void *src, size_t bytes) {
    return submit([&](handler &h) { h.memcpy(dst, src, bytes); });
  }
  template <typename Deps, typename = std::enable_if_t<detail::is_event_list_v<Deps>>>
  event memcpy(void *dst, const void *src, size_t bytes, const Deps &deps) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.memcpy(dst, src, bytes);
    });
  }
  template <typename T> event copy(const T *src, T *dst, size_t count) {
    return memcpy(dst, src, count * sizeof(T));
  }
  template <typename T, typename Deps, typename = std::enable_if_t<detail::is_event_list_v<Deps>>>
  event copy(const T *src, T *dst, size_t count, const Deps &deps) {
    return memcpy(dst, src, count * sizeof(T), deps);
  }
  event memset(void *ptr, int value, size_t bytes) {
    return submit([&](handler &h) { h.memset(ptr, value, bytes); });
  }
  template <typename Deps, typename = std::enable_if_t<detail::is_event_list_v<Deps>>>
  event memset(void *ptr, int value, size_t bytes, const Deps &deps) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.memset(ptr, value, bytes);
    });
  }
  template <typename T> event fill(void *ptr, const T &pattern, size_t count) {
    return submit([&](handler &h) { h.fill(ptr, pattern, count); });
  }
  template <typename T, typename Deps, typename = std::enable_if_t<detail::is_event_list_v<Deps>>>
  event fill(void *ptr, const T &pattern, size_t count, const Deps &deps) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.fill(ptr, pattern, count);
    });
  }
  event prefetch(const void *ptr, size_t bytes) {
    return submit([&](handler &h) { h.prefetch(ptr, bytes); });
  }
  event mem_advise(const void *ptr, size_t bytes, int advice) {
    return submit([&](handler &h) { h.mem_advise(ptr, bytes, advice); });
  }
  event ext_oneapi_submit_barrier() {
    return submit([&](handler &h) { h.ext_oneapi_barrier(); });
  }
  event ext_oneapi_submit_barrier(const std::vector<event> &deps) {
    return submit([&](handler &h) { h.ext_oneapi_barrier(deps); });
  }
  friend bool operator==(const queue &a, const queue &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const queue &a, const queue &b) { return !(a == b); }
  const std::shared_ptr<detail::queue_impl> &impl() const { return impl_; }

private:
  uint32_t property_bits() const noexcept;

  std::shared_ptr<detail::queue_impl> impl_;
};

} // namespace _V1
} // namespace sycl
