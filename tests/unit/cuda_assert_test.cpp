// The CUDA backend's side of device-side assert (runtime/backends/cuda/
// cuda_assert.*, docs/assert.md) that needs no GPU: how a record the device
// wrote into the assert buffer becomes the seed's message, with the ids
// mapped from CUDA's x/y/z back to SYCL's dimension order.
#include "assert_buffer.hpp"
#include "backends/cuda/cuda_assert.hpp"

#include <sycl/detail/device_assert.hpp>

#include <gtest/gtest.h>

#include <cstring>

namespace {

using sycl::detail::assert_slot;
using usycl::rt::cuda::device_assert::record_message;

assert_slot record(const char *file, unsigned line, const char *func, const char *expr) {
  assert_slot s;
  std::memset(&s, 0, sizeof s);
  std::strncpy(s.file, file, sizeof s.file - 1);
  std::strncpy(s.func, func, sizeof s.func - 1);
  std::strncpy(s.expr, expr, sizeof s.expr - 1);
  s.line = line;
  for (int c = 0; c < 3; ++c) s.ntid[c] = s.nctaid[c] = 1;
  return s;
}

TEST(CudaAssert, NdRange2DIdsInSyclOrder) {
  // nd_range<2>({8, 16}, {4, 8}): CUDA x = SYCL 1 (blocks of 8), y = SYCL 0
  // (blocks of 4). Work-item (5, 11): group (1, 1), local (1, 3).
  assert_slot s = record("k.cpp", 12, "void f()", "x");
  s.ntid[0] = 8;  s.ntid[1] = 4;
  s.nctaid[0] = 2; s.nctaid[1] = 2;
  s.ctaid[0] = 1; s.ctaid[1] = 1;
  s.tid[0] = 3;   s.tid[1] = 1;
  const uint64_t offset[3] = {0, 0, 0};
  EXPECT_EQ(record_message(s, 2, offset),
            "k.cpp:12: void f(): global id: [5,11,0], local id: [1,3,0] Assertion `x` failed.");
}

TEST(CudaAssert, Range1DWithOffset) {
  assert_slot s = record("a.cpp", 3, "g", "i != 300");
  s.ntid[0] = 256; s.nctaid[0] = 4; s.ctaid[0] = 1; s.tid[0] = 44;
  const uint64_t offset[3] = {1000, 0, 0};
  EXPECT_EQ(record_message(s, 1, offset),
            "a.cpp:3: g: global id: [1300,0,0], local id: [44,0,0] Assertion `i != 300` failed.");
}

TEST(CudaAssert, ThreeDimensions) {
  // CUDA (x, y, z) = SYCL (2, 1, 0).
  assert_slot s = record("b.cpp", 7, "h", "e");
  s.ntid[0] = 32; s.ntid[1] = 4; s.ntid[2] = 2;
  s.ctaid[0] = 2; s.ctaid[1] = 3; s.ctaid[2] = 5;
  s.tid[0] = 1;   s.tid[1] = 2;   s.tid[2] = 1;
  const uint64_t offset[3] = {1, 2, 3};
  EXPECT_EQ(record_message(s, 3, offset),
            "b.cpp:7: h: global id: [12,16,68], local id: [1,2,1] Assertion `e` failed.");
}

TEST(CudaAssert, SingleTaskIsAllZero) {
  assert_slot s = record("c.cpp", 1, "t", "false");
  const uint64_t offset[3] = {0, 0, 0};
  EXPECT_EQ(record_message(s, 1, offset),
            "c.cpp:1: t: global id: [0,0,0], local id: [0,0,0] Assertion `false` failed.");
}

TEST(CudaAssert, UnterminatedStringsAreCut) {
  // Device code always terminates the strings; the host must not trust it.
  assert_slot s = record("f", 1, "g", "h");
  std::memset(s.expr, 'x', sizeof s.expr);
  const uint64_t offset[3] = {0, 0, 0};
  std::string m = record_message(s, 1, offset);
  EXPECT_NE(m.find("Assertion `" + std::string(sizeof s.expr - 1, 'x') + "` failed."),
            std::string::npos);
}

TEST(CudaAssert, BufferLayoutIsStable) {
  // Device code and runtime share this layout (sycl/detail/device_assert.hpp).
  EXPECT_EQ(offsetof(assert_slot, key), 0u);
  EXPECT_EQ(offsetof(assert_slot, ready), 16u);
  EXPECT_EQ(offsetof(assert_slot, file), 72u);
  EXPECT_EQ(sizeof(sycl::detail::assert_buffer),
            16 + sycl::detail::assert_slot_count * sizeof(assert_slot));
}

TEST(AssertMessage, Format) {
  const uint64_t g[3] = {5, 11, 0}, l[3] = {1, 3, 0};
  EXPECT_EQ(usycl::rt::assert_support::format_message("f.cpp", 9, "void k()", g, l, "a && \"b\""),
            "f.cpp:9: void k(): global id: [5,11,0], local id: [1,3,0] Assertion `a && \"b\"` failed.");
}

} // namespace
