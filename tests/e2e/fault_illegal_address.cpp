// CUDA only: a kernel that writes to an illegal address (docs/testing.md,
// "Faults"). A CUDA context is lost for good after that, so usycl must
//   * report the failure asynchronously, naming the kernel and the CUDA
//     error, and keep the process alive;
//   * refuse later work on that GPU at once with a clear sycl::exception
//     (not a hang, not a crash);
//   * keep other devices working: here the CPU, with buffers shared with
//     the GPU before the fault;
//   * lose no data it still has: buffers whose latest contents reached the
//     host before the fault are written back intact, and a buffer whose only
//     copy was on the lost GPU reports its failed write-back instead of
//     crashing.
// Needs both backends, so it selects them itself (ONEAPI_DEVICE_SELECTOR is
// read at the first SYCL call); exits 77 (skipped) without a CUDA GPU.
#include "e2e_common.hpp"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

class IllegalAddressKernel;

namespace {

struct recorded {
  std::vector<std::string> messages;
};

sycl::async_handler recorder(recorded &r) {
  return [&r](sycl::exception_list list) {
    for (auto &e : list) {
      try {
        std::rethrow_exception(e);
      } catch (const std::exception &ex) {
        r.messages.push_back(ex.what());
      }
    }
  };
}

bool any_contains(const std::vector<std::string> &v, const std::string &a, const std::string &b) {
  for (const auto &m : v)
    if (m.find(a) != std::string::npos && m.find(b) != std::string::npos) return true;
  return false;
}

} // namespace

int main(int argc, char **) {
  setenv("ONEAPI_DEVICE_SELECTOR", "cuda:*;native_cpu:*", 1);
  sycl::device gpu, cpu;
  bool have_gpu = false, have_cpu = false;
  for (const auto &d : sycl::device::get_devices()) {
    if (d.is_gpu() && !have_gpu) { gpu = d; have_gpu = true; }
    if (d.is_cpu() && !have_cpu) { cpu = d; have_cpu = true; }
  }
  if (!have_gpu) {
    std::printf("SKIPPED: fault_illegal_address needs a CUDA GPU\n");
    return 77;
  }
  if (!e2e::check("a CPU device besides the GPU", have_cpu)) return e2e::finish("fault_illegal_address");

  recorded gr, cr;
  sycl::queue gq(gpu, recorder(gr), sycl::property::queue::in_order());
  sycl::queue cq(cpu, recorder(cr), sycl::property::queue::in_order());
  e2e::print_device(gq, "fault_illegal_address");

  constexpr size_t n = 1 << 16;
  std::vector<int> synced(n, 0), cpu_side(n, 0), gpu_only(n, -1);
  {
    sycl::buffer<int> b_synced(synced.data(), sycl::range<1>(n));
    sycl::buffer<int> b_cpu(cpu_side.data(), sycl::range<1>(n));
    sycl::buffer<int> b_gpu_only(gpu_only.data(), sycl::range<1>(n));

    // Written on the GPU, then read on the host: the host holds it now.
    gq.submit([&](sycl::handler &h) {
      sycl::accessor a{b_synced, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = int(i[0]) * 2; });
    });
    { sycl::host_accessor ha{b_synced, sycl::read_only}; e2e::check_eq("synced[5]", ha[5], 10); }
    // Written on the GPU and left there: lost with the context.
    gq.submit([&](sycl::handler &h) {
      sycl::accessor a{b_gpu_only, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { a[i] = 1; });
    });
    gq.wait_and_throw();
    e2e::check_eq("no error before the fault", gr.messages.size(), size_t(0));

    // The fault: a store far outside any allocation. The address comes from
    // the host at run time so the compiler cannot see it.
    int *bad = reinterpret_cast<int *>(uintptr_t(0xdead0000) << (argc > 100 ? 0 : 16));
    gq.submit([&](sycl::handler &h) {
      h.single_task<IllegalAddressKernel>([=] { *bad = 1; });
    });
    gq.wait_and_throw(); // must return: the error goes to the handler
    e2e::check("an async error was delivered", !gr.messages.empty());
    for (const auto &m : gr.messages) std::printf("  async error: %s\n", m.c_str());
    e2e::check("the error names the kernel and the CUDA error",
               any_contains(gr.messages, "IllegalAddressKernel", "CUDA_ERROR_ILLEGAL_ADDRESS"));

    // Later work on the lost GPU: an exception right away, for every kind.
    e2e::expect_exception("kernel on the lost GPU", sycl::errc::runtime,
                          {"cannot take more work", "IllegalAddressKernel"}, [&] {
                            gq.single_task([] {}).wait_and_throw();
                          });
    int *usm = sycl::malloc_device<int>(16, gq);
    if (usm) {
      int host[16] = {};
      e2e::expect_exception("memcpy on the lost GPU", sycl::errc::runtime, {"cannot take more work"},
                            [&] { gq.memcpy(host, usm, sizeof host).wait_and_throw(); });
      sycl::free(usm, gq);
    }

    // The CPU keeps working, also with a buffer the GPU used before the fault.
    cq.submit([&](sycl::handler &h) {
      sycl::accessor in{b_synced, h, sycl::read_only};
      sycl::accessor out{b_cpu, h, sycl::write_only};
      h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = in[i] + 1; });
    });
    cq.wait_and_throw();
    e2e::check_eq("no error on the CPU queue", cr.messages.size(), size_t(0));
    // A command refused by the lost GPU left the buffer's data where it was.
    try {
      gq.submit([&](sycl::handler &h) {
        sycl::accessor a{b_cpu, h, sycl::read_write};
        h.single_task([=] { a[0] = -5; });
      });
      gq.wait_and_throw();
    } catch (const sycl::exception &) {
    }
    cq.submit([&](sycl::handler &h) {
      sycl::accessor a{b_cpu, h, sycl::read_write};
      h.single_task([=] { a[1] += 1000; });
    });
    cq.wait_and_throw();
  } // write-backs; b_gpu_only's reports its failure on stderr
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) {
    bad += synced[i] != int(i) * 2;
    bad += cpu_side[i] != int(i) * 2 + 1 + (i == 1 ? 1000 : 0);
  }
  e2e::check_eq("buffers written back after the fault (wrong values)", bad, size_t(0));
  e2e::check("the GPU-only buffer keeps its old host contents",
             gpu_only[0] == -1 || gpu_only[0] == 1);
  return e2e::finish("fault_illegal_address");
}
