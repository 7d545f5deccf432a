#include "scheduler.hpp"

#include "kernel_bundle_impl.hpp"

#include "buffer_impl.hpp"
#include "check_mode.hpp"
#include "host_workers.hpp"
#include "kernel_specializations.hpp"
#include "program_manager.hpp"
#include "trace.hpp"
#include "usm_registry.hpp"

#include <sycl/handler.hpp>
#include <sycl/interop_handle.hpp>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>

namespace sycl {
inline namespace _V1 {
namespace detail {
namespace {

std::string dims_text(const uint64_t *v, uint32_t dims) {
  std::string s = "{";
  for (uint32_t d = 0; d < dims; ++d) s += (d ? ", " : "") + std::to_string(v[d]);
  return s + "}";
}

// The number of work-items a launch names, or nullopt when it does not fit
// 64 bits (range<3>(1 << 22, 1 << 22, 1 << 22) is 2^66 work-items: the
// product wraps to 0 and the launch would silently run nothing).
std::optional<uint64_t> launch_size(const kernel_launch &l) {
  uint64_t total = 1;
  // Dimensions past `dims` are 1 by convention; not relied upon.
  for (uint32_t d = 0; d < std::clamp(l.dims, 1u, 3u); ++d)
    if (__builtin_mul_overflow(total, l.global[d], &total)) return std::nullopt;
  // A hierarchical launch counts work-groups in global[]; each holds
  // hierarchical_group_items work-items.
  if (l.hierarchical_group_items &&
      __builtin_mul_overflow(total, l.hierarchical_group_items, &total))
    return std::nullopt;
  return total;
}

void validate_kernel(const command_group &cg, device_impl &dev) {
  const kernel_launch &l = cg.launch;
  const auto &info = dev.info();
  const char *what = l.nd_range ? "nd_range" : l.hierarchical_group_items ? "parallel_for_work_group"
                                                                          : "range";
  if (!launch_size(l))
    throw_error(l.nd_range ? errc::nd_range : errc::invalid,
                std::string(what) + ": the global range " + dims_text(l.global, l.dims) +
                    (l.hierarchical_group_items
                         ? " work-groups of " + std::to_string(l.hierarchical_group_items) +
                               " work-items"
                         : std::string()) +
                    " has more work-items than fit in 64 bits; split the work into several "
                    "launches");
  if (!l.nd_range) return;
  uint64_t group_size = 1;
  for (uint32_t d = 0; d < l.dims; ++d) {
    // Checked before divisibility: 0 divides nothing, and "0 is not
    // divisible by 0" would hide the real mistake.
    if (l.local[d] == 0)
      throw_error(errc::nd_range, "nd_range: the local range " + dims_text(l.local, l.dims) +
                                      " is 0 in dimension " + std::to_string(d) +
                                      "; a work-group has at least 1 work-item in every "
                                      "dimension");
    if (l.global[d] % l.local[d] != 0)
      throw_error(errc::nd_range,
                  "nd_range: global range " + dims_text(l.global, l.dims) +
                      " is not divisible by local range " + dims_text(l.local, l.dims) +
                      " in dimension " + std::to_string(d) + "; round the global range up to a "
                      "multiple of the work-group size");
    if (l.local[d] > info.max_work_item_sizes[3 - l.dims + d] &&
        info.max_work_item_sizes[3 - l.dims + d] != 0)
      throw_error(errc::nd_range, "nd_range: local size " + std::to_string(l.local[d]) +
                                      " in dimension " + std::to_string(d) + " exceeds " +
                                      info.name + "'s limit of " +
                                      std::to_string(info.max_work_item_sizes[3 - l.dims + d]));
    group_size *= l.local[d];
  }
  if (group_size > info.max_work_group_size)
    throw_error(errc::nd_range, "nd_range: work-group size " + std::to_string(group_size) + " " +
                                    dims_text(l.local, l.dims) + " exceeds " + info.name +
                                    "'s max_work_group_size of " +
                                    std::to_string(info.max_work_group_size));
}

const char *usm_kind_name(usycl::rt::usm_kind kind) {
  switch (kind) {
  case usycl::rt::usm_kind::device: return "malloc_device";
  case usycl::rt::usm_kind::host: return "malloc_host";
  case usycl::rt::usm_kind::shared: return "malloc_shared";
  }
  return "USM";
}

std::string pointer_text(const void *p) {
  char text[32];
  std::snprintf(text, sizeof text, "%p", p);
  return text;
}

// "pointer 0x... (N bytes) points into USM memory released by sycl::free
// (a M-byte malloc_device allocation at 0x...)": errc::invalid's text for a
// use after free (USYCL_CHECK=1).
[[noreturn]] void throw_use_after_free(const std::string &what, const void *ptr, size_t bytes,
                                       const usycl::rt::usm_allocation &freed) {
  throw_error(errc::invalid,
              what + ": pointer " + pointer_text(ptr) +
                  (bytes ? " (" + std::to_string(bytes) + " bytes)" : std::string()) +
                  " points into USM memory released by sycl::free (a " +
                  std::to_string(freed.bytes) + "-byte " + usm_kind_name(freed.kind) +
                  " allocation at " + pointer_text(freed.base) +
                  "): use after free; allocate it again or free it later");
}

// The USM memory of a copy, fill, prefetch or mem_advise: [ptr, ptr+bytes).
// Always checked (one registry lookup, no measurable cost): a null pointer
// with bytes, another context's USM memory, a range running past the end
// of its USM allocation. With USYCL_CHECK=1 also memory freed by
// sycl::free (exact only because freed memory is then quarantined:
// usm_registry.hpp). Pointers USM does not know are host memory, legal for
// copies (a wild pointer cannot be told from host memory).
void check_usm_pointer(const void *ptr, size_t bytes, const queue_impl &q, const char *what) {
  if (!ptr) {
    if (bytes)
      throw_error(errc::invalid, std::string(what) + ": null pointer for " +
                                     std::to_string(bytes) + " bytes");
    return;
  }
  auto &registry = usycl::rt::usm_registry::get();
  const bool checking = usycl::rt::check_enabled();
  usycl::rt::usm_lookup found;
  if (checking)
    found = registry.lookup(ptr);
  else
    found.live = registry.find(ptr);
  if (found.freed) throw_use_after_free(what, ptr, bytes, *found.freed);
  if (!found.live) return; // ordinary host memory: allowed for copies
  const usycl::rt::usm_allocation &a = *found.live;
  if (a.context != q.context().get())
    throw_error(errc::invalid, std::string(what) +
                                   ": USM pointer was allocated in another context than the "
                                   "queue's; allocate it with this queue's context");
  const size_t room = a.bytes - size_t(static_cast<const char *>(ptr) -
                                       static_cast<const char *>(a.base));
  if (bytes > room)
    throw_error(errc::invalid, std::string(what) + ": pointer " + pointer_text(ptr) + " (" +
                                   std::to_string(bytes) + " bytes) runs " +
                                   std::to_string(bytes - room) +
                                   " bytes past the end of its " + std::to_string(a.bytes) +
                                   "-byte " + usm_kind_name(a.kind) + " allocation at " +
                                   pointer_text(a.base));
}

// Staged reductions. A reduction into shared or host USM on a GPU: the
// kernel's per-group atomics would fault the result's page over to the GPU
// (and the host's read back), about 1 ms per call on an H200 where the
// kernel needs 135 us. Instead the kernel reduces into device memory of its
// queue (backend_queue::staging_memory), filled with the identity or a copy
// of the result, and the result is copied back after it, all on the queue:
// DMA to wherever the page lives, no fault. Measured (H200, BabelStream's dot
// into malloc_shared, 2^25 doubles, .devrun experiment in CUDA): per call
// min / median 190-223 / 1223-1305 us in place, 132-135 / 134-139 us staged.
struct staged_result {
  char *user;
  char *temp;
  size_t bytes;
  usycl::rt::usm_allocation allocation; // the one holding `user`
};
struct staged_results {
  std::unique_lock<std::mutex> lock; // the queue's staging memory, held to copy_out
  std::vector<staged_result> results;

  // The temporary standing in for `user`, or null.
  char *temp_of(const char *user) const {
    for (const staged_result &r : results)
      if (user >= r.user && user < r.user + r.bytes) return r.temp + (user - r.user);
    return nullptr;
  }
  // After the kernel: each result back, adjacent ones in one copy.
  void copy_out(usycl::rt::backend_queue &bq) const {
    for (size_t i = 0; i < results.size();) {
      const staged_result &first = results[i];
      size_t bytes = first.bytes, next = i + 1;
      while (next < results.size() && results[next].user == first.user + bytes &&
             results[next].temp == first.temp + bytes)
        bytes += results[next++].bytes;
      bq.copy_reduction_result(first.user, first.temp, bytes, first.allocation.kind,
                               first.allocation.base, first.allocation.bytes);
      i = next;
    }
  }
};

staged_results stage_usm_reductions(const command_group &cg, usycl::rt::backend_queue &bq,
                                    device_impl &dev) {
  staged_results staged;
  if (cg.usm_reduction_targets.empty() || dev.uses_host_memory()) return staged;
  auto &registry = usycl::rt::usm_registry::get();
  char *object = static_cast<char *>(cg.kernel_object->data());
  char *base = nullptr;
  size_t used = 0;
  for (const usm_reduction_target &t : cg.usm_reduction_targets) {
    char *user;
    std::memcpy(&user, object + t.pointer_offset, sizeof user);
    if (!user || !t.bytes) continue;
    const auto a = registry.find(user);
    if (!a || a->kind == usycl::rt::usm_kind::device) continue;
    if (size_t(user - static_cast<const char *>(a->base)) + t.bytes > a->bytes) continue;
    const size_t offset = (used + t.alignment - 1) / t.alignment * t.alignment;
    if (offset + t.bytes > usycl::rt::backend_queue::staging_bytes) continue;
    if (!base) {
      staged.lock = std::unique_lock(bq.staging_mutex());
      base = static_cast<char *>(bq.staging_memory());
      if (!base) return {};
    }
    char *temp = base + offset;
    used = offset + t.bytes;
    staged.results.push_back({user, temp, t.bytes, *a});
    std::memcpy(object + t.pointer_offset, &temp, sizeof temp);
    USYCL_TRACE_IF(basic, "reduction", "%u-byte result at %p (%s) staged in device memory %p on %s",
                   t.bytes, static_cast<void *>(user), usm_kind_name(a->kind),
                   static_cast<void *>(temp), dev.info().name.c_str());
    // Without initialize_to_identity the kernel combines into the result's
    // value; with it, its identity fill (fills_before_kernel) goes here.
    if (!t.initialize_to_identity) bq.memcpy(temp, user, t.bytes);
  }
  return staged;
}

// The largest run of adjacent fills run_fills_before_kernel merges.
constexpr size_t merged_fill_limit = 64;

// Whether two addresses lie in one allocation: one buffer's (the same
// requirement), or one USM allocation's.
bool same_allocation(const fill_before_kernel &a, const char *a_dst, const fill_before_kernel &b,
                     const char *b_dst) {
  if (a.requirement != UINT32_MAX || b.requirement != UINT32_MAX)
    return a.requirement == b.requirement;
  auto &registry = usycl::rt::usm_registry::get();
  const auto first = registry.find(a_dst), second = registry.find(b_dst);
  return first && second && first->base == second->base;
}

// The fills a command runs on its queue right before its kernel (reductions'
// initialize_to_identity), in order. Small fills of adjacent bytes of one
// allocation -- several reductions' identities side by side: a sum, a
// minimum and a maximum into res[0..2] -- go to the backend as one fill of
// their bytes (one copy from the host on CUDA, not three memsets:
// backends/cuda/cuda_fill.hpp).
void run_fills_before_kernel(const command_group &cg, const std::vector<void *> &addresses,
                             usycl::rt::backend_queue &bq, device_impl &dev,
                             const staged_results &staged) {
  const auto &fills = cg.fills_before_kernel;
  // Where a fill writes: its result's temporary if that is staged.
  auto dst_of = [&](const fill_before_kernel &f) {
    if (f.requirement != UINT32_MAX)
      return static_cast<char *>(addresses[f.requirement]) + f.offset_bytes;
    char *temp = staged.temp_of(static_cast<const char *>(f.dst));
    return temp ? temp : static_cast<char *>(f.dst);
  };
  std::vector<unsigned char> merged;
  for (size_t i = 0; i < fills.size();) {
    const fill_before_kernel &f = fills[i];
    char *dst = dst_of(f);
    size_t bytes = f.count * f.pattern.size();
    USYCL_TRACE_IF(basic, "fill", "%zu bytes at %p (%zu-byte pattern) on %s, before the kernel",
                   bytes, static_cast<void *>(dst), f.pattern.size(), dev.info().name.c_str());
    size_t next = i + 1;
    merged.clear();
    while (next < fills.size() && bytes <= merged_fill_limit) {
      const fill_before_kernel &g = fills[next];
      const size_t more = g.count * g.pattern.size();
      char *at = dst_of(g);
      const bool staged_pair = staged.temp_of(static_cast<const char *>(f.dst)) == dst &&
                               staged.temp_of(static_cast<const char *>(g.dst)) == at;
      if (!more || at != dst + bytes || bytes + more > merged_fill_limit ||
          !(staged_pair || same_allocation(f, dst, g, at)))
        break;
      if (merged.empty())
        for (size_t k = 0; k < f.count; ++k)
          merged.insert(merged.end(), f.pattern.begin(), f.pattern.end());
      for (size_t k = 0; k < g.count; ++k)
        merged.insert(merged.end(), g.pattern.begin(), g.pattern.end());
      USYCL_TRACE_IF(basic, "fill", "%zu bytes at %p (%zu-byte pattern) on %s, before the kernel, "
                     "merged with the fill before it",
                     more, static_cast<void *>(at), g.pattern.size(), dev.info().name.c_str());
      bytes += more;
      ++next;
    }
    if (!merged.empty())
      bq.fill(dst, merged.data(), merged.size(), 1);
    else if (f.count)
      bq.fill(dst, f.pattern.data(), f.pattern.size(), f.count);
    i = next;
  }
}

// Lays out local_accessors after the group scratch and writes their offsets.
void place_local_memory(command_group &cg) {
  size_t offset = group_scratch_bytes;
  char *object = static_cast<char *>(cg.kernel_object->data());
  for (const local_slot &slot : cg.local_slots) {
    // Device code relies on local_accessor_alignment (local_memory_at).
    size_t align = std::max<size_t>(slot.alignment, local_accessor_alignment);
    offset = (offset + align - 1) / align * align;
    std::memcpy(object + slot.offset, &offset, sizeof(size_t));
    offset += slot.bytes;
  }
  cg.launch.local_mem_bytes = cg.launch.nd_range ? offset : 0;
}

// Image accessors of a kernel (sycl/detail/image_desc.hpp): before the
// launch (`before`) the backend's hardware image handles go into each
// image_desc (its `data` is already patched); after it, the backend makes
// the storage hold what the kernel wrote through them.
void bind_images(command_group &cg, usycl::rt::backend_queue &bq, bool before) {
  char *object = static_cast<char *>(cg.kernel_object->data());
  for (const image_slot &slot : cg.image_slots) {
    const auto binding = static_cast<image_binding>(slot.binding);
    if (binding == image_binding::software) continue;
    image_desc desc;
    std::memcpy(static_cast<void *>(&desc), object + slot.offset, sizeof desc);
    const access_mode mode = cg.requirements[slot.requirement].mode;
    if (before) {
      auto handles = bq.bind_image(desc, binding);
      desc.texture = handles.texture;
      desc.surface = handles.surface;
      std::memcpy(object + slot.offset, static_cast<const void *>(&desc), sizeof desc);
    } else if (desc.texture || desc.surface) {
      bq.unbind_image(desc, binding, mode_writes(mode));
    }
  }
}

// Per buffer the strongest access any accessor of the command asks for.
struct merged_access {
  buffer_impl *buffer;
  access_mode mode;
  bool no_init;
};
std::vector<merged_access> merge_requirements(const command_group &cg) {
  std::vector<merged_access> merged;
  for (const auto &r : cg.requirements) {
    auto it = std::find_if(merged.begin(), merged.end(),
                           [&](auto &m) { return m.buffer == r.buffer.get(); });
    if (it == merged.end()) {
      merged.push_back({r.buffer.get(), r.mode, r.no_init});
    } else {
      bool reads = mode_reads(it->mode) || mode_reads(r.mode);
      bool writes = mode_writes(it->mode) || mode_writes(r.mode);
      it->mode = writes ? (reads ? access_mode::read_write : access_mode::write) : access_mode::read;
      it->no_init = it->no_init && r.no_init;
    }
  }
  return merged;
}

void run_region_copy(usycl::rt::backend_queue &bq, char *dst, const buffer_region &dr,
                     const char *src, const buffer_region &sr) {
  // Rows of the destination region are filled from the source region in
  // order; both regions hold the same number of bytes.
  size_t total = dr.row_bytes * dr.rows * dr.slices;
  size_t src_row = 0, src_slice = 0, src_in_row = 0;
  size_t done = 0;
  for (size_t s = 0; s < dr.slices; ++s)
    for (size_t r = 0; r < dr.rows; ++r) {
      size_t left = dr.row_bytes;
      size_t dst_off = dr.offset_bytes + s * dr.slice_pitch + r * dr.row_pitch;
      while (left && done < total) {
        size_t src_off = sr.offset_bytes + src_slice * sr.slice_pitch + src_row * sr.row_pitch + src_in_row;
        size_t n = std::min(left, sr.row_bytes - src_in_row);
        bq.memcpy(dst + dst_off, src + src_off, n);
        dst_off += n;
        left -= n;
        done += n;
        src_in_row += n;
        if (src_in_row == sr.row_bytes) {
          src_in_row = 0;
          if (++src_row == sr.rows) {
            src_row = 0;
            ++src_slice;
          }
        }
      }
    }
}

buffer_region whole(size_t bytes) {
  buffer_region r;
  r.row_bytes = bytes;
  r.row_pitch = bytes;
  return r;
}

bool region_is_whole(const buffer_region &r, size_t bytes) {
  return r.offset_bytes == 0 && r.row_bytes * r.rows * r.slices == bytes;
}

// queue::memcpy. Between device allocations of two devices of the queue's
// context the backend copies device to device where it can (CUDA: peer
// access, cuMemcpyPeerAsync); otherwise, as every other copy, `memcpy`
// (for two GPUs without peer access the driver stages it through the host).
// Only a context of several devices has such pairs: others skip the lookups.
void copy_usm(queue_impl &q, const command_group &cg, usycl::rt::backend_queue &bq) {
  device_impl &dev = q.device();
  if (cg.bytes && q.context()->devices().size() > 1) {
    auto &registry = usycl::rt::usm_registry::get();
    auto src = registry.find(cg.copy_src);
    std::optional<usycl::rt::usm_allocation> dst;
    if (src && src->kind == usycl::rt::usm_kind::device) dst = registry.find(cg.copy_dst);
    if (dst && dst->kind == usycl::rt::usm_kind::device && dst->device != src->device) {
      const bool peer = bq.copy_between_devices(cg.copy_dst, dst->device->backend_device(),
                                                cg.copy_src, src->device->backend_device(),
                                                cg.bytes);
      if (usycl::rt::trace::enabled(usycl::rt::trace::level::basic))
        usycl::rt::trace::writef(
            "memcpy", "%zu bytes %p -> %p on %s: device to device (%s -> %s), %s", cg.bytes,
            cg.copy_src, cg.copy_dst, dev.info().name.c_str(), src->device->trace_label().c_str(),
            dst->device->trace_label().c_str(), peer ? "peer-to-peer" : "through the host");
      if (!peer) bq.memcpy(cg.copy_dst, cg.copy_src, cg.bytes);
      return;
    }
  }
  USYCL_TRACE_IF(basic, "memcpy", "%zu bytes %p -> %p on %s", cg.bytes, cg.copy_src, cg.copy_dst,
                 dev.info().name.c_str());
  if (cg.bytes) bq.memcpy(cg.copy_dst, cg.copy_src, cg.bytes);
}

// Puts the command on `bq`; every dependency is complete or ordered before it.
void enqueue(queue_impl &q, command_group &cg, event_impl &ev, usycl::rt::backend_queue &bq) {
  // Before prepare() moves buffer data to the device: a lost device must not
  // become the only holder of a buffer's contents.
  bq.check_usable();
  device_impl &dev = q.device();
  std::shared_ptr<usycl::rt::backend_event> start;
  if (q.profiling()) start = bq.record(true);

  auto merged = merge_requirements(cg);
  auto address_of = [&](buffer_impl *b) -> void * {
    for (auto &m : merged)
      if (m.buffer == b) return b->prepare(dev, bq, m.mode, m.no_init);
    return nullptr;
  };

  switch (cg.kind) {
  case command_kind::kernel: {
    std::vector<void *> addresses(cg.requirements.size(), nullptr);
    for (size_t i = 0; i < merged.size(); ++i) {
      void *p = merged[i].buffer->prepare(dev, bq, merged[i].mode, merged[i].no_init);
      for (size_t r = 0; r < cg.requirements.size(); ++r)
        if (cg.requirements[r].buffer.get() == merged[i].buffer) addresses[r] = p;
    }
    const staged_results staged = stage_usm_reductions(cg, bq, dev);
    run_fills_before_kernel(cg, addresses, bq, dev, staged);
    char *object = static_cast<char *>(cg.kernel_object->data());
    for (const accessor_slot &slot : cg.accessor_slots)
      std::memcpy(object + slot.offset, &addresses[slot.requirement], sizeof(void *));
    bind_images(cg, bq, true);
    place_local_memory(cg);
    // Host->device specialisation (kernel_specializations.hpp): with the
    // kernel object final (accessor addresses, image handles, local memory
    // offsets) and the requirements checked at submit for the generic
    // kernel, the compiler's clone for these captured values, if any. One
    // atomic load when nothing is registered.
    const char *generic_name = cg.launch.name;
    const char *clone = apply_kernel_specialization(cg.launch, dev);
    // An empty range runs no work-item (SYCL 2020 §4.9.4.2), on every
    // backend: no launch at all (a CUDA grid of 0 blocks is an error, the
    // CPU backend would split 0 work-groups into 0 chunks). Fills, staged
    // results and after-kernel work stay: a reduction over nothing still
    // leaves its identity or its initial value.
    const bool empty = launch_size(cg.launch).value_or(0) == 0;
    if (usycl::rt::trace::enabled(usycl::rt::trace::level::basic)) {
      if (empty)
        usycl::rt::trace::writef("launch", "%s: empty range on %s, nothing launched",
                                 generic_name, dev.info().name.c_str());
      else
        usycl::rt::trace::launch(cg.launch, dev.info().name, clone, generic_name);
    }
    if (!empty) bq.launch(cg.launch);
    staged.copy_out(bq);
    bind_images(cg, bq, false);
    // In queue order after the kernel, before the event is recorded, so a
    // wait on the kernel also waits for these (sycl::stream output).
    for (std::function<void()> &work : cg.after_kernel) {
      auto owned = std::make_unique<std::function<void()>>(std::move(work));
      bq.host_callback(
          [](void *p) {
            std::unique_ptr<std::function<void()>> fn(static_cast<std::function<void()> *>(p));
            (*fn)();
          },
          owned.get());
      owned.release();
    }
    cg.after_kernel.clear();
    break;
  }
  case command_kind::usm_copy:
    copy_usm(q, cg, bq);
    break;
  case command_kind::usm_fill:
    USYCL_TRACE_IF(basic, "fill", "%zu bytes at %p (%zu-byte pattern) on %s", cg.bytes,
                   cg.copy_dst, cg.pattern.size(), dev.info().name.c_str());
    if (cg.bytes)
      bq.fill(cg.copy_dst, cg.pattern.data(), cg.pattern.size(), cg.bytes / cg.pattern.size());
    break;
  case command_kind::usm_prefetch:
    USYCL_TRACE_IF(basic, "prefetch", "%zu bytes at %p to %s", cg.bytes, cg.copy_src,
                   dev.info().name.c_str());
    bq.prefetch(cg.copy_src, cg.bytes);
    break;
  case command_kind::buffer_to_ptr: {
    buffer_impl *b = cg.requirements[0].buffer.get();
    if (!cg.copy_dst) { // update_host
      b->prepare_host(access_mode::read, false);
      break;
    }
    char *src = static_cast<char *>(address_of(b));
    USYCL_TRACE_IF(basic, "copy", "%zu bytes buffer -> host pointer %p on %s", cg.bytes,
                   cg.copy_dst, dev.info().name.c_str());
    run_region_copy(bq, static_cast<char *>(cg.copy_dst), whole(cg.bytes), src, cg.region_src);
    break;
  }
  case command_kind::ptr_to_buffer: {
    buffer_impl *b = cg.requirements[0].buffer.get();
    char *dst = static_cast<char *>(address_of(b));
    USYCL_TRACE_IF(basic, "copy", "%zu bytes host pointer %p -> buffer on %s", cg.bytes,
                   cg.copy_src, dev.info().name.c_str());
    run_region_copy(bq, dst, cg.region_dst, static_cast<const char *>(cg.copy_src), whole(cg.bytes));
    break;
  }
  case command_kind::buffer_to_buffer: {
    char *src = static_cast<char *>(address_of(cg.requirements[0].buffer.get()));
    char *dst = static_cast<char *>(address_of(cg.requirements[1].buffer.get()));
    USYCL_TRACE_IF(basic, "copy", "%zu bytes buffer -> buffer on %s", cg.bytes,
                   dev.info().name.c_str());
    run_region_copy(bq, dst, cg.region_dst, src, cg.region_src);
    break;
  }
  case command_kind::buffer_fill: {
    char *dst = static_cast<char *>(address_of(cg.requirements[0].buffer.get()));
    const buffer_region &r = cg.region_dst;
    USYCL_TRACE_IF(basic, "fill", "%zu bytes of a buffer (%zu-byte pattern) on %s",
                   r.row_bytes * r.rows * r.slices, cg.pattern.size(), dev.info().name.c_str());
    for (size_t s = 0; s < r.slices; ++s)
      for (size_t row = 0; row < r.rows; ++row)
        bq.fill(dst + r.offset_bytes + s * r.slice_pitch + row * r.row_pitch, cg.pattern.data(),
                cg.pattern.size(), r.row_bytes / cg.pattern.size());
    break;
  }
  case command_kind::none:
  case command_kind::usm_advise: // a hint no backend acts on
  case command_kind::barrier:
  case command_kind::queue_barrier:
  case command_kind::events_barrier:
  case command_kind::host_task:
    break;
  }

  // Events are recorded lazily on in-order queues (the stream order is the
  // dependency); out-of-order queues and profiling need one per command.
  std::shared_ptr<usycl::rt::backend_event> end;
  if (q.profiling() || !q.in_order()) end = bq.record(q.profiling());
  ev.profiled = q.profiling();
  ev.set_enqueued(&bq, std::move(end), std::move(start));
}

void run_host_task(queue_impl &q, command_group &cg, event_impl &ev) {
  auto merged = merge_requirements(cg);
  std::vector<void *> addresses(cg.requirements.size(), nullptr);
  for (auto &m : merged) {
    void *p = m.buffer->prepare_host(m.mode, m.no_init);
    for (size_t r = 0; r < cg.requirements.size(); ++r)
      if (cg.requirements[r].buffer.get() == m.buffer) addresses[r] = p;
  }
  // Point the task's captured accessors at the buffers' host memory.
  if (cg.kernel_object) {
    char *object = static_cast<char *>(cg.kernel_object->data());
    for (const accessor_slot &slot : cg.accessor_slots)
      std::memcpy(object + slot.offset, &addresses[slot.requirement], sizeof(void *));
  }
  ev.host_start_ns = now_ns();
  ev.set_enqueued(nullptr, nullptr, nullptr);
  try {
    if (cg.host_interop_fn)
      cg.host_interop_fn(interop_handle(q.device_ptr()->platform_ref().id()));
    else if (cg.host_fn)
      cg.host_fn();
  } catch (...) {
    ev.set_error(std::current_exception());
  }
  ev.host_end_ns = now_ns();
  ev.set_complete();
}

// A dependency the backend queue can order by itself, without a host wait.
bool backend_can_wait(event_impl &dep, usycl::rt::backend_queue &bq, queue_impl &q) {
  auto s = dep.get_state();
  if (s == event_impl::state::complete) return true;
  if (s == event_impl::state::pending) return false;
  if (dep.bq() == &bq) return true; // same stream: order is implicit
  if (!dep.bq() || !dep.queue() || &dep.queue()->device().backend_device() != &q.device().backend_device())
    return false;
  auto be = dep.backend_event();
  return be && bq.wait_for(*be);
}

// A command that could not go to its backend queue at submission: it waits
// for its dependencies on a host worker, then runs (host task) or enqueues.
struct pending_command {
  std::shared_ptr<queue_impl> queue;
  std::shared_ptr<event_impl> event;
  std::vector<std::shared_ptr<event_impl>> deps;
  command_group group;
  usycl::rt::backend_queue *bq = nullptr;
  bool host_side = false;
  size_t next_dep = 0; // deps before this one are satisfied
};

void resume(const std::shared_ptr<pending_command> &pc) {
  for (; pc->next_dep < pc->deps.size(); ++pc->next_dep) {
    event_impl &d = *pc->deps[pc->next_dep];
    // A dependency that is itself still waiting: park on it rather than
    // block this thread. Otherwise a chain of such commands (every command
    // on a busy shared buffer) holds one host thread per link.
    if (d.get_state() == event_impl::state::pending &&
        d.on_enqueued([pc] { resume(pc); }))
      return;
    if (pc->host_side) {
      d.wait();
      continue;
    }
    // Enqueued now, so bq() is stable; on our own stream the order is all
    // we need, elsewhere wait for it to finish.
    if (d.bq() != pc->bq) d.wait();
  }
  if (pc->host_side) {
    run_host_task(*pc->queue, pc->group, *pc->event);
    return;
  }
  try {
    enqueue(*pc->queue, pc->group, *pc->event, *pc->bq);
  } catch (...) {
    pc->event->set_error(std::current_exception());
    pc->event->set_enqueued(nullptr, nullptr, nullptr);
    pc->event->set_complete();
  }
}

} // namespace

std::shared_ptr<event_impl> submit(queue_impl &q, command_group &&cg) {
  auto ev = std::make_shared<event_impl>(q.shared_from_this());
  ev->submit_ns = q.profiling() ? now_ns() : 0;
  if (cg.kind == command_kind::kernel) {
    // Optional kernel features (seed 002): synchronous, before any image is
    // touched; a cached verdict after the kernel's first submission.
    check_kernel_requirements(cg.launch, q.device());
    validate_kernel(cg, q.device());
    // Local memory exists per work-group: only nd_range (and hierarchical)
    // kernels have work-groups (SYCL 2020 §4.7.6.11).
    if (!cg.launch.nd_range && !cg.local_slots.empty())
      throw_error(errc::kernel_argument,
                  "a local_accessor was captured by a kernel that is not an nd_range kernel; "
                  "use parallel_for(nd_range, ...) to launch kernels with local memory");
    // Kernel bundle and specialization constants (api_kernel.cpp).
    if (cg.bundle || cg.spec_constant_slot != UINT32_MAX) prepare_kernel_launch(cg, q.device_ptr());
  }
  if (cg.kind == command_kind::usm_copy) {
    check_usm_pointer(cg.copy_dst, cg.bytes, q, "memcpy destination");
    check_usm_pointer(cg.copy_src, cg.bytes, q, "memcpy source");
  } else if (cg.kind == command_kind::usm_fill) {
    check_usm_pointer(cg.copy_dst, cg.bytes, q, "fill/memset destination");
  } else if (cg.kind == command_kind::usm_prefetch) {
    check_usm_pointer(cg.copy_src, cg.bytes, q, "prefetch");
  } else if (cg.kind == command_kind::usm_advise) {
    check_usm_pointer(cg.copy_src, cg.bytes, q, "mem_advise");
  }
  // Kernels are not checked: their one argument is the function object,
  // opaque bytes to the runtime. Reading its pointer-sized words gave false
  // reports (uninitialised padding between captures keeps stale pointers:
  // docs/runtime.md, "Checking mode").

  std::unique_lock lock(q.submit_mutex);
  auto deps = std::move(cg.dependencies);
  if (q.in_order() && q.last_event && q.last_event->get_state() != event_impl::state::complete)
    deps.push_back(q.last_event);
  // Enqueued barriers: one waits for the queue's earlier commands (every
  // tracked one; an in-order queue's last command stands for those before
  // it), and later commands wait for the last barrier.
  if (cg.kind == command_kind::queue_barrier && !q.in_order()) {
    auto earlier = q.incomplete_commands();
    deps.insert(deps.end(), earlier.begin(), earlier.end());
  }
  if (q.last_barrier && q.last_barrier->get_state() != event_impl::state::complete)
    deps.push_back(q.last_barrier);
  if (cg.kind == command_kind::queue_barrier || cg.kind == command_kind::events_barrier)
    q.last_barrier = ev;
  // Once per buffer (merged modes): a command with two accessors to one
  // buffer (an accessor plus handler::copy, or a read and a write accessor)
  // must not find itself among the buffer's previous users.
  for (const auto &m : merge_requirements(cg)) {
    auto more = m.buffer->add_access(ev, m.mode);
    deps.insert(deps.end(), more.begin(), more.end());
  }
  if (q.in_order()) q.last_event = ev;
  ev->set_wait_list(deps); // event::get_wait_list

  bool host_side = cg.kind == command_kind::host_task;
  usycl::rt::backend_queue &bq = q.next_backend_queue();
  bool ready = !host_side;
  if (ready)
    for (auto &d : deps)
      if (!backend_can_wait(*d, bq, q)) {
        ready = false;
        break;
      }

  if (ready) {
    try {
      enqueue(q, cg, *ev, bq);
    } catch (...) {
      ev->set_enqueued(nullptr, nullptr, nullptr);
      ev->set_complete();
      throw;
    }
  } else {
    // Wait on a host worker; keeps `deps` and the command alive until done.
    auto pc = std::make_shared<pending_command>();
    pc->queue = q.shared_from_this();
    pc->event = ev;
    pc->deps = std::move(deps);
    pc->group = std::move(cg);
    pc->bq = &bq;
    pc->host_side = host_side;
    usycl::rt::host_workers::get().post([pc] { resume(pc); });
  }
  // Tracked before other submissions may start: a barrier submitted next
  // must find this command among the queue's earlier ones.
  if (!q.in_order() || !ready) q.track(ev);
  lock.unlock();
  return ev;
}

} // namespace detail
} // namespace _V1
} // namespace sycl
