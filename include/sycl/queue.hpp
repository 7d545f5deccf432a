#pragma once

#include <functional>

#include <sycl/context.hpp>
#include <sycl/device_selector.hpp>
#include <sycl/event.hpp>
#include <sycl/handler.hpp>

// queue::khr_empty (sycl_khr_queue_empty_query) and its oneAPI spelling
// queue::ext_oneapi_empty (sycl_ext_oneapi_queue_empty).
#define SYCL_KHR_QUEUE_EMPTY_QUERY 1
#define SYCL_EXT_ONEAPI_QUEUE_EMPTY 1
// handler::ext_oneapi_barrier, queue::ext_oneapi_submit_barrier.
#define SYCL_EXT_ONEAPI_ENQUEUE_BARRIER 1

namespace sycl {
inline namespace _V1 {

namespace detail {
USYCL_EXPORT event submit_command_group(const std::shared_ptr<queue_impl> &q, handler &h);
template <typename T> struct is_event_list : std::false_type {};
template <> struct is_event_list<event> : std::true_type {};
template <> struct is_event_list<std::vector<event>> : std::true_type {};
template <typename T> inline constexpr bool is_event_list_v = is_event_list<std::decay_t<T>>::value;
template <typename... T> struct starts_with_event_list : std::false_type {};
template <typename First, typename... Rest>
struct starts_with_event_list<First, Rest...> : is_event_list<std::decay_t<First>> {};
template <typename... T>
inline constexpr bool starts_with_event_list_v = starts_with_event_list<T...>::value;
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

  // True when every command submitted to this queue has completed (a
  // snapshot: another thread may submit right after).
  bool khr_empty() const;
  bool ext_oneapi_empty() const { return khr_empty(); }

  // ---- shortcuts (SYCL 2020 §4.6.5.2) ----
  // Every shortcut also takes one dependency (an event) or several (a
  // std::vector<event>, so a braced list {e1, e2} works), just before its
  // kernel or its last argument.
  template <typename KernelName = detail::auto_name, typename K> event single_task(const K &k) {
    return submit([&](handler &h) { h.template single_task<KernelName>(k); });
  }
  template <typename KernelName = detail::auto_name, typename K>
  event single_task(const event &dep, const K &k) {
    return submit([&](handler &h) {
      h.depends_on(dep);
      h.template single_task<KernelName>(k);
    });
  }
  template <typename KernelName = detail::auto_name, typename K>
  event single_task(const std::vector<event> &deps, const K &k) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.template single_task<KernelName>(k);
    });
  }

  // parallel_for(range | nd_range [, deps], [offset | reductions...,] kernel).
  // range<1..3> are spelled out so that parallel_for(1024, k) converts.
#define USYCL_QUEUE_PARALLEL_FOR(RangeT, ...)                                                 \
  template <typename KernelName = detail::auto_name, __VA_ARGS__ typename... Rest,            \
            typename = std::enable_if_t<!detail::starts_with_event_list_v<Rest...>>>          \
  event parallel_for(RangeT r, Rest &&...rest) {                                              \
    return parallel_for_with<KernelName>(r, nullptr, std::forward<Rest>(rest)...);            \
  }                                                                                           \
  template <typename KernelName = detail::auto_name, __VA_ARGS__ typename... Rest>            \
  event parallel_for(RangeT r, const event &dep, Rest &&...rest) {                            \
    std::vector<event> deps{dep};                                                             \
    return parallel_for_with<KernelName>(r, &deps, std::forward<Rest>(rest)...);              \
  }                                                                                           \
  template <typename KernelName = detail::auto_name, __VA_ARGS__ typename... Rest>            \
  event parallel_for(RangeT r, const std::vector<event> &deps, Rest &&...rest) {              \
    return parallel_for_with<KernelName>(r, &deps, std::forward<Rest>(rest)...);              \
  }
  USYCL_QUEUE_PARALLEL_FOR(range<1>, )
  USYCL_QUEUE_PARALLEL_FOR(range<2>, )
  USYCL_QUEUE_PARALLEL_FOR(range<3>, )
  USYCL_QUEUE_PARALLEL_FOR(nd_range<Dims>, int Dims, )
#undef USYCL_QUEUE_PARALLEL_FOR

  event memcpy(void *dst, const void *src, size_t bytes) {
    return submit([&](handler &h) { h.memcpy(dst, src, bytes); });
  }
  event memcpy(void *dst, const void *src, size_t bytes, const event &dep) {
    return memcpy(dst, src, bytes, std::vector<event>{dep});
  }
  event memcpy(void *dst, const void *src, size_t bytes, const std::vector<event> &deps) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.memcpy(dst, src, bytes);
    });
  }
  template <typename T> event copy(const T *src, T *dst, size_t count) {
    return memcpy(dst, src, count * sizeof(T));
  }
  template <typename T> event copy(const T *src, T *dst, size_t count, const event &dep) {
    return memcpy(dst, src, count * sizeof(T), dep);
  }
  template <typename T>
  event copy(const T *src, T *dst, size_t count, const std::vector<event> &deps) {
    return memcpy(dst, src, count * sizeof(T), deps);
  }
  event memset(void *ptr, int value, size_t bytes) {
    return submit([&](handler &h) { h.memset(ptr, value, bytes); });
  }

  // sycl_ext_oneapi_device_global: copies to and from the variable's copy on
  // this queue's device: memcpy(dest, src, bytes, offset in bytes),
  // copy(src, dest, count, start index); by default the whole variable.
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P> & first, const void * second, size_t count = sizeof(T),
              size_t offset = 0, const std::vector<event> &deps = {}) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.memcpy(first, second, count, offset);
    });
  }
  template <typename T, typename P>
  event memcpy(ext::oneapi::experimental::device_global<T, P> & first, const void * second, size_t count, size_t offset,
              const event &dep) {
    return memcpy(first, second, count, offset, std::vector<event>{dep});
  }
  template <typename T, typename P>
  event memcpy(void * first, const ext::oneapi::experimental::device_global<T, P> & second, size_t count = sizeof(T),
              size_t offset = 0, const std::vector<event> &deps = {}) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.memcpy(first, second, count, offset);
    });
  }
  template <typename T, typename P>
  event memcpy(void * first, const ext::oneapi::experimental::device_global<T, P> & second, size_t count, size_t offset,
              const event &dep) {
    return memcpy(first, second, count, offset, std::vector<event>{dep});
  }
  template <typename T, typename P>
  event copy(const std::remove_all_extents_t<T> * first, ext::oneapi::experimental::device_global<T, P> & second, size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>),
              size_t offset = 0, const std::vector<event> &deps = {}) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.copy(first, second, count, offset);
    });
  }
  template <typename T, typename P>
  event copy(const std::remove_all_extents_t<T> * first, ext::oneapi::experimental::device_global<T, P> & second, size_t count, size_t offset,
              const event &dep) {
    return copy(first, second, count, offset, std::vector<event>{dep});
  }
  template <typename T, typename P>
  event copy(const ext::oneapi::experimental::device_global<T, P> & first, std::remove_const_t<std::remove_all_extents_t<T>> * second, size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>),
              size_t offset = 0, const std::vector<event> &deps = {}) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.copy(first, second, count, offset);
    });
  }
  template <typename T, typename P>
  event copy(const ext::oneapi::experimental::device_global<T, P> & first, std::remove_const_t<std::remove_all_extents_t<T>> * second, size_t count, size_t offset,
              const event &dep) {
    return copy(first, second, count, offset, std::vector<event>{dep});
  }
  event memset(void *ptr, int value, size_t bytes, const event &dep) {
    return memset(ptr, value, bytes, std::vector<event>{dep});
  }
  event memset(void *ptr, int value, size_t bytes, const std::vector<event> &deps) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.memset(ptr, value, bytes);
    });
  }
  template <typename T> event fill(void *ptr, const T &pattern, size_t count) {
    return submit([&](handler &h) { h.fill(ptr, pattern, count); });
  }
  template <typename T> event fill(void *ptr, const T &pattern, size_t count, const event &dep) {
    return fill(ptr, pattern, count, std::vector<event>{dep});
  }
  template <typename T>
  event fill(void *ptr, const T &pattern, size_t count, const std::vector<event> &deps) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.fill(ptr, pattern, count);
    });
  }
  event prefetch(const void *ptr, size_t bytes) {
    return submit([&](handler &h) { h.prefetch(ptr, bytes); });
  }
  event prefetch(const void *ptr, size_t bytes, const event &dep) {
    return prefetch(ptr, bytes, std::vector<event>{dep});
  }
  event prefetch(const void *ptr, size_t bytes, const std::vector<event> &deps) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.prefetch(ptr, bytes);
    });
  }
  event mem_advise(const void *ptr, size_t bytes, int advice) {
    return submit([&](handler &h) { h.mem_advise(ptr, bytes, advice); });
  }
  event mem_advise(const void *ptr, size_t bytes, int advice, const event &dep) {
    return mem_advise(ptr, bytes, advice, std::vector<event>{dep});
  }
  event mem_advise(const void *ptr, size_t bytes, int advice, const std::vector<event> &deps) {
    return submit([&](handler &h) {
      h.depends_on(deps);
      h.mem_advise(ptr, bytes, advice);
    });
  }

  // Explicit copies with (placeholder) accessors: one command group each.
  template <typename SrcT, typename T, int D, access_mode M, target Tg, access::placeholder P>
  event copy(const SrcT *src, accessor<T, D, M, Tg, P> dst) {
    return submit([&](handler &h) {
      h.require(dst);
      h.copy(src, dst);
    });
  }
  template <typename SrcT, typename T, int D, access_mode M, target Tg, access::placeholder P>
  event copy(std::shared_ptr<SrcT> src, accessor<T, D, M, Tg, P> dst) {
    return submit([&](handler &h) {
      h.require(dst);
      h.copy(src, dst);
    });
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename DstT>
  event copy(accessor<T, D, M, Tg, P> src, DstT *dst) {
    return submit([&](handler &h) {
      h.require(src);
      h.copy(src, dst);
    });
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename DstT>
  event copy(accessor<T, D, M, Tg, P> src, std::shared_ptr<DstT> dst) {
    return submit([&](handler &h) {
      h.require(src);
      h.copy(src, dst);
    });
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename T2,
            int D2, access_mode M2, target Tg2, access::placeholder P2>
  event copy(accessor<T, D, M, Tg, P> src, accessor<T2, D2, M2, Tg2, P2> dst) {
    return submit([&](handler &h) {
      h.require(src);
      h.require(dst);
      h.copy(src, dst);
    });
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  event update_host(accessor<T, D, M, Tg, P> acc) {
    return submit([&](handler &h) {
      h.require(acc);
      h.update_host(acc);
    });
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  event fill(accessor<T, D, M, Tg, P> dst, const T &value) {
    return submit([&](handler &h) {
      h.require(dst);
      h.fill(dst, value);
    });
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
  template <typename KernelName, typename R, typename... Rest>
  event parallel_for_with(const R &r, const std::vector<event> *deps, Rest &&...rest) {
    return submit([&](handler &h) {
      if (deps) h.depends_on(*deps);
      h.template parallel_for<KernelName>(r, std::forward<Rest>(rest)...);
    });
  }

  std::shared_ptr<detail::queue_impl> impl_;
};

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::queue> {
  size_t operator()(const sycl::queue &v) const { return std::hash<void *>()(v.impl().get()); }
};
