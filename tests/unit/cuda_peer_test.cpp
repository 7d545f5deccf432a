// Unit tests of peer access between CUDA devices (runtime/backends/cuda/
// cuda_peer.*, cuda_queue::copy_between_devices).
//
// USYCL_CUDA_PEER_ACCESS parsing and its configuration error need no GPU.
// CudaGpuPeer.* need two CUDA devices and are skipped (GTEST_SKIP, ctest:
// skipped) with fewer: copies between the two devices' memory in both
// directions on either device's queue, checked byte for byte; where the
// devices have no peer access the backend must say so (false) and the copy
// must still work through memcpy.
#include "backend.hpp"
#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_peer.hpp"
#include "backends/cuda/cuda_queue.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

using namespace usycl::rt;
using namespace usycl::rt::cuda;

// ---- no GPU needed -----------------------------------------------------------

TEST(CudaPeerSetting, Values) {
  EXPECT_EQ(parse_peer_access(nullptr), std::optional<bool>(true));
  EXPECT_EQ(parse_peer_access(""), std::optional<bool>(true));
  EXPECT_EQ(parse_peer_access("1"), std::optional<bool>(true));
  EXPECT_EQ(parse_peer_access("0"), std::optional<bool>(false));
  EXPECT_EQ(parse_peer_access("yes"), std::nullopt);
  EXPECT_EQ(parse_peer_access("00"), std::nullopt);
  EXPECT_EQ(parse_peer_access(" 1"), std::nullopt);
  EXPECT_EQ(parse_peer_access("2"), std::nullopt);
}

TEST(CudaPeerSetting, ConfigurationError) {
  const char *saved = std::getenv(peer_access_env);
  const std::string keep = saved ? saved : "";
  ::setenv(peer_access_env, "off", 1);
  const std::string e = peer_access_configuration_error();
  EXPECT_NE(e.find("USYCL_CUDA_PEER_ACCESS='off'"), std::string::npos) << e;
  EXPECT_NE(e.find("use 0"), std::string::npos) << e;
  // The backend reports it (the runtime then refuses every device lookup
  // with it, like a malformed ONEAPI_DEVICE_SELECTOR), with or without a GPU.
  EXPECT_EQ(make_cuda_backend()->configuration_error(), e);
  ::setenv(peer_access_env, "0", 1);
  EXPECT_EQ(peer_access_configuration_error(), "");
  ::unsetenv(peer_access_env);
  EXPECT_EQ(peer_access_configuration_error(), "");
  EXPECT_EQ(make_cuda_backend()->configuration_error(), "");
  if (saved) ::setenv(peer_access_env, keep.c_str(), 1);
}

// ---- on two GPUs ---------------------------------------------------------------

namespace {

class CudaGpuPeer : public testing::Test {
protected:
  static void SetUpTestSuite() { backend_ = make_cuda_backend().release(); }
  void SetUp() override {
    if (backend_->devices().size() < 2)
      GTEST_SKIP() << "needs two CUDA devices; the backend has " << backend_->devices().size()
                   << (backend_->unavailable_reason().empty()
                           ? std::string()
                           : " (" + backend_->unavailable_reason() + ")");
    d0_ = backend_->devices()[0].get();
    d1_ = backend_->devices()[1].get();
  }
  static backend *backend_;
  backend_device *d0_ = nullptr;
  backend_device *d1_ = nullptr;
};
backend *CudaGpuPeer::backend_ = nullptr;

struct device_memory {
  backend_device *dev;
  void *ptr;
  device_memory(backend_device *d, size_t bytes) : dev(d), ptr(d->malloc(usm_kind::device, bytes, 0)) {}
  ~device_memory() { dev->free(ptr, usm_kind::device); }
};

bool peer_possible(backend_device *a, backend_device *b) {
  return peer_copies_possible(*static_cast<cuda_device *>(a)->state(),
                              *static_cast<cuda_device *>(b)->state());
}

// Copies `bytes` from src (on `from`) to dst (on `to`) on queue `q`: peer
// when the backend can, else memcpy. Returns whether it was peer-to-peer.
bool copy(backend_queue &q, void *dst, backend_device *to, const void *src,
          backend_device *from, size_t bytes) {
  const bool peer = q.copy_between_devices(dst, *to, src, *from, bytes);
  if (!peer) q.memcpy(dst, src, bytes);
  return peer;
}

} // namespace

TEST_F(CudaGpuPeer, DecisionIsStableAndSymmetric) {
  const bool p01 = peer_possible(d0_, d1_);
  EXPECT_EQ(peer_possible(d0_, d1_), p01);
  EXPECT_EQ(peer_possible(d1_, d0_), p01);
  const char *env = std::getenv(peer_access_env);
  if (env && std::strcmp(env, "0") == 0) EXPECT_FALSE(p01);
  std::cout << "[ info     ] " << d0_->info().name << " <-> " << d1_->info().name << ": "
            << (p01 ? "peer access" : "no peer access (copies go through the host)") << "\n";
}

TEST_F(CudaGpuPeer, CopiesBothWaysOnEitherQueue) {
  const size_t n = (64 << 20) + 12; // not a multiple of anything round
  device_memory a(d0_, n), b(d1_, n), c(d0_, n);
  ASSERT_TRUE(a.ptr && b.ptr && c.ptr);
  std::vector<uint8_t> host(n), back(n, 0);
  for (size_t i = 0; i < n; ++i) host[i] = static_cast<uint8_t>(i * 131 + (i >> 12));
  auto q0 = d0_->create_queue(true, false);
  auto q1 = d1_->create_queue(true, false);
  const bool peer = peer_possible(d0_, d1_);

  // Push (the source device's queue), then pull (the destination's).
  q0->memcpy(a.ptr, host.data(), n);
  EXPECT_EQ(copy(*q0, b.ptr, d1_, a.ptr, d0_, n), peer);
  q0->synchronize();
  EXPECT_EQ(copy(*q0, c.ptr, d0_, b.ptr, d1_, n - 5), peer); // device 1 -> device 0 on q0
  q0->memcpy(back.data(), c.ptr, n - 5);
  q0->synchronize();
  EXPECT_EQ(std::memcmp(back.data(), host.data(), n - 5), 0);

  // Device 1's queue pushes to device 0.
  std::fill(back.begin(), back.end(), 0);
  q1->fill(b.ptr, "\x5a", 1, n);
  EXPECT_EQ(copy(*q1, a.ptr, d0_, b.ptr, d1_, n), peer);
  q1->synchronize();
  q0->memcpy(back.data(), a.ptr, n);
  q0->synchronize();
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i) bad += back[i] != 0x5a;
  EXPECT_EQ(bad, 0u);

  // A few bytes at odd offsets inside the allocations, pulled by device 1.
  q0->memcpy(a.ptr, host.data(), n);
  q0->synchronize();
  EXPECT_EQ(copy(*q1, static_cast<char *>(b.ptr) + 3, d1_, static_cast<char *>(a.ptr) + 7,
                 d0_, 13),
            peer);
  std::vector<uint8_t> small(13);
  q1->memcpy(small.data(), static_cast<char *>(b.ptr) + 3, 13);
  q1->synchronize();
  EXPECT_EQ(std::memcmp(small.data(), host.data() + 7, 13), 0);
}

TEST_F(CudaGpuPeer, NotForOneDeviceOrAnotherBackend) {
  auto q0 = d0_->create_queue(true, false);
  device_memory a(d0_, 4096), b(d0_, 4096);
  EXPECT_FALSE(q0->copy_between_devices(b.ptr, *d0_, a.ptr, *d0_, 4096));
  auto cpu = make_cpu_backend();
  ASSERT_FALSE(cpu->devices().empty());
  std::vector<char> host(4096);
  EXPECT_FALSE(q0->copy_between_devices(host.data(), *cpu->devices()[0], a.ptr, *d0_, 4096));
  EXPECT_FALSE(q0->copy_between_devices(a.ptr, *d0_, host.data(), *cpu->devices()[0], 4096));
  q0->synchronize();
}
