// Copies between two GPUs of one context, without a GPU (issue 22): two fake
// devices of one platform whose queues run copies at once on the host and
// count them. Checks
//   * queue::memcpy between device allocations of the two devices asks the
//     backend for a device-to-device copy (backend_queue::copy_between_devices)
//     and falls back to memcpy when it refuses; other copies never ask;
//   * a buffer last written on one device moves to the other device to
//     device, and to the host from the device that wrote it (never from a
//     copy another read may still be filling); without a device-to-device
//     path, through the host as before;
//   * the trace says which path each copy took (docs/trace.md).
#include "backend.hpp"
#include "buffer_impl.hpp"
#include "empty_backend.hpp"
#include "platform_impl.hpp"
#include "queue_impl.hpp"
#include "scheduler.hpp"
#include "trace.hpp"
#include "usm_registry.hpp"

#include <sycl/detail/buffer_api.hpp>
#include <sycl/detail/command_group.hpp>
#include <sycl/property_list.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using namespace usycl::rt;
namespace sd = sycl::detail;

struct peer_call {
  void *dst;
  const backend_device *to;
  const void *src;
  const backend_device *from;
  size_t bytes;
  bool done; // the queue copied (returned true)
};
struct plain_copy {
  void *dst;
  const void *src;
  size_t bytes;
};

// What the fake devices were asked to do, in order.
struct call_log {
  std::vector<peer_call> peer;
  std::vector<plain_copy> memcpy_async; // backend_queue::memcpy
  std::vector<plain_copy> memcpy_sync;  // backend_device::memcpy_sync
  size_t records = 0;                   // backend_queue::record
  std::vector<std::vector<char>> launched; // each launched kernel object's bytes
  bool idle = false;                    // what backend_queue::idle answers
  void clear() { *this = {}; }
};
call_log calls;

struct done_event final : backend_event {
  bool is_complete() override { return true; }
  void wait() override {}
  uint64_t timestamp_ns() override { return 0; }
};

class fake_gpu;

// Runs everything at once, except (with `defer`) device-to-device copies,
// which wait for synchronize(): a copy still on its way.
class fake_queue final : public backend_queue {
public:
  explicit fake_queue(fake_gpu &gpu) : gpu_(gpu) {}
  void launch(const sycl::detail::kernel_launch &l) override {
    const char *object = static_cast<const char *>(l.kernel_object);
    calls.launched.emplace_back(object, object + l.kernel_object_size);
  }
  void memcpy(void *dst, const void *src, size_t bytes) override {
    calls.memcpy_async.push_back({dst, src, bytes});
    std::memcpy(dst, src, bytes);
  }
  bool copy_between_devices(void *dst, backend_device &to, const void *src, backend_device &from,
                            size_t bytes) override;
  void fill(void *dst, const void *pattern, size_t size, size_t count) override {
    for (size_t i = 0; i < count; ++i) std::memcpy(static_cast<char *>(dst) + i * size, pattern, size);
  }
  void prefetch(const void *, size_t) override {}
  void host_callback(void (*fn)(void *), void *arg) override { fn(arg); }
  std::shared_ptr<backend_event> record(bool) override {
    ++calls.records;
    return std::make_shared<done_event>();
  }
  bool wait_for(backend_event &) override { return true; }
  bool idle() override { return calls.idle; }
  void *staging_memory() override { return staging_; }
  void synchronize() override {
    for (auto &f : deferred_) f();
    deferred_.clear();
  }

private:
  fake_gpu &gpu_;
  std::vector<std::function<void()>> deferred_;
  alignas(16) char staging_[staging_bytes] = {};
};

class fake_gpu final : public backend_device {
public:
  fake_gpu(std::string name, std::string pci) {
    info_.name = std::move(name);
    info_.pci_address = std::move(pci);
    info_.kind = device_kind::gpu;
    info_.global_mem_size = uint64_t(1) << 30;
    info_.aspects = {2, 13}; // gpu, usm_device_allocations
  }
  const device_info &info() const override { return info_; }
  void *malloc(usm_kind, size_t bytes, size_t) override { return std::calloc(1, bytes); }
  void free(void *p, usm_kind) override { std::free(p); }
  std::unique_ptr<backend_queue> create_queue(bool, bool) override {
    return std::make_unique<fake_queue>(*this);
  }
  bool has_kernel(const char *) override { return true; }
  bool can_use_image(const usycl_device_image &) const override { return false; }
  void memcpy_sync(void *dst, const void *src, size_t bytes) override {
    calls.memcpy_sync.push_back({dst, src, bytes});
    std::memcpy(dst, src, bytes);
  }
  uint64_t free_memory() const override { return 0; }

  bool peer = true;   // takes part in device-to-device copies
  bool defer = false; // its queues run them at synchronize()

private:
  device_info info_;
};

bool fake_queue::copy_between_devices(void *dst, backend_device &to, const void *src,
                                      backend_device &from, size_t bytes) {
  auto *t = dynamic_cast<fake_gpu *>(&to);
  auto *f = dynamic_cast<fake_gpu *>(&from);
  const bool ok = t && f && t != f && t->peer && f->peer;
  calls.peer.push_back({dst, &to, src, &from, bytes, ok});
  if (!ok) return false;
  if (gpu_.defer)
    deferred_.push_back([=] { std::memcpy(dst, src, bytes); });
  else
    std::memcpy(dst, src, bytes);
  return true;
}

// Two fake GPUs of one platform, a context of both, an in-order queue on each.
struct two_gpus {
  test_support::empty_backend backend;
  std::shared_ptr<sd::platform_impl> platform =
      std::make_shared<sd::platform_impl>(backend, sycl::backend::ext_oneapi_cuda);
  std::shared_ptr<fake_gpu> g0 = std::make_shared<fake_gpu>("fake GPU", "0000:0a:00.0");
  std::shared_ptr<fake_gpu> g1 = std::make_shared<fake_gpu>("fake GPU", "0000:0b:00.0");
  std::shared_ptr<sd::device_impl> dev0 = std::make_shared<sd::device_impl>(g0, *platform, platform);
  std::shared_ptr<sd::device_impl> dev1 = std::make_shared<sd::device_impl>(g1, *platform, platform);
  std::shared_ptr<sd::context_impl> ctx =
      std::make_shared<sd::context_impl>(std::vector{dev0, dev1}, sycl::async_handler{});
  std::shared_ptr<sd::queue_impl> q0 =
      std::make_shared<sd::queue_impl>(dev0, ctx, sycl::async_handler{}, sd::prop_in_order);
  std::shared_ptr<sd::queue_impl> q1 =
      std::make_shared<sd::queue_impl>(dev1, ctx, sycl::async_handler{}, sd::prop_in_order);
  std::vector<void *> usm;

  two_gpus() { calls.clear(); }
  ~two_gpus() {
    q0->wait();
    q1->wait();
    for (void *p : usm) {
      auto a = usm_registry::get().remove(p);
      if (a) a->device->backend_device().free(p, a->kind);
    }
  }
  void *alloc(sd::device_impl &dev, usm_kind kind, size_t bytes) {
    void *p = dev.backend_device().malloc(kind, bytes, 64);
    usm_registry::get().add({p, bytes, kind, ctx.get(), &dev});
    usm.push_back(p);
    return p;
  }
  void memcpy(sd::queue_impl &q, void *dst, const void *src, size_t bytes) {
    sd::command_group cg;
    cg.kind = sd::command_kind::usm_copy;
    cg.copy_dst = dst;
    cg.copy_src = src;
    cg.bytes = bytes;
    sd::submit(q, std::move(cg))->wait();
  }
};

// A copy of `src` into the whole of `buf`, submitted to `q`.
std::shared_ptr<sd::event_impl> write_buffer(sd::queue_impl &q,
                                             const std::shared_ptr<sd::buffer_impl> &buf,
                                             const std::vector<int> &src) {
  const size_t bytes = src.size() * sizeof(int);
  sd::buffer_region whole;
  whole.row_bytes = whole.row_pitch = bytes;
  sd::command_group cg;
  cg.kind = sd::command_kind::ptr_to_buffer;
  cg.requirements.push_back({buf, sycl::access_mode::write, false});
  cg.copy_src = src.data();
  cg.bytes = bytes;
  cg.region_dst = whole;
  return sd::submit(q, std::move(cg));
}

std::vector<int> iota_ints(size_t n, int mul, int add) {
  std::vector<int> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = int(i) * mul + add;
  return v;
}

// USYCL_TRACE=1 into a file for the test's lifetime.
struct trace_file {
  std::string path = "/tmp/usycl-multi-device-test-" + std::to_string(::getpid()) + ".log";
  trace_file() {
    ::unlink(path.c_str());
    ::setenv("USYCL_TRACE_FILE", path.c_str(), 1);
    ::setenv("USYCL_TRACE", "1", 1);
    trace::configure();
  }
  ~trace_file() {
    ::unsetenv("USYCL_TRACE");
    ::unsetenv("USYCL_TRACE_FILE");
    trace::configure();
    ::unlink(path.c_str());
  }
  std::string text() const {
    std::ifstream in(path);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
};

} // namespace

TEST(MultiDeviceUsm, CopyBetweenDevicesIsDeviceToDevice) {
  two_gpus rig;
  trace_file trace;
  const size_t n = 1000, bytes = n * sizeof(int);
  auto *a0 = static_cast<int *>(rig.alloc(*rig.dev0, usm_kind::device, bytes));
  auto *b1 = static_cast<int *>(rig.alloc(*rig.dev1, usm_kind::device, bytes));
  const auto want = iota_ints(n, 3, 1);
  std::memcpy(a0, want.data(), bytes);

  rig.memcpy(*rig.q0, b1, a0, bytes); // pushed by device 0
  ASSERT_EQ(calls.peer.size(), 1u);
  EXPECT_EQ(calls.peer[0].dst, b1);
  EXPECT_EQ(calls.peer[0].to, rig.g1.get());
  EXPECT_EQ(calls.peer[0].src, a0);
  EXPECT_EQ(calls.peer[0].from, rig.g0.get());
  EXPECT_EQ(calls.peer[0].bytes, bytes);
  EXPECT_TRUE(calls.memcpy_async.empty()) << "copied twice";
  EXPECT_EQ(std::memcmp(b1, want.data(), bytes), 0);

  std::memset(a0, 0, bytes);
  rig.memcpy(*rig.q0, a0 + 1, b1 + 2, 5 * sizeof(int)); // pulled by device 0, at offsets
  ASSERT_EQ(calls.peer.size(), 2u);
  EXPECT_EQ(calls.peer[1].to, rig.g0.get());
  EXPECT_EQ(calls.peer[1].from, rig.g1.get());
  EXPECT_EQ(a0[1], want[2]);
  EXPECT_EQ(a0[5], want[6]);
  EXPECT_EQ(a0[6], 0);

  const std::string log = trace.text();
  EXPECT_NE(log.find("on fake GPU: device to device (fake GPU [0000:0a:00.0] -> fake GPU "
                     "[0000:0b:00.0]), peer-to-peer\n"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("(fake GPU [0000:0b:00.0] -> fake GPU [0000:0a:00.0]), peer-to-peer\n"),
            std::string::npos)
      << log;
}

TEST(MultiDeviceUsm, WithoutPeerAccessThroughMemcpy) {
  two_gpus rig;
  trace_file trace;
  rig.g1->peer = false;
  const size_t bytes = 4096;
  auto *a0 = static_cast<char *>(rig.alloc(*rig.dev0, usm_kind::device, bytes));
  auto *b1 = static_cast<char *>(rig.alloc(*rig.dev1, usm_kind::device, bytes));
  std::memset(a0, 0x3c, bytes);
  rig.memcpy(*rig.q1, b1, a0, bytes);
  ASSERT_EQ(calls.peer.size(), 1u);
  EXPECT_FALSE(calls.peer[0].done);
  ASSERT_EQ(calls.memcpy_async.size(), 1u);
  EXPECT_EQ(calls.memcpy_async[0].dst, b1);
  EXPECT_EQ(calls.memcpy_async[0].src, a0);
  EXPECT_EQ(b1[bytes - 1], 0x3c);
  EXPECT_NE(trace.text().find("(fake GPU [0000:0a:00.0] -> fake GPU [0000:0b:00.0]), through "
                              "the host\n"),
            std::string::npos)
      << trace.text();
}

TEST(MultiDeviceUsm, OtherCopiesNeverAsk) {
  two_gpus rig;
  const size_t bytes = 256;
  auto *a0 = rig.alloc(*rig.dev0, usm_kind::device, bytes);
  auto *c0 = rig.alloc(*rig.dev0, usm_kind::device, bytes);
  auto *s1 = rig.alloc(*rig.dev1, usm_kind::shared, bytes);
  std::vector<char> host(bytes);
  rig.memcpy(*rig.q0, c0, a0, bytes);          // one device
  rig.memcpy(*rig.q0, s1, a0, bytes);          // shared memory of the other
  rig.memcpy(*rig.q1, host.data(), a0, bytes); // the host
  rig.memcpy(*rig.q1, a0, host.data(), bytes);
  EXPECT_TRUE(calls.peer.empty());
  EXPECT_EQ(calls.memcpy_async.size(), 4u);
}

TEST(MultiDeviceBuffer, MovesDeviceToDeviceAndToTheHostFromTheWriter) {
  // Both orders: the copies of a buffer live in a map keyed by device, so
  // a wrong "first valid copy" would be right in one of them.
  for (int writer = 0; writer < 2; ++writer) {
    two_gpus rig;
    trace_file trace;
    rig.g0->defer = rig.g1->defer = true;
    fake_gpu &gw = writer ? *rig.g1 : *rig.g0, &gr = writer ? *rig.g0 : *rig.g1;
    sd::device_impl &w = writer ? *rig.dev1 : *rig.dev0, &r = writer ? *rig.dev0 : *rig.dev1;
    auto qw = gw.create_queue(true, false), qr = gr.create_queue(true, false);
    const size_t n = 512, bytes = n * sizeof(int);
    std::vector<int> host = iota_ints(n, 1, 0);
    sd::buffer_impl b(bytes, host.data(), nullptr, 0);

    auto *pw = static_cast<int *>(b.prepare(w, *qw, sycl::access_mode::read_write, false));
    EXPECT_EQ(calls.memcpy_async.size(), 1u) << "host -> writer";
    for (size_t i = 0; i < n; ++i) pw[i] = int(i) * 2; // "the kernel"
    auto *pr = static_cast<int *>(b.prepare(r, *qr, sycl::access_mode::read, false));
    ASSERT_EQ(calls.peer.size(), 1u);
    EXPECT_TRUE(calls.peer[0].done);
    EXPECT_EQ(calls.peer[0].dst, pr);
    EXPECT_EQ(calls.peer[0].src, pw);
    EXPECT_EQ(calls.peer[0].to, &gr);
    EXPECT_EQ(calls.peer[0].from, &gw);
    EXPECT_TRUE(calls.memcpy_sync.empty()) << "went through the host";
    EXPECT_EQ(calls.memcpy_async.size(), 1u);

    // The reader's copy is still on its way: the host gets the writer's.
    int *h = static_cast<int *>(b.prepare_host(sycl::access_mode::read, false));
    ASSERT_EQ(calls.memcpy_sync.size(), 1u);
    EXPECT_EQ(calls.memcpy_sync[0].src, pw);
    EXPECT_EQ(h[7], 14);
    EXPECT_EQ(h[n - 1], int(n - 1) * 2);
    qr->synchronize();
    EXPECT_EQ(pr[n - 1], int(n - 1) * 2);

    // Written on the reader's device now: back to the first device from it.
    EXPECT_EQ(b.prepare(r, *qr, sycl::access_mode::read_write, false), pr);
    EXPECT_EQ(calls.peer.size(), 1u) << "its copy was current";
    for (size_t i = 0; i < n; ++i) pr[i] += 5;
    EXPECT_EQ(b.prepare(w, *qw, sycl::access_mode::read, false), pw);
    ASSERT_EQ(calls.peer.size(), 2u);
    EXPECT_EQ(calls.peer[1].src, pr);
    EXPECT_EQ(calls.peer[1].dst, pw);
    qw->synchronize();
    EXPECT_EQ(pw[3], 11);
    b.prepare_host(sycl::access_mode::read, false);
    ASSERT_EQ(calls.memcpy_sync.size(), 2u);
    EXPECT_EQ(calls.memcpy_sync[1].src, pr);
    EXPECT_EQ(h[3], 11);

    // Written on the host: devices copy from the host again.
    b.prepare_host(sycl::access_mode::write, false);
    h[0] = -1;
    b.prepare(r, *qr, sycl::access_mode::read, false);
    EXPECT_EQ(calls.peer.size(), 2u);
    EXPECT_EQ(pr[0], -1);

    const std::string log = trace.text();
    EXPECT_NE(log.find("copy: 2048 bytes buffer fake GPU [" + gw.info().pci_address +
                       "] -> fake GPU [" + gr.info().pci_address + "], peer-to-peer\n"),
              std::string::npos)
        << log;
  }
}

TEST(MultiDeviceBuffer, WithoutPeerAccessThroughTheHost) {
  two_gpus rig;
  rig.g0->peer = false;
  auto q0 = rig.g0->create_queue(true, false), q1 = rig.g1->create_queue(true, false);
  const size_t n = 64, bytes = n * sizeof(int);
  std::vector<int> host(n, 1);
  sd::buffer_impl b(bytes, host.data(), nullptr, 0);
  auto *p0 = static_cast<int *>(b.prepare(*rig.dev0, *q0, sycl::access_mode::write, true));
  for (size_t i = 0; i < n; ++i) p0[i] = 9;
  auto *p1 = static_cast<int *>(b.prepare(*rig.dev1, *q1, sycl::access_mode::read, false));
  ASSERT_EQ(calls.peer.size(), 1u);
  EXPECT_FALSE(calls.peer[0].done);
  ASSERT_EQ(calls.memcpy_sync.size(), 1u); // device 0 -> host
  EXPECT_EQ(calls.memcpy_sync[0].src, p0);
  ASSERT_EQ(calls.memcpy_async.size(), 1u); // host -> device 1
  EXPECT_EQ(calls.memcpy_async[0].dst, p1);
  EXPECT_EQ(p1[n - 1], 9);
}

TEST(MultiDeviceBuffer, DevicesOfAnotherPlatformAreNotAsked) {
  two_gpus rig;
  test_support::empty_backend other_backend;
  auto other = std::make_shared<sd::platform_impl>(other_backend, sycl::backend::ext_oneapi_cuda);
  auto g2 = std::make_shared<fake_gpu>("other GPU", "0000:0c:00.0");
  auto dev2 = std::make_shared<sd::device_impl>(g2, *other, other);
  auto q0 = rig.g0->create_queue(true, false), q2 = g2->create_queue(true, false);
  std::vector<int> host(16, 4);
  sd::buffer_impl b(host.size() * sizeof(int), host.data(), nullptr, 0);
  b.prepare(*rig.dev0, *q0, sycl::access_mode::read_write, false);
  auto *p2 = static_cast<int *>(b.prepare(*dev2, *q2, sycl::access_mode::read, false));
  EXPECT_TRUE(calls.peer.empty());
  EXPECT_EQ(calls.memcpy_sync.size(), 1u);
  EXPECT_EQ(p2[15], 4);
}

// Through the scheduler: a buffer written on device 0, then read on device 1
// (the dependency on device 0's command is waited for on the host first).
TEST(MultiDeviceBuffer, ThroughTheScheduler) {
  two_gpus rig;
  const size_t n = 256, bytes = n * sizeof(int);
  std::vector<int> host(n, 0), src = iota_ints(n, 7, 3), out(n, 0);
  auto buf = std::make_shared<sd::buffer_impl>(bytes, host.data(), nullptr, 0);
  sd::buffer_region whole;
  whole.row_bytes = whole.row_pitch = bytes;
  write_buffer(*rig.q0, buf, src);
  {
    sd::command_group cg;
    cg.kind = sd::command_kind::buffer_to_ptr;
    cg.requirements.push_back({buf, sycl::access_mode::read, false});
    cg.copy_dst = out.data();
    cg.bytes = bytes;
    cg.region_src = whole;
    sd::submit(*rig.q1, std::move(cg))->wait();
  }
  ASSERT_EQ(calls.peer.size(), 1u);
  EXPECT_TRUE(calls.peer[0].done);
  EXPECT_EQ(calls.peer[0].from, rig.g0.get());
  EXPECT_EQ(calls.peer[0].to, rig.g1.get());
  EXPECT_TRUE(calls.memcpy_sync.empty());
  EXPECT_EQ(out, src);
  buf->release();
  EXPECT_EQ(host, src) << "written back from device 0's copy";
}

// A host accessor (and the write-back) of a buffer whose writer is still on
// its GPU queue: the copy to the host is enqueued on that queue behind the
// writer (one wait for both, as cudaMemcpy after a kernel), not a
// synchronous copy after waiting for the writer; once the writer is
// complete, the synchronous copy again.
TEST(MultiDeviceBuffer, HostCopiesRideBehindTheirWriter) {
  two_gpus rig;
  trace_file trace;
  const size_t n = 128, bytes = n * sizeof(int);
  std::vector<int> host(n, 0), src = iota_ints(n, 3, 1);
  auto buf = std::make_shared<sd::buffer_impl>(bytes, host.data(), nullptr, 0);
  auto write = [&](sd::queue_impl &q) { return write_buffer(q, buf, src); };
  auto writer = write(*rig.q1);
  ASSERT_EQ(writer->get_state(), sd::event_impl::state::enqueued);
  calls.clear();
  {
    sd::host_access h = sd::buffer_host_access(buf, sycl::access_mode::read, false);
    EXPECT_TRUE(calls.memcpy_sync.empty());
    ASSERT_EQ(calls.memcpy_async.size(), 1u);
    EXPECT_EQ(calls.memcpy_async[0].dst, host.data());
    EXPECT_EQ(std::memcmp(h.ptr, src.data(), bytes), 0);
  }
  EXPECT_NE(trace.text().find("copy: 512 bytes buffer fake GPU -> host (behind its writer)\n"),
            std::string::npos)
      << trace.text();

  // A finished writer: nothing to ride behind.
  src = iota_ints(n, 5, 2);
  write(*rig.q0)->wait();
  calls.clear();
  {
    sd::host_access h = sd::buffer_host_access(buf, sycl::access_mode::read, false);
    EXPECT_TRUE(calls.memcpy_async.empty());
    ASSERT_EQ(calls.memcpy_sync.size(), 1u);
    EXPECT_EQ(std::memcmp(h.ptr, src.data(), bytes), 0);
  }

  // The write-back at release.
  src = iota_ints(n, 7, 3);
  std::fill(host.begin(), host.end(), 0);
  write(*rig.q0);
  calls.clear();
  buf->release();
  EXPECT_TRUE(calls.memcpy_sync.empty());
  ASSERT_EQ(calls.memcpy_async.size(), 1u);
  EXPECT_EQ(host, src);
}

// A host accessor behind a writer still on its queue waits for the device
// once: the event after its copy also ends the writer (no second event), and
// none at all when the queue has drained by the time the copy returns (a
// copy to pageable memory). Likewise a wait for a command of a drained
// in-order queue records nothing.
TEST(MultiDeviceBuffer, HostAccessWaitsForTheDeviceOnce) {
  two_gpus rig;
  const size_t n = 64, bytes = n * sizeof(int);
  std::vector<int> host(n, 0), src = iota_ints(n, 2, 1);
  auto buf = std::make_shared<sd::buffer_impl>(bytes, host.data(), nullptr, 0);
  for (bool idle : {false, true}) {
    auto writer = write_buffer(*rig.q1, buf, src);
    ASSERT_EQ(writer->get_state(), sd::event_impl::state::enqueued);
    calls.clear();
    calls.idle = idle;
    {
      sd::host_access h = sd::buffer_host_access(buf, sycl::access_mode::read, false);
      ASSERT_EQ(calls.memcpy_async.size(), 1u);
      EXPECT_EQ(std::memcmp(h.ptr, src.data(), bytes), 0);
    }
    EXPECT_EQ(writer->get_state(), sd::event_impl::state::complete);
    EXPECT_EQ(calls.records, idle ? 0u : 1u) << (idle ? "drained queue" : "busy queue");
    src = iota_ints(n, 3, idle);
  }
  for (bool idle : {false, true}) {
    auto writer = write_buffer(*rig.q0, buf, src);
    calls.clear();
    calls.idle = idle;
    writer->wait();
    EXPECT_EQ(writer->get_state(), sd::event_impl::state::complete);
    EXPECT_EQ(calls.records, idle ? 0u : 1u) << (idle ? "drained queue" : "busy queue");
  }
  calls.idle = false;
}

// Reductions into shared or host USM of a GPU run into the queue's staging
// memory (scheduler.cpp, "staged reductions"): the kernel object points
// there, the result is copied in (or its identity written there) before the
// kernel and copied back after it; device USM stays in place.
namespace {
struct reduction_object { // stands in for the reduction wrapper kernel object
  double *first;
  float *second;
  int *third;
};
std::vector<char> bytes_of(const void *p, size_t n) {
  return {static_cast<const char *>(p), static_cast<const char *>(p) + n};
}
} // namespace

TEST(MultiDeviceReduction, SharedAndHostResultsAreStagedOnTheGpu) {
  two_gpus rig;
  auto *shared = static_cast<double *>(rig.alloc(*rig.dev0, usm_kind::shared, 16));
  auto *host = static_cast<float *>(rig.alloc(*rig.dev0, usm_kind::host, 8));
  auto *device = static_cast<int *>(rig.alloc(*rig.dev0, usm_kind::device, 4));
  *shared = 5.0;
  host[0] = 1.5f;
  sd::command_group cg;
  cg.kind = sd::command_kind::kernel;
  const reduction_object k{shared, host, device};
  cg.kernel_object = std::make_unique<sd::kernel_object<reduction_object>>(k, cg);
  cg.launch.name = "staged_reduction_test_kernel";
  cg.launch.dims = 1;
  cg.launch.global[0] = 1;
  cg.launch.kernel_object = cg.kernel_object->data();
  cg.launch.kernel_object_size = sizeof k;
  // first: no initialize_to_identity (copied in); second: the identity
  // 0.0f written by its fill; third: device USM, left alone.
  cg.usm_reduction_targets = {{uint32_t(offsetof(reduction_object, first)), 8, 8, false},
                              {uint32_t(offsetof(reduction_object, second)), 4, 4, true},
                              {uint32_t(offsetof(reduction_object, third)), 4, 4, true}};
  sd::fill_before_kernel f;
  f.dst = host;
  f.count = 1;
  f.pattern.assign(4, 0);
  cg.fills_before_kernel.push_back(f);
  calls.clear();
  sd::submit(*rig.q0, std::move(cg))->wait();

  ASSERT_EQ(calls.launched.size(), 1u);
  reduction_object seen;
  std::memcpy(&seen, calls.launched[0].data(), sizeof seen);
  EXPECT_NE(seen.first, shared);
  EXPECT_NE(seen.second, host);
  EXPECT_EQ(seen.third, device) << "device USM is reduced in place";
  EXPECT_EQ(reinterpret_cast<char *>(seen.second), reinterpret_cast<char *>(seen.first) + 8);
  // In: the shared result's value; the host result's identity went to its
  // temporary. Out: both, one copy each (not adjacent in user memory).
  ASSERT_EQ(calls.memcpy_async.size(), 3u);
  EXPECT_EQ(calls.memcpy_async[0].dst, seen.first);
  EXPECT_EQ(calls.memcpy_async[0].src, shared);
  EXPECT_EQ(calls.memcpy_async[1].dst, shared);
  EXPECT_EQ(calls.memcpy_async[1].src, seen.first);
  EXPECT_EQ(calls.memcpy_async[2].dst, host);
  EXPECT_EQ(calls.memcpy_async[2].src, seen.second);
  EXPECT_EQ(*shared, 5.0);    // copied out unchanged: the fake kernel does nothing
  EXPECT_EQ(host[0], 0.0f);   // its identity, copied out
}
