// Host->device kernel specialisation: the registry of the compiler's clones
// and their selection at launch (kernel_specializations.hpp).
#include "kernel_specializations.hpp"

#include "image_registry.hpp"
#include "platform_impl.hpp"
#include "trace.hpp"

#include <sycl/detail/defines.hpp>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace usycl::rt::kernel_specializations {

namespace detail {
std::atomic<bool> active{false};
} // namespace detail

namespace {

struct string_hash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
template <typename V>
using by_string = std::unordered_map<std::string, V, string_hash, std::equal_to<>>;

// Whether a device's images hold a clone, at an image registry generation.
struct presence {
  uint64_t generation = 0;
  bool present = false;
};

// Leaked on purpose: modules may register or unregister from their global
// constructors and destructors, before or after this library's own.
struct registry {
  std::shared_mutex mutex;
  bool enabled = parse_enabled(std::getenv(env));
  size_t count = 0;
  // Generic kernel symbol -> its specialisations, in registration order.
  by_string<std::vector<const usycl_kernel_specialization *>> by_kernel;

  // Image-based devices: device -> clone symbol -> whether its images hold it.
  std::shared_mutex presence_mutex;
  std::unordered_map<const sycl::detail::device_impl *, by_string<presence>> clone_presence;

  // Bumped by every change of the above (under `mutex`): the launch path's
  // per-thread memos (launch_memo) are valid while it stays the same.
  std::atomic<uint64_t> generation{1};

  // Holds `mutex` exclusively.
  void publish() {
    generation.fetch_add(1, std::memory_order_release);
    detail::active.store(enabled && count != 0, std::memory_order_relaxed);
  }
};

registry &the_registry() {
  static registry *r = new registry;
  return *r;
}

// Entry i of a module's array. One module emits one version: an array of
// version 1 entries has their smaller size as its stride (only their
// version 1 members are ever read).
constexpr size_t v1_entry_size = offsetof(usycl_kernel_specialization, range_dims);
const usycl_kernel_specialization &entry_at(const usycl_kernel_specialization *specs,
                                            size_t i) {
  const size_t stride =
      specs[0].version == 1 ? v1_entry_size : sizeof(usycl_kernel_specialization);
  return *reinterpret_cast<const usycl_kernel_specialization *>(
      reinterpret_cast<const char *>(specs) + i * stride);
}

// Why an entry cannot be used ("" when it can). Reads only `version` from an
// entry of another version (its layout may differ).
std::string invalid_reason(const usycl_kernel_specialization &s) {
  if (s.version < min_abi_version || s.version > abi_version)
    return "ABI version " + std::to_string(s.version) + ", this runtime reads versions " +
           std::to_string(min_abi_version) + " to " + std::to_string(abi_version);
  if (!s.kernel || !*s.kernel) return "no kernel name";
  if (!s.clone || !*s.clone) return "no clone name";
  if (s.num_folds && !s.folds) return std::to_string(s.num_folds) + " folds without an array";
  for (uint32_t i = 0; i < s.num_folds; ++i) {
    const usycl_kernel_fold &f = s.folds[i];
    if (f.size && !f.bytes) return "fold " + std::to_string(i) + " has no bytes";
    if (uint64_t(f.offset) + f.size > s.object_size)
      return "fold " + std::to_string(i) + " (" + std::to_string(f.size) + " bytes at offset " +
             std::to_string(f.offset) + ") lies outside the " + std::to_string(s.object_size) +
             "-byte kernel object";
  }
  if (s.version >= 2 && (s.range_dims > 3 || (s.range_nd & ~range_kind_bits) != 0))
    return "a range of " + std::to_string(s.range_dims) + " dimensions, kind " +
           std::to_string(s.range_nd);
  return {};
}

std::string entry_text(const usycl_kernel_specialization *specs, size_t i) {
  const usycl_kernel_specialization &s = entry_at(specs, i);
  std::string text = "entry " + std::to_string(i);
  if (s.version >= min_abi_version && s.version <= abi_version && s.kernel && *s.kernel)
    text += " (kernel '" + trace::kernel_name(s.kernel) + "'" +
            (s.clone && *s.clone ? std::string(", clone ") + s.clone : std::string()) + ")";
  return text;
}

bool folds_hold(const usycl_kernel_specialization &s, const void *object) {
  const auto *bytes = static_cast<const unsigned char *>(object);
  for (uint32_t i = 0; i < s.num_folds; ++i) {
    const usycl_kernel_fold &f = s.folds[i];
    // In the object: checked at registration against object_size, which
    // equals the launch's kernel_object_size here.
    if (f.size && std::memcmp(bytes + f.offset, f.bytes, f.size) != 0) return false;
  }
  return true;
}

// Whether the launch has the range the clone assumes (any, for an entry
// without one). Up to three 24-byte comparisons: the arrays of both hold
// every dimension, the unused ones 1, 1 and 0.
bool range_holds(const usycl_kernel_specialization &s, const sycl::detail::kernel_launch &l) {
  if (s.version < 2 || s.range_dims == 0) return true;
  return l.dims == s.range_dims && l.nd_range == ((s.range_nd & range_kind_nd) != 0) &&
         !l.hierarchical_group_items &&
         ((s.range_nd & range_kind_global_any) != 0 ||
          std::memcmp(l.global, s.global, sizeof s.global) == 0) &&
         std::memcmp(l.offset, s.offset, sizeof s.offset) == 0 &&
         (!l.nd_range || std::memcmp(l.local, s.local, sizeof s.local) == 0);
}

// The CPU runs the launch's launchers: each one it uses needs its clone.
bool cpu_launchers_cloned(const usycl_kernel_specialization &s,
                          const sycl::detail::kernel_launch &l) {
  if (!l.cpu_range && !l.cpu_nd && !l.cpu_nd_group) return false; // nothing to swap
  return (!l.cpu_range || s.cpu_range) && (!l.cpu_nd || s.cpu_nd) &&
         (!l.cpu_nd_group || s.cpu_nd_group);
}

bool image_holds(const usycl_device_image &img, std::string_view kernel) {
  for (uint32_t k = 0; k < img.num_kernels; ++k)
    if (img.kernels[k] && kernel == img.kernels[k]) return true;
  return false;
}

// Whether the device would run the clone from the images it runs the
// generic kernel from: every image of the generic kernel the device can use
// holds the clone too (the compiler clones before sycl-post-link, so both
// are in every image of one compilation; an image of another compilation
// without the clone -- a library built without the optimisation -- could be
// the one the backend picks for the generic kernel, and the launch must not
// change images), and the backend has an image of the clone it can load.
bool compute_presence(sycl::detail::device_impl &dev, const usycl_kernel_specialization &s) {
  usycl::rt::backend_device &backend = dev.backend_device();
  bool any = false;
  for (const usycl_device_image *img : image_registry::instance().images_with_kernel(s.kernel)) {
    if (!backend.can_use_image(*img)) continue;
    any = true;
    if (!image_holds(*img, s.clone)) return false;
  }
  return any && backend.has_kernel(s.clone);
}

// compute_presence, cached per (device, clone) until the images change.
bool clone_in_images(registry &r, sycl::detail::device_impl &dev,
                     const usycl_kernel_specialization &s) {
  const uint64_t generation = image_registry::instance().generation();
  {
    std::shared_lock lock(r.presence_mutex);
    auto d = r.clone_presence.find(&dev);
    if (d != r.clone_presence.end())
      if (auto c = d->second.find(std::string_view(s.clone));
          c != d->second.end() && c->second.generation == generation) [[likely]]
        return c->second.present;
  }
  // Outside the cache's lock (it takes the image registry's and the
  // backend's); two threads may both compute, with the same answer.
  const bool present = compute_presence(dev, s);
  {
    std::unique_lock lock(r.presence_mutex);
    r.clone_presence[&dev][s.clone] = presence{generation, present};
  }
  if (!present)
    USYCL_TRACE_IF(basic, "kernel-spec",
                   "'%s' on %s: the device's images lack the specialised kernel %s (or not every "
                   "image of the kernel holds it); the generic kernel runs",
                   trace::kernel_name(s.kernel).c_str(), dev.info().name.c_str(), s.clone);
  return present;
}

} // namespace

bool parse_enabled(const char *value) noexcept { return !(value && std::strcmp(value, "0") == 0); }

bool enabled() {
  registry &r = the_registry();
  std::shared_lock lock(r.mutex);
  return r.enabled;
}

void configure() {
  registry &r = the_registry();
  std::unique_lock lock(r.mutex);
  r.enabled = parse_enabled(std::getenv(env));
  r.publish();
}

size_t registered_count() {
  registry &r = the_registry();
  std::shared_lock lock(r.mutex);
  return r.count;
}

void reset_for_testing() {
  registry &r = the_registry();
  std::unique_lock lock(r.mutex);
  r.by_kernel.clear();
  r.count = 0;
  r.enabled = parse_enabled(std::getenv(env));
  {
    std::unique_lock presence_lock(r.presence_mutex);
    r.clone_presence.clear();
  }
  r.publish();
}

namespace {

void register_all(const usycl_kernel_specialization *specs, size_t count) {
  registry &r = the_registry();
  std::unique_lock lock(r.mutex);
  size_t added = 0, ignored = 0;
  for (size_t i = 0; i < count; ++i) {
    const usycl_kernel_specialization &s = entry_at(specs, i);
    if (std::string why = invalid_reason(s); !why.empty()) {
      ++ignored;
      USYCL_TRACE_IF(basic, "kernel-spec", "ignored %s of the specialisations at %p: %s",
                     entry_text(specs, i).c_str(), static_cast<const void *>(specs),
                     why.c_str());
      continue;
    }
    auto &list = r.by_kernel[s.kernel];
    if (std::find(list.begin(), list.end(), &s) != list.end()) continue; // registered twice
    list.push_back(&s);
    ++r.count;
    ++added;
  }
  r.publish();
  USYCL_TRACE_IF(api, "kernel-spec", "registered %zu specialisation(s) from %p (%zu ignored)%s",
                 added, static_cast<const void *>(specs), ignored,
                 r.enabled ? "" : "; unused: USYCL_HOST_DEVICE_OPT=0");
}

void unregister_all(const usycl_kernel_specialization *specs, size_t count) {
  registry &r = the_registry();
  std::unique_lock lock(r.mutex);
  for (size_t i = 0; i < count; ++i) {
    const usycl_kernel_specialization &s = entry_at(specs, i);
    if (s.version < min_abi_version || s.version > abi_version || !s.kernel)
      continue; // never registered
    auto it = r.by_kernel.find(std::string_view(s.kernel));
    if (it == r.by_kernel.end()) continue;
    auto &list = it->second;
    if (auto at = std::find(list.begin(), list.end(), &s); at != list.end()) {
      list.erase(at);
      --r.count;
    }
    if (list.empty()) r.by_kernel.erase(it);
  }
  r.publish();
}

} // namespace

} // namespace usycl::rt::kernel_specializations

namespace sycl {
inline namespace _V1 {
namespace detail {

namespace {

// What apply_kernel_specialization needs of one (kernel name, device) that
// does not depend on the launch's values: the kernel's specialisations, in
// registration order, that the device could run (on an image-based device,
// those whose clone is in its images). Kept per thread for the last few
// (name pointer, device) pairs a thread launched and checked against the
// registry's and the image registry's generations: a launch that hits pays
// two atomic loads and a few compares instead of a shared lock and a hash
// of the mangled name (twice, with the presence cache). The pointers stay
// valid while the generations match (an array is forgotten only by
// __usycl_unregister_kernel_specializations, which bumps the generation; a
// library unloaded while one of its kernels is being launched is the
// program's error anyway).
struct launch_memo {
  const char *name = nullptr; // kernel_launch::name, by pointer (a kernel_desc string)
  const device_impl *device = nullptr;
  uint64_t generation = 0;       // registry::generation
  uint64_t image_generation = 0; // image_registry::generation
  bool cpu = false;
  std::vector<const usycl_kernel_specialization *> usable;
};

constexpr size_t memo_slots = 8;
struct launch_memos {
  std::array<launch_memo, memo_slots> slots;
  size_t next = 0; // the slot a miss overwrites (round robin)
};

// The memo for (launch.name, device) at the current generations, computed
// on a miss.
const launch_memo &memo_for(const kernel_launch &launch, device_impl &device) {
  namespace ks = usycl::rt::kernel_specializations;
  thread_local launch_memos memos;
  ks::registry &r = ks::the_registry();
  const uint64_t generation = r.generation.load(std::memory_order_acquire);
  const uint64_t image_generation = usycl::rt::image_registry::instance().generation();
  for (const launch_memo &m : memos.slots)
    if (m.name == launch.name && m.device == &device && m.generation == generation &&
        m.image_generation == image_generation) [[likely]]
      return m;

  launch_memo fresh;
  fresh.name = launch.name;
  fresh.device = &device;
  fresh.generation = generation;
  fresh.image_generation = image_generation;
  // The CPU backend runs host launchers (also when it emulates another
  // target: the backend's own description, not the emulated one, says).
  fresh.cpu = device.backend_device().info().kind == usycl::rt::device_kind::cpu;
  std::vector<const usycl_kernel_specialization *> candidates;
  {
    std::shared_lock lock(r.mutex);
    // A registration after the generation was read leaves the memo at the
    // older generation: the next launch computes it again.
    if (r.enabled)
      if (auto it = r.by_kernel.find(std::string_view(launch.name)); it != r.by_kernel.end())
        candidates = it->second;
  }
  for (const usycl_kernel_specialization *s : candidates)
    if (fresh.cpu || ks::clone_in_images(r, device, *s)) fresh.usable.push_back(s);

  launch_memo &slot = memos.slots[memos.next];
  memos.next = (memos.next + 1) % memo_slots;
  slot = std::move(fresh);
  return slot;
}

} // namespace

const char *apply_kernel_specialization_slow(kernel_launch &launch, device_impl &device) {
  namespace ks = usycl::rt::kernel_specializations;
  if (!launch.name || (!launch.kernel_object && launch.kernel_object_size)) return nullptr;
  try {
    const launch_memo &memo = memo_for(launch, device);
    for (const usycl_kernel_specialization *s : memo.usable) {
      if (s->object_size != launch.kernel_object_size || !ks::range_holds(*s, launch) ||
          !ks::folds_hold(*s, launch.kernel_object))
        continue;
      if (memo.cpu) {
        if (!ks::cpu_launchers_cloned(*s, launch)) continue;
        // The name stays the generic symbol: the CPU's per-kernel tables
        // (assert use, the fiber executor's messages) are keyed by it.
        if (launch.cpu_range) launch.cpu_range = reinterpret_cast<cpu_range_fn>(s->cpu_range);
        if (launch.cpu_nd) launch.cpu_nd = reinterpret_cast<cpu_nd_fn>(s->cpu_nd);
        if (launch.cpu_nd_group)
          launch.cpu_nd_group = reinterpret_cast<cpu_nd_group_fn>(s->cpu_nd_group);
        return s->clone;
      }
      // The backend looks the clone up like any kernel of the image. On
      // CUDA every lookup by name then finds the clone's own data: the
      // CUfunction, its attributes and kernel object size (from the clone's
      // parameters, the generic kernel's), the for_block_size rebuilds and
      // the specialization-constant modules (images_with_kernel(clone):
      // the same images), the assert state (the image's isAssertEnabled
      // set, per image, not per kernel), device_globals (per module).
      // What is looked up by the generic name happened at submit, before
      // this: the optional-feature verdict with the required work-group and
      // sub-group sizes (program_manager.cpp; the clone has the generic
      // kernel's property sets anyway), kernel bundles and spec constant
      // slots (api_kernel.cpp). Messages naming the kernel strip the
      // clone's "$hdo<k>" (trace::kernel_name), so they name the user's
      // kernel.
      launch.name = s->clone;
      return s->clone;
    }
  } catch (...) {
    // Nothing was changed (changes happen only right before returning):
    // the generic kernel runs.
  }
  return nullptr;
}

} // namespace detail
} // namespace _V1
} // namespace sycl

extern "C" USYCL_EXPORT void
__usycl_register_kernel_specializations(const usycl_kernel_specialization *specs,
                                        size_t count) {
  if (!specs || !count) return;
  try {
    usycl::rt::kernel_specializations::register_all(specs, count);
  } catch (...) {
    // Out of memory while registering: the generic kernels run.
  }
}

extern "C" USYCL_EXPORT void
__usycl_unregister_kernel_specializations(const usycl_kernel_specialization *specs,
                                          size_t count) {
  if (!specs || !count) return;
  try {
    usycl::rt::kernel_specializations::unregister_all(specs, count);
  } catch (...) {
  }
}
