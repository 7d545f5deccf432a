// Host->device kernel specialisation, the runtime's half
// (runtime/kernel_specializations.hpp): registration through the C entry
// point, the selection at launch on the CPU device (launchers swapped, name
// kept) and on an image-based device (the clone symbol, only when the
// device's images hold it), clones for one launch range (ABI version 2) and
// arrays of version 1, USYCL_HOST_DEVICE_OPT, the launch trace, and one
// kernel submitted through a queue whose registered clone really runs.
// Links the whole runtime (static, INTERNAL_RUNTIME); the CPU device comes
// from the runtime (ONEAPI_DEVICE_SELECTOR=native_cpu:* under ctest).
#include "empty_backend.hpp"
#include "image_registry.hpp"
#include "kernel_specializations.hpp"
#include "platform_impl.hpp"
#include "trace.hpp"

#include <sycl/queue.hpp>
#include <sycl/usm.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

using sycl::detail::apply_kernel_specialization;
using sycl::detail::cpu_group_ctx;
using sycl::detail::kernel_dims;
using sycl::detail::kernel_launch;
namespace ks = usycl::rt::kernel_specializations;

namespace {

// ---- launchers: the generic ones and their "clones" (distinct functions) ----
void generic_range(const void *, const kernel_dims &, uint64_t, uint64_t) {}
void clone_range(const void *, const kernel_dims &, uint64_t, uint64_t) {}
void other_clone_range(const void *, const kernel_dims &, uint64_t, uint64_t) {}
void generic_nd(const void *, const cpu_group_ctx &, uint64_t, uint64_t) {}
void clone_nd(const void *, const cpu_group_ctx &, uint64_t, uint64_t) {}
bool generic_nd_group(const void *, const cpu_group_ctx &) { return false; }
bool clone_nd_group(const void *, const cpu_group_ctx &) { return false; }

void *fn(void (*f)(const void *, const kernel_dims &, uint64_t, uint64_t)) {
  return reinterpret_cast<void *>(f);
}
void *fn(void (*f)(const void *, const cpu_group_ctx &, uint64_t, uint64_t)) {
  return reinterpret_cast<void *>(f);
}
void *fn(bool (*f)(const void *, const cpu_group_ctx &)) { return reinterpret_cast<void *>(f); }

// A kernel object: a pointer, a scalar the clone assumes, another scalar.
struct object {
  void *out = nullptr;
  int32_t n = 16;
  float scale = 2.0f;
};

// One fold: the bytes of `value` at `offset`, with storage of its own.
struct fold_storage {
  std::vector<std::vector<uint8_t>> bytes;
  std::vector<usycl_kernel_fold> folds;
  template <typename T> fold_storage &add(uint32_t offset, const T &value) {
    bytes.emplace_back(sizeof(T));
    std::memcpy(bytes.back().data(), &value, sizeof(T));
    folds.push_back({offset, static_cast<uint32_t>(sizeof(T)), nullptr});
    for (size_t i = 0; i < folds.size(); ++i) folds[i].bytes = bytes[i].data();
    return *this;
  }
};

usycl_kernel_specialization spec(const char *kernel, const char *clone, const fold_storage &f,
                                 void *range = nullptr, void *nd = nullptr,
                                 void *nd_group = nullptr, uint64_t size = sizeof(object)) {
  usycl_kernel_specialization s{};
  s.version = ks::abi_version;
  s.kernel = kernel;
  s.clone = clone;
  s.object_size = size;
  s.num_folds = static_cast<uint32_t>(f.folds.size());
  s.folds = f.folds.empty() ? nullptr : f.folds.data();
  s.cpu_range = range;
  s.cpu_nd = nd;
  s.cpu_nd_group = nd_group;
  return s;
}

kernel_launch range_launch(const char *name, const object &o) {
  kernel_launch l{};
  l.name = name;
  l.dims = 1;
  l.global[0] = 1024;
  l.global[1] = l.global[2] = 1;
  l.local[0] = l.local[1] = l.local[2] = 1;
  l.kernel_object = &o;
  l.kernel_object_size = sizeof o;
  l.cpu_range = &generic_range;
  return l;
}

kernel_launch nd_launch(const char *name, const object &o) {
  kernel_launch l = range_launch(name, o);
  l.nd_range = true;
  l.local[0] = 64;
  l.cpu_range = nullptr;
  l.cpu_nd = &generic_nd;
  l.cpu_nd_group = &generic_nd_group;
  return l;
}

bool same(const kernel_launch &a, const kernel_launch &b) {
  return a.name == b.name && a.cpu_range == b.cpu_range && a.cpu_nd == b.cpu_nd &&
         a.cpu_nd_group == b.cpu_nd_group && a.kernel_object == b.kernel_object &&
         a.kernel_object_size == b.kernel_object_size;
}

sycl::detail::device_impl &cpu_device() {
  static sycl::device d{sycl::cpu_selector_v};
  return *d.impl();
}

std::string read_file(const std::string &path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

constexpr uint32_t n_offset = offsetof(object, n);
constexpr uint32_t scale_offset = offsetof(object, scale);

class KernelSpecializations : public ::testing::Test {
protected:
  void SetUp() override {
    ::unsetenv(ks::env);
    ks::reset_for_testing();
  }
  void TearDown() override {
    ::unsetenv(ks::env);
    ks::reset_for_testing();
  }
};

} // namespace

// ==== the CPU device =================================================================

TEST_F(KernelSpecializations, NothingRegisteredLeavesTheLaunch) {
  EXPECT_FALSE(ks::active());
  EXPECT_EQ(ks::registered_count(), 0u);
  object o;
  kernel_launch l = range_launch("_ZTS7Nothing", o);
  const kernel_launch before = l;
  EXPECT_EQ(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_TRUE(same(l, before));
  EXPECT_EQ(l.cpu_range, &generic_range);
}

TEST_F(KernelSpecializations, CpuMatchSwapsLaunchersAndKeepsTheName) {
  fold_storage f;
  f.add(n_offset, int32_t(16));
  const usycl_kernel_specialization specs[] = {
      spec("_ZTS5Match", "_ZTS5Match$hdo0", f, fn(&clone_range))};
  __usycl_register_kernel_specializations(specs, 1);
  EXPECT_TRUE(ks::active());
  EXPECT_EQ(ks::registered_count(), 1u);

  object o; // n == 16
  const char *name = "_ZTS5Match";
  kernel_launch l = range_launch(name, o);
  const char *clone = apply_kernel_specialization(l, cpu_device());
  ASSERT_NE(clone, nullptr);
  EXPECT_STREQ(clone, "_ZTS5Match$hdo0");
  EXPECT_EQ(l.cpu_range, &clone_range);
  EXPECT_EQ(l.name, name) << "the CPU keeps the generic name (per-kernel tables use it)";
  EXPECT_EQ(l.cpu_nd, nullptr);
  EXPECT_EQ(l.cpu_nd_group, nullptr);
}

TEST_F(KernelSpecializations, CpuNdRangeSwapsBothLaunchers) {
  fold_storage f;
  f.add(n_offset, int32_t(16)).add(scale_offset, 2.0f);
  const usycl_kernel_specialization specs[] = {
      spec("_ZTS2Nd", "_ZTS2Nd$hdo0", f, nullptr, fn(&clone_nd), fn(&clone_nd_group))};
  __usycl_register_kernel_specializations(specs, 1);
  object o;
  kernel_launch l = nd_launch("_ZTS2Nd", o);
  EXPECT_NE(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_EQ(l.cpu_nd, &clone_nd);
  EXPECT_EQ(l.cpu_nd_group, &clone_nd_group);
  EXPECT_EQ(l.cpu_range, nullptr);
}

TEST_F(KernelSpecializations, DifferingByteLeavesTheLaunch) {
  fold_storage f;
  f.add(n_offset, int32_t(16)).add(scale_offset, 2.0f);
  const usycl_kernel_specialization specs[] = {
      spec("_ZTS4Diff", "_ZTS4Diff$hdo0", f, fn(&clone_range))};
  __usycl_register_kernel_specializations(specs, 1);
  object o;
  o.scale = 2.5f; // the second fold no longer holds
  kernel_launch l = range_launch("_ZTS4Diff", o);
  const kernel_launch before = l;
  EXPECT_EQ(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_TRUE(same(l, before));
  // One byte of the first fold differs.
  o.scale = 2.0f;
  o.n = 16 + 256;
  EXPECT_EQ(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_TRUE(same(l, before));
  // Both hold: used.
  o.n = 16;
  EXPECT_NE(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_EQ(l.cpu_range, &clone_range);
}

TEST_F(KernelSpecializations, DifferentObjectSizeLeavesTheLaunch) {
  fold_storage f;
  f.add(n_offset, int32_t(16));
  const usycl_kernel_specialization specs[] = {
      spec("_ZTS4Size", "_ZTS4Size$hdo0", f, fn(&clone_range), nullptr, nullptr,
           sizeof(object) + 8)};
  __usycl_register_kernel_specializations(specs, 1);
  ASSERT_EQ(ks::registered_count(), 1u);
  object o;
  kernel_launch l = range_launch("_ZTS4Size", o);
  const kernel_launch before = l;
  EXPECT_EQ(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_TRUE(same(l, before));
}

TEST_F(KernelSpecializations, MissingLauncherCloneLeavesTheLaunch) {
  fold_storage f;
  f.add(n_offset, int32_t(16));
  // The launch uses cpu_nd and cpu_nd_group; the entry clones cpu_nd only.
  const usycl_kernel_specialization specs[] = {
      spec("_ZTS7Partial", "_ZTS7Partial$hdo0", f, fn(&clone_range), fn(&clone_nd), nullptr)};
  __usycl_register_kernel_specializations(specs, 1);
  object o;
  kernel_launch l = nd_launch("_ZTS7Partial", o);
  const kernel_launch before = l;
  EXPECT_EQ(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_TRUE(same(l, before));
  EXPECT_EQ(l.cpu_nd, &generic_nd);
  // A range launch of the same kernel has its clone.
  kernel_launch r = range_launch("_ZTS7Partial", o);
  EXPECT_NE(apply_kernel_specialization(r, cpu_device()), nullptr);
  EXPECT_EQ(r.cpu_range, &clone_range);
}

TEST_F(KernelSpecializations, SecondOfTwoMatchesAndTheFirstMatchWins) {
  fold_storage eight, sixteen, any;
  eight.add(n_offset, int32_t(8));
  sixteen.add(n_offset, int32_t(16));
  const usycl_kernel_specialization specs[] = {
      spec("_ZTS3Two", "_ZTS3Two$hdo0", eight, fn(&clone_range)),
      spec("_ZTS3Two", "_ZTS3Two$hdo1", sixteen, fn(&other_clone_range)),
      // No folds: matches every object of the size, but comes last.
      spec("_ZTS3Two", "_ZTS3Two$hdo2", any, fn(&generic_range))};
  __usycl_register_kernel_specializations(specs, 3);
  EXPECT_EQ(ks::registered_count(), 3u);
  object o; // n == 16: the second
  kernel_launch l = range_launch("_ZTS3Two", o);
  const char *clone = apply_kernel_specialization(l, cpu_device());
  ASSERT_NE(clone, nullptr);
  EXPECT_STREQ(clone, "_ZTS3Two$hdo1");
  EXPECT_EQ(l.cpu_range, &other_clone_range);
  o.n = 8; // the first (the third would match too)
  l = range_launch("_ZTS3Two", o);
  clone = apply_kernel_specialization(l, cpu_device());
  ASSERT_NE(clone, nullptr);
  EXPECT_STREQ(clone, "_ZTS3Two$hdo0");
  EXPECT_EQ(l.cpu_range, &clone_range);
}

TEST_F(KernelSpecializations, TwoModulesOfOneKernelByNameContent) {
  // Each "module" has its own copy of the kernel's name; the launch a third.
  const std::string name_a = "_ZTS6Shared", name_b = "_ZTS6Shared", launched = "_ZTS6Shared";
  ASSERT_NE(name_a.c_str(), name_b.c_str());
  fold_storage one, two;
  one.add(n_offset, int32_t(1));
  two.add(n_offset, int32_t(2));
  const usycl_kernel_specialization module_a[] = {
      spec(name_a.c_str(), "_ZTS6Shared$hdo0", one, fn(&clone_range))};
  const usycl_kernel_specialization module_b[] = {
      spec(name_b.c_str(), "_ZTS6Shared$hdo0", two, fn(&other_clone_range))};
  __usycl_register_kernel_specializations(module_a, 1);
  __usycl_register_kernel_specializations(module_b, 1);
  // The same array again (a module registering twice) adds nothing.
  __usycl_register_kernel_specializations(module_b, 1);
  EXPECT_EQ(ks::registered_count(), 2u);

  object o;
  o.n = 2;
  kernel_launch l = range_launch(launched.c_str(), o);
  EXPECT_NE(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_EQ(l.cpu_range, &other_clone_range);
  o.n = 1;
  l = range_launch(launched.c_str(), o);
  EXPECT_NE(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_EQ(l.cpu_range, &clone_range);
  o.n = 3;
  l = range_launch(launched.c_str(), o);
  EXPECT_EQ(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_EQ(l.cpu_range, &generic_range);

  // A module going away takes its entries with it.
  __usycl_unregister_kernel_specializations(module_b, 1);
  EXPECT_EQ(ks::registered_count(), 1u);
  o.n = 2;
  l = range_launch(launched.c_str(), o);
  EXPECT_EQ(apply_kernel_specialization(l, cpu_device()), nullptr);
  __usycl_unregister_kernel_specializations(module_a, 1);
  EXPECT_EQ(ks::registered_count(), 0u);
  EXPECT_FALSE(ks::active());
}

TEST_F(KernelSpecializations, HostDeviceOptZeroDisablesClones) {
  EXPECT_TRUE(ks::parse_enabled(nullptr));
  EXPECT_TRUE(ks::parse_enabled(""));
  EXPECT_TRUE(ks::parse_enabled("1"));
  EXPECT_TRUE(ks::parse_enabled("off")); // only "0" disables
  EXPECT_FALSE(ks::parse_enabled("0"));

  ::setenv(ks::env, "0", 1);
  ks::configure();
  EXPECT_FALSE(ks::enabled());
  fold_storage f;
  f.add(n_offset, int32_t(16));
  const usycl_kernel_specialization specs[] = {
      spec("_ZTS3Off", "_ZTS3Off$hdo0", f, fn(&clone_range))};
  __usycl_register_kernel_specializations(specs, 1);
  EXPECT_EQ(ks::registered_count(), 1u);
  EXPECT_FALSE(ks::active()) << "the launch path must stay one load and a branch";
  object o;
  kernel_launch l = range_launch("_ZTS3Off", o);
  const kernel_launch before = l;
  EXPECT_EQ(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_EQ(sycl::detail::apply_kernel_specialization_slow(l, cpu_device()), nullptr);
  EXPECT_TRUE(same(l, before));

  ::setenv(ks::env, "1", 1);
  ks::configure();
  EXPECT_TRUE(ks::active());
  EXPECT_NE(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_EQ(l.cpu_range, &clone_range);
}

TEST_F(KernelSpecializations, MalformedEntriesAreIgnored) {
  fold_storage f, outside, no_bytes;
  f.add(n_offset, int32_t(16));
  outside.add(uint32_t(sizeof(object) - 2), int32_t(16)); // 4 bytes, 2 past the end
  no_bytes.add(n_offset, int32_t(16));
  no_bytes.folds[0].bytes = nullptr;
  std::vector<usycl_kernel_specialization> specs = {
      spec("_ZTS3Bad", "_ZTS3Bad$hdo0", f, fn(&clone_range)),
      spec(nullptr, "_ZTS3Bad$hdo1", f, fn(&clone_range)),
      spec("_ZTS3Bad", nullptr, f, fn(&clone_range)),
      spec("_ZTS3Bad", "_ZTS3Bad$hdo3", outside, fn(&clone_range)),
      spec("_ZTS3Bad", "_ZTS3Bad$hdo4", no_bytes, fn(&clone_range)),
      spec("_ZTS3Bad", "_ZTS3Bad$hdo5", f, fn(&other_clone_range))};
  specs[0].version = ks::abi_version + 1; // another ABI: only `version` may be read
  specs[0].kernel = reinterpret_cast<const char *>(uintptr_t(1));
  specs[0].folds = reinterpret_cast<const usycl_kernel_fold *>(uintptr_t(1));
  __usycl_register_kernel_specializations(specs.data(), specs.size());
  __usycl_register_kernel_specializations(nullptr, 3);
  __usycl_register_kernel_specializations(specs.data(), 0);
  EXPECT_EQ(ks::registered_count(), 1u);
  object o;
  kernel_launch l = range_launch("_ZTS3Bad", o);
  const char *clone = apply_kernel_specialization(l, cpu_device());
  ASSERT_NE(clone, nullptr);
  EXPECT_STREQ(clone, "_ZTS3Bad$hdo5");
  EXPECT_EQ(l.cpu_range, &other_clone_range);
}

TEST_F(KernelSpecializations, LaunchTraceNamesTheClone) {
  const std::string path =
      "/tmp/usycl-kernel-spec-test-" + std::to_string(::getpid()) + ".log";
  ::unlink(path.c_str());
  ::setenv("USYCL_TRACE_FILE", path.c_str(), 1);
  ::setenv("USYCL_TRACE", "1", 1);
  usycl::rt::trace::configure();
  object o;
  kernel_launch l = range_launch("_ZTS1K", o);
  l.name = "_ZTS1K$hdo0"; // as on a GPU
  usycl::rt::trace::launch(l, "the GPU", "_ZTS1K$hdo0", "_ZTS1K");
  l.name = "_ZTS1K";
  usycl::rt::trace::launch(l, "the CPU");
  ::unsetenv("USYCL_TRACE");
  ::unsetenv("USYCL_TRACE_FILE");
  usycl::rt::trace::configure();
  const std::string log = read_file(path);
  ::unlink(path.c_str());
  EXPECT_NE(log.find("launch: 'K' (_ZTS1K) on the GPU: range {1024} [specialised: _ZTS1K$hdo0]\n"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("launch: 'K' (_ZTS1K) on the CPU: range {1024}\n"), std::string::npos)
      << log;
  // Messages naming a clone name the user's kernel.
  EXPECT_EQ(usycl::rt::trace::kernel_name("_ZTS1K$hdo3"), "K");
}

// ==== a device that runs device images (as the CUDA backend) ==============================

namespace {

using namespace usycl::rt;

const unsigned char some_code[] = "code";

// PTX images of one binary for sm_90, registered for the object's lifetime.
struct test_binary {
  std::vector<std::vector<std::string>> kernels;
  std::vector<std::vector<const char *>> kernel_ptrs;
  std::vector<usycl_device_image> images;
  usycl_binary_desc desc{};
  bool registered = false;

  explicit test_binary(std::vector<std::vector<std::string>> per_image)
      : kernels(std::move(per_image)) {
    for (auto &ks_of_image : kernels) {
      kernel_ptrs.emplace_back();
      for (auto &k : ks_of_image) kernel_ptrs.back().push_back(k.c_str());
    }
    for (auto &ptrs : kernel_ptrs) {
      usycl_device_image img{};
      img.format = USYCL_IMAGE_PTX;
      img.target = "nvidia_gpu_sm_90";
      img.arch = "sm_90";
      img.begin = some_code;
      img.end = some_code + sizeof(some_code);
      img.kernels = ptrs.data();
      img.num_kernels = static_cast<uint32_t>(ptrs.size());
      images.push_back(img);
    }
    desc = {USYCL_IMAGE_ABI_VERSION, static_cast<uint32_t>(images.size()), images.data()};
    __usycl_register_images(&desc);
    registered = true;
  }
  void unregister() {
    if (registered) __usycl_unregister_images(&desc);
    registered = false;
  }
  ~test_binary() { unregister(); }
};

// A GPU that, like the CUDA backend, runs kernels of the images of its
// target and has a kernel when one of them holds it.
class image_device final : public backend_device {
public:
  image_device() {
    info_.name = "image GPU";
    info_.kind = device_kind::gpu;
    info_.target = "nvidia_gpu_sm_90";
  }
  const device_info &info() const override { return info_; }
  void *malloc(usm_kind, size_t, size_t) override { return nullptr; }
  void free(void *, usm_kind) override {}
  std::unique_ptr<backend_queue> create_queue(bool, bool) override { return nullptr; }
  bool has_kernel(const char *name) override {
    ++has_kernel_calls;
    for (const usycl_device_image *img : image_registry::instance().images_with_kernel(name))
      if (can_use_image(*img)) return true;
    return false;
  }
  bool can_use_image(const usycl_device_image &img) const override {
    return img.target && info_.target == img.target && img.format != USYCL_IMAGE_NONE;
  }
  void memcpy_sync(void *, const void *, size_t) override {}
  uint64_t free_memory() const override { return 0; }
  int has_kernel_calls = 0;

private:
  device_info info_;
};

struct gpu_rig {
  usycl::rt::test_support::empty_backend backend;
  std::shared_ptr<sycl::detail::platform_impl> platform =
      std::make_shared<sycl::detail::platform_impl>(backend, sycl::backend::ext_oneapi_cuda);
  std::shared_ptr<image_device> backend_device = std::make_shared<image_device>();
  std::shared_ptr<sycl::detail::device_impl> device =
      std::make_shared<sycl::detail::device_impl>(backend_device, *platform, platform);
};

} // namespace

TEST_F(KernelSpecializations, GpuUsesTheCloneItsImagesHold) {
  gpu_rig rig;
  test_binary images({{"_ZTS3Gpu", "_ZTS3Gpu$hdo0"}});
  fold_storage f;
  f.add(n_offset, int32_t(16));
  const usycl_kernel_specialization specs[] = {spec("_ZTS3Gpu", "_ZTS3Gpu$hdo0", f)};
  __usycl_register_kernel_specializations(specs, 1);
  object o;
  kernel_launch l = range_launch("_ZTS3Gpu", o);
  const char *clone = apply_kernel_specialization(l, *rig.device);
  ASSERT_NE(clone, nullptr);
  EXPECT_STREQ(l.name, "_ZTS3Gpu$hdo0");
  EXPECT_EQ(l.cpu_range, &generic_range) << "a GPU launch's CPU launchers stay as they were";
  // The clone is a kernel of the image, not of the program.
  const std::vector<std::string> names = image_registry::instance().kernel_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "_ZTS3Gpu"), names.end());
  EXPECT_EQ(std::find(names.begin(), names.end(), "_ZTS3Gpu$hdo0"), names.end());
  // The answer is cached per (device, clone).
  const int calls = rig.backend_device->has_kernel_calls;
  for (int i = 0; i < 3; ++i) {
    kernel_launch again = range_launch("_ZTS3Gpu", o);
    EXPECT_NE(apply_kernel_specialization(again, *rig.device), nullptr);
  }
  EXPECT_EQ(rig.backend_device->has_kernel_calls, calls);
  // A differing capture: the generic kernel.
  o.n = 17;
  kernel_launch other = range_launch("_ZTS3Gpu", o);
  EXPECT_EQ(apply_kernel_specialization(other, *rig.device), nullptr);
  EXPECT_STREQ(other.name, "_ZTS3Gpu");
}

TEST_F(KernelSpecializations, GpuWithoutTheCloneInEveryImageRunsTheGenericKernel) {
  gpu_rig rig;
  // An image of the kernel without the clone (a library built without the
  // optimisation) beside one with it.
  auto without = std::make_unique<test_binary>(std::vector<std::vector<std::string>>{{"_ZTS3Lib"}});
  test_binary with({{"_ZTS3Lib", "_ZTS3Lib$hdo0"}});
  fold_storage f;
  f.add(n_offset, int32_t(16));
  const usycl_kernel_specialization specs[] = {spec("_ZTS3Lib", "_ZTS3Lib$hdo0", f)};
  __usycl_register_kernel_specializations(specs, 1);
  object o;
  kernel_launch l = range_launch("_ZTS3Lib", o);
  EXPECT_EQ(apply_kernel_specialization(l, *rig.device), nullptr);
  EXPECT_STREQ(l.name, "_ZTS3Lib");
  // The images change (the library goes): the cached answer is recomputed.
  without->unregister();
  l = range_launch("_ZTS3Lib", o);
  EXPECT_NE(apply_kernel_specialization(l, *rig.device), nullptr);
  EXPECT_STREQ(l.name, "_ZTS3Lib$hdo0");
  // No image holds the clone at all.
  with.unregister();
  test_binary plain({{"_ZTS3Lib"}});
  l = range_launch("_ZTS3Lib", o);
  EXPECT_EQ(apply_kernel_specialization(l, *rig.device), nullptr);
  EXPECT_STREQ(l.name, "_ZTS3Lib");
}

// ==== through a queue: the registered clone runs ==========================================

namespace {

struct FillKernel {
  int *out;
  int n;
  void operator()(sycl::id<1> i) const { out[i[0]] = n; }
};
class FillName {};

// The "clone" of FillKernel's range launcher for n == 7: writes 1000 + 7, so
// the test can tell which one ran.
void fill_clone_range(const void *object, const kernel_dims &, uint64_t begin, uint64_t end) {
  const auto *k = static_cast<const FillKernel *>(object);
  for (uint64_t i = begin; i < end; ++i) k->out[i] = 1000 + 7;
}

} // namespace

TEST_F(KernelSpecializations, QueueLaunchRunsTheRegisteredClone) {
  sycl::queue q{sycl::cpu_selector_v};
  constexpr size_t count = 256;
  int *out = sycl::malloc_shared<int>(count, q);
  ASSERT_NE(out, nullptr);

  // The generic symbol as the handler sets it, from another string (by content).
  const std::string generic = typeid(FillName).name();
  const std::string clone = generic + "$hdo0";
  fold_storage f;
  f.add(uint32_t(offsetof(FillKernel, n)), int(7));
  const usycl_kernel_specialization specs[] = {
      spec(generic.c_str(), clone.c_str(), f, fn(&fill_clone_range), nullptr, nullptr,
           sizeof(FillKernel))};
  __usycl_register_kernel_specializations(specs, 1);

  const std::string path =
      "/tmp/usycl-kernel-spec-queue-" + std::to_string(::getpid()) + ".log";
  ::unlink(path.c_str());
  ::setenv("USYCL_TRACE_FILE", path.c_str(), 1);
  ::setenv("USYCL_TRACE", "1", 1);
  usycl::rt::trace::configure();

  q.parallel_for<FillName>(sycl::range<1>(count), FillKernel{out, 7}).wait();
  for (size_t i = 0; i < count; ++i) ASSERT_EQ(out[i], 1007) << "index " << i;
  // Another value: the generic kernel.
  q.parallel_for<FillName>(sycl::range<1>(count), FillKernel{out, 8}).wait();
  for (size_t i = 0; i < count; ++i) ASSERT_EQ(out[i], 8) << "index " << i;
  // Disabled: the generic kernel with the clone's values too.
  ::setenv(ks::env, "0", 1);
  ks::configure();
  q.parallel_for<FillName>(sycl::range<1>(count), FillKernel{out, 7}).wait();
  for (size_t i = 0; i < count; ++i) ASSERT_EQ(out[i], 7) << "index " << i;

  ::unsetenv("USYCL_TRACE");
  ::unsetenv("USYCL_TRACE_FILE");
  usycl::rt::trace::configure();
  sycl::free(out, q);
  const std::string log = read_file(path);
  ::unlink(path.c_str());
  const size_t first = log.find("[specialised: " + clone + "]");
  EXPECT_NE(first, std::string::npos) << log;
  EXPECT_EQ(log.find("[specialised:", first + 1), std::string::npos)
      << "only the first launch used the clone:\n"
      << log;
}

// ==== the launch range (ABI version 2) ====================================================

namespace {
// The range a clone assumes: SYCL order, unused dimensions 1, 1, 0.
void set_range(usycl_kernel_specialization &s, uint32_t dims, bool nd,
               std::initializer_list<uint64_t> global, std::initializer_list<uint64_t> local,
               std::initializer_list<uint64_t> offset) {
  s.range_dims = dims;
  s.range_nd = nd ? 1 : 0;
  for (int d = 0; d < 3; ++d) {
    s.global[d] = d < int(global.size()) ? global.begin()[d] : 1;
    s.local[d] = d < int(local.size()) ? local.begin()[d] : 1;
    s.offset[d] = d < int(offset.size()) ? offset.begin()[d] : 0;
  }
}
// The launch changed by `change` gets no clone and stays as it was.
template <typename Change> void expect_generic(kernel_launch g, Change change) {
  change(g);
  const kernel_launch before = g;
  EXPECT_EQ(apply_kernel_specialization(g, cpu_device()), nullptr);
  EXPECT_TRUE(same(g, before));
}
} // namespace

TEST_F(KernelSpecializations, RangeCloneOnlyForItsRange) {
  fold_storage none;
  usycl_kernel_specialization specs[] = {
      spec("_ZTS5Range", "_ZTS5Range$hdo0", none, fn(&clone_range))};
  set_range(specs[0], 1, false, {1024}, {}, {0});
  __usycl_register_kernel_specializations(specs, 1);
  ASSERT_EQ(ks::registered_count(), 1u);
  object o;
  // The launch's range (range_launch: 1024, offset 0): the clone.
  kernel_launch l = range_launch("_ZTS5Range", o);
  EXPECT_NE(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_EQ(l.cpu_range, &clone_range);
  // Another global size, an offset, another number of dimensions (the same
  // work-items), or an nd_range launch: the generic kernel.
  auto generic = [&](auto change) { expect_generic(range_launch("_ZTS5Range", o), change); };
  generic([](kernel_launch &g) { g.global[0] = 512; });
  generic([](kernel_launch &g) { g.offset[0] = 1; });
  generic([](kernel_launch &g) {
    g.dims = 2;
    g.global[0] = 512;
    g.global[1] = 2;
  });
  generic([](kernel_launch &g) {
    g.nd_range = true;
    g.local[0] = 64;
  });
  // A range launch's local sizes mean nothing: not compared.
  kernel_launch any_local = range_launch("_ZTS5Range", o);
  any_local.local[0] = 7;
  EXPECT_NE(apply_kernel_specialization(any_local, cpu_device()), nullptr);
}

TEST_F(KernelSpecializations, NdRangeCloneComparesTheWorkGroupSizeAndTheFolds) {
  fold_storage f;
  f.add(n_offset, int32_t(16));
  usycl_kernel_specialization specs[] = {
      spec("_ZTS4NdRg", "_ZTS4NdRg$hdo0", f, nullptr, fn(&clone_nd), fn(&clone_nd_group))};
  set_range(specs[0], 1, true, {1024}, {64}, {0});
  __usycl_register_kernel_specializations(specs, 1);
  object o;
  kernel_launch l = nd_launch("_ZTS4NdRg", o); // 1024 / 64
  EXPECT_NE(apply_kernel_specialization(l, cpu_device()), nullptr);
  EXPECT_EQ(l.cpu_nd, &clone_nd);
  // Another work-group size: generic.
  kernel_launch other = nd_launch("_ZTS4NdRg", o);
  other.local[0] = 128;
  EXPECT_EQ(apply_kernel_specialization(other, cpu_device()), nullptr);
  EXPECT_EQ(other.cpu_nd, &generic_nd);
  // The range holds but a fold does not: generic.
  o.n = 17;
  kernel_launch byte = nd_launch("_ZTS4NdRg", o);
  EXPECT_EQ(apply_kernel_specialization(byte, cpu_device()), nullptr);
  // A range launch of the same kernel: generic.
  o.n = 16;
  kernel_launch r = range_launch("_ZTS4NdRg", o);
  EXPECT_EQ(apply_kernel_specialization(r, cpu_device()), nullptr);
}

TEST_F(KernelSpecializations, NdRangeCloneForAnyGlobalSize) {
  // A clone made for a constant work-group size and offset around a
  // run-time global size (range_kind_global_any): any global size, but the
  // work-group size, the offset, the dimensions and the kind must hold.
  fold_storage none;
  usycl_kernel_specialization specs[] = {
      spec("_ZTS5AnyNd", "_ZTS5AnyNd$hdo0", none, nullptr, fn(&clone_nd), fn(&clone_nd_group))};
  set_range(specs[0], 1, true, {}, {64}, {0});
  specs[0].range_nd = ks::range_kind_nd | ks::range_kind_global_any;
  __usycl_register_kernel_specializations(specs, 1);
  ASSERT_EQ(ks::registered_count(), 1u);
  object o;
  for (uint64_t global : {64u, 1024u, 4096u}) {
    kernel_launch l = nd_launch("_ZTS5AnyNd", o);
    l.global[0] = global;
    EXPECT_NE(apply_kernel_specialization(l, cpu_device()), nullptr) << global;
    EXPECT_EQ(l.cpu_nd, &clone_nd);
  }
  auto generic = [&](auto change) { expect_generic(nd_launch("_ZTS5AnyNd", o), change); };
  generic([](kernel_launch &g) { g.local[0] = 128; });
  generic([](kernel_launch &g) { g.offset[0] = 64; });
  generic([](kernel_launch &g) {
    g.dims = 2;
    g.global[1] = 2;
  });
  kernel_launch r = range_launch("_ZTS5AnyNd", o);
  EXPECT_EQ(apply_kernel_specialization(r, cpu_device()), nullptr);
}

TEST_F(KernelSpecializations, RangeCloneAndAnyRangeCloneOfOneKernel) {
  // A clone for one range registered first, one for any range after it:
  // each launch takes the first whose conditions hold.
  fold_storage f;
  f.add(n_offset, int32_t(16));
  usycl_kernel_specialization specs[] = {
      spec("_ZTS4Both", "_ZTS4Both$hdo0", f, fn(&clone_range)),
      spec("_ZTS4Both", "_ZTS4Both$hdo1", f, fn(&other_clone_range))};
  set_range(specs[0], 2, false, {32, 32}, {}, {0, 0});
  __usycl_register_kernel_specializations(specs, 2);
  object o;
  kernel_launch l = range_launch("_ZTS4Both", o);
  l.dims = 2;
  l.global[0] = 32;
  l.global[1] = 32;
  EXPECT_STREQ(apply_kernel_specialization(l, cpu_device()), "_ZTS4Both$hdo0");
  kernel_launch other = range_launch("_ZTS4Both", o);
  EXPECT_STREQ(apply_kernel_specialization(other, cpu_device()), "_ZTS4Both$hdo1");
  EXPECT_EQ(other.cpu_range, &other_clone_range);
}

TEST_F(KernelSpecializations, Version1ArraysAreStillRead) {
  // A module compiled for ABI version 1: its entries end before the range
  // (72 bytes each), and never assume one.
  struct v1_entry {
    uint32_t version;
    const char *kernel, *clone;
    uint64_t object_size;
    uint32_t num_folds;
    const usycl_kernel_fold *folds;
    void *cpu_range, *cpu_nd, *cpu_nd_group;
  };
  static_assert(sizeof(v1_entry) == 72);
  fold_storage eight, sixteen;
  eight.add(n_offset, int32_t(8));
  sixteen.add(n_offset, int32_t(16));
  const v1_entry v1[] = {
      {1, "_ZTS2V1", "_ZTS2V1$hdo0", sizeof(object), 1, eight.folds.data(), fn(&clone_range),
       nullptr, nullptr},
      {1, "_ZTS2V1", "_ZTS2V1$hdo1", sizeof(object), 1, sixteen.folds.data(),
       fn(&other_clone_range), nullptr, nullptr}};
  const auto *specs = reinterpret_cast<const usycl_kernel_specialization *>(v1);
  __usycl_register_kernel_specializations(specs, 2);
  EXPECT_EQ(ks::registered_count(), 2u);
  object o; // n == 16: the second entry
  kernel_launch l = range_launch("_ZTS2V1", o);
  l.global[0] = 77; // any range
  EXPECT_STREQ(apply_kernel_specialization(l, cpu_device()), "_ZTS2V1$hdo1");
  EXPECT_EQ(l.cpu_range, &other_clone_range);
  __usycl_unregister_kernel_specializations(specs, 2);
  EXPECT_EQ(ks::registered_count(), 0u);
}

TEST_F(KernelSpecializations, MalformedRangeIsIgnored) {
  fold_storage none;
  usycl_kernel_specialization specs[] = {
      spec("_ZTS6BadRng", "_ZTS6BadRng$hdo0", none, fn(&clone_range)),
      spec("_ZTS6BadRng", "_ZTS6BadRng$hdo1", none, fn(&clone_range))};
  set_range(specs[0], 4, false, {1024}, {}, {0}); // four dimensions
  set_range(specs[1], 1, false, {1024}, {}, {0});
  specs[1].range_nd = 4; // a kind bit this runtime does not know
  __usycl_register_kernel_specializations(specs, 2);
  EXPECT_EQ(ks::registered_count(), 0u);
}

// The compiler's copies of a kernel by their names: specialisations
// ($hdo<k>) and whole-warp entry points ($ww, also of a specialisation);
// a kernel named by a type local to its unit ($tu<hash>) is no copy.
TEST(KernelCopies, NamesOfCopiesAndKernels) {
  EXPECT_TRUE(ks::is_clone("_ZTS1K$hdo0"));
  EXPECT_TRUE(ks::is_clone("_ZTS1K$ww"));
  EXPECT_TRUE(ks::is_clone("_ZTS1K$tu0123456789abcdef$hdo3$ww"));
  EXPECT_FALSE(ks::is_clone("_ZTS1K"));
  EXPECT_FALSE(ks::is_clone("_ZTSN12_GLOBAL__N_11KE$tu0123456789abcdef"));
  EXPECT_TRUE(ks::is_whole_warp_entry("_ZTS1K$hdo0$ww"));
  EXPECT_FALSE(ks::is_whole_warp_entry("_ZTS1K$hdo0"));
  EXPECT_EQ(ks::without_clone_marker("_ZTS1K$ww"), "_ZTS1K");
  EXPECT_EQ(ks::without_clone_marker("_ZTS1K$hdo2$ww"), "_ZTS1K");
  EXPECT_EQ(ks::without_clone_marker("_ZTS1K$tu0123456789abcdef$ww"), "_ZTS1K$tu0123456789abcdef");
  EXPECT_EQ(ks::without_clone_marker("_ZTS1K$tu0123456789abcdef"), "_ZTS1K$tu0123456789abcdef");
}
