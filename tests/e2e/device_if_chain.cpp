// sycl_ext_oneapi_device_if end to end (docs/device-if.md): an
// if_device_has / else_if_device_has / else_device chain in a kernel takes
// the clause the running device's aspects select, exactly one, with its
// arguments; and the architecture query names the device.
//
//   clause 1: if_device_has<fp16, fp64>   (plain CPU, H100)
//   clause 2: else_if_device_has<fp64>    (USYCL_EMULATE=nvidia_gpu_sm_50)
//   clause 3: else_device                 (USYCL_EMULATE=intel_gpu_tgllp)
//
// Built in JIT mode (-fsycl-targets=nvptx64-nvidia-cuda: the CPU decides at
// run time, CUDA by link-time variants) and in AOT mode (-DDEVICE_IF_AOT,
// default targets x86_64,nvidia_gpu_sm_90: decided at compile time from the
// device configuration file). DEVICE_IF_EXPECT=<n> makes the run insist on
// clause n, so each ctest run covers the clause it is meant to.
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace syclex = sycl::ext::oneapi::experimental;

int main() {
  sycl::queue q;
  sycl::device dev = q.get_device();
  const bool fp16 = dev.has(sycl::aspect::fp16), fp64 = dev.has(sycl::aspect::fp64);
  int expect = fp16 && fp64 ? 1 : fp64 ? 2 : 3;
#ifdef DEVICE_IF_AOT
  // Compiled ahead of time: x86_64 and sm_90 have both aspects.
  expect = 1;
#endif
  if (const char *e = std::getenv("DEVICE_IF_EXPECT"); e && std::atoi(e) != expect) {
    std::printf("FAIL: this run should take clause %s, but device '%s' (fp16=%d fp64=%d) selects clause %d\n",
                e, dev.get_info<sycl::info::device::name>().c_str(), fp16, fp64, expect);
    return 1;
  }

  int *out = sycl::malloc_shared<int>(4, q);
  for (int i = 0; i < 4; ++i) out[i] = 0;
  q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) {
     if (i[0] != 7) return;
     syclex::if_device_has<sycl::aspect::fp16, sycl::aspect::fp64>(
         [&](int tag, int twice) { out[0] = tag; out[1] += twice; }, 1, 2)
         .else_if_device_has<sycl::aspect::fp64>([&](int tag) { out[0] = tag; out[1] += 1; }, 2)
         .else_device([&](int tag) { out[0] = tag; out[1] += 1; }, 3);
   }).wait();
  int failures = 0;
  if (out[0] != expect) {
    std::printf("FAIL: clause %d ran, expected clause %d\n", out[0], expect);
    ++failures;
  }
  // Exactly one clause ran (clause 1 adds 2, the others 1), with its arguments.
  if (out[1] != (expect == 1 ? 2 : 1)) {
    std::printf("FAIL: clause bodies ran %d times (weighted), expected one\n", out[1]);
    ++failures;
  }

  // The architecture: the identity aspect of what the device is (or emulates).
  auto arch = dev.get_info<syclex::info::device::architecture>();
  const auto *t = sycl::detail::target_for_aspect(static_cast<int>(arch));
  std::string arch_name = t ? std::string(t->name) : "unknown";
  std::string want;
  if (dev.is_cpu())
    want = std::getenv("USYCL_EMULATE") ? std::getenv("USYCL_EMULATE") : "x86_64";
  else if (dev.is_gpu())
    want = "nvidia_gpu_sm_" + [&] {
      std::string v = dev.get_info<sycl::info::device::version>(); // "9.0"
      v.erase(std::remove(v.begin(), v.end(), '.'), v.end());
      return v;
    }();
  if (arch_name != want || !dev.has(syclex::to_aspect(arch))) {
    std::printf("FAIL: architecture %s (has its aspect: %d), expected %s\n", arch_name.c_str(),
                arch == syclex::architecture::unknown ? 0 : int(dev.has(syclex::to_aspect(arch))),
                want.c_str());
    ++failures;
  }
  sycl::free(out, q);
  if (failures) return 1;
  std::printf("PASS: device '%s' architecture %s took clause %d\n",
              dev.get_info<sycl::info::device::name>().c_str(), arch_name.c_str(), expect);
  return 0;
}
