#include "cuda_kernel_cache.hpp"
#include "device_if_images.hpp"

#include "cuda_jit_cache.hpp"
#include "cuda_launch_config.hpp"
#include "cuda_spec_constants.hpp"
#include "kernel_specializations.hpp"
#include "trace.hpp"
#include "image_registry.hpp"
#include "device_linking.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_set>

namespace usycl::rt::cuda {

namespace {
constexpr size_t initial_table_capacity = 256; // power of two
constexpr size_t jit_log_size = 16 * 1024;
constexpr uint32_t default_dynamic_smem = 48 * 1024; // without opt-in

// The driver writes a NUL-terminated log into the buffer it was given:
// keep its text, without the trailing newlines.
void trim_jit_log(std::string &log) {
  log.resize(std::strlen(log.c_str()));
  while (!log.empty() && (log.back() == '\n' || log.back() == ' '))
    log.pop_back();
}
} // namespace

// ---- pointer_table ------------------------------------------------------------

kernel_cache::pointer_table::pointer_table() {
  tables_.push_back(std::make_unique<table>(initial_table_capacity));
  current_.store(tables_.back().get(), std::memory_order_release);
}

kernel_cache::pointer_table::~pointer_table() = default;

void kernel_cache::pointer_table::insert(const char *key, kernel_entry *value) {
  table *t = current_.load(std::memory_order_relaxed);
  if ((t->used + 1) * 2 > t->mask + 1) {
    // Grow to keep probes short: copy into a table twice the size and
    // publish it; readers still in the old one see consistent (older) data.
    auto bigger = std::make_unique<table>((t->mask + 1) * 2);
    for (size_t i = 0; i <= t->mask; ++i)
      if (const char *k = t->slots[i].key.load(std::memory_order_relaxed)) {
        size_t j = hash(k) & bigger->mask;
        while (bigger->slots[j].key.load(std::memory_order_relaxed))
          j = (j + 1) & bigger->mask;
        bigger->slots[j].value.store(
            t->slots[i].value.load(std::memory_order_relaxed),
            std::memory_order_relaxed);
        bigger->slots[j].key.store(k, std::memory_order_relaxed);
        ++bigger->used;
      }
    t = bigger.get();
    tables_.push_back(std::move(bigger));
    current_.store(t, std::memory_order_release);
  }
  size_t i = hash(key) & t->mask;
  for (;;) {
    const char *k = t->slots[i].key.load(std::memory_order_relaxed);
    if (k == key)
      return; // already there
    if (!k)
      break;
    i = (i + 1) & t->mask;
  }
  t->slots[i].value.store(value, std::memory_order_relaxed);
  t->slots[i].key.store(key, std::memory_order_release); // publishes value
  ++t->used;
}

void kernel_cache::pointer_table::clear() {
  tables_.push_back(std::make_unique<table>(initial_table_capacity));
  current_.store(tables_.back().get(), std::memory_order_release);
}

// ---- kernel_cache -------------------------------------------------------------

std::vector<const usycl_device_image *>
kernel_cache::usable(std::vector<const usycl_device_image *> images) const {
  // if_device_has variants made for devices with other answers (their code
  // takes clauses this device must not, or lacks the ones it must).
  images.erase(std::remove_if(images.begin(), images.end(),
                              [&](const usycl_device_image *img) {
                                return img && !device_if_matches(*img, aspects_);
                              }),
               images.end());
  return images;
}

kernel_cache::kernel_cache(std::shared_ptr<context> ctx, sm_arch arch,
                           std::string device_name, uint32_t smem_optin)
    : ctx_(std::move(ctx)), arch_(arch), device_name_(std::move(device_name)),
      smem_optin_(smem_optin) {}

kernel_cache::~kernel_cache() {
  if (driver::exiting())
    return; // libcuda may be gone; the process is ending anyway
  try {
    ctx_->make_current();
  } catch (...) {
    return;
  }
  const driver_api &a = ctx_->api();
  for (auto &[image, state] : modules_)
    if (state.module)
      a.module_unload(state.module);
  for (CUmodule m : retired_modules_)
    a.module_unload(m);
  for (CUmodule m : specialized_modules_)
    a.module_unload(m);
}

bool kernel_cache::has_kernel(const char *name) {
  if (!name)
    return false;
  if (fast_.find(name))
    return true;
  {
    std::lock_guard lock(mutex_);
    if (by_name_.count(name))
      return true;
  }
  return !rank_images(usable(image_registry::instance().images_with_kernel(name)), arch_)
              .empty();
}

void kernel_cache::revalidate_images() {
  // Images of a library that was unloaded are gone, and a new library may
  // have reused their addresses: forget everything that came from an image
  // that is no longer registered with the same bytes.
  struct bytes {
    const unsigned char *begin, *end;
  };
  std::unordered_map<const usycl_device_image *, bytes> live;
  image_registry::instance().for_each([&](const usycl_device_image &img) {
    live[&img] = {img.begin, img.end};
  });
  std::unordered_set<const usycl_device_image *> dead;
  for (auto it = modules_.begin(); it != modules_.end();) {
    auto l = live.find(it->first);
    if (l == live.end() || l->second.begin != it->second.begin ||
        l->second.end != it->second.end) {
      if (it->second.module)
        retired_modules_.push_back(it->second.module);
      dead.insert(it->first);
      it = modules_.erase(it);
    } else {
      ++it;
    }
  }
  if (dead.empty())
    return;
  std::erase_if(by_name_, [&](const auto &kv) { return dead.count(kv.second->image) != 0; });
  fast_.clear(); // names of unloaded libraries may be dangling pointers
}

namespace {

// The PTX text of an image as the JIT linker takes it (NUL-terminated; the
// wrapper puts a NUL after every PTX image, a copy is made otherwise).
std::string_view ptx_text(const usycl_device_image &image, std::string &copy) {
  const char *begin = reinterpret_cast<const char *>(image.begin);
  size_t size = static_cast<size_t>(image.end - image.begin);
  if (size && begin[size - 1] == '\0')
    return std::string_view(begin, size - 1);
  if (image.end[0] == '\0')
    return std::string_view(begin, size);
  copy.assign(begin, size);
  return copy;
}

} // namespace

bool kernel_cache::link_module(const usycl_device_image &image, module_state &st) {
  // Device code dynamic linking (device_linking.hpp): the image calls
  // functions that images of shared libraries export. The driver's JIT
  // linker compiles the PTX of the image and of every exporter it needs
  // (transitively) and links them into one module. The requirement checks
  // already ran at submission (program_manager); here only the code counts.
  const driver_api &a = ctx_->api();
  auto usable = [&](const usycl_device_image &img) {
    return img.format == USYCL_IMAGE_PTX && fit_of(img, arch_) != image_fit::incompatible &&
           device_if_matches(img, aspects_);
  };
  import_resolution resolved =
      resolve_imports({&image}, "", usable, nullptr, "sm_" + std::to_string(arch_.sm));
  if (resolved.failure) {
    st.error = CUDA_ERROR_NOT_FOUND;
    st.log = resolved.failure->message;
    return false;
  }
  if (!a.link_create || !a.link_add_data || !a.link_complete || !a.link_destroy) {
    st.error = CUDA_ERROR_NOT_SUPPORTED;
    st.log = "this CUDA driver has no JIT linker (cuLinkCreate), which device code calling "
             "functions of shared libraries needs; update the driver";
    return false;
  }
  std::string log(jit_log_size, '\0');
  int options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log.data(), reinterpret_cast<void *>(uintptr_t(log.size()))};
  CUlinkState link = nullptr;
  CUresult r = a.link_create(2, options, values, &link);
  std::vector<const usycl_device_image *> inputs{&image};
  inputs.insert(inputs.end(), resolved.images.begin(), resolved.images.end());
  std::string names;
  for (const usycl_device_image *img : inputs) {
    if (r != CUDA_SUCCESS)
      break;
    std::string copy;
    std::string_view ptx = ptx_text(*img, copy);
    std::string name = describe_image(*img);
    names += (names.empty() ? "" : " + ") + name;
    r = a.link_add_data(link, CU_JIT_INPUT_PTX, const_cast<char *>(ptx.data()), ptx.size() + 1,
                        name.c_str(), 0, nullptr, nullptr);
  }
  void *cubin = nullptr;
  size_t cubin_size = 0;
  if (r == CUDA_SUCCESS)
    r = a.link_complete(link, &cubin, &cubin_size);
  if (r == CUDA_SUCCESS) // the cubin belongs to the link state: load it first
    r = a.module_load_data_ex(&st.module, cubin, 0, nullptr, nullptr);
  if (link)
    a.link_destroy(link);
  USYCL_TRACE_IF(basic, "module", "%s %s on %s by the JIT linker (%zu image(s))",
                 r == CUDA_SUCCESS ? "linked" : "cannot link", names.c_str(),
                 device_name_.c_str(), inputs.size());
  if (r != CUDA_SUCCESS) {
    st.module = nullptr;
    st.error = r;
    trim_jit_log(log);
    st.log = "JIT-linking " + names + ": " + log;
    return false;
  }
  if (module_loaded_)
    module_loaded_(st.module);
  return true;
}

kernel_cache::module_state &
kernel_cache::load_module(const usycl_device_image &image) {
  auto [it, inserted] = modules_.try_emplace(&image);
  module_state &st = it->second;
  if (!inserted)
    return st;
  st.begin = image.begin;
  st.end = image.end;
  if (image.format == USYCL_IMAGE_PTX && has_imports(image)) {
    link_module(image, st);
    return st;
  }

  const void *data = image.begin;
  std::string ptx_copy;
  if (image.format == USYCL_IMAGE_PTX &&
      (image.end == image.begin || image.end[-1] != '\0')) {
    // The driver reads PTX as a NUL-terminated string.
    ptx_copy.assign(reinterpret_cast<const char *>(image.begin),
                    reinterpret_cast<const char *>(image.end));
    data = ptx_copy.c_str();
  }
  const driver_api &a = ctx_->api();
  // PTX goes through the on-disk cache of JIT-compiled cubins when it can
  // (cuda_jit_cache.hpp); otherwise, and for CUBIN images, the driver
  // loads the image bytes itself.
  if (image.format == USYCL_IMAGE_PTX) {
    std::optional<CUresult> cached = load_ptx_through_cache(
        a, &st.module, static_cast<const char *>(data), arch_, describe_image(image));
    if (cached && *cached == CUDA_SUCCESS) {
      USYCL_TRACE_IF(basic, "module", "loaded %s on %s", describe_image(image).c_str(),
                     device_name_.c_str());
      if (module_loaded_)
        module_loaded_(st.module);
      return st;
    }
    st.module = nullptr;
  }
  std::string log(jit_log_size, '\0');
  int options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {log.data(), reinterpret_cast<void *>(uintptr_t(log.size()))};
  CUresult r = a.module_load_data_ex(&st.module, data, 2, options, values);
  USYCL_TRACE_IF(basic, "module", "%s %s on %s%s", r == CUDA_SUCCESS ? "loaded" : "cannot load",
                 describe_image(image).c_str(), device_name_.c_str(),
                 r == CUDA_SUCCESS ? "" : " (the next image is tried)");
  if (r != CUDA_SUCCESS) {
    st.module = nullptr;
    st.error = r;
    trim_jit_log(log);
    st.log = std::move(log);
  } else if (module_loaded_) {
    module_loaded_(st.module);
  }
  return st;
}

std::unique_ptr<kernel_entry>
kernel_cache::make_entry(CUfunction fn, CUmodule module, const char *name,
                         const usycl_device_image &image) {
  const driver_api &a = ctx_->api();
  auto k = std::make_unique<kernel_entry>();
  k->fn = fn;
  k->name = name;
  k->pretty = "'" + trace::kernel_name(name) + "'";
  k->image = &image;
  k->module = module;
  int v = 0;
  if (a.func_get_attribute(&v, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, fn) ==
          CUDA_SUCCESS &&
      v > 0)
    k->max_threads = static_cast<uint32_t>(v);
  if (a.func_get_attribute(&v, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, fn) ==
          CUDA_SUCCESS &&
      v >= 0)
    k->static_smem = static_cast<uint32_t>(v);
  int min_grid = 0, block = 0;
  if (a.occupancy_max_potential_block_size(&min_grid, &block, fn, nullptr, 0,
                                           0) != CUDA_SUCCESS)
    block = 0;
  k->range_budget = range_block_budget(block, k->max_threads);
  if (min_grid > 0 && block > 0)
    k->full_wave_threads = uint64_t(min_grid) * uint64_t(block);
  if (a.func_get_param_info) {
    size_t offset = 0, size = 0;
    if (a.func_get_param_info(fn, 0, &offset, &size) == CUDA_SUCCESS)
      k->object_size = size;
  }
  uint32_t dflt = default_dynamic_smem > k->static_smem
                      ? default_dynamic_smem - k->static_smem
                      : 0;
  k->dynamic_smem_limit.store(dflt, std::memory_order_relaxed);
  if (!kernel_specializations::is_whole_warp_entry(k->name)) {
    const std::string whole = k->name + std::string(kernel_specializations::whole_warp_suffix);
    CUfunction wfn = nullptr;
    if (a.module_get_function(&wfn, module, whole.c_str()) == CUDA_SUCCESS) {
      entries_.push_back(make_entry(wfn, module, whole.c_str(), image));
      k->whole_warps = entries_.back().get();
      USYCL_TRACE_IF(basic, "kernel", "%s on %s: whole-warp entry point %s", k->pretty.c_str(),
                     device_name_.c_str(), whole.c_str());
    }
  }
  return k;
}

kernel_entry &kernel_cache::get_slow(const char *name) {
  if (!name)
    throw sycl::exception(sycl::make_error_code(sycl::errc::kernel),
                          "CUDA backend: kernel launch without a kernel name");
  std::lock_guard lock(mutex_);
  if (kernel_entry *k = fast_.find(name)) // raced with another thread
    return *k;
  auto &registry = image_registry::instance();
  if (uint64_t gen = registry.generation(); gen != seen_generation_) {
    revalidate_images();
    seen_generation_ = gen;
  }
  if (auto it = by_name_.find(name); it != by_name_.end()) {
    fast_.insert(name, it->second);
    return *it->second;
  }

  std::vector<const usycl_device_image *> holding =
      registry.images_with_kernel(name);
  std::vector<const usycl_device_image *> ranked = rank_images(usable(holding), arch_);
  if (ranked.empty())
    throw_not_found(name, holding);

  ctx_->make_current();
  const driver_api &a = ctx_->api();
  std::string failures;
  for (const usycl_device_image *img : ranked) {
    module_state &st = load_module(*img);
    CUresult r = st.error;
    if (st.module) {
      CUfunction fn = nullptr;
      r = a.module_get_function(&fn, st.module, name);
      if (r == CUDA_SUCCESS) {
        entries_.push_back(make_entry(fn, st.module, name, *img));
        kernel_entry *k = entries_.back().get();
        by_name_.emplace(name, k);
        fast_.insert(name, k);
        return *k;
      }
    }
    failures += "\n  " + describe_image(*img) + ": " +
                driver::get().describe(r);
    if (!st.log.empty())
      failures += "\n    JIT log: " + st.log;
    if (r == CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
      failures += "\n    (the PTX is newer than this driver, CUDA " +
                  format_driver_version(driver::get().version()) +
                  ", can compile: update the driver or build a CUBIN for sm_" +
                  std::to_string(arch_.sm) + ")";
  }
  throw sycl::exception(
      sycl::make_error_code(sycl::errc::build),
      "CUDA backend: cannot load kernel " + trace::kernel_name(name) + " (" +
          name + ") on device " + device_name_ + " (sm_" +
          std::to_string(arch_.sm) + "); tried:" + failures);
}

kernel_entry &kernel_cache::get_specialized(kernel_entry &plain, const void *values) {
  std::lock_guard lock(mutex_);
  auto [slot, inserted] = specialized_.try_emplace({&plain, values}, nullptr);
  if (!inserted)
    return *slot->second;
  try {
    const std::vector<spec_constant_value> folded = spec_constant_block_values(values);
    // The PTX images of the kernel: only text can take the values (a CUBIN
    // was made from the default values).
    std::vector<const usycl_device_image *> ptx_images;
    for (const usycl_device_image *img :
         rank_images(usable(image_registry::instance().images_with_kernel(plain.name.c_str())),
                     arch_))
      if (img->format == USYCL_IMAGE_PTX)
        ptx_images.push_back(img);
    std::string failures;
    for (const usycl_device_image *img : ptx_images) {
      std::optional<std::string> ptx = specialize_ptx(
          std::string_view(reinterpret_cast<const char *>(img->begin),
                           static_cast<size_t>(img->end - img->begin)),
          folded);
      if (!ptx) { // reads none of the values: the plain module is the same program
        slot->second = &plain;
        return plain;
      }
      while (!ptx->empty() && ptx->back() == '\0')
        ptx->pop_back(); // c_str() terminates it
      ctx_->make_current();
      const driver_api &a = ctx_->api();
      CUmodule module = nullptr;
      const std::string what = describe_image(*img) + " specialized";
      std::optional<CUresult> cached =
          load_ptx_through_cache(a, &module, ptx->c_str(), arch_, what);
      CUresult r = cached ? *cached : CUDA_ERROR_NOT_FOUND;
      std::string log;
      if (r != CUDA_SUCCESS)
        r = jit_load(ptx->c_str(), 0, module, log);
      USYCL_TRACE_IF(basic, "module", "%s %s on %s", r == CUDA_SUCCESS ? "loaded" : "cannot load",
                     what.c_str(), device_name_.c_str());
      CUfunction fn = nullptr;
      if (r == CUDA_SUCCESS) {
        adopt_extra_module(module);
        r = a.module_get_function(&fn, module, plain.name.c_str());
      }
      if (r == CUDA_SUCCESS) {
        entries_.push_back(make_entry(fn, module, plain.name.c_str(), *img));
        slot->second = entries_.back().get();
        return *slot->second;
      }
      failures += "\n  " + what + ": " + driver::get().describe(r);
      if (!log.empty())
        failures += "\n    JIT log: " + log;
    }
    if (ptx_images.empty()) {
      // No PTX to fold the values into. Without any marked read the CUBIN
      // is right as it is; usycl++ always ships the PTX next to a CUBIN.
      slot->second = &plain;
      return plain;
    }
    throw sycl::exception(
        sycl::make_error_code(sycl::errc::build),
        "CUDA backend: cannot load kernel " + plain.pretty +
            " specialized for its specialization constant values on device " + device_name_ +
            "; tried:" + failures);
  } catch (...) {
    specialized_.erase(slot);
    throw;
  }
}

CUresult kernel_cache::jit_load(const char *ptx, uint32_t threads_per_block, CUmodule &module,
                                std::string &log) {
  log.assign(jit_log_size, '\0');
  int options[3] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                    CU_JIT_THREADS_PER_BLOCK};
  void *values[3] = {log.data(), reinterpret_cast<void *>(uintptr_t(log.size())),
                     reinterpret_cast<void *>(uintptr_t(threads_per_block))};
  module = nullptr;
  CUresult r =
      ctx_->api().module_load_data_ex(&module, ptx, threads_per_block ? 3 : 2, options, values);
  log.resize(std::strlen(log.c_str()));
  return r;
}

void kernel_cache::adopt_extra_module(CUmodule module) {
  specialized_modules_.push_back(module);
  if (module_loaded_)
    module_loaded_(module);
}

kernel_entry &kernel_cache::for_block_size(kernel_entry &k, uint32_t threads) {
  if (threads <= k.max_threads)
    return k;
  std::lock_guard lock(mutex_);
  auto [slot, inserted] = sized_.try_emplace({&k, threads}, nullptr);
  if (!inserted)
    return *slot->second;
  const driver_api &a = ctx_->api();
  ctx_->make_current();
  std::string failures;
  for (const usycl_device_image *img :
       rank_images(usable(image_registry::instance().images_with_kernel(k.name.c_str())), arch_)) {
    if (img->format != USYCL_IMAGE_PTX)
      continue;
    std::string ptx(reinterpret_cast<const char *>(img->begin),
                    reinterpret_cast<const char *>(img->end));
    while (!ptx.empty() && ptx.back() == '\0')
      ptx.pop_back();
    std::string log;
    CUmodule module = nullptr;
    CUresult r = jit_load(ptx.c_str(), threads, module, log);
    USYCL_TRACE_IF(basic, "module", "%s %s on %s for blocks of %u threads",
                   r == CUDA_SUCCESS ? "loaded" : "cannot load", describe_image(*img).c_str(),
                   device_name_.c_str(), threads);
    CUfunction fn = nullptr;
    if (r == CUDA_SUCCESS) {
      adopt_extra_module(module);
      r = a.module_get_function(&fn, module, k.name.c_str());
    }
    if (r == CUDA_SUCCESS) {
      entries_.push_back(make_entry(fn, module, k.name.c_str(), *img));
      if (entries_.back()->max_threads >= threads) {
        slot->second = entries_.back().get();
        return *slot->second;
      }
      failures += "\n  " + describe_image(*img) + ": still only " +
                  std::to_string(entries_.back()->max_threads) + " threads per block";
      continue;
    }
    failures += "\n  " + describe_image(*img) + ": " + driver::get().describe(r);
    if (!log.empty())
      failures += "\n    JIT log: " + log;
  }
  USYCL_TRACE_IF(basic, "module", "kernel %s: no build for blocks of %u threads%s", k.pretty.c_str(),
                 threads, failures.c_str());
  slot->second = &k; // the launch reports the limit
  return k;
}

void kernel_cache::throw_not_found(
    const char *name, const std::vector<const usycl_device_image *> &holding) {
  std::string msg = "CUDA backend: kernel " + trace::kernel_name(name) +
                    " (" + name + ") ";
  std::string arch = "sm_" + std::to_string(arch_.sm);
  if (holding.empty()) {
    msg += "is not in any registered device image";
    std::string cuda_images;
    size_t others = 0;
    image_registry::instance().for_each([&](const usycl_device_image &img) {
      if (img.format == USYCL_IMAGE_PTX || img.format == USYCL_IMAGE_CUBIN) {
        if (!cuda_images.empty())
          cuda_images += ", ";
        cuda_images += describe_image(img);
      } else {
        ++others;
      }
    });
    msg += cuda_images.empty()
               ? "; the program has no CUDA images"
               : "; the program's CUDA images are: " + cuda_images;
    if (others)
      msg += " (and " + std::to_string(others) + " non-CUDA image(s))";
  } else {
    msg += "has no image device " + device_name_ + " (" + arch +
           ") can load; it is in: ";
    for (size_t i = 0; i < holding.size(); ++i)
      msg += (i ? ", " : "") + describe_image(*holding[i]);
  }
  msg += "; build with -fsycl-targets=nvidia_gpu_" + arch;
  throw sycl::exception(sycl::make_error_code(sycl::errc::kernel), msg);
}

void kernel_cache::allow_dynamic_smem(kernel_entry &k, size_t bytes) {
  std::lock_guard lock(k.attribute_mutex);
  if (bytes <= k.dynamic_smem_limit.load(std::memory_order_relaxed))
    return;
  if (bytes + k.static_smem > smem_optin_)
    throw sycl::exception(
        sycl::make_error_code(sycl::errc::memory_allocation),
        "CUDA backend: kernel " + k.pretty + " needs " +
            std::to_string(bytes + k.static_smem) +
            " bytes of work-group local memory (" + std::to_string(bytes) +
            " dynamic + " + std::to_string(k.static_smem) +
            " static); device " + device_name_ + " allows " +
            std::to_string(smem_optin_));
  ctx_->make_current();
  check(ctx_->api().func_set_attribute(
            k.fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
            static_cast<int>(bytes)),
        sycl::errc::memory_allocation,
        "CUDA backend: cannot allow " + std::to_string(bytes) +
            " bytes of dynamic local memory for kernel " + k.pretty);
  k.dynamic_smem_limit.store(static_cast<uint32_t>(bytes),
                             std::memory_order_relaxed);
}

void *kernel_cache::module_global(const char *kernel, const char *symbol,
                                  size_t *bytes) {
  return module_global(get(kernel), symbol, bytes);
}

void *kernel_cache::module_global(kernel_entry &k, const char *symbol, size_t *bytes) {
  if (!k.module)
    return nullptr;
  ctx_->make_current();
  CUdeviceptr ptr = 0;
  size_t size = 0;
  if (ctx_->api().module_get_global(&ptr, &size, k.module, symbol) != CUDA_SUCCESS)
    return nullptr;
  if (bytes)
    *bytes = size;
  return reinterpret_cast<void *>(static_cast<uintptr_t>(ptr));
}

} // namespace usycl::rt::cuda
