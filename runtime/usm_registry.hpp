// Every live USM allocation: which context and device own it and its kind,
// so pointers can be checked (errc::invalid for another context's memory)
// and freed by the right backend.
#pragma once

#include "backend.hpp"

#include <map>
#include <optional>
#include <mutex>
#include <shared_mutex>

namespace sycl {
inline namespace _V1 {
namespace detail {
class context_impl;
class device_impl;
} // namespace detail
} // namespace _V1
} // namespace sycl

namespace usycl::rt {

struct usm_allocation {
  const void *base;
  size_t bytes;
  usm_kind kind;
  sycl::detail::context_impl *context;
  sycl::detail::device_impl *device;
};

class usm_registry {
public:
  static usm_registry &get();
  void add(const usm_allocation &a);
  std::optional<usm_allocation> remove(const void *base);
  // The allocation containing ptr, if any.
  std::optional<usm_allocation> find(const void *ptr) const;

private:
  mutable std::shared_mutex mutex_;
  std::map<const char *, usm_allocation> allocations_;
};

} // namespace usycl::rt
