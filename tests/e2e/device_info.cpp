// Device and platform information queries on the selected device: the
// values exist, are consistent with each other and with the aspects, and
// follow the contracted aspect numbering.
#include "e2e_common.hpp"

#include <algorithm>
#include <string>
#include <vector>

using namespace sycl::info;

int main() {
  // Contract: DPC++'s aspect numbering.
  e2e::check_eq("aspect::cpu value", int(sycl::aspect::cpu), 1);
  e2e::check_eq("aspect::gpu value", int(sycl::aspect::gpu), 2);
  e2e::check_eq("aspect::fp16 value", int(sycl::aspect::fp16), 5);
  e2e::check_eq("aspect::fp64 value", int(sycl::aspect::fp64), 6);
  e2e::check_eq("aspect::queue_profiling value", int(sycl::aspect::queue_profiling), 12);
  e2e::check_eq("aspect::usm_device_allocations value", int(sycl::aspect::usm_device_allocations), 13);
  e2e::check_eq("aspect::usm_shared_allocations value", int(sycl::aspect::usm_shared_allocations), 15);
  e2e::check_eq("aspect::atomic64 value", int(sycl::aspect::atomic64), 28);
  e2e::check_eq("aspect::ext_oneapi_native_assert value", int(sycl::aspect::ext_oneapi_native_assert), 31);
  e2e::check_eq("aspect::emulated value", int(sycl::aspect::emulated), 40);
  e2e::check_eq("errc::nd_range value", int(sycl::errc::nd_range), 4);
  e2e::check_eq("errc::invalid value", int(sycl::errc::invalid), 8);
  e2e::check_eq("errc::kernel_not_supported value", int(sycl::errc::kernel_not_supported), 13);

  sycl::queue q;
  e2e::print_device(q, "device_info");
  sycl::device d = q.get_device();

  std::string name = d.get_info<device::name>();
  std::string vendor = d.get_info<device::vendor>();
  std::string version = d.get_info<device::version>();
  std::string driver = d.get_info<device::driver_version>();
  std::printf("  name '%s' vendor '%s' version '%s' driver '%s'\n", name.c_str(), vendor.c_str(),
              version.c_str(), driver.c_str());
  e2e::check("name non-empty", !name.empty());
  e2e::check("vendor non-empty", !vendor.empty());
  e2e::check("version non-empty", !version.empty());
  e2e::check("driver_version non-empty", !driver.empty());

  auto type = d.get_info<device::device_type>();
  e2e::check("device_type matches is_cpu/is_gpu",
             (type == device_type::cpu) == d.is_cpu() && (type == device_type::gpu) == d.is_gpu());
  e2e::check("exactly one of cpu/gpu/accelerator", int(d.is_cpu()) + int(d.is_gpu()) + int(d.is_accelerator()) == 1);

  size_t wg = d.get_info<device::max_work_group_size>();
  std::printf("  max_work_group_size %zu\n", wg);
  e2e::check("max_work_group_size >= 1", wg >= 1);
  e2e::check_eq("max_work_item_dimensions", d.get_info<device::max_work_item_dimensions>(), 3u);
  auto wis = d.get_info<device::max_work_item_sizes<3>>();
  for (int k = 0; k < 3; ++k) e2e::check("max_work_item_sizes[" + std::to_string(k) + "] >= 1", wis[k] >= 1);
  e2e::check("max_work_item_sizes[2] (fastest dim) <= max_work_group_size", wis[2] <= wg);
  e2e::check("max_compute_units >= 1", d.get_info<device::max_compute_units>() >= 1);
  auto gmem = d.get_info<device::global_mem_size>();
  auto lmem = d.get_info<device::local_mem_size>();
  auto maxalloc = d.get_info<device::max_mem_alloc_size>();
  std::printf("  global_mem %llu MiB, local_mem %llu KiB, max_alloc %llu MiB\n",
              (unsigned long long)(gmem >> 20), (unsigned long long)(lmem >> 10),
              (unsigned long long)(maxalloc >> 20));
  e2e::check("global_mem_size > 0", gmem > 0);
  e2e::check("local_mem_size > 0", lmem > 0);
  e2e::check("0 < max_mem_alloc_size <= global_mem_size", maxalloc > 0 && maxalloc <= gmem);

  auto sg = d.get_info<device::sub_group_sizes>();
  std::printf("  sub_group_sizes:");
  for (size_t s : sg) std::printf(" %zu", s);
  std::printf("\n");
  e2e::check("sub_group_sizes non-empty", !sg.empty());
  for (size_t s : sg) e2e::check("sub-group size " + std::to_string(s) + " <= max_work_group_size", s >= 1 && s <= wg);
  if (d.is_gpu() && d.get_backend() == sycl::backend::ext_oneapi_cuda)
    e2e::check("CUDA device has sub-group size 32", std::find(sg.begin(), sg.end(), 32) != sg.end());

  auto aspects = d.get_info<device::aspects>();
  std::printf("  aspects:");
  for (auto a : aspects) std::printf(" %d", int(a));
  std::printf("\n");
  e2e::check("aspects non-empty", !aspects.empty());
  for (auto a : aspects) e2e::check("has(" + std::to_string(int(a)) + ") agrees with aspects list", d.has(a));
  e2e::check("has(aspect::cpu) == is_cpu()", d.has(sycl::aspect::cpu) == d.is_cpu());
  e2e::check("has(aspect::gpu) == is_gpu()", d.has(sycl::aspect::gpu) == d.is_gpu());
  e2e::check("device has usm_device_allocations", d.has(sycl::aspect::usm_device_allocations));
  e2e::check("device has usm_shared_allocations", d.has(sycl::aspect::usm_shared_allocations));
  e2e::check("device has usm_host_allocations", d.has(sycl::aspect::usm_host_allocations));
  e2e::check("no duplicate aspects", [&] {
    auto v = aspects;
    std::sort(v.begin(), v.end());
    return std::adjacent_find(v.begin(), v.end()) == v.end();
  }());
  if (d.is_cpu()) e2e::check("CPU device has its identity aspect ext_intel_x86_64", d.has(sycl::aspect::ext_intel_x86_64));

  // Platform
  sycl::platform p = d.get_platform();
  std::string pname = p.get_info<platform::name>();
  std::printf("  platform '%s' vendor '%s' version '%s'\n", pname.c_str(),
              p.get_info<platform::vendor>().c_str(), p.get_info<platform::version>().c_str());
  e2e::check("platform name non-empty", !pname.empty());
  auto pdevs = p.get_devices();
  e2e::check("platform lists the device", std::find(pdevs.begin(), pdevs.end(), d) != pdevs.end());
  e2e::check("device backend == platform backend", d.get_backend() == p.get_backend());
  e2e::check("queue backend == device backend", q.get_backend() == d.get_backend());
  e2e::check("get_info<device::platform> == get_platform", d.get_info<device::platform>() == p);

  // Enumeration is consistent.
  auto all = sycl::device::get_devices();
  e2e::check("device::get_devices contains the queue's device", std::find(all.begin(), all.end(), d) != all.end());
  size_t via_platforms = 0;
  for (auto &pl : sycl::platform::get_platforms()) via_platforms += pl.get_devices().size();
  e2e::check_eq("devices via platforms == device::get_devices", via_platforms, all.size());
  auto cpus = sycl::device::get_devices(device_type::cpu);
  for (auto &c : cpus) e2e::check("get_devices(cpu) returns CPUs only", c.is_cpu());

  // Context and queue info
  sycl::context ctx = q.get_context();
  auto cdevs = ctx.get_devices();
  e2e::check("context contains the device", std::find(cdevs.begin(), cdevs.end(), d) != cdevs.end());
  e2e::check("queue::get_info<context>", q.get_info<sycl::info::queue::context>() == ctx);
  e2e::check("queue::get_info<device>", q.get_info<sycl::info::queue::device>() == d);

  // Selectors
  if (d.is_cpu()) {
    sycl::device c{sycl::cpu_selector_v};
    e2e::check("cpu_selector_v picks a CPU", c.is_cpu());
  }
  sycl::device by_aspect{sycl::aspect_selector(sycl::aspect::usm_shared_allocations)};
  e2e::check("aspect_selector picks a device with the aspect", by_aspect.has(sycl::aspect::usm_shared_allocations));

  return e2e::finish("device_info");
}
