// Optional kernel features (seed 002): [[sycl::device_has(...)]] is an
// assertion of what a kernel may use, and the runtime must refuse the kernel
// on a device without those aspects *even though the kernel never uses a
// feature of them* -- also for aspects that correspond to no feature at all.
//
//   HalfDeclared  functor, operator() [[sycl::device_has(aspect::fp16)]],
//                 uses no sycl::half: throws where fp16 is missing (the CPU
//                 emulating nvidia_gpu_sm_50), runs where present (H100).
//   ImageDeclared lambda with [[sycl::device_has(aspect::image)]] in the
//                 declarator position, uses no image: runs where the device
//                 has aspect::image (the CPU, CUDA), is refused with a message
//                 naming 'aspect::image' where it has not (emulated targets).
//   Fp64Declared  device_has(fp64) and uses double: runs where fp64 is.
//   Plain         no attribute: always runs.
#include "oks_common.hpp"

struct HalfDeclared {
  float *out;
  [[sycl::device_has(sycl::aspect::fp16)]] void operator()() const { out[0] = 1.0f; }
};
class ImageDeclared;
class Fp64Declared;
class Plain;

static std::string aspect_msg(const char *aspect) {
  return std::string("Kernel uses optional feature corresponding to 'aspect::") + aspect +
         "' but device does not support this aspect.";
}

int main() {
  oks::test_queue tq("oks_device_has");
  sycl::queue &q = tq.q;
  sycl::device dev = tq.device();
  const bool has_fp16 = dev.has(sycl::aspect::fp16);
  const bool has_image = dev.has(sycl::aspect::image);
  const bool has_fp64 = dev.has(sycl::aspect::fp64);
  std::printf("  fp16 %d, image %d, fp64 %d\n", has_fp16, has_image, has_fp64);
  if (oks::expect_unsupported())
    e2e::check("this run needs a device without aspect::fp16", !has_fp16);

  float *out = sycl::malloc_shared<float>(4, q);
  for (int i = 0; i < 4; ++i) out[i] = 0.0f;

  // fp16 declared, never used.
  if (!has_fp16) {
    oks::expect_sync_exception(tq, "device_has(fp16) functor", sycl::errc::kernel_not_supported,
                               {aspect_msg("fp16"), "HalfDeclared", tq.device_name()},
                               [&] { q.single_task(HalfDeclared{out}); });
    e2e::check_eq("HalfDeclared did not run", out[0], 0.0f);
  } else {
    q.single_task(HalfDeclared{out});
    tq.drain("device_has(fp16) functor");
    e2e::check_eq("HalfDeclared ran", out[0], 1.0f);
  }
  e2e::check_eq("is_compatible<HalfDeclared>", sycl::is_compatible<HalfDeclared>(dev), has_fp16);

  // image declared (lambda declarator position), through handler::parallel_for.
  auto submit_image = [&] {
    q.submit([&](sycl::handler &h) {
      h.parallel_for<ImageDeclared>(sycl::range<1>(1), [=](sycl::id<1>) [[sycl::device_has(sycl::aspect::image)]] {
        out[1] = 2.0f;
      });
    });
  };
  if (!has_image) {
    oks::expect_sync_exception(tq, "device_has(image) lambda", sycl::errc::kernel_not_supported,
                               {aspect_msg("image"), "ImageDeclared"}, submit_image);
    e2e::check_eq("ImageDeclared did not run", out[1], 0.0f);
  } else {
    submit_image();
    tq.drain("device_has(image) lambda");
    e2e::check_eq("ImageDeclared ran", out[1], 2.0f);
  }
  e2e::check_eq("is_compatible<ImageDeclared>", sycl::is_compatible<ImageDeclared>(dev), has_image);

  // fp64 declared and used: consistent, runs where fp64 exists.
  auto submit_fp64 = [&] {
    q.single_task<Fp64Declared>([=]() [[sycl::device_has(sycl::aspect::fp64)]] {
      double d = 0.1;
      out[2] = static_cast<float>(d * 30.0);
    });
  };
  if (!has_fp64) {
    oks::expect_sync_exception(tq, "device_has(fp64) using double", sycl::errc::kernel_not_supported,
                               {aspect_msg("fp64"), "Fp64Declared"}, submit_fp64);
  } else {
    submit_fp64();
    tq.drain("device_has(fp64) using double");
    e2e::check_near("Fp64Declared result", out[2], 3.0f);
  }

  // No attribute: runs everywhere.
  q.single_task<Plain>([=] { out[3] = 4.0f; });
  tq.drain("plain kernel");
  e2e::check_eq("Plain ran", out[3], 4.0f);

  sycl::free(out, q);
  return e2e::finish("oks_device_has");
}
