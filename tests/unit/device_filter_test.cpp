// Unit tests of runtime/device_filter: ONEAPI_DEVICE_SELECTOR parsing and the
// selection it implies (DPC++ semantics: positive terms select, negative terms
// remove; only negative terms start from "everything").
#include "device_filter.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace usycl::rt;

namespace {

device_filter parse_ok(std::string_view text) {
  std::string error;
  auto f = parse_device_filter(text, error);
  EXPECT_TRUE(f.has_value()) << "'" << text << "' was rejected: " << error;
  EXPECT_TRUE(!f || error.empty()) << "error set on success: " << error;
  return f ? *f : device_filter{};
}

// Parses text expecting failure; returns the error message.
std::string parse_error(std::string_view text) {
  std::string error;
  auto f = parse_device_filter(text, error);
  EXPECT_FALSE(f.has_value()) << "'" << text << "' was accepted";
  EXPECT_FALSE(error.empty()) << "no message for '" << text << "'";
  return error;
}

constexpr auto cpu = filter_device_type::cpu;
constexpr auto gpu = filter_device_type::gpu;

} // namespace

TEST(DeviceFilter, SingleBackendAllDevices) {
  auto f = parse_ok("cuda:*");
  ASSERT_EQ(f.terms.size(), 1u);
  EXPECT_FALSE(f.terms[0].negative);
  EXPECT_EQ(f.terms[0].backend, "cuda");
  ASSERT_EQ(f.terms[0].devices.size(), 1u);
  EXPECT_EQ(f.terms[0].devices[0].type, filter_device_type::any);
  EXPECT_FALSE(f.terms[0].devices[0].index.has_value());

  EXPECT_TRUE(f.accepts("cuda", gpu, 0));
  EXPECT_TRUE(f.accepts("cuda", gpu, 3));
  EXPECT_FALSE(f.accepts("native_cpu", cpu, 0));
}

TEST(DeviceFilter, NativeCpu) {
  auto f = parse_ok("native_cpu:*");
  EXPECT_TRUE(f.accepts("native_cpu", cpu, 0));
  EXPECT_FALSE(f.accepts("cuda", gpu, 0));
}

TEST(DeviceFilter, WildcardBackendWithType) {
  auto f = parse_ok("*:gpu");
  ASSERT_EQ(f.terms.size(), 1u);
  EXPECT_EQ(f.terms[0].backend, "*");
  EXPECT_EQ(f.terms[0].devices[0].type, gpu);
  EXPECT_TRUE(f.accepts("cuda", gpu, 0));
  EXPECT_TRUE(f.accepts("cuda", gpu, 1));
  EXPECT_FALSE(f.accepts("native_cpu", cpu, 0));

  auto c = parse_ok("*:cpu");
  EXPECT_TRUE(c.accepts("native_cpu", cpu, 0));
  EXPECT_FALSE(c.accepts("cuda", gpu, 0));
}

TEST(DeviceFilter, Indexes) {
  auto f = parse_ok("cuda:0,2");
  ASSERT_EQ(f.terms.size(), 1u);
  ASSERT_EQ(f.terms[0].devices.size(), 2u);
  EXPECT_EQ(f.terms[0].devices[0].index, 0u);
  EXPECT_EQ(f.terms[0].devices[1].index, 2u);
  EXPECT_TRUE(f.accepts("cuda", gpu, 0));
  EXPECT_FALSE(f.accepts("cuda", gpu, 1));
  EXPECT_TRUE(f.accepts("cuda", gpu, 2));
  EXPECT_FALSE(f.accepts("cuda", gpu, 3));
  EXPECT_FALSE(f.accepts("native_cpu", cpu, 0));
}

// Issue 22: the selectors of a two-GPU run. The index is the device's
// position in the CUDA backend's list (the driver's ordinal, after
// CUDA_VISIBLE_DEVICES), never the CPU's.
TEST(DeviceFilter, TwoGpuSelectors) {
  auto both = parse_ok("cuda:0,1");
  ASSERT_EQ(both.terms.size(), 1u);
  ASSERT_EQ(both.terms[0].devices.size(), 2u);
  EXPECT_TRUE(both.accepts("cuda", gpu, 0));
  EXPECT_TRUE(both.accepts("cuda", gpu, 1));
  EXPECT_FALSE(both.accepts("cuda", gpu, 2));
  EXPECT_FALSE(both.accepts("native_cpu", cpu, 0));

  auto second = parse_ok("cuda:1");
  EXPECT_FALSE(second.accepts("cuda", gpu, 0));
  EXPECT_TRUE(second.accepts("cuda", gpu, 1));
  EXPECT_FALSE(second.accepts("cuda", gpu, 2));
  EXPECT_FALSE(second.accepts("native_cpu", cpu, 0));

  // Order in the list does not matter; the devices keep the backend's order.
  auto reversed = parse_ok("cuda:1,0");
  EXPECT_TRUE(reversed.accepts("cuda", gpu, 0));
  EXPECT_TRUE(reversed.accepts("cuda", gpu, 1));
  // Both GPUs and the CPU.
  auto all = parse_ok("cuda:0,1;native_cpu:*");
  EXPECT_TRUE(all.accepts("cuda", gpu, 1));
  EXPECT_TRUE(all.accepts("native_cpu", cpu, 0));
}

TEST(DeviceFilter, MixedIndexAndTypeInOneTerm) {
  auto f = parse_ok("cuda:1,gpu");
  EXPECT_TRUE(f.accepts("cuda", gpu, 0)); // matches by type
  EXPECT_TRUE(f.accepts("cuda", gpu, 1));
}

TEST(DeviceFilter, SubDeviceSyntaxUsesRootDevice) {
  auto f = parse_ok("cuda:1.0");
  ASSERT_EQ(f.terms[0].devices.size(), 1u);
  EXPECT_EQ(f.terms[0].devices[0].index, 1u);
  EXPECT_TRUE(f.accepts("cuda", gpu, 1));
  EXPECT_FALSE(f.accepts("cuda", gpu, 0));
  auto g = parse_ok("cuda:0.*");
  EXPECT_TRUE(g.accepts("cuda", gpu, 0));
}

TEST(DeviceFilter, SeveralPositiveTerms) {
  auto f = parse_ok("cuda:0;native_cpu:*");
  ASSERT_EQ(f.terms.size(), 2u);
  EXPECT_TRUE(f.accepts("cuda", gpu, 0));
  EXPECT_FALSE(f.accepts("cuda", gpu, 1));
  EXPECT_TRUE(f.accepts("native_cpu", cpu, 0));
}

TEST(DeviceFilter, OnlyNegativeTermsStartFromEverything) {
  auto f = parse_ok("!cuda:*");
  ASSERT_EQ(f.terms.size(), 1u);
  EXPECT_TRUE(f.terms[0].negative);
  EXPECT_FALSE(f.accepts("cuda", gpu, 0));
  EXPECT_TRUE(f.accepts("native_cpu", cpu, 0));
}

TEST(DeviceFilter, NegativeTermRemovesFromPositive) {
  auto f = parse_ok("cuda:*;!cuda:1");
  EXPECT_TRUE(f.accepts("cuda", gpu, 0));
  EXPECT_FALSE(f.accepts("cuda", gpu, 1));
  EXPECT_TRUE(f.accepts("cuda", gpu, 2));
  EXPECT_FALSE(f.accepts("native_cpu", cpu, 0));

  // Order does not matter: a negative term wins over a later positive one.
  auto g = parse_ok("!cuda:1;cuda:*");
  EXPECT_TRUE(g.accepts("cuda", gpu, 0));
  EXPECT_FALSE(g.accepts("cuda", gpu, 1));
}

TEST(DeviceFilter, NegativeWildcardBackendType) {
  auto f = parse_ok("!*:cpu");
  EXPECT_FALSE(f.accepts("native_cpu", cpu, 0));
  EXPECT_TRUE(f.accepts("cuda", gpu, 0));
}

TEST(DeviceFilter, CaseAndWhitespaceAreTolerated) {
  auto f = parse_ok(" CUDA : GPU ; Native_CPU:* ");
  ASSERT_EQ(f.terms.size(), 2u);
  EXPECT_EQ(f.terms[0].backend, "cuda");
  EXPECT_EQ(f.terms[1].backend, "native_cpu");
  EXPECT_TRUE(f.accepts("cuda", gpu, 0));
  EXPECT_TRUE(f.accepts("native_cpu", cpu, 0));
}

TEST(DeviceFilter, TrailingSemicolonIsIgnored) {
  auto f = parse_ok("cuda:*;");
  EXPECT_EQ(f.terms.size(), 1u);
  auto g = parse_ok("cuda:*;;native_cpu:*");
  EXPECT_EQ(g.terms.size(), 2u);
}

TEST(DeviceFilter, AllKnownBackendsParse) {
  for (const char *b : {"level_zero", "opencl", "cuda", "hip", "native_cpu", "*"}) {
    auto f = parse_ok(std::string(b) + ":*");
    ASSERT_EQ(f.terms.size(), 1u) << b;
    EXPECT_EQ(f.terms[0].backend, b);
  }
  // A filter for a backend usycl does not have selects none of ours.
  auto f = parse_ok("level_zero:*");
  EXPECT_FALSE(f.accepts("cuda", gpu, 0));
  EXPECT_FALSE(f.accepts("native_cpu", cpu, 0));
}

TEST(DeviceFilter, FpgaTypeParses) {
  auto f = parse_ok("*:fpga");
  EXPECT_EQ(f.terms[0].devices[0].type, filter_device_type::fpga);
  EXPECT_FALSE(f.accepts("cuda", gpu, 0));
  EXPECT_FALSE(f.accepts("native_cpu", cpu, 0));
}

// ---- malformed input: the message names the offending term ----

TEST(DeviceFilterErrors, MissingColonNamesTerm) {
  std::string e = parse_error("cuda");
  EXPECT_NE(e.find("'cuda'"), std::string::npos) << e;
  EXPECT_NE(e.find("ONEAPI_DEVICE_SELECTOR"), std::string::npos) << e;
}

TEST(DeviceFilterErrors, MissingColonInSecondTerm) {
  std::string e = parse_error("cuda:0;gpu");
  EXPECT_NE(e.find("'gpu'"), std::string::npos) << e;
}

TEST(DeviceFilterErrors, UnknownBackendNamesIt) {
  std::string e = parse_error("vulkan:*");
  EXPECT_NE(e.find("vulkan"), std::string::npos) << e;
  EXPECT_NE(e.find("cuda"), std::string::npos) << "message should list valid backends: " << e;
}

TEST(DeviceFilterErrors, NoDeviceAfterColon) {
  std::string e = parse_error("cuda:");
  EXPECT_NE(e.find("cuda:"), std::string::npos) << e;
}

TEST(DeviceFilterErrors, BadDeviceNamesDeviceAndTerm) {
  std::string e = parse_error("cuda:abc");
  EXPECT_NE(e.find("'abc'"), std::string::npos) << e;
  EXPECT_NE(e.find("cuda:abc"), std::string::npos) << e;
}

TEST(DeviceFilterErrors, NegativeIndexIsRejected) {
  std::string e = parse_error("cuda:-1");
  EXPECT_NE(e.find("-1"), std::string::npos) << e;
}

TEST(DeviceFilterErrors, EmptyDeviceInList) {
  std::string e = parse_error("cuda:0,,1");
  EXPECT_NE(e.find("cuda:0,,1"), std::string::npos) << e;
  parse_error("cuda:0,");
}

TEST(DeviceFilterErrors, BadSubDevice) {
  std::string e = parse_error("cuda:0.x");
  EXPECT_NE(e.find("0.x"), std::string::npos) << e;
  parse_error("cuda:.1");
}

TEST(DeviceFilterErrors, TrailingGarbageAfterIndex) {
  std::string e = parse_error("cuda:1x");
  EXPECT_NE(e.find("1x"), std::string::npos) << e;
}

TEST(DeviceFilterErrors, EmptyString) {
  std::string e = parse_error("");
  EXPECT_NE(e.find("ONEAPI_DEVICE_SELECTOR"), std::string::npos) << e;
  parse_error("   ");
  parse_error(";");
}

TEST(DeviceFilterErrors, BareNegation) {
  parse_error("!");
  parse_error("!;cuda:*");
}

TEST(DeviceFilterErrors, HugeIndexIsRejectedNotWrapped) {
  // 2^32 does not fit in an unsigned: must not silently become device 0.
  std::string error;
  auto f = parse_device_filter("cuda:4294967296", error);
  if (f) {
    EXPECT_FALSE(f->accepts("cuda", gpu, 0)) << "index wrapped around to 0";
  } else {
    EXPECT_NE(error.find("4294967296"), std::string::npos) << error;
  }
}

// DPC++'s other backends parse (a selector may list several), and the
// runtime names those it does not have.
TEST(DeviceFilter, BackendsUsyclDoesNotHave) {
  auto f = parse_ok("level_zero:*;opencl:gpu;!hip:*;cuda:0;level_zero:1");
  const std::vector<std::string> absent = f.absent_backends({"native_cpu", "cuda"});
  ASSERT_EQ(absent.size(), 2u);
  EXPECT_EQ(absent[0], "level_zero");
  EXPECT_EQ(absent[1], "opencl");
  EXPECT_TRUE(parse_ok("*:gpu").absent_backends({"native_cpu", "cuda"}).empty());
  EXPECT_FALSE(f.accepts("native_cpu", cpu, 0));
}
