#include "usm_registry.hpp"

#include <algorithm>

namespace usycl::rt {

usm_registry &usm_registry::get() {
  static auto *registry = new usm_registry;
  return *registry;
}

void usm_registry::add(const usm_allocation &a) {
  std::unique_lock lock(mutex_);
  // Normally impossible (retired memory is not given back), but a range
  // reused by a newer allocation is that allocation's, never "freed".
  if (!freed_.empty()) forget_freed_overlapping(static_cast<const char *>(a.base), a.bytes);
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

std::optional<usm_allocation>
usm_registry::find_locked(const std::map<const char *, usm_allocation> &in, const char *p) const {
  auto it = in.upper_bound(p);
  if (it == in.begin()) return std::nullopt;
  --it;
  if (p < it->first + (it->second.bytes ? it->second.bytes : 1)) return it->second;
  return std::nullopt;
}

std::optional<usm_allocation> usm_registry::find(const void *ptr) const {
  std::shared_lock lock(mutex_);
  return find_locked(allocations_, static_cast<const char *>(ptr));
}

std::optional<usm_allocation> usm_registry::find_freed(const void *ptr) const {
  if (!has_retired()) return std::nullopt;
  std::shared_lock lock(mutex_);
  return find_locked(freed_, static_cast<const char *>(ptr));
}

usm_lookup usm_registry::lookup(const void *ptr) const {
  const char *p = static_cast<const char *>(ptr);
  usm_lookup result;
  std::shared_lock lock(mutex_);
  result.live = find_locked(allocations_, p);
  if (!result.live && !freed_.empty()) result.freed = find_locked(freed_, p);
  return result;
}

void usm_registry::forget_freed_overlapping(const char *base, size_t bytes) {
  const char *end = base + std::max<size_t>(bytes, 1);
  auto it = freed_.upper_bound(base);
  if (it != freed_.begin()) {
    auto prev = std::prev(it);
    if (prev->first + std::max<size_t>(prev->second.bytes, 1) > base) it = prev;
  }
  while (it != freed_.end() && it->first < end) {
    freed_bytes_ -= it->second.bytes;
    freed_order_.erase(std::find(freed_order_.begin(), freed_order_.end(), it->first));
    it = freed_.erase(it);
  }
  retired_count_.store(freed_.size(), std::memory_order_relaxed);
}

std::vector<usm_allocation> usm_registry::retire(const usm_allocation &a) {
  std::vector<usm_allocation> evicted;
  std::unique_lock lock(mutex_);
  const char *base = static_cast<const char *>(a.base);
  forget_freed_overlapping(base, a.bytes);
  freed_[base] = a;
  freed_order_.push_back(base);
  freed_bytes_ += a.bytes;
  while (freed_order_.size() > 1 &&
         (freed_bytes_ > max_freed_bytes_ || freed_order_.size() > max_freed_count_)) {
    auto it = freed_.find(freed_order_.front());
    freed_order_.pop_front();
    freed_bytes_ -= it->second.bytes;
    evicted.push_back(it->second);
    freed_.erase(it);
  }
  retired_count_.store(freed_.size(), std::memory_order_relaxed);
  return evicted;
}

std::vector<usm_allocation> usm_registry::release_retired() {
  std::vector<usm_allocation> all;
  std::unique_lock lock(mutex_);
  for (const char *base : freed_order_) all.push_back(freed_.at(base));
  freed_.clear();
  freed_order_.clear();
  freed_bytes_ = 0;
  retired_count_.store(0, std::memory_order_relaxed);
  return all;
}

void usm_registry::set_retire_limits(size_t max_bytes, size_t max_count) {
  std::unique_lock lock(mutex_);
  max_freed_bytes_ = max_bytes;
  max_freed_count_ = std::max<size_t>(max_count, 1);
}

} // namespace usycl::rt
