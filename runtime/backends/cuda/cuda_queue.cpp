#include "cuda_queue.hpp"

#include "cuda_assert.hpp"
#include "cuda_fill.hpp"
#include "../../trace.hpp"

#include <algorithm>
#include <cstring>

namespace usycl::rt::cuda {

namespace {
constexpr CUresult CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701;

CUdeviceptr dptr(const void *p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p));
}

std::string geometry_text(const launch_geometry &g) {
  auto v = [](const std::array<uint32_t, 3> &a) {
    return "(" + std::to_string(a[0]) + ", " + std::to_string(a[1]) + ", " +
           std::to_string(a[2]) + ")";
  };
  return "grid " + v(g.grid) + ", block " + v(g.block);
}
} // namespace

struct cuda_queue::callback_record {
  cuda_queue *queue;
  void (*fn)(void *);
  void *arg;
};

cuda_queue::cuda_queue(std::shared_ptr<device_state> dev)
    : dev_(std::move(dev)), ctx_(*dev_->ctx), api_(dev_->ctx->api()) {
  dev_->fault->throw_if_lost(); // a new queue on a lost device: say why
  ctx_.make_current();
  check(api_.stream_create(&stream_, CU_STREAM_NON_BLOCKING),
        sycl::errc::runtime,
        "CUDA backend: cannot create a stream on device " + dev_->info.name);
}

cuda_queue::~cuda_queue() {
  if (!stream_ || driver::exiting())
    return;
  try {
    ctx_.make_current();
  } catch (...) {
    return;
  }
  // Pending host callbacks point at this queue: let them run first.
  api_.stream_synchronize(stream_);
  api_.stream_destroy(stream_);
  if (staging_) api_.mem_free(staging_);
}

void *cuda_queue::staging_memory() {
  if (!staging_) {
    ctx_.make_current();
    CUdeviceptr p = 0;
    if (api_.mem_alloc(&p, staging_bytes) != CUDA_SUCCESS) return nullptr;
    staging_ = p;
  }
  return reinterpret_cast<void *>(staging_);
}

void cuda_queue::fail(CUresult r, const std::string &what) const {
  if (is_sticky_error(r)) {
    const kernel_entry *k = last_kernel_.load(std::memory_order_relaxed);
    throw sycl::exception(sycl::make_error_code(sycl::errc::runtime),
                          dev_->fault->note(r, what, k ? k->pretty : ""));
  }
  throw_error(r == CUDA_ERROR_OUT_OF_MEMORY ? sycl::errc::memory_allocation
                                            : sycl::errc::runtime,
              r, "CUDA backend: " + what + " on device " + dev_->info.name);
}

void cuda_queue::launch(const sycl::detail::kernel_launch &l) {
  dev_->fault->throw_if_lost();
  kernel_entry *kp = &dev_->kernels->get(l.name, l.spec_constants);
  if (l.nd_range && !l.spec_constants) {
    // More work-items per group than the registers of the kernel's code
    // allow: build it for that block size (cuda_kernel_cache.hpp).
    uint64_t threads = 1;
    for (uint32_t d = 0; d < l.dims && d < 3; ++d)
      threads *= l.local[d];
    if (threads > kp->max_threads && threads <= dev_->limits.max_threads_per_block) [[unlikely]]
      kp = &dev_->kernels->for_block_size(*kp, static_cast<uint32_t>(threads));
  }
  kernel_entry &k = *kp;
  if (k.object_size && l.kernel_object_size != k.object_size) [[unlikely]]
    throw sycl::exception(
        sycl::make_error_code(sycl::errc::kernel_argument),
        "CUDA backend: kernel " + k.pretty + " takes a " +
            std::to_string(k.object_size) +
            "-byte kernel object in the device image but the host passed " +
            std::to_string(l.kernel_object_size) +
            " bytes; host and device code disagree on the kernel's captures "
            "(compiled with different flags or headers?)");

  launch_geometry geo =
      l.nd_range ? nd_range_geometry(l, dev_->limits, k.max_threads, k.pretty)
                 : range_geometry(l, k.range_budget, dev_->limits,
                                  k.max_threads, k.pretty);
  // Grid-stride kernels: one full wave. More blocks than fit at once only
  // leave a partly idle second wave (and more partial results to combine).
  if (l.grid_stride && k.full_wave_threads && !l.nd_range) {
    const uint64_t per_block = geo.block[0];
    const uint64_t wave = (k.full_wave_threads + per_block - 1) / per_block;
    if (wave && geo.grid[0] > wave) geo.grid[0] = static_cast<uint32_t>(wave);
  }
  // A hierarchical work-group is a block: the leader's warp, then whole
  // warps of work-item threads, one per work-item
  // (sycl/detail/work_group_scope.hpp); a group larger than the kernel's
  // threads per block folds its work-items onto the threads it gets.
  if (l.hierarchical_group_items) {
    constexpr uint32_t warp = sycl::detail::hierarchical_leader_threads;
    const uint32_t limit = std::min(k.max_threads, dev_->limits.max_threads_per_block);
    const uint64_t most = limit >= 2 * warp ? (limit - warp) / warp * warp : warp;
    const uint64_t wanted = (l.hierarchical_group_items + warp - 1) / warp * warp;
    geo.block[0] = warp + static_cast<uint32_t>(std::min(wanted, most));
  }
  if (geo.empty)
    return;
  // Blocks of whole warps run the kernel's whole-warp entry point, where
  // the sub-group masks are constants (compiler/passes/whole_warps.hpp).
  if (kernel_entry *w = k.whole_warps) {
    const uint64_t threads = uint64_t(geo.block[0]) * geo.block[1] * geo.block[2];
    if (threads % 32 == 0 && threads <= w->max_threads) [[likely]]
      kp = w;
  }
  kernel_entry &run = *kp;
  if (l.local_mem_bytes > run.dynamic_smem_limit.load(std::memory_order_relaxed))
    [[unlikely]]
    dev_->kernels->allow_dynamic_smem(run, l.local_mem_bytes);

  ctx_.make_current();
  // Device-side assert (cuda_assert.hpp): only kernels whose image has the
  // isAssertEnabled set are tracked; for the others this is one byte load.
  const uint64_t assert_token =
      run.assert_state.load(std::memory_order_relaxed) == 1
          ? 0
          : device_assert::before_launch(*dev_, run, l, this);
  sycl::detail::kernel_dims dims;
  std::memcpy(dims.global, l.global, sizeof dims.global);
  std::memcpy(dims.offset, l.offset, sizeof dims.offset);
  dims.launch_token = assert_token;
  void *params[] = {const_cast<void *>(l.kernel_object), &dims};
  CUresult r = api_.launch_kernel(
      run.fn, geo.grid[0], geo.grid[1], geo.grid[2], geo.block[0], geo.block[1],
      geo.block[2], static_cast<unsigned>(l.local_mem_bytes), stream_, params,
      nullptr);
  if (assert_token)
    device_assert::after_launch(*dev_, assert_token, stream_, r == CUDA_SUCCESS);
  if (r == CUDA_SUCCESS) [[likely]] {
    last_kernel_.store(&run, std::memory_order_relaxed);
    return;
  }
  if (is_sticky_error(r)) // an earlier kernel lost the context
    fail(r, "cannot launch kernel " + k.pretty);
  throw_error(r == CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES ? sycl::errc::nd_range
                                                        : sycl::errc::runtime,
                r,
                "CUDA backend: cannot launch kernel " + k.pretty + " on device " +
                    dev_->info.name + " (" + geometry_text(geo) + ", " +
                    std::to_string(l.local_mem_bytes) +
                    " bytes of dynamic local memory)");
}

void cuda_queue::memcpy(void *dst, const void *src, size_t bytes) {
  if (bytes == 0)
    return;
  dev_->fault->throw_if_lost();
  ctx_.make_current();
  CUresult r = api_.memcpy_async(dptr(dst), dptr(src), bytes, stream_);
  if (r != CUDA_SUCCESS)
    fail(r, "copy of " + std::to_string(bytes) + " bytes");
}

bool cuda_queue::copy_between_devices(void *dst, backend_device &dst_device, const void *src,
                                      backend_device &src_device, size_t bytes) {
  auto *to = dynamic_cast<cuda_device *>(&dst_device);
  auto *from = dynamic_cast<cuda_device *>(&src_device);
  if (!to || !from || to == from) return false;
  device_state &d = *to->state(), &s = *from->state();
  // A third device's stream: left to cuMemcpyAsync.
  if (&d != dev_.get() && &s != dev_.get()) return false;
  // Before the peer decision: a lost device answers every call with its
  // error; say which device it is.
  dev_->fault->throw_if_lost();
  (&d == dev_.get() ? s : d).fault->throw_if_lost();
  if (!peer_copies_possible(s, d)) return false;
  if (bytes == 0) return true;
  ctx_.make_current();
  CUresult r = api_.memcpy_peer_async(dptr(dst), d.ctx->get(), dptr(src), s.ctx->get(), bytes,
                                      stream_);
  if (r != CUDA_SUCCESS)
    fail(r, "peer-to-peer copy of " + std::to_string(bytes) + " bytes from " + s.info.name +
                " (CUDA device " + std::to_string(s.ordinal) + ") to " + d.info.name +
                " (CUDA device " + std::to_string(d.ordinal) + ")");
  return true;
}

void cuda_queue::fill(void *dst, const void *pattern, size_t pattern_size,
                      size_t count) {
  const fill_plan plan =
      plan_fill(reinterpret_cast<uintptr_t>(dst), pattern, pattern_size, count);
  if (plan.kind == fill_plan::none)
    return;
  dev_->fault->throw_if_lost();
  ctx_.make_current();
  const CUdeviceptr d = dptr(dst);
  CUresult r = CUDA_SUCCESS;
  switch (plan.kind) {
  case fill_plan::memset8:
    r = api_.memset_d8_async(d, static_cast<unsigned char>(plan.value),
                             plan.elements, stream_);
    break;
  case fill_plan::memset16:
    r = api_.memset_d16_async(d, static_cast<unsigned short>(plan.value),
                              plan.elements, stream_);
    break;
  case fill_plan::memset32:
    r = api_.memset_d32_async(d, plan.value, plan.elements, stream_);
    break;
  case fill_plan::host_copy: {
    unsigned char bytes[host_copy_limit];
    for (size_t at = 0; at < plan.total_bytes; at += pattern_size)
      std::memcpy(bytes + at, pattern, pattern_size);
    r = api_.memcpy_async(d, dptr(bytes), plan.total_bytes, stream_);
    break;
  }
  case fill_plan::kernel64:
  case fill_plan::kernel128: {
    CUfunction fn = plan.kind == fill_plan::kernel64
                        ? dev_->builtins->fill_u64()
                        : dev_->builtins->fill_u128();
    if (fn) {
      constexpr uint32_t block = 256;
      uint64_t blocks = (plan.elements + block - 1) / block;
      // Grid-stride: enough blocks to fill every SM several times over.
      blocks = std::min<uint64_t>(blocks, uint64_t(dev_->info.max_compute_units) * 32);
      CUdeviceptr target = d;
      uint64_t elements = plan.elements;
      uint64_t lo = plan.words[0], hi = plan.words[1];
      void *p64[] = {&target, &lo, &elements};
      void *p128[] = {&target, &lo, &hi, &elements};
      r = api_.launch_kernel(fn, static_cast<unsigned>(blocks), 1, 1, block, 1, 1,
                             0, stream_,
                             plan.kind == fill_plan::kernel64 ? p64 : p128,
                             nullptr);
      break;
    }
    [[fallthrough]];
  }
  case fill_plan::strided: {
    // First plan.head instances: one 2-D memset per pattern word, one
    // "row" per instance (pitch = period).
    const size_t words = plan.period / plan.width;
    for (size_t w = 0; w < words && r == CUDA_SUCCESS; ++w) {
      const uint32_t v = pattern_word(pattern, plan.width, w);
      const CUdeviceptr at = d + w * plan.width;
      switch (plan.width) {
      case 4:
        r = api_.memset_d2d32_async(at, plan.period, v, 1, plan.head, stream_);
        break;
      case 2:
        r = api_.memset_d2d16_async(at, plan.period,
                                    static_cast<unsigned short>(v), 1,
                                    plan.head, stream_);
        break;
      default:
        r = api_.memset_d2d8_async(at, plan.period,
                                   static_cast<unsigned char>(v), 1, plan.head,
                                   stream_);
        break;
      }
    }
    // Then double the filled prefix until the range is covered.
    size_t done = plan.head * plan.period;
    while (r == CUDA_SUCCESS && done < plan.total_bytes) {
      const size_t n = std::min(done, plan.total_bytes - done);
      r = api_.memcpy_async(d + done, d, n, stream_);
      done += n;
    }
    break;
  }
  case fill_plan::none:
    break;
  }
  if (r != CUDA_SUCCESS)
    fail(r, "fill of " + std::to_string(count) + " x " +
                std::to_string(pattern_size) + "-byte pattern");
}

void cuda_queue::prefetch(const void *ptr, size_t bytes) {
  // A hint: only managed memory on devices that can migrate it concurrently;
  // failures (e.g. a pointer that is not managed) are ignored.
  if (!ptr || bytes == 0 || !dev_->concurrent_managed)
    return;
  ctx_.make_current();
  // Ask first rather than provoke CUDA_ERROR_INVALID_VALUE, which tools such
  // as compute-sanitizer report: managed memory, or (on systems where the GPU
  // reaches pageable memory) memory CUDA does not know.
  unsigned managed = 0;
  CUresult q = api_.pointer_get_attribute(&managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, dptr(ptr));
  if (q == CUDA_SUCCESS ? !managed : !dev_->pageable_access)
    return;
  if (api_.mem_prefetch_async_v2) {
    CUmemLocation loc{CU_MEM_LOCATION_TYPE_DEVICE, ctx_.device()};
    api_.mem_prefetch_async_v2(dptr(ptr), bytes, loc, 0, stream_);
  } else if (api_.mem_prefetch_async_v1) {
    api_.mem_prefetch_async_v1(dptr(ptr), bytes, ctx_.device(), stream_);
  }
}

void cuda_queue::copy_reduction_result(void *dst, const void *src, size_t bytes, usm_kind kind,
                                       const void *alloc_base, size_t alloc_bytes) {
  if (kind == usm_kind::shared && alloc_bytes <= small_result_allocation &&
      dev_->concurrent_managed && !dev_->pageable_access) {
    bool first;
    {
      std::lock_guard lock(dev_->host_results_mutex);
      first = dev_->host_results.insert(alloc_base).second;
    }
    if (first) {
      ctx_.make_current();
      // Hints: a failure leaves the allocation as it was (the copy below
      // stays correct, only slower).
      CUresult placed, mapped;
      if (api_.mem_advise_v2) {
        placed = api_.mem_advise_v2(dptr(alloc_base), alloc_bytes,
                                    CU_MEM_ADVISE_SET_PREFERRED_LOCATION,
                                    CUmemLocation{CU_MEM_LOCATION_TYPE_HOST, 0});
        mapped = api_.mem_advise_v2(dptr(alloc_base), alloc_bytes, CU_MEM_ADVISE_SET_ACCESSED_BY,
                                    CUmemLocation{CU_MEM_LOCATION_TYPE_DEVICE, ctx_.device()});
      } else if (api_.mem_advise_v1) {
        placed = api_.mem_advise_v1(dptr(alloc_base), alloc_bytes,
                                    CU_MEM_ADVISE_SET_PREFERRED_LOCATION, CU_DEVICE_CPU);
        mapped = api_.mem_advise_v1(dptr(alloc_base), alloc_bytes, CU_MEM_ADVISE_SET_ACCESSED_BY,
                                    ctx_.device());
      } else {
        placed = mapped = CUDA_ERROR_NOT_SUPPORTED;
      }
      USYCL_TRACE_IF(basic, "reduction",
                     "shared allocation %p (%zu bytes) receives a result: kept in host memory "
                     "(cuMemAdvise %d) and mapped for %s (%d)",
                     alloc_base, alloc_bytes, int(placed), dev_->info.name.c_str(), int(mapped));
    }
  }
  memcpy(dst, src, bytes);
}

void cuda_queue::trampoline(void *p) {
  // On the driver's callback thread, after everything enqueued before it;
  // the stream waits for us to return. See host_callback() in cuda_queue.hpp.
  auto *rec = static_cast<callback_record *>(p);
  try {
    rec->fn(rec->arg);
  } catch (...) {
    std::lock_guard lock(rec->queue->error_mutex_);
    if (!rec->queue->callback_error_)
      rec->queue->callback_error_ = std::current_exception();
  }
  delete rec;
}

void cuda_queue::host_callback(void (*fn)(void *), void *arg) {
  dev_->fault->throw_if_lost(); // its callbacks would never run
  auto *rec = new callback_record{this, fn, arg};
  ctx_.make_current();
  CUresult r = api_.launch_host_func(stream_, &cuda_queue::trampoline, rec);
  if (r != CUDA_SUCCESS) {
    delete rec;
    fail(r, "cannot enqueue a host callback");
  }
}

std::shared_ptr<backend_event> cuda_queue::record(bool timing) {
  dev_->fault->throw_if_lost();
  ctx_.make_current();
  std::shared_ptr<const clock_anchor> anchor;
  if (timing)
    anchor = dev_->events->anchor();
  CUevent e = dev_->events->acquire(timing);
  CUresult r = api_.event_record(e, stream_);
  if (r != CUDA_SUCCESS) {
    dev_->events->release(e, timing);
    fail(r, "cannot record an event");
  }
  const kernel_entry *k = last_kernel_.load(std::memory_order_relaxed);
  return std::make_shared<cuda_event>(dev_->events, e, timing, std::move(anchor),
                                      dev_->fault, k ? &k->pretty : nullptr);
}

bool cuda_queue::wait_for(backend_event &event) {
  auto *ce = dynamic_cast<cuda_event *>(&event);
  if (!ce)
    return false; // not ours: the runtime waits on the host instead
  dev_->fault->throw_if_lost();
  ctx_.make_current();
  // Works across devices too: the event may belong to another context.
  CUresult r = api_.stream_wait_event(stream_, ce->get(), 0);
  if (r != CUDA_SUCCESS)
    fail(r, "cannot make a stream wait for an event");
  return true;
}

bool cuda_queue::idle() {
  ctx_.make_current();
  return api_.stream_query(stream_) == CUDA_SUCCESS;
}

void cuda_queue::synchronize() {
  ctx_.make_current();
  CUresult r = api_.stream_synchronize(stream_);
  if (r != CUDA_SUCCESS) {
    const kernel_entry *k = last_kernel_.load(std::memory_order_relaxed);
    std::string msg = dev_->fault->note(r, "work on a queue failed", k ? k->pretty : "");
    // A lost context answers every call with the same error: report it once
    // per queue, not at every later wait.
    if (!is_sticky_error(r) || !loss_reported_.exchange(true))
      throw sycl::exception(sycl::make_error_code(sycl::errc::runtime), msg);
  }
  std::exception_ptr error;
  {
    std::lock_guard lock(error_mutex_);
    std::swap(error, callback_error_);
  }
  if (error)
    std::rethrow_exception(error);
}

backend_queue::image_handles cuda_queue::bind_image(const sycl::detail::image_desc &desc,
                                                   sycl::detail::image_binding binding) {
  const image_objects::entry *e = dev_->images->get(desc, binding);
  if (!e) return {}; // a format CUDA cannot express: software access
  // Also for write-only accessors: texels the kernel leaves alone must keep
  // their contents when the array is copied back.
  dev_->images->copy(desc, *e, true, stream_);
  return {e->texture, e->surface};
}

void cuda_queue::unbind_image(const sycl::detail::image_desc &desc,
                              sycl::detail::image_binding binding, bool writes) {
  if (!writes || binding != sycl::detail::image_binding::surface) return;
  if (const image_objects::entry *e = dev_->images->get(desc, binding))
    dev_->images->copy(desc, *e, false, stream_);
}

} // namespace usycl::rt::cuda
