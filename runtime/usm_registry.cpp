#include "usm_registry.hpp"

namespace usycl::rt {

usm_registry &usm_registry::get() {
  static auto *registry = new usm_registry;
  return *registry;
}

void usm_registry::add(const usm_allocation &a) {
  std::unique_lock lock(mutex_);
  allocations_[static_cast<const char *>(a.base)] = a;
}

std::optional<usm_allocation> usm_registry::remove(const void *base) {
  std::unique_lock lock(mutex_);
  auto it = allocations_.find(static_cast<const char *>(base));
  if (it == allocations_.end()) return std::nullopt;
  auto a = it->second;
  allocations_.erase(it);
  return a;
}

std::optional<usm_allocation> usm_registry::find(const void *ptr) const {
  const char *p = static_cast<const char *>(ptr);
  std::shared_lock lock(mutex_);
  auto it = allocations_.upper_bound(p);
  if (it == allocations_.begin()) return std::nullopt;
  --it;
  if (p < it->first + (it->second.bytes ? it->second.bytes : 1)) return it->second;
  return std::nullopt;
}

} // namespace usycl::rt
