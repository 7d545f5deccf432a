// DPC++ names that CUDA-ported programs use and usycl accepts:
//  * sycl::ext::oneapi::plus/maximum/... (aliases of sycl::plus, ...) in
//    group algorithms and reductions;
//  * the queue priority properties (a hint: recorded, no other effect);
//  * sycl_ext_oneapi_clock: clock<scope>() increases across work in a kernel;
//  * the num_compute_units and max_work_groups device descriptors, and
//    peer access of a device to itself;
//  * sycl_ext_intel_device_info: free_memory (CPU and CUDA), the memory
//    clock, bus width and PCI address (CUDA), feature_not_supported without
//    the aspect;
//  * std::plus / std::multiplies / std::bit_or reductions with their known
//    identities (initialize_to_identity), sycl::cl_int and friends, every
//    backend enumerator and operator<< of a backend, marray's deduction
//    guide, multi_ptr + a 1-D item, an arg-min reduction of std::pair (issue 46).
#include "e2e_common.hpp"

#include <cstdint>
#include <functional>
#include <sstream>
#include <utility>

namespace syclex = sycl::ext::oneapi::experimental;

int main() {
  sycl::queue q(sycl::property_list{sycl::ext::oneapi::property::queue::priority_high()});
  e2e::print_device(q, "oneapi_compat");
  e2e::check_eq("queue has priority_high",
                q.has_property<sycl::ext::oneapi::property::queue::priority_high>(), true);
  e2e::check_eq("queue has no priority_low",
                q.has_property<sycl::ext::oneapi::property::queue::priority_low>(), false);
  // Device descriptors of sycl_ext_oneapi_num_compute_units / max_work_groups.
  const sycl::device dev = q.get_device();
  e2e::check_eq("num_compute_units", dev.get_info<sycl::ext::oneapi::info::device::num_compute_units>(),
                size_t(dev.get_info<sycl::info::device::max_compute_units>()));
  const sycl::id<3> groups = dev.get_info<syclex::info::device::max_work_groups<3>>();
  const sycl::id<1> groups1 = dev.get_info<syclex::info::device::max_work_groups<1>>();
  e2e::check_eq("max_work_groups<1> is dimension 2 of <3>", groups1[0], groups[2]);
  e2e::check_eq("max_work_groups at least 65535", groups[0] >= 65535 && groups[1] >= 65535, true);
  e2e::check_eq("max_global_work_groups at least the largest dimension",
                dev.get_info<syclex::info::device::max_global_work_groups>() >= groups[2], true);
  e2e::check_eq("a device accesses its own memory",
                dev.ext_oneapi_can_access_peer(dev, sycl::ext::oneapi::peer_access::access_supported),
                true);
  dev.ext_oneapi_enable_peer_access(dev);
  dev.ext_oneapi_disable_peer_access(dev);

  namespace intel_info = sycl::ext::intel::info::device;
  e2e::check_eq("has ext_intel_free_memory", dev.has(sycl::aspect::ext_intel_free_memory), true);
  const uint64_t free_bytes = dev.get_info<intel_info::free_memory>();
  e2e::check_eq("0 < free_memory <= global_mem_size",
                free_bytes > 0 && free_bytes <= dev.get_info<sycl::info::device::global_mem_size>(),
                true);
  if (dev.is_gpu()) {
    e2e::check_eq("memory_clock_rate (MHz) is plausible",
                  dev.get_info<intel_info::memory_clock_rate>() > 100, true);
    e2e::check_eq("memory_bus_width (bits) is plausible",
                  dev.get_info<intel_info::memory_bus_width>() >= 64, true);
    const std::string pci = dev.get_info<intel_info::pci_address>();
    e2e::check_eq("pci_address DDDD:BB:DD.F (" + pci + ")", pci.size() == 12 && pci[4] == ':', true);
  } else {
    bool threw = false;
    try {
      (void)dev.get_info<intel_info::memory_clock_rate>();
    } catch (const sycl::exception &e) {
      threw = e.code() == sycl::errc::feature_not_supported;
    }
    e2e::check_eq("memory_clock_rate without the aspect throws feature_not_supported", threw, true);
  }
  static_assert(std::is_same_v<sycl::ext::oneapi::plus<int>, sycl::plus<int>>);
  static_assert(std::is_same_v<sycl::ext::oneapi::maximum<>, sycl::maximum<>>);

  constexpr int n = 256, wg = 64;
  int *in = sycl::malloc_shared<int>(n, q);
  int *group_sum = sycl::malloc_shared<int>(n / wg, q);
  int *group_max = sycl::malloc_shared<int>(n / wg, q);
  int *total = sycl::malloc_shared<int>(1, q);
  for (int i = 0; i < n; ++i) in[i] = (i * 37) % 101;
  *total = 0;
  q.parallel_for(sycl::nd_range<1>(n, wg), sycl::reduction(total, sycl::ext::oneapi::plus<int>()),
                 [=](sycl::nd_item<1> it, auto &sum) {
                   const int v = in[it.get_global_id(0)];
                   sum += v;
                   const int s = sycl::reduce_over_group(it.get_group(), v,
                                                         sycl::ext::oneapi::plus<int>());
                   const int m = sycl::reduce_over_group(it.get_group(), v,
                                                         sycl::ext::oneapi::maximum<int>());
                   if (it.get_local_id(0) == 0) {
                     group_sum[it.get_group(0)] = s;
                     group_max[it.get_group(0)] = m;
                   }
                 })
      .wait();
  int want_total = 0;
  for (int g = 0; g < n / wg; ++g) {
    int s = 0, m = 0;
    for (int i = g * wg; i < (g + 1) * wg; ++i) {
      s += in[i];
      m = std::max(m, in[i]);
    }
    want_total += s;
    e2e::check_eq("group sum " + std::to_string(g), group_sum[g], s);
    e2e::check_eq("group max " + std::to_string(g), group_max[g], m);
  }
  e2e::check_eq("reduction with ext::oneapi::plus", *total, want_total);

  uint64_t *t = sycl::malloc_shared<uint64_t>(4, q);
  q.single_task([=] {
     t[0] = syclex::clock<syclex::clock_scope::work_group>();
     t[2] = syclex::clock<syclex::clock_scope::device>();
     int x = 0;
     for (int i = 0; i < 100000; ++i)
       x = x * 31 + i;
     t[1] = syclex::clock<syclex::clock_scope::work_group>() + (x == 7 ? 1 : 0);
     // The loop may be scheduled after the reads (they are asm, the loop
     // arithmetic): read until the clock moves (%globaltimer ticks in
     // steps of up to a microsecond), giving up after a bound.
     uint64_t now = syclex::clock<syclex::clock_scope::device>();
     for (int spins = 0; now == t[2] && spins < (1 << 24); ++spins)
       now = syclex::clock<syclex::clock_scope::device>();
     t[3] = now;
   }).wait();
  e2e::check_eq("clock<work_group> increases", t[1] > t[0], true);
  e2e::check_eq("clock<device> increases", t[3] > t[2], true);

  // DPC++ treats the <functional> objects like their sycl:: twins.
  static_assert(sycl::has_known_identity_v<std::plus<int>, int>);
  static_assert(sycl::known_identity_v<std::multiplies<float>, float> == 1.0f);
  static_assert(sycl::known_identity_v<std::bit_and<unsigned>, unsigned> == ~0u);
  {
    long *sums = sycl::malloc_shared<long>(3, q);
    sums[0] = 99, sums[1] = 99, sums[2] = 99;
    const auto init = sycl::property::reduction::initialize_to_identity{};
    q.parallel_for(sycl::range<1>(n),
                   sycl::reduction(sums, std::plus<long>(), init),
                   sycl::reduction(sums + 1, std::multiplies<>(), init),
                   sycl::reduction(sums + 2, std::bit_or<long>(), init),
                   [=](sycl::id<1> i, auto &sum, auto &product, auto &bits) {
                     sum += in[i];
                     product *= (i[0] % 64 == 0) ? 2 : 1;
                     bits |= 1L << (i[0] % 40);
                   })
        .wait();
    long want_sum = 0;
    for (int i = 0; i < n; ++i) want_sum += in[i];
    e2e::check_eq("reduction with std::plus", sums[0], want_sum);
    e2e::check_eq("reduction with std::multiplies<>", sums[1], 16L);
    e2e::check_eq("reduction with std::bit_or", sums[2], (1L << 40) - 1);
    sycl::free(sums, q);
  }
  {
    // An arg-min over std::pair<float, int> (device copyable, not trivially
    // copyable) with a lambda combiner and a pattern fill, as samples write it.
    using P = std::pair<float, int>;
    P *best = sycl::malloc_shared<P>(1, q);
    q.fill(best, P{1e30f, -1}, 1).wait();
    const auto argmin = [](const P &a, const P &b) { return b.first < a.first ? b : a; };
    q.parallel_for(sycl::range<1>(n), sycl::reduction(best, P{1e30f, -1}, argmin),
                   [=](sycl::id<1> i, auto &r) {
                     r.combine(P{float(in[i]) - (i[0] == 77 ? 1000.f : 0.f), int(i[0])});
                   })
        .wait();
    e2e::check_eq("arg-min of std::pair<float, int>", best->second, 77);
    sycl::free(best, q);
  }
  static_assert(std::is_same_v<sycl::cl_int, int32_t> && std::is_same_v<sycl::cl_ulong, uint64_t> &&
                std::is_same_v<sycl::cl_float, float> && std::is_same_v<sycl::cl_half, sycl::half>);
  {
    std::ostringstream os;
    os << q.get_backend() << " " << sycl::backend::opencl << " " << sycl::backend::ext_oneapi_level_zero;
    const std::string mine = dev.get_backend() == sycl::backend::ext_oneapi_cuda ? "ext_oneapi_cuda"
                                                                                 : "ext_oneapi_native_cpu";
    e2e::check_eq("backends printed", os.str(), mine + " opencl ext_oneapi_level_zero");
    int branch = 0;
    switch (dev.get_backend()) {
    case sycl::backend::opencl:
    case sycl::backend::ext_oneapi_level_zero:
    case sycl::backend::ext_oneapi_hip:
      branch = 1;
      break;
    case sycl::backend::ext_oneapi_cuda:
    case sycl::backend::ext_oneapi_native_cpu:
      branch = 2;
      break;
    default:
      break;
    }
    e2e::check_eq("switch over DPC++'s backends", branch, 2);
  }
  {
    sycl::marray m{1.f, 2.f, 3.f};
    static_assert(std::is_same_v<decltype(m), sycl::marray<float, 3>>);
    e2e::check_eq("marray deduction guide", m[2], 3.f);
    int *out = sycl::malloc_shared<int>(n, q);
    q.parallel_for(sycl::range<1>(n), [=](sycl::item<1> it) {
       auto base = sycl::address_space_cast<sycl::access::address_space::global_space,
                                             sycl::access::decorated::no>(in);
       out[it] = *(base + it) + 1; // multi_ptr + item<1> (its size_t conversion)
     }).wait();
    bool same = true;
    for (int i = 0; i < n; ++i) same = same && out[i] == in[i] + 1;
    e2e::check_eq("multi_ptr + item", same, true);
    sycl::free(out, q);
  }

  sycl::free(in, q);
  sycl::free(group_sum, q);
  sycl::free(group_max, q);
  sycl::free(total, q);
  sycl::free(t, q);
  return e2e::finish("oneapi_compat");
}
