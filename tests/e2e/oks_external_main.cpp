// Optional kernel features (seed 002), separate compilation: the kernel
// ExternalCaller calls oks_external_scale, a SYCL_EXTERNAL function defined in
// oks_external_fp64.cpp that uses double internally. Its declaration here has
// no [[sycl::device_has(aspect::fp64)]], so this translation unit cannot know;
// at link time sycl-post-link warns ("function ... uses aspect 'fp64' not
// expected by its calling kernel") and records fp64 in the kernel's
// requirements, and the runtime refuses the kernel on a device without fp64
// (the CPU emulating intel_gpu_tgllp). Built with per-kernel images, the
// sibling kernel runs regardless.
#include "oks_common.hpp"

SYCL_EXTERNAL float oks_external_scale(float x); // uses double (undeclared)

class ExternalCaller;
class ExternalSibling;

static float expected_scale(float x) {
  double acc = 0;
  for (int i = 1; i <= 4; ++i) acc += double(x) / i;
  return static_cast<float>(acc);
}

int main() {
  oks::test_queue tq("oks_external");
  sycl::queue &q = tq.q;
  sycl::device dev = tq.device();
  const bool has_fp64 = dev.has(sycl::aspect::fp64);
  if (oks::expect_unsupported())
    e2e::check("this run needs a device without aspect::fp64", !has_fp64);

  constexpr size_t n = 256;
  float *out = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i) out[i] = -1.0f;

  auto submit = [&] {
    q.parallel_for<ExternalCaller>(sycl::range<1>(n), [=](sycl::id<1> i) {
      out[i] = oks_external_scale(float(i));
    });
  };
  if (!has_fp64) {
    oks::expect_sync_exception(tq, "kernel calling a SYCL_EXTERNAL function that uses double",
                               sycl::errc::kernel_not_supported,
                               {"Kernel uses optional feature corresponding to 'aspect::fp64' but "
                                "device does not support this aspect.",
                                "ExternalCaller"},
                               submit);
    e2e::check_eq("refused kernel did not run", out[0], -1.0f);
  } else {
    submit();
    tq.drain("ExternalCaller");
    for (size_t i = 0; i < n; ++i)
      if (!e2e::check_near("out[" + std::to_string(i) + "]", out[i], expected_scale(float(i)))) break;
  }
  e2e::check_eq("is_compatible<ExternalCaller>", sycl::is_compatible<ExternalCaller>(dev), has_fp64);

  q.parallel_for<ExternalSibling>(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = float(i) + 0.5f; });
  tq.drain("ExternalSibling");
  for (size_t i = 0; i < n; ++i)
    if (!e2e::check_eq("sibling out[" + std::to_string(i) + "]", out[i], float(i) + 0.5f)) break;

  sycl::free(out, q);
  return e2e::finish("oks_external");
}
