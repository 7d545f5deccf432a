// A clause whose body computes with sycl::half (docs/device-if.md): on a
// device without fp16 it is not taken, and the kernel is not rejected for
// using fp16 (the use is guarded by if_device_has<fp16>); in JIT mode for
// CUDA the clause is removed from the code of the devices that lack fp16.
// DEVICE_IF_EXPECT=half|float insists on the path the run should take.
#include <sycl/sycl.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace syclex = sycl::ext::oneapi::experimental;

int main() {
  sycl::queue q;
  sycl::device dev = q.get_device();
  const bool fp16 = dev.has(sycl::aspect::fp16);
  const char *want = fp16 ? "half" : "float";
  if (const char *e = std::getenv("DEVICE_IF_EXPECT"); e && std::strcmp(e, want) != 0) {
    std::printf("FAIL: this run should take the %s path, but the device has fp16=%d\n", e, fp16);
    return 1;
  }
  float *out = sycl::malloc_shared<float>(64, q);
  int *path = sycl::malloc_shared<int>(1, q);
  *path = 0;
  try {
    q.parallel_for(sycl::range<1>(64), [=](sycl::id<1> i) {
       const float x = static_cast<float>(i[0]) * 0.25f;
       syclex::if_device_has<sycl::aspect::fp16>([&] {
         sycl::half h = x;
         h = h * sycl::half(2.0f) + sycl::half(1.0f);
         out[i] = static_cast<float>(h);
         if (i[0] == 0) *path = 1;
       }).else_device([&] {
         out[i] = x * 2.0f + 1.0f;
         if (i[0] == 0) *path = 2;
       });
     }).wait();
  } catch (const sycl::exception &e) {
    std::printf("FAIL: the kernel was rejected: %s\n", e.what());
    return 1;
  }
  int failures = 0;
  if (*path != (fp16 ? 1 : 2)) {
    std::printf("FAIL: path %d taken, expected the %s path\n", *path, want);
    ++failures;
  }
  for (int i = 0; i < 64; ++i)
    if (std::fabs(out[i] - (i * 0.25f * 2.0f + 1.0f)) > 1e-3f) {
      std::printf("FAIL: out[%d] = %f\n", i, out[i]);
      ++failures;
      break;
    }
  sycl::free(out, q);
  sycl::free(path, q);
  if (failures) return 1;
  std::printf("PASS: %s path on '%s'\n", want, dev.get_info<sycl::info::device::name>().c_str());
  return 0;
}
