#include "program_manager.hpp"

#include "device_linking.hpp"
#include "image_registry.hpp"
#include "platform_impl.hpp"

#include <algorithm>
#include <cstring>

namespace sycl {
inline namespace _V1 {
namespace detail {

namespace {

using usycl::rt::image_registry;
using usycl::rt::image_requirements;

constexpr size_t initial_capacity = 64; // power of two

std::string describe(const usycl_device_image &img) {
  return std::string("the ") + (img.target ? img.target : "?") + " image";
}

// How a set of images judges a kernel on a device.
struct judgement {
  bool has_data = false;    // some image carries requirements
  bool passed = false;      // some image with requirements passes
  const usycl_device_image *passing = nullptr;
  image_requirements passing_req;
  std::optional<usycl::rt::requirement_failure> first_failure;
};

judgement judge(const std::vector<const usycl_device_image *> &images,
                const usycl::rt::device_info &info) {
  judgement j;
  for (const usycl_device_image *img : images) {
    const usycl_property_set *set =
        usycl::rt::find_property_set(*img, usycl::rt::device_requirements_set_name);
    if (!set) continue;
    j.has_data = true;
    std::string error;
    std::optional<image_requirements> req = usycl::rt::decode_requirements(*set, error);
    if (!req) {
      if (!j.first_failure)
        j.first_failure = usycl::rt::requirement_failure{
            errc::runtime, "Malformed 'SYCL/device requirements' property set in " +
                               describe(*img) + ": " + error +
                               "; rebuild the program with this usycl++."};
      continue;
    }
    auto failure = usycl::rt::check_requirements(*req, info);
    if (!failure) {
      if (!j.passed) {
        j.passed = true;
        j.passing = img;
        j.passing_req = std::move(*req);
      }
    } else if (!j.first_failure) {
      j.first_failure = std::move(failure);
    }
  }
  return j;
}

} // namespace

kernel_verdict compute_kernel_verdict(std::string_view kernel, const device_impl &device,
                                      uint64_t generation) {
  kernel_verdict v;
  v.generation = generation;
  const usycl::rt::device_info &info = device.info();
  std::vector<const usycl_device_image *> holding =
      image_registry::instance().images_with_kernel(kernel);
  std::vector<const usycl_device_image *> own, others;
  for (const usycl_device_image *img : holding)
    (device.backend_device().can_use_image(*img) ? own : others).push_back(img);

  judgement j = judge(own, info);
  if (!j.has_data) {
    // No image of this device's target has requirements for the kernel:
    // the kernel's images for other targets describe the same source.
    // x86_64 ones (the requirements-only images) first.
    std::stable_partition(others.begin(), others.end(), [](const usycl_device_image *img) {
      return img->target && std::strcmp(img->target, "x86_64") == 0;
    });
    j = judge(others, info);
  }
  if (j.has_data && !j.passed) {
    v.supported = false;
    v.code = j.first_failure->code;
    v.message = j.first_failure->message + usycl::rt::kernel_device_suffix(kernel, info.name);
    return v;
  }
  // Device code dynamic linking: the functions the kernel's image imports
  // from shared libraries must be exported by an image this device can use
  // whose requirements the device meets (their requirements are the
  // kernel's too).
  {
    // The image that will run (or, without requirement data, the device's
    // images of the kernel). A device with none is answered below.
    std::vector<const usycl_device_image *> roots = own;
    if (j.passing && std::find(own.begin(), own.end(), j.passing) != own.end())
      roots = {j.passing};
    const auto &backend = device.backend_device();
    usycl::rt::import_resolution r = usycl::rt::resolve_imports(
        roots, kernel, [&](const usycl_device_image &img) { return backend.can_use_image(img); },
        &info,
        info.target);
    if (r.failure) {
      v.supported = false;
      v.code = r.failure->code;
      v.message = r.failure->message + usycl::rt::kernel_device_suffix(kernel, info.name);
      return v;
    }
  }
  if (j.passed) {
    v.work_group_sizes = std::move(j.passing_req.work_group_sizes);
    v.sub_group_sizes = std::move(j.passing_req.sub_group_sizes);
  }
  v.launch_sub_group_size = v.sub_group_sizes.empty() ? usycl::rt::default_sub_group_size(info)
                                                      : v.sub_group_sizes.front();
  // An emulating CPU device (USYCL_EMULATE) reports the target's sub-group
  // sizes but runs the kernel with the CPU's: a required size the target
  // has and the CPU cannot run is refused here, not at launch.
  if (device.is_emulated()) {
    const auto &runnable = device.backend_device().info().sub_group_sizes;
    for (uint32_t s : v.sub_group_sizes)
      if (std::find(runnable.begin(), runnable.end(), size_t(s)) == runnable.end()) {
        v.supported = false;
        v.code = errc::kernel_not_supported;
        v.message = "Kernel has a required sub-group size of '" + std::to_string(s) +
                    "' which the emulated target has but the CPU cannot run (it runs "
                    "sub-groups of " +
                    usycl::rt::brace_list(runnable.data(), runnable.size()) +
                    "); correct the target's sub-group-sizes in the device configuration file "
                    "or run without USYCL_EMULATE." +
                    usycl::rt::kernel_device_suffix(kernel, info.name);
        return v;
      }
  }
  // Requirements pass (or there are none). A device that needs an image
  // (not the CPU: its kernels are host code) and has none for the kernel
  // cannot run it either: SYCL 2020 calls that kernel_not_supported, and
  // saying so here makes it synchronous like the other checks.
  if (own.empty() && !device.backend_device().has_kernel(std::string(kernel).c_str())) {
    std::string targets;
    bool filtered_out = false; // sycl-aspect-filter left it out of this target
    for (const usycl_device_image *img : holding) {
      std::string t = img->target ? img->target : "?";
      if (img->format == USYCL_IMAGE_NONE && t == info.target) {
        filtered_out = true;
        continue;
      }
      if (img->format == USYCL_IMAGE_NONE && t != "x86_64") continue; // no code there either
      if (targets.find("'" + t + "'") == std::string::npos)
        targets += (targets.empty() ? "'" : ", '") + t + "'";
    }
    v.supported = false;
    v.code = errc::kernel_not_supported;
    if (filtered_out)
      v.message = "Kernel is not available for this device: sycl-aspect-filter left it out of the "
                  "code generated for target '" + info.target +
                  "' because the device configuration file says that target lacks something the "
                  "kernel requires, yet this device meets the kernel's requirements; correct the "
                  "target's entry in the device configuration file (-fsycl-device-config-file) "
                  "and rebuild.";
    else
      v.message = "Kernel is not available for this device: the program has no device image of it "
                  "for target '" + info.target + "' (" +
                  (targets.empty() ? std::string("nor for any other target") : "only for " + targets) +
                  "); build it with -fsycl-targets=" + info.target + ".";
    v.message += usycl::rt::kernel_device_suffix(kernel, info.name);
  }
  return v;
}

// ---- kernel_verdict_cache ---------------------------------------------------

kernel_verdict_cache::kernel_verdict_cache() {
  tables_.push_back(std::make_unique<table>(initial_capacity));
  current_.store(tables_.back().get(), std::memory_order_release);
}

kernel_verdict_cache::~kernel_verdict_cache() = default;

const kernel_verdict &kernel_verdict_cache::get_slow(const char *kernel, const device_impl &device,
                                                     uint64_t generation) {
  // Computed outside the lock (it takes the registry's); two threads may
  // both compute, the second result replaces the first (both are equal).
  auto verdict = std::make_unique<kernel_verdict>(compute_kernel_verdict(kernel, device, generation));
  std::lock_guard lock(mutex_);
  const kernel_verdict *v = verdict.get();
  verdicts_.push_back(std::move(verdict));
  put(kernel, v);
  return *v;
}

void kernel_verdict_cache::put(const char *key, const kernel_verdict *value) {
  table *t = current_.load(std::memory_order_relaxed);
  size_t i = hash(key) & t->mask;
  for (;;) {
    const char *k = t->slots[i].key.load(std::memory_order_relaxed);
    if (k == key) {
      t->slots[i].value.store(value, std::memory_order_release);
      return;
    }
    if (!k) break;
    i = (i + 1) & t->mask;
  }
  if ((t->used + 1) * 2 > t->mask + 1) {
    // Grow: copy into a table twice the size and publish it; readers still
    // in the old one see consistent (older) data.
    auto bigger = std::make_unique<table>((t->mask + 1) * 2);
    for (size_t s = 0; s <= t->mask; ++s)
      if (const char *k = t->slots[s].key.load(std::memory_order_relaxed)) {
        size_t j = hash(k) & bigger->mask;
        while (bigger->slots[j].key.load(std::memory_order_relaxed)) j = (j + 1) & bigger->mask;
        bigger->slots[j].value.store(t->slots[s].value.load(std::memory_order_relaxed),
                                     std::memory_order_relaxed);
        bigger->slots[j].key.store(k, std::memory_order_relaxed);
        ++bigger->used;
      }
    t = bigger.get();
    tables_.push_back(std::move(bigger));
    current_.store(t, std::memory_order_release);
    i = hash(key) & t->mask;
    while (t->slots[i].key.load(std::memory_order_relaxed)) i = (i + 1) & t->mask;
  }
  t->slots[i].value.store(value, std::memory_order_relaxed);
  t->slots[i].key.store(key, std::memory_order_release); // publishes value
  ++t->used;
}

// ---- checks -------------------------------------------------------------------

void check_kernel_requirements(kernel_launch &launch, device_impl &device) {
  if (!launch.name) {
    launch.sub_group_size = usycl::rt::default_sub_group_size(device.info());
    return;
  }
  const kernel_verdict &v =
      device.verdicts().get(launch.name, device, image_registry::instance().generation());
  if (!v.supported) [[unlikely]]
    throw exception(make_error_code(v.code), v.message);
  launch.sub_group_size = v.launch_sub_group_size;
  if (!launch.nd_range || v.work_group_sizes.empty()) [[likely]]
    return;
  std::optional<std::string> mismatch;
  for (const auto &wg : v.work_group_sizes) {
    auto m = usycl::rt::check_local_range(wg, launch.dims, launch.local);
    if (!m) return;
    if (!mismatch) mismatch = std::move(m);
  }
  throw exception(make_error_code(errc::nd_range),
                  *mismatch + usycl::rt::kernel_device_suffix(launch.name, device.info().name));
}

bool kernel_is_compatible(const char *kernel, device_impl &device) {
  if (!kernel) return false;
  const kernel_verdict &v =
      device.verdicts().get(kernel, device, image_registry::instance().generation());
  return v.supported && device.backend_device().has_kernel(kernel);
}

} // namespace detail
} // namespace _V1
} // namespace sycl
