// The host-side runtime API of SYCL 2020 that the conformance suite checks
// (issue: runtime API conformance). Runs on every device:
//   1. device/context info: atomic capabilities, fp configs, partitioning
//      (none: create_sub_devices is errc::feature_not_supported), extensions
//   2. exception constructors with a context; get_property of a missing
//      property is errc::invalid; is_property_of
//   3. queue shortcuts with one event and with a braced list of events
//   4. USM: typed aligned_alloc forms and usm_allocator comparisons
//   5. event::get_wait_list names the direct dependencies
//   6. a temporary queue whose host task waits for the destroying thread
//      (the destructor must not wait for it), std::hash, cl::sycl
#include "e2e_common.hpp"

#include <CL/sycl.hpp>

#include <algorithm>
#include <future>
#include <unordered_set>

namespace {

template <typename V, typename T> bool contains(const V &v, T x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

void device_and_context_info(const sycl::queue &q) {
  sycl::device d = q.get_device();
  auto orders = d.get_info<sycl::info::device::atomic_memory_order_capabilities>();
  e2e::check("device atomic orders include relaxed", contains(orders, sycl::memory_order::relaxed));
  auto fence = d.get_info<sycl::info::device::atomic_fence_order_capabilities>();
  for (auto o : {sycl::memory_order::relaxed, sycl::memory_order::acquire,
                 sycl::memory_order::release, sycl::memory_order::acq_rel})
    e2e::check("fence order " + e2e::str(o), contains(fence, o));
  auto scopes = d.get_info<sycl::info::device::atomic_memory_scope_capabilities>();
  e2e::check("scopes include work_group", contains(scopes, sycl::memory_scope::work_group));
  auto single = d.get_info<sycl::info::device::single_fp_config>();
  e2e::check("single_fp_config has round_to_nearest",
             contains(single, sycl::info::fp_config::round_to_nearest));
  e2e::check_eq("double_fp_config empty iff no fp64",
                d.get_info<sycl::info::device::double_fp_config>().empty(),
                !d.has(sycl::aspect::fp64));
  e2e::check("max_work_item_sizes<1> is positive",
             d.get_info<sycl::info::device::max_work_item_sizes<1>>()[0] > 0);
  e2e::check_eq("partition_properties", d.get_info<sycl::info::device::partition_properties>().size(),
                size_t(0));
  e2e::check("partition_type_property of a root device",
             d.get_info<sycl::info::device::partition_type_property>() ==
                 sycl::info::partition_property::no_partition);
  e2e::expect_exception("create_sub_devices", sycl::errc::feature_not_supported,
                        {"create_sub_devices", "cannot be partitioned"}, [&] {
                          d.create_sub_devices<sycl::info::partition_property::partition_equally>(2);
                        });
  e2e::expect_exception("parent_device of a root device", sycl::errc::invalid, {"root device"},
                        [&] { d.get_info<sycl::info::device::parent_device>(); });
  for (const auto &ext : d.get_info<sycl::info::device::extensions>())
    e2e::check("has_extension(" + ext + ")", d.has_extension(ext));
  e2e::check("no such extension", !d.has_extension("cl_no_such_extension"));
  e2e::check_eq("fp64 as an extension", d.has_extension("cl_khr_fp64"), d.has(sycl::aspect::fp64));

  sycl::context c = q.get_context();
  auto ctx_scopes = c.get_info<sycl::info::context::atomic_memory_scope_capabilities>();
  e2e::check("context scopes within the device's", std::all_of(ctx_scopes.begin(), ctx_scopes.end(),
                                                          [&](auto s) { return contains(scopes, s); }));
  auto plat_ext = d.get_platform().get_info<sycl::info::platform::extensions>();
  for (const auto &ext : plat_ext) e2e::check("platform extension " + ext, d.has_extension(ext));
}

void exceptions_and_properties(const sycl::queue &q) {
  sycl::context c = q.get_context();
  sycl::exception e(c, static_cast<int>(sycl::errc::runtime), sycl::sycl_category(), "what-17");
  e2e::check("exception has context", e.has_context() && e.get_context() == c);
  e2e::check("exception what", std::string(e.what()).find("what-17") != std::string::npos);
  sycl::exception plain(sycl::make_error_code(sycl::errc::invalid));
  e2e::check("no context", !plain.has_context());
  e2e::expect_exception("get_context without one", sycl::errc::invalid, {"context"},
                        [&] { plain.get_context(); });

  sycl::queue inorder(q.get_context(), q.get_device(), sycl::property::queue::in_order{});
  e2e::check("in_order property", inorder.has_property<sycl::property::queue::in_order>());
  e2e::check("no profiling property",
             !inorder.has_property<sycl::property::queue::enable_profiling>());
  e2e::expect_exception("get_property of a missing property", sycl::errc::invalid,
                        {"get_property"}, [&] {
                          inorder.get_property<sycl::property::queue::enable_profiling>();
                        });
  static_assert(sycl::is_property_v<sycl::property::queue::in_order>);
  static_assert(sycl::is_property_of_v<sycl::property::queue::in_order, sycl::queue>);
  static_assert(!sycl::is_property_of_v<sycl::property::buffer::use_host_ptr, sycl::queue>);
  static_assert(sycl::is_property_of_v<sycl::property::buffer::context_bound, sycl::buffer<int>>);
  // no_init belongs to every accessor that can skip the old contents, the
  // unsampled image accessors included (SYCL-CTS property_api).
  static_assert(sycl::is_property_of_v<
                sycl::property::no_init,
                sycl::unsampled_image_accessor<sycl::int4, 1, sycl::access_mode::read>>);
  static_assert(sycl::is_property_of_v<sycl::property::no_init,
                                       sycl::host_unsampled_image_accessor<sycl::int4, 1>>);
  static_assert(!sycl::is_property_of_v<sycl::property::no_init, sycl::sampled_image<1>>);
  sycl::property_list props{sycl::property::buffer::context_bound(c)};
  e2e::check("context_bound keeps its context",
             props.get_property<sycl::property::buffer::context_bound>().get_context() == c);
}

void shortcuts_with_dependencies(sycl::queue &q) {
  constexpr size_t n = 64;
  int *p = sycl::malloc_shared<int>(n, q);
  if (!e2e::check("malloc_shared", p != nullptr)) return;
  sycl::event a = q.fill(p, 1, n);
  sycl::event b = q.single_task(a, [=] { p[0] = 10; });
  sycl::event c = q.parallel_for(sycl::range<1>(n), {a, b}, [=](sycl::id<1> i) { p[i] += 1; });
  sycl::event d = q.parallel_for(sycl::nd_range<1>(n, 8), c,
                                 [=](sycl::nd_item<1> it) { p[it.get_global_id(0)] *= 2; });
  sycl::event e = q.memset(p + n - 1, 0, sizeof(int), {c, d});
  q.single_task({e}, [=] { p[1] += 100; }).wait();
  e2e::check_eq("p[0]", p[0], 22);
  e2e::check_eq("p[1]", p[1], 104);
  e2e::check_eq("p[n-1]", p[n - 1], 0);
  int host[4] = {};
  q.copy(p, host, 4, {d}).wait();
  e2e::check_eq("copy with deps", host[2], 4);
  sycl::free(p, q);
}

void usm_forms(sycl::queue &q) {
  auto dev = q.get_device();
  auto ctx = q.get_context();
  double *a = sycl::aligned_alloc<double>(256, 8, q, sycl::usm::alloc::shared);
  double *b = sycl::aligned_alloc_host<double>(256, 8, ctx);
  e2e::check("aligned_alloc<T>(queue) alignment", reinterpret_cast<uintptr_t>(a) % 256 == 0);
  e2e::check("aligned_alloc_host<T> alignment", reinterpret_cast<uintptr_t>(b) % 256 == 0);
  e2e::check("host pointer type", sycl::get_pointer_type(b, ctx) == sycl::usm::alloc::host);
  e2e::check("pointer device", sycl::get_pointer_device(a, ctx) == dev);
  sycl::free(a, q);
  sycl::free(b, ctx);

  sycl::usm_allocator<int, sycl::usm::alloc::shared> shared_a(q), shared_b(ctx, dev, {});
  sycl::usm_allocator<float, sycl::usm::alloc::host> host_a(q);
  sycl::usm_allocator<float, sycl::usm::alloc::shared> rebound(shared_a);
  e2e::check("same kind, context and device compare equal", shared_a == shared_b);
  e2e::check("other kind compares unequal", shared_a != host_a);
  e2e::check("converted allocator compares equal", rebound == shared_a);
  std::vector<int, decltype(shared_a)> v(100, 7, shared_a);
  int *data = v.data();
  q.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { data[i] += 1; }).wait();
  e2e::check_eq("vector in shared USM", v[99], 8);
}

void wait_list_and_temporary_queue(sycl::queue &q) {
  std::promise<void> ready_a, ready_b;
  std::shared_future<void> fa = ready_a.get_future().share(), fb = ready_b.get_future().share();
  sycl::event a = q.submit([&](sycl::handler &h) { h.host_task([fa] { fa.wait(); }); });
  sycl::event b = q.submit([&](sycl::handler &h) { h.host_task([fb] { fb.wait(); }); });
  sycl::event c = q.submit([&](sycl::handler &h) {
    h.depends_on({a, b});
    h.host_task([] {});
  });
  auto list = c.get_wait_list();
  e2e::check_eq("wait list size", list.size(), size_t(2));
  e2e::check("wait list names both", contains(list, a) && contains(list, b));
  ready_a.set_value();
  ready_b.set_value();
  c.wait();

  // The queue dies before the task may finish: its destructor must not wait.
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  sycl::event t = sycl::queue(q.get_context(), q.get_device()).submit([&](sycl::handler &h) {
    h.host_task([released] { released.wait(); });
  });
  release.set_value();
  t.wait();
  e2e::check("host task of a destroyed queue completed",
             t.get_info<sycl::info::event::command_execution_status>() ==
                 sycl::info::event_command_status::complete);

  std::unordered_set<sycl::queue> queues{q, q};
  std::unordered_set<sycl::event> events{a, b, a};
  std::unordered_set<sycl::context> contexts{q.get_context()};
  std::unordered_set<sycl::platform> platforms{q.get_device().get_platform()};
  e2e::check_eq("hash queue", queues.size(), size_t(1));
  e2e::check_eq("hash event", events.size(), size_t(2));
  e2e::check_eq("hash context/platform", contexts.size() + platforms.size(), size_t(2));
  cl::sycl::queue legacy = q;
  e2e::check("cl::sycl names sycl", legacy == q);
}

} // namespace

int main() {
  sycl::queue q;
  e2e::print_device(q, "runtime_api");
  device_and_context_info(q);
  exceptions_and_properties(q);
  shortcuts_with_dependencies(q);
  usm_forms(q);
  wait_list_and_temporary_queue(q);
  return e2e::finish("runtime_api");
}
