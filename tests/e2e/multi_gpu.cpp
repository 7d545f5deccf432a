// Several GPUs in one process (issue 22): a context of every CUDA device, a
// queue per device, USM and buffers on each, copies between the devices.
//
//   1. ONEAPI_DEVICE_SELECTOR: the program runs itself (`--list`) under
//      cuda:1, cuda:0 and cuda:0,1 and checks which GPUs each child sees
//      (by PCI address) against its own list.
//   2. USM: malloc_device on each GPU, a kernel on each, queue::memcpy from
//      GPU 0 to GPU 1 (on GPU 0's queue) and back (on GPU 1's queue and on
//      GPU 0's), a kernel on GPU 1 that depends on GPU 0's copy, a copy at
//      odd offsets; get_pointer_device of each allocation.
//   3. Buffers: one buffer used read-write by a kernel on GPU 0, then on
//      GPU 1, then read by a kernel on GPU 0 and on the host (the data
//      moves between the devices as the scheduler needs it), and one written
//      on GPU 1 only and written back when it is destroyed.
//   4. Both GPUs at once: each triads its half of the arrays.
//
// Needs two CUDA devices: with fewer it prints SKIPPED and exits 77 (ctest:
// skipped). When USYCL_TRACE_FILE names this run's trace (ctest sets it,
// with USYCL_TRACE=1) the program also checks which path each copy between
// GPUs took: MULTI_GPU_EXPECT=host (USYCL_CUDA_PEER_ACCESS=0): every one
// through the host; otherwise peer-to-peer exactly where the backend's
// `peer:` lines say that access is enabled both ways.
#include "e2e_common.hpp"

#include <climits>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

std::vector<sycl::device> cuda_gpus() {
  std::vector<sycl::device> gpus;
  for (const auto &d : sycl::device::get_devices(sycl::info::device_type::gpu))
    if (d.get_backend() == sycl::backend::ext_oneapi_cuda) gpus.push_back(d);
  return gpus;
}

// What tells two GPUs of one model apart: the PCI address where known.
std::string identity(const sycl::device &d) {
  if (d.has(sycl::aspect::ext_intel_pci_address))
    return d.get_info<sycl::ext::intel::info::device::pci_address>();
  return d.get_info<sycl::info::device::name>();
}

// `--list`: one line per GPU this process sees (the children of check 1).
int list_gpus() {
  for (const auto &d : cuda_gpus()) std::printf("gpu %s\n", identity(d).c_str());
  return 0;
}

std::vector<std::string> gpus_under(const std::string &self, const char *selector) {
  // Without a trace of their own: the parent's trace file is this run's.
  const std::string cmd = std::string("USYCL_TRACE=0 ONEAPI_DEVICE_SELECTOR='") + selector +
                          "' '" + self + "' --list 2>&1";
  std::vector<std::string> seen;
  FILE *p = popen(cmd.c_str(), "r");
  if (!p) {
    e2e::fail(std::string("cannot run ") + cmd);
    return seen;
  }
  char line[512];
  while (std::fgets(line, sizeof line, p)) {
    std::string s(line);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
    if (s.rfind("gpu ", 0) == 0) seen.push_back(s.substr(4));
  }
  const int rc = pclose(p);
  e2e::check_eq(std::string("exit status of ") + cmd, rc, 0);
  return seen;
}

void check_selectors(const std::vector<sycl::device> &gpus) {
  char self[PATH_MAX] = {};
  const ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
  if (len <= 0) {
    e2e::fail("readlink /proc/self/exe failed");
    return;
  }
  const std::string id0 = identity(gpus[0]), id1 = identity(gpus[1]);
  if (id0 == id1)
    std::printf("multi_gpu: the GPUs have no PCI address; selector checks compare names only\n");
  struct expectation {
    const char *selector;
    std::vector<std::string> ids;
  } cases[] = {{"cuda:1", {id1}}, {"cuda:0", {id0}}, {"cuda:0,1", {id0, id1}}, {"cuda:1,0", {id0, id1}}};
  for (const auto &c : cases) {
    const auto seen = gpus_under(self, c.selector);
    if (!e2e::check_eq(std::string("GPUs under ONEAPI_DEVICE_SELECTOR=") + c.selector,
                       seen.size(), c.ids.size()))
      continue;
    for (size_t i = 0; i < seen.size(); ++i)
      e2e::check_eq(std::string("GPU ") + std::to_string(i) + " under " + c.selector, seen[i],
                    c.ids[i]);
  }
}

void check_usm(sycl::context &ctx, std::vector<sycl::queue> &q, size_t n) {
  const size_t bytes = n * sizeof(int);
  int *a0 = sycl::malloc_device<int>(n, q[0]);
  int *c0 = sycl::malloc_device<int>(n, q[0]);
  int *b1 = sycl::malloc_device<int>(n, q[1]);
  if (!e2e::check("malloc_device on both GPUs", a0 && c0 && b1)) return;
  e2e::check("get_pointer_device(a0) is GPU 0", sycl::get_pointer_device(a0, ctx) == q[0].get_device());
  e2e::check("get_pointer_device(b1) is GPU 1", sycl::get_pointer_device(b1, ctx) == q[1].get_device());
  e2e::check("a0 is device USM", sycl::get_pointer_type(a0, ctx) == sycl::usm::alloc::device);

  // A kernel on each GPU.
  auto k0 = q[0].parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { a0[i] = int(i) * 3 + 7; });
  auto k1 = q[1].parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { b1[i] = -1; });
  // GPU 0 -> GPU 1 on GPU 0's queue (after k0 in queue order; b1's kernel
  // on the other GPU through the dependency).
  auto copied = q[0].memcpy(b1, a0, bytes, k1);
  // A kernel on GPU 1 that needs the copy.
  auto plus = q[1].parallel_for(sycl::range<1>{n}, copied, [=](sycl::id<1> i) { b1[i] += 1; });
  // GPU 1 -> GPU 0 on GPU 1's queue.
  q[1].memcpy(c0, b1, bytes, plus).wait();
  std::vector<int> host(n, 0);
  q[0].memcpy(host.data(), c0, bytes).wait();
  int bad = 0;
  for (size_t i = 0; i < n; ++i)
    if (host[i] != int(i) * 3 + 8 && bad++ < 5)
      e2e::check_eq("USM GPU0 -> GPU1 (+1) -> GPU0, element " + std::to_string(i), host[i],
                    int(i) * 3 + 8);

  // GPU 1 -> GPU 0 pulled by GPU 0's queue, then odd offsets and sizes.
  q[0].memset(a0, 0, bytes).wait();
  q[0].memcpy(a0, b1, bytes).wait();
  q[0].memcpy(host.data(), a0, bytes).wait();
  bad = 0;
  for (size_t i = 0; i < n; ++i)
    if (host[i] != int(i) * 3 + 8 && bad++ < 5)
      e2e::check_eq("USM GPU1 -> GPU0 on GPU 0's queue, element " + std::to_string(i), host[i],
                    int(i) * 3 + 8);
  q[1].memset(b1, 0x11, bytes).wait();
  q[1].memcpy(reinterpret_cast<char *>(b1) + 3, reinterpret_cast<const char *>(a0) + 5, 1001)
      .wait();
  std::vector<char> raw(bytes), want(bytes, 0x11);
  std::memcpy(want.data() + 3, reinterpret_cast<const char *>(host.data()) + 5, 1001);
  q[1].memcpy(raw.data(), b1, bytes).wait();
  e2e::check("1001 bytes GPU0+5 -> GPU1+3", raw == want);

  sycl::free(a0, ctx);
  sycl::free(c0, ctx);
  sycl::free(b1, ctx);
}

void check_buffers(std::vector<sycl::queue> &q, size_t n) {
  std::vector<int> init(n);
  for (size_t i = 0; i < n; ++i) init[i] = int(i);
  int *out0 = sycl::malloc_device<int>(n, q[0]);
  std::vector<int> from_host_accessor(n), from_gpu0(n), written_back(n, -1);
  {
    sycl::buffer<int> B{init.data(), sycl::range<1>{n}};
    B.set_write_back(false);
    q[0].submit([&](sycl::handler &h) {
      sycl::accessor b{B, h, sycl::read_write};
      h.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { b[i] = b[i] * 2; });
    });
    // The data is on GPU 0 only: it must reach GPU 1.
    q[1].submit([&](sycl::handler &h) {
      sycl::accessor b{B, h, sycl::read_write};
      h.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { b[i] += 3; });
    });
    // And back to GPU 0, read-only.
    q[0].submit([&](sycl::handler &h) {
      sycl::accessor b{B, h, sycl::read_only};
      h.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { out0[i] = b[i] + 1000; });
    });
    q[0].memcpy(from_gpu0.data(), out0, n * sizeof(int)).wait();
    sycl::host_accessor h{B, sycl::read_only};
    for (size_t i = 0; i < n; ++i) from_host_accessor[i] = h[i];
  }
  {
    sycl::buffer<int> W{written_back.data(), sycl::range<1>{n}};
    q[1].submit([&](sycl::handler &h) {
      sycl::accessor w{W, h, sycl::write_only, sycl::no_init};
      h.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { w[i] = int(i) ^ 0x5a5a; });
    });
    // Read on GPU 0 (moved from GPU 1) while the buffer stays current on both.
    q[0].submit([&](sycl::handler &h) {
      sycl::accessor w{W, h, sycl::read_only};
      h.parallel_for(sycl::range<1>{n}, [=](sycl::id<1> i) { out0[i] = w[i]; });
    });
  } // write-back from the GPU that wrote it
  std::vector<int> read0(n);
  q[0].memcpy(read0.data(), out0, n * sizeof(int)).wait();
  sycl::free(out0, q[0]);
  int bad[4] = {};
  for (size_t i = 0; i < n; ++i) {
    const int want = int(i) * 2 + 3;
    if (from_host_accessor[i] != want && bad[0]++ < 5)
      e2e::check_eq("buffer GPU0 -> GPU1 -> host, element " + std::to_string(i),
                    from_host_accessor[i], want);
    if (from_gpu0[i] != want + 1000 && bad[1]++ < 5)
      e2e::check_eq("buffer GPU0 -> GPU1 -> GPU0, element " + std::to_string(i), from_gpu0[i],
                    want + 1000);
    if (written_back[i] != (int(i) ^ 0x5a5a) && bad[2]++ < 5)
      e2e::check_eq("buffer written on GPU 1, written back, element " + std::to_string(i),
                    written_back[i], int(i) ^ 0x5a5a);
    if (read0[i] != (int(i) ^ 0x5a5a) && bad[3]++ < 5)
      e2e::check_eq("buffer written on GPU 1, read on GPU 0, element " + std::to_string(i),
                    read0[i], int(i) ^ 0x5a5a);
  }
}

// Each GPU triads its share of the arrays, both at once.
void check_split_work(std::vector<sycl::queue> &q, size_t n) {
  const size_t parts = q.size();
  std::vector<float *> a(parts), b(parts), c(parts);
  std::vector<size_t> first(parts + 1);
  for (size_t p = 0; p <= parts; ++p) first[p] = n * p / parts;
  for (size_t p = 0; p < parts; ++p) {
    const size_t m = first[p + 1] - first[p];
    a[p] = sycl::malloc_device<float>(m, q[p]);
    b[p] = sycl::malloc_device<float>(m, q[p]);
    c[p] = sycl::malloc_device<float>(m, q[p]);
    if (!e2e::check("malloc_device of a share", a[p] && b[p] && c[p])) return;
  }
  for (size_t p = 0; p < parts; ++p) {
    const size_t m = first[p + 1] - first[p], base = first[p];
    float *ap = a[p], *bp = b[p], *cp = c[p];
    q[p].parallel_for(sycl::range<1>{m}, [=](sycl::id<1> i) {
      bp[i] = float(base + i);
      cp[i] = 2.0f;
    });
    q[p].parallel_for(sycl::range<1>{m}, [=](sycl::id<1> i) { ap[i] = bp[i] + 3.0f * cp[i]; });
  }
  std::vector<float> host(n);
  for (size_t p = 0; p < parts; ++p)
    q[p].memcpy(host.data() + first[p], a[p], (first[p + 1] - first[p]) * sizeof(float));
  for (auto &qq : q) qq.wait_and_throw();
  int bad = 0;
  for (size_t i = 0; i < n; ++i)
    if (host[i] != float(i) + 6.0f && bad++ < 5)
      e2e::check_eq("split triad, element " + std::to_string(i), host[i], float(i) + 6.0f);
  for (size_t p = 0; p < parts; ++p) {
    sycl::free(a[p], q[p]);
    sycl::free(b[p], q[p]);
    sycl::free(c[p], q[p]);
  }
}

// The trace of this run: which path the copies between GPUs took.
void check_trace(const char *path) {
  std::ifstream in(path);
  std::string line;
  int peer_lines = 0, enabled = 0, refused = 0, peer_copies = 0, host_copies = 0,
      buffer_peer = 0;
  while (std::getline(in, line)) {
    if (line.find("] peer: ") != std::string::npos) {
      ++peer_lines;
      if (line.find("peer access enabled") != std::string::npos) ++enabled;
      if (line.find("no peer access") != std::string::npos) ++refused;
    }
    if (line.find("] memcpy: ") != std::string::npos &&
        line.find("device to device") != std::string::npos) {
      if (line.find(", peer-to-peer") != std::string::npos) ++peer_copies;
      if (line.find(", through the host") != std::string::npos) ++host_copies;
    }
    if (line.find("] copy: ") != std::string::npos &&
        line.find(", peer-to-peer") != std::string::npos)
      ++buffer_peer;
  }
  std::printf("multi_gpu: trace: %d peer decisions (%d enabled, %d refused); copies between "
              "GPUs: USM %d peer-to-peer, %d through the host; buffers %d peer-to-peer\n",
              peer_lines, enabled, refused, peer_copies, host_copies, buffer_peer);
  e2e::check("the trace has USM copies between the GPUs", peer_copies + host_copies >= 4);
  e2e::check("the trace has the backend's peer decisions", peer_lines >= 2);
  const char *expect = std::getenv("MULTI_GPU_EXPECT");
  const bool host_only = expect && std::strcmp(expect, "host") == 0;
  // Devices 0 and 1 decide both directions; enabled both ways => peer.
  const bool peer = !host_only && enabled >= 2 && refused == 0;
  if (host_only) e2e::check_eq("peer access enabled with USYCL_CUDA_PEER_ACCESS=0", enabled, 0);
  if (peer) {
    e2e::check_eq("USM copies through the host although peer access is enabled", host_copies, 0);
    e2e::check("buffers moved between the GPUs peer-to-peer", buffer_peer >= 2);
  } else {
    e2e::check_eq("USM copies peer-to-peer without peer access", peer_copies, 0);
    e2e::check_eq("buffer copies peer-to-peer without peer access", buffer_peer, 0);
  }
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "--list") == 0) return list_gpus();
  const char *trace = std::getenv("USYCL_TRACE_FILE");
  if (trace) std::ofstream(trace, std::ios::trunc); // this run's lines only

  std::vector<sycl::device> gpus = cuda_gpus();
  if (gpus.size() < 2) {
    std::printf("SKIPPED: multi_gpu needs two CUDA devices; usycl sees %zu\n", gpus.size());
    return 77;
  }
  for (size_t i = 0; i < gpus.size(); ++i)
    std::printf("multi_gpu: GPU %zu: %s (%s)\n", i,
                gpus[i].get_info<sycl::info::device::name>().c_str(), identity(gpus[i]).c_str());

  check_selectors(gpus);

  sycl::context ctx{gpus};
  e2e::check_eq("devices of the context", ctx.get_devices().size(), gpus.size());
  std::vector<sycl::queue> q;
  for (const auto &d : gpus) q.emplace_back(ctx, d, sycl::property::queue::in_order());
  for (size_t i = 0; i < q.size(); ++i)
    e2e::check("queue " + std::to_string(i) + "'s device", q[i].get_device() == gpus[i]);
  // Two GPUs are enough for everything below; with more, the split work
  // uses them all.
  std::vector<sycl::queue> two{q[0], q[1]};

  const size_t n = (size_t(1) << 24) + 37; // 64 MiB of ints, not a round size
  check_usm(ctx, two, n);
  check_buffers(two, n);
  check_split_work(q, n);
  if (trace) check_trace(trace);
  return e2e::finish("multi_gpu");
}
