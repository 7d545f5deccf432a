#pragma once

#include <functional>

#include <sycl/backend_types.hpp>
#include <sycl/info.hpp>

#include <memory>
#include <vector>

namespace sycl {
inline namespace _V1 {

namespace detail {
class event_impl;
}

class USYCL_EXPORT event {
public:
  event(); // an already complete event

  backend get_backend() const noexcept;
  std::vector<event> get_wait_list();
  void wait();
  void wait_and_throw();
  static void wait(const std::vector<event> &events);
  static void wait_and_throw(const std::vector<event> &events);
  template <typename Param> typename Param::return_type get_info() const;
  template <typename Param> typename Param::return_type get_profiling_info() const;

  friend bool operator==(const event &a, const event &b) { return a.impl_ == b.impl_; }
  friend bool operator!=(const event &a, const event &b) { return !(a == b); }

  explicit event(std::shared_ptr<detail::event_impl> impl) : impl_(std::move(impl)) {}
  const std::shared_ptr<detail::event_impl> &impl() const { return impl_; }

private:
  std::shared_ptr<detail::event_impl> impl_;
};

} // namespace _V1
} // namespace sycl

template <> struct std::hash<sycl::event> {
  size_t operator()(const sycl::event &v) const { return std::hash<void *>()(v.impl().get()); }
};
