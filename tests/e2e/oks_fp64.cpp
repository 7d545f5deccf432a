// Optional kernel features (seed 002): a kernel that uses `double` needs
// aspect::fp64. On a device without it (the CPU emulating intel_gpu_tgllp),
// submitting it throws errc::kernel_not_supported synchronously from
// parallel_for / submit with the seed's message, and it never runs; its
// sibling kernel in the same source, which uses no optional feature, still
// runs (no failure from speculative compilation: the whole source is built
// for every target, and the fp64 kernel's image is simply never used).
// is_compatible and kernel_bundle agree. On a device with fp64 (the plain
// CPU, a CUDA GPU) both kernels run and compute the right values.
#include "oks_common.hpp"

class Fp64Kernel;
class Fp64SingleTask;
class SiblingKernel;

int main() {
  oks::test_queue tq("oks_fp64");
  sycl::queue &q = tq.q;
  sycl::device dev = tq.device();
  const bool has_fp64 = dev.has(sycl::aspect::fp64);
  std::printf("  aspect::fp64: %s\n", has_fp64 ? "yes" : "no");
  if (oks::expect_unsupported())
    e2e::check("this run needs a device without aspect::fp64", !has_fp64);

  constexpr size_t n = 1024;
  float *in = sycl::malloc_shared<float>(n, q);
  float *out = sycl::malloc_shared<float>(n, q);
  float *sib = sycl::malloc_shared<float>(n, q);
  for (size_t i = 0; i < n; ++i) {
    in[i] = float(i) * 0.25f;
    out[i] = -1.0f;
    sib[i] = -1.0f;
  }

  auto submit_fp64 = [&] {
    q.parallel_for<Fp64Kernel>(sycl::range<1>(n), [=](sycl::id<1> i) {
      double d = in[i]; // the optional feature: double arithmetic
      d = d * 3.0 + 0.5;
      out[i] = static_cast<float>(d);
    });
  };
  auto submit_fp64_single = [&] {
    q.submit([&](sycl::handler &h) {
      h.single_task<Fp64SingleTask>([=] { out[0] = static_cast<float>(double(in[1]) / 3.0); });
    });
  };
  const std::string fp64_msg = "Kernel uses optional feature corresponding to 'aspect::fp64' "
                               "but device does not support this aspect.";

  if (!has_fp64) {
    oks::expect_sync_exception(tq, "fp64 kernel via queue::parallel_for",
                               sycl::errc::kernel_not_supported,
                               {fp64_msg, "Fp64Kernel", tq.device_name()}, submit_fp64);
    // Again: the verdict is cached, the exception is the same.
    oks::expect_sync_exception(tq, "fp64 kernel, second submission",
                               sycl::errc::kernel_not_supported, {fp64_msg, "Fp64Kernel"},
                               submit_fp64);
    oks::expect_sync_exception(tq, "fp64 single_task via handler::single_task in submit",
                               sycl::errc::kernel_not_supported, {fp64_msg, "Fp64SingleTask"},
                               submit_fp64_single);
    for (size_t i = 0; i < n; ++i)
      if (!e2e::check_eq("rejected kernel did not run: out[" + std::to_string(i) + "]", out[i], -1.0f))
        break;
  } else {
    submit_fp64();
    tq.drain("fp64 kernel");
    for (size_t i = 0; i < n; ++i)
      if (!e2e::check_near("out[" + std::to_string(i) + "]", out[i],
                           static_cast<float>(double(in[i]) * 3.0 + 0.5)))
        break;
    submit_fp64_single();
    tq.drain("fp64 single_task");
    e2e::check_near("single_task out[0]", out[0], static_cast<float>(double(in[1]) / 3.0));
  }

  // The sibling from the same source: no optional feature, always runs.
  q.parallel_for<SiblingKernel>(sycl::range<1>(n), [=](sycl::id<1> i) { sib[i] = in[i] * 2.0f + 1.0f; });
  tq.drain("sibling kernel");
  for (size_t i = 0; i < n; ++i)
    if (!e2e::check_eq("sibling sib[" + std::to_string(i) + "]", sib[i], in[i] * 2.0f + 1.0f)) break;

  // The same answers from the kernel_bundle API.
  e2e::check_eq("is_compatible<Fp64Kernel>", sycl::is_compatible<Fp64Kernel>(dev), has_fp64);
  e2e::check_eq("is_compatible<SiblingKernel>", sycl::is_compatible<SiblingKernel>(dev), true);
  e2e::check_eq("is_compatible({Fp64Kernel, SiblingKernel})",
                sycl::is_compatible({sycl::get_kernel_id<Fp64Kernel>(),
                                     sycl::get_kernel_id<SiblingKernel>()},
                                    dev),
                has_fp64);
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  e2e::check_eq("bundle.has_kernel<SiblingKernel>", bundle.has_kernel<SiblingKernel>(), true);
  e2e::check_eq("bundle.has_kernel<Fp64Kernel>(dev)", bundle.has_kernel<Fp64Kernel>(dev), has_fp64);

  sycl::free(in, q);
  sycl::free(out, q);
  sycl::free(sib, q);
  return e2e::finish("oks_fp64");
}
