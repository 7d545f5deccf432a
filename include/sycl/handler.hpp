// sycl::handler: records one command group (a kernel, a copy, a fill or a
// host task, plus its dependencies) for the runtime to schedule.
#pragma once

#include <sycl/accessor.hpp>
#include <sycl/detail/command_group.hpp>
#include <sycl/detail/hierarchical.hpp>
#include <sycl/detail/kernel_entry.hpp>
#include <sycl/detail/kernel_host_registry.hpp>
#include <sycl/detail/kernel_param_desc.hpp>
#include <sycl/event.hpp>
#include <sycl/interop_handle.hpp>
#include <sycl/kernel_bundle.hpp>
#include <sycl/kernel_handler.hpp>
#include <sycl/nd_range.hpp>
#include <sycl/type_traits.hpp>

#include <cstring>
#include <typeinfo>
#include <type_traits>
#include <vector>

namespace sycl {
inline namespace _V1 {

namespace ext::oneapi::experimental {
template <typename T, typename PropertyListT> class device_global;
} // namespace ext::oneapi::experimental

namespace detail {
class queue_impl;
struct auto_name {};
template <typename Name, typename K>
using kernel_name_t = std::conditional_t<std::is_same_v<Name, auto_name>, K, Name>;

// Specialised by <sycl/reduction.hpp>.
template <typename T> struct is_reduction : std::false_type {};
template <typename T> inline constexpr bool is_reduction_v = is_reduction<std::decay_t<T>>::value;

template <typename KernelName, typename R, typename... Rest>
USYCL_RAISE_INLINE void reduction_parallel_for(handler &h, R r, Rest &&...rest);

USYCL_EXPORT void handler_depends_on(handler &h, const event &e);
// sycl_ext_oneapi_device_global: the handler's device's copy of the variable
// whose host object is `host_object` (`size` bytes), after checking that
// [offset, offset + bytes) lies inside it; `operation` names the call in
// the error.
USYCL_EXPORT void *handler_device_global_storage(handler &h, const void *host_object, size_t size,
                                                 size_t bytes, size_t offset, const char *operation);
USYCL_EXPORT void handler_use_kernel_bundle(handler &h,
                                            const std::shared_ptr<kernel_bundle_impl> &bundle);
USYCL_EXPORT void handler_set_spec_constant(handler &h, uint64_t key, const void *value,
                                            size_t size);
// False when the handler holds no value; errc::invalid with a kernel bundle.
USYCL_EXPORT bool handler_get_spec_constant(handler &h, uint64_t key, void *value, size_t size);
USYCL_EXPORT void handler_copy_from_buffer(handler &h, const std::shared_ptr<buffer_impl> &b,
                                           const buffer_region &region, void *dst);
USYCL_EXPORT void handler_copy_to_buffer(handler &h, const void *src,
                                         const std::shared_ptr<buffer_impl> &b,
                                         const buffer_region &region);
USYCL_EXPORT void handler_copy_buffer_to_buffer(handler &h,
                                                const std::shared_ptr<buffer_impl> &src,
                                                const buffer_region &src_region,
                                                const std::shared_ptr<buffer_impl> &dst,
                                                const buffer_region &dst_region);
// Launches kernel `k` with the function object set_arg gave
// (kernel_host_registry.hpp); `local` is null for single_task and range forms.
USYCL_EXPORT void handler_launch_kernel_object(handler &h, const kernel &k, kernel_form form,
                                               uint32_t dims, const uint64_t *global,
                                               const uint64_t *local, const uint64_t *offset);
USYCL_EXPORT void handler_fill_buffer(handler &h, const std::shared_ptr<buffer_impl> &b,
                                      const buffer_region &region, const void *pattern,
                                      size_t pattern_size);

template <typename T, int Dims>
buffer_region region_of(const range<Dims> &mem, const range<Dims> &acc, const id<Dims> &off) {
  buffer_region r;
  r.offset_bytes = linearize(off, mem) * sizeof(T);
  r.row_bytes = acc[Dims - 1] * sizeof(T);
  r.row_pitch = mem[Dims - 1] * sizeof(T);
  r.rows = Dims >= 2 ? acc[Dims - 2] : 1;
  r.slice_pitch = Dims >= 2 ? mem[Dims - 2] * r.row_pitch : 0;
  r.slices = Dims == 3 ? acc[0] : 1;
  return r;
}
} // namespace detail

namespace detail {
struct handler_access;
}

class USYCL_EXPORT handler {
  friend struct detail::handler_access;

public:
  explicit handler(std::shared_ptr<detail::queue_impl> queue) : queue_(std::move(queue)) {}
  handler(const handler &) = delete;
  handler &operator=(const handler &) = delete;

  // ---- kernels ----
  // The __SYCL_ANNOTATE markers and USYCL_RAISE_INLINE serve the MLIR host
  // raising (seed 003, sycl/detail/kernel_param_desc.hpp); they change no code.
  // A kernel parameter without a range annotation is raised as a range of 1.
  template <typename KernelName = detail::auto_name, typename K>
  USYCL_RAISE_INLINE void single_task(const K &k __SYCL_ANNOTATE(kernel)) {
    using Name = detail::kernel_name_t<KernelName, K>;
    if constexpr (detail::kernel_handler_wanted<K, 0>::value) {
      // The kernel takes a kernel_handler (kernel_handler.hpp). The wrapper
      // is what is launched; its marker points the host raising at it.
      detail::with_kernel_handler<K> w __SYCL_ANNOTATE(kernel_handler_wrapper){k};
      single_task_object<Name>(w);
    } else {
      single_task_object<Name>(k);
    }
  }

  // The __SYCL_ANNOTATE markers and USYCL_RAISE_INLINE serve the MLIR host
  // raising (seed 003, sycl/detail/kernel_param_desc.hpp); they change no code.
  template <typename KernelName = detail::auto_name, typename K>
  USYCL_RAISE_INLINE void parallel_for(range<1> r __SYCL_ANNOTATE(range),
                                       const K &k __SYCL_ANNOTATE(kernel)) {
    range_kernel<KernelName, 1>(r, id<1>(), k);
  }
  template <typename KernelName = detail::auto_name, typename K>
  USYCL_RAISE_INLINE void parallel_for(range<2> r __SYCL_ANNOTATE(range),
                                       const K &k __SYCL_ANNOTATE(kernel)) {
    range_kernel<KernelName, 2>(r, id<2>(), k);
  }
  template <typename KernelName = detail::auto_name, typename K>
  USYCL_RAISE_INLINE void parallel_for(range<3> r __SYCL_ANNOTATE(range),
                                       const K &k __SYCL_ANNOTATE(kernel)) {
    range_kernel<KernelName, 3>(r, id<3>(), k);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename K>
  USYCL_RAISE_INLINE void parallel_for(range<Dims> r __SYCL_ANNOTATE(range),
                                       id<Dims> offset __SYCL_ANNOTATE(offset),
                                       const K &k __SYCL_ANNOTATE(kernel)) {
    range_kernel<KernelName, Dims>(r, offset, k);
  }

  template <typename KernelName = detail::auto_name, int Dims, typename K>
  USYCL_RAISE_INLINE void parallel_for(nd_range<Dims> r __SYCL_ANNOTATE(nd_range),
                                       const K &k __SYCL_ANNOTATE(kernel)) {
    using Name = detail::kernel_name_t<KernelName, K>;
    if constexpr (detail::kernel_handler_wanted<K, Dims, true>::value) {
      detail::with_kernel_handler<K> w __SYCL_ANNOTATE(kernel_handler_wrapper){k};
      nd_range_kernel<Name, Dims>(r, w);
    } else {
      nd_range_kernel<Name, Dims>(r, k);
    }
  }

  // ---- kernels through a sycl::kernel object (§4.9.4.2) ----
  // A SYCL kernel function of this program has one argument, its function
  // object: set_arg(0, object) or set_args(object) gives it, and the kernel
  // is launched in the form it was defined with (sycl/detail/
  // kernel_host_registry.hpp). Mismatches throw errc::kernel_argument (the
  // argument) or errc::invalid (the form, another context or bundle).
  template <typename T> void set_arg(int index, T &&arg) {
    if (index < 0)
      throw exception(make_error_code(errc::kernel_argument),
                      "set_arg: argument index " + std::to_string(index) + " is negative");
    auto &args = cg_.kernel_args;
    if (args.size() <= static_cast<size_t>(index)) args.resize(static_cast<size_t>(index) + 1);
    args[static_cast<size_t>(index)] =
        std::make_unique<detail::kernel_arg<std::decay_t<T>>>(std::forward<T>(arg));
  }
  template <typename... Ts> void set_args(Ts &&...args) {
    int index = 0;
    (set_arg(index++, std::forward<Ts>(args)), ...);
  }
  void single_task(const kernel &k) {
    const uint64_t one[3] = {1, 1, 1}, zero[3] = {0, 0, 0};
    detail::handler_launch_kernel_object(*this, k, detail::kernel_form::single_task, 1, one,
                                         nullptr, zero);
  }
  void parallel_for(range<1> r, const kernel &k) { kernel_object_range<1>(r, id<1>(), k); }
  void parallel_for(range<2> r, const kernel &k) { kernel_object_range<2>(r, id<2>(), k); }
  void parallel_for(range<3> r, const kernel &k) { kernel_object_range<3>(r, id<3>(), k); }
  // Deprecated in SYCL 2020 (offsets), kept as its lambda form is.
  void parallel_for(range<1> r, id<1> offset, const kernel &k) {
    kernel_object_range<1>(r, offset, k);
  }
  void parallel_for(range<2> r, id<2> offset, const kernel &k) {
    kernel_object_range<2>(r, offset, k);
  }
  void parallel_for(range<3> r, id<3> offset, const kernel &k) {
    kernel_object_range<3>(r, offset, k);
  }
  void parallel_for(nd_range<1> r, const kernel &k) { kernel_object_nd_range<1>(r, k); }
  void parallel_for(nd_range<2> r, const kernel &k) { kernel_object_nd_range<2>(r, k); }
  void parallel_for(nd_range<3> r, const kernel &k) { kernel_object_nd_range<3>(r, k); }

  // Hierarchical parallelism (§4.10.4.2): the kernel runs once per work-group
  // with a sycl::group<Dims>; sycl/detail/hierarchical.hpp says how. Without
  // a work-group size each group has one work-item (implementation-defined).
  // The markers and USYCL_RAISE_INLINE serve the MLIR host raising
  // (docs/mlir.md): the number of work-groups, the user's kernel object and,
  // in hierarchical_kernel, the work-group size and the wrapper launched.
  template <typename KernelName = detail::auto_name, int Dims, typename K>
  USYCL_RAISE_INLINE void parallel_for_work_group(range<Dims> num_work_groups
                                                      __SYCL_ANNOTATE(hierarchical_range),
                                                  const K &k __SYCL_ANNOTATE(kernel)) {
    // A range built by its constructor (what unit_range<Dims>() returns), so
    // that the raising sees the work-group size's constant extents.
    if constexpr (Dims == 1)
      hierarchical_kernel<KernelName, 1>(num_work_groups, range<1>(1), k);
    else if constexpr (Dims == 2)
      hierarchical_kernel<KernelName, 2>(num_work_groups, range<2>(1, 1), k);
    else
      hierarchical_kernel<KernelName, 3>(num_work_groups, range<3>(1, 1, 1), k);
  }
  template <typename KernelName = detail::auto_name, int Dims, typename K>
  USYCL_RAISE_INLINE void parallel_for_work_group(range<Dims> num_work_groups
                                                      __SYCL_ANNOTATE(hierarchical_range),
                                                  range<Dims> work_group_size,
                                                  const K &k __SYCL_ANNOTATE(kernel)) {
    hierarchical_kernel<KernelName, Dims>(num_work_groups, work_group_size, k);
  }

  // parallel_for with reductions: parallel_for(range|nd_range, reduction..., kernel).
  // USYCL_RAISE_INLINE: the host raising reads the whole submission in the
  // command-group function (reduction.hpp, set_reduction_kernel).
  template <typename KernelName = detail::auto_name, typename R, typename First, typename... Rest,
            typename = std::enable_if_t<detail::is_reduction_v<First>>>
  USYCL_RAISE_INLINE void parallel_for(R r, First &&first, Rest &&...rest) {
    detail::reduction_parallel_for<KernelName>(*this, r, std::forward<First>(first),
                                               std::forward<Rest>(rest)...);
  }

  // ---- kernel bundles and specialization constants (§4.9.4) ----
  // Kernels of this command group run from `bundle` (its images and its
  // specialization constant values). errc::invalid when its context is not
  // the queue's or set_specialization_constant was called before.
  void use_kernel_bundle(const kernel_bundle<bundle_state::executable> &bundle) {
    detail::handler_use_kernel_bundle(*this, bundle.impl());
  }
  // errc::invalid after use_kernel_bundle.
  template <auto &SpecName>
  void set_specialization_constant(
      typename std::remove_reference_t<decltype(SpecName)>::value_type value) {
    using T = typename std::remove_reference_t<decltype(SpecName)>::value_type;
    detail::handler_set_spec_constant(*this, detail::spec_constant_key<SpecName>(), &value,
                                      sizeof(T));
  }
  template <auto &SpecName>
  typename std::remove_reference_t<decltype(SpecName)>::value_type get_specialization_constant() {
    using T = typename std::remove_reference_t<decltype(SpecName)>::value_type;
    alignas(T) unsigned char bytes[sizeof(T)];
    if (!detail::handler_get_spec_constant(*this, detail::spec_constant_key<SpecName>(), bytes,
                                           sizeof(T)))
      return detail::spec_constant_default<SpecName>();
    T value(detail::spec_constant_default<SpecName>()); // T may lack a default constructor
    std::memcpy(static_cast<void *>(&value), bytes, sizeof(T));
    return value;
  }

  // ---- USM ----
  void memcpy(void *dst, const void *src, size_t bytes) {
    cg_.kind = detail::command_kind::usm_copy;
    cg_.copy_dst = dst;
    cg_.copy_src = src;
    cg_.bytes = bytes;
  }
  template <typename T> void copy(const T *src, T *dst, size_t count) {
    memcpy(dst, src, count * sizeof(T));
  }
  // sycl_ext_oneapi_device_global copies (the device's copy of the variable).
  template <typename T, typename P>
  void memcpy(ext::oneapi::experimental::device_global<T, P> &dest, const void *src,
              size_t numBytes = sizeof(T), size_t destOffset = 0) {
    void *copy = detail::handler_device_global_storage(*this, &dest, sizeof(T), numBytes,
                                                       destOffset, "memcpy to a device_global");
    memcpy(static_cast<char *>(copy) + destOffset, src, numBytes);
  }
  template <typename T, typename P>
  void memcpy(void *dest, const ext::oneapi::experimental::device_global<T, P> &src,
              size_t numBytes = sizeof(T), size_t srcOffset = 0) {
    void *copy = detail::handler_device_global_storage(*this, &src, sizeof(T), numBytes,
                                                       srcOffset, "memcpy from a device_global");
    memcpy(dest, static_cast<const char *>(copy) + srcOffset, numBytes);
  }
  template <typename T, typename P>
  void copy(const std::remove_all_extents_t<T> *src, ext::oneapi::experimental::device_global<T, P> &dest,
            size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), size_t startIndex = 0) {
    using E = std::remove_all_extents_t<T>;
    memcpy(dest, src, count * sizeof(E), startIndex * sizeof(E));
  }
  template <typename T, typename P>
  void copy(const ext::oneapi::experimental::device_global<T, P> &src,
            std::remove_const_t<std::remove_all_extents_t<T>> *dest,
            size_t count = sizeof(T) / sizeof(std::remove_all_extents_t<T>), size_t startIndex = 0) {
    using E = std::remove_all_extents_t<T>;
    memcpy(dest, src, count * sizeof(E), startIndex * sizeof(E));
  }
  void memset(void *ptr, int value, size_t bytes) {
    unsigned char byte = static_cast<unsigned char>(value);
    set_fill(ptr, &byte, 1, bytes);
  }
  template <typename T> void fill(void *ptr, const T &pattern, size_t count) {
    // Device copyable (SYCL 2020 §3.13.1): std::pair, std::tuple, ... of
    // trivially copyable parts too; the pattern goes as its bytes.
    static_assert(is_device_copyable_v<T>, "fill patterns must be device copyable");
    set_fill(ptr, &pattern, sizeof(T), count);
  }
  void prefetch(const void *ptr, size_t bytes) {
    cg_.kind = detail::command_kind::usm_prefetch;
    cg_.copy_src = ptr;
    cg_.bytes = bytes;
  }
  void mem_advise(const void *ptr, size_t bytes, int) {
    cg_.kind = detail::command_kind::usm_advise;
    cg_.copy_src = ptr;
    cg_.bytes = bytes;
  }

  // ---- explicit copies with accessors ----
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U>
  void copy(accessor<T, D, M, Tg, P> src, U *dst) {
    detail::handler_copy_from_buffer(*this, buffer_of(src), region_of(src), dst);
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U>
  void copy(const U *src, accessor<T, D, M, Tg, P> dst) {
    detail::handler_copy_to_buffer(*this, src, buffer_of(dst), region_of(dst));
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U>
  void copy(std::shared_ptr<U> src, accessor<T, D, M, Tg, P> dst) { copy(src.get(), dst); }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename U>
  void copy(accessor<T, D, M, Tg, P> src, std::shared_ptr<U> dst) { copy(src, dst.get()); }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P, typename T2,
            int D2, access_mode M2, target Tg2, access::placeholder P2>
  void copy(accessor<T, D, M, Tg, P> src, accessor<T2, D2, M2, Tg2, P2> dst) {
    detail::handler_copy_buffer_to_buffer(*this, buffer_of(src), region_of(src), buffer_of(dst),
                                          region_of(dst));
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  void fill(accessor<T, D, M, Tg, P> dst, const T &value) {
    detail::handler_fill_buffer(*this, buffer_of(dst), region_of(dst), &value, sizeof(T));
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  void update_host(accessor<T, D, M, Tg, P> acc) {
    detail::handler_copy_from_buffer(*this, buffer_of(acc), detail::buffer_region{}, nullptr);
  }

  // ---- dependencies ----
  void depends_on(const event &e) { detail::handler_depends_on(*this, e); }
  void depends_on(const std::vector<event> &events) {
    for (const event &e : events) depends_on(e);
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  void require(accessor<T, D, M, Tg, P> acc) {
    detail::handler_require(*this, buffer_of(acc), M, acc_no_init(acc));
  }

  // ---- host tasks ----
  template <typename F> void host_task(F &&f) {
    using FT = std::decay_t<F>;
    cg_.kind = detail::command_kind::host_task;
    // Stored like a kernel object, so the accessors it captured are recorded
    // (accessor_slots) and the runtime points them at the host copy.
    cg_.kernel_object = std::make_unique<detail::kernel_object<FT>>(f, cg_);
    FT *obj = static_cast<FT *>(cg_.kernel_object->data());
    if constexpr (std::is_invocable_v<FT &, interop_handle>)
      cg_.host_interop_fn = [obj](interop_handle ih) { (*obj)(ih); };
    else
      cg_.host_fn = [obj] { (*obj)(); };
  }

  // sycl_ext_oneapi_enqueue_barrier: waits for every command submitted to
  // the queue before it, or for `events`; later commands of the queue wait
  // for the barrier.
  void ext_oneapi_barrier() { cg_.kind = detail::command_kind::queue_barrier; }
  void ext_oneapi_barrier(const std::vector<event> &events) {
    depends_on(events);
    cg_.kind = detail::command_kind::events_barrier;
  }

  // Implementation details used by the runtime and reductions.
  detail::command_group &command() { return cg_; }
  const std::shared_ptr<detail::queue_impl> &queue_impl() const { return queue_; }

private:
  template <typename KernelName, int Dims, typename K>
  USYCL_RAISE_INLINE void range_kernel(const range<Dims> &r, const id<Dims> &offset, const K &k) {
    using Name = detail::kernel_name_t<KernelName, K>;
    if constexpr (detail::kernel_handler_wanted<K, Dims>::value) {
      detail::with_kernel_handler<K> w __SYCL_ANNOTATE(kernel_handler_wrapper){k};
      range_kernel<Name, Dims>(r, offset, w);
    } else {
#ifdef __SYCL_DEVICE_ONLY__
      detail::range_kernel<Name, K, Dims>(k, detail::kernel_dims{});
#else
      uint64_t g[3] = {1, 1, 1}, o[3] = {0, 0, 0};
      for (int d = 0; d < Dims; ++d) {
        g[d] = r[d];
        o[d] = offset[d];
      }
      set_kernel<Name, K, Dims>(k, g, nullptr, o);
      cg_.launch.cpu_range = &detail::cpu_range_launcher<K, Dims>;
      register_host_entry<Name, K, detail::kernel_form::range, Dims>();
#endif
    }
  }

  // The launches of single_task and parallel_for(nd_range) for the object
  // stored (the user's, or its kernel_handler wrapper); not annotated, so
  // the host raising sees one annotated kernel per submission.
  template <typename Name, typename K> USYCL_RAISE_INLINE void single_task_object(const K &k) {
#ifdef __SYCL_DEVICE_ONLY__
    detail::single_task_kernel<Name>(k, detail::kernel_dims{});
#else
    const uint64_t one[3] = {1, 1, 1}, zero[3] = {0, 0, 0};
    set_kernel<Name, K, 1>(k, one, nullptr, zero);
    cg_.launch.cpu_range = &detail::cpu_single_task_launcher<K>;
    register_host_entry<Name, K, detail::kernel_form::single_task, 1>();
#endif
  }
  template <typename Name, int Dims, typename K>
  USYCL_RAISE_INLINE void nd_range_kernel(const nd_range<Dims> &r, const K &k) {
#ifdef __SYCL_DEVICE_ONLY__
    (void)r;
    detail::nd_range_kernel<Name, K, Dims>(k, detail::kernel_dims{});
#else
    uint64_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, o[3] = {0, 0, 0};
    for (int d = 0; d < Dims; ++d) {
      g[d] = r.get_global_range()[d];
      l[d] = r.get_local_range()[d];
      o[d] = r.get_offset()[d];
    }
    set_kernel<Name, K, Dims>(k, g, l, o);
    cg_.launch.cpu_nd = &detail::cpu_nd_launcher<K, Dims>;
    cg_.launch.cpu_nd_group = &detail::cpu_nd_group_loops<K, Dims>;
    register_host_entry<Name, K, detail::kernel_form::nd_range, Dims>();
#endif
  }

  // Makes this kernel launchable through a sycl::kernel: its registration
  // runs at start-up (odr-using the static member instantiates it).
  template <typename Name, typename K, detail::kernel_form Form, int Dims>
  static void register_host_entry() {
#ifndef __SYCL_DEVICE_ONLY__
    (void)detail::kernel_host_registration<Name, K, Form, Dims>::registered;
#endif
  }
  template <int Dims>
  void kernel_object_range(const range<Dims> &r, const id<Dims> &offset, const kernel &k) {
    uint64_t g[3] = {1, 1, 1}, o[3] = {0, 0, 0};
    for (int d = 0; d < Dims; ++d) {
      g[d] = r[d];
      o[d] = offset[d];
    }
    detail::handler_launch_kernel_object(*this, k, detail::kernel_form::range, Dims, g, nullptr,
                                         o);
  }
  template <int Dims> void kernel_object_nd_range(const nd_range<Dims> &r, const kernel &k) {
    uint64_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, o[3] = {0, 0, 0};
    for (int d = 0; d < Dims; ++d) {
      g[d] = r.get_global_range()[d];
      l[d] = r.get_local_range()[d];
      o[d] = r.get_offset()[d];
    }
    detail::handler_launch_kernel_object(*this, k, detail::kernel_form::nd_range, Dims, g, l, o);
  }

  template <typename KernelName, int Dims, typename K>
  USYCL_RAISE_INLINE void hierarchical_kernel(const range<Dims> &num_work_groups,
                                              const range<Dims> &work_group_size, const K &k) {
    using Name = detail::kernel_name_t<KernelName, K>;
    if constexpr (!std::is_invocable_v<const K &, group<Dims>> &&
                  std::is_invocable_v<const K &, group<Dims>, kernel_handler>) {
      // The kernel takes a kernel_handler (kernel_handler.hpp).
      detail::with_kernel_handler<K> w __SYCL_ANNOTATE(kernel_handler_wrapper){k};
      hierarchical_kernel<Name, Dims>(num_work_groups, work_group_size, w);
      return;
    } else {
    // The markers serve the host raising (docs/mlir.md): the work-group size
    // and the object launched, the user's kernel first.
    const range<Dims> &local_range __SYCL_ANNOTATE(hierarchical_local_range) = work_group_size;
    detail::hierarchical_object<K, Dims> object __SYCL_ANNOTATE(hierarchical_wrapper){k,
                                                                                     local_range};
#ifdef __SYCL_DEVICE_ONLY__
    (void)num_work_groups;
    detail::hierarchical_kernel<Name, K, Dims>(object, detail::kernel_dims{});
#else
    for (int d = 0; d < Dims; ++d)
      if (work_group_size[d] == 0)
        throw exception(make_error_code(errc::nd_range),
                        "parallel_for_work_group: the work-group size must be at least 1 in "
                        "every dimension");
    uint64_t g[3] = {1, 1, 1}, one[3] = {1, 1, 1}, zero[3] = {0, 0, 0};
    for (int d = 0; d < Dims; ++d) g[d] = num_work_groups[d];
    set_kernel<Name, detail::hierarchical_object<K, Dims>, Dims>(object, g, one, zero);
    cg_.launch.cpu_nd = &detail::cpu_hierarchical_launcher<K, Dims>;
    cg_.launch.hierarchical_group_items = work_group_size.size();
    if constexpr (detail::is_with_kernel_handler<K>::value) {
      // The user's kernel sits at the start of the stored object.
      const auto *stored = static_cast<const detail::hierarchical_object<K, Dims> *>(
          cg_.launch.kernel_object);
      cg_.spec_constant_slot = static_cast<uint32_t>(
          reinterpret_cast<const char *>(&stored->kernel.spec_constants) -
          reinterpret_cast<const char *>(stored));
    }
#endif
    }
  }

  template <typename Name, typename K, int Dims>
  USYCL_RAISE_INLINE void set_kernel(const K &k, const uint64_t *global, const uint64_t *local,
                                     const uint64_t *offset) {
    cg_.kind = detail::command_kind::kernel;
    auto &l = cg_.launch;
    USYCL_ANNOTATE_KERNEL_PARAMS(Name)
    // Raised to sycl.host.handler.set_kernel (seed 003).
    l.name = USYCL_KERNEL_SYMBOL(Name);
    l.dims = Dims;
    l.nd_range = local != nullptr;
    for (int d = 0; d < 3; ++d) {
      l.global[d] = global[d];
      l.local[d] = local ? local[d] : 1;
      l.offset[d] = offset[d];
    }
    detail::store_kernel_object(k, cg_);
  }

  void set_fill(void *ptr, const void *pattern, size_t pattern_size, size_t count) {
    cg_.kind = detail::command_kind::usm_fill;
    cg_.copy_dst = ptr;
    const auto *bytes = static_cast<const unsigned char *>(pattern);
    cg_.pattern.assign(bytes, bytes + pattern_size);
    cg_.bytes = pattern_size * count;
  }

  // The device pass also instantiates command-group code (never emits it);
  // there an accessor's host tail is opaque bytes.
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  static std::shared_ptr<detail::buffer_impl> buffer_of(const accessor<T, D, M, Tg, P> &a) {
#ifdef __SYCL_DEVICE_ONLY__
    (void)a;
    return nullptr;
#else
    return a.tail_.buffer;
#endif
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  static bool acc_no_init(const accessor<T, D, M, Tg, P> &a) {
#ifdef __SYCL_DEVICE_ONLY__
    (void)a;
    return false;
#else
    return a.tail_.no_init;
#endif
  }
  template <typename T, int D, access_mode M, target Tg, access::placeholder P>
  static detail::buffer_region region_of(const accessor<T, D, M, Tg, P> &a) {
    return a.copy_region(); // includes a sub-buffer's offset
  }

  detail::command_group cg_;
  std::shared_ptr<detail::queue_impl> queue_;
};

} // namespace _V1
} // namespace sycl
