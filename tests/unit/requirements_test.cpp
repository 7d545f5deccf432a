// Optional kernel features in the runtime (seed 002): decoding the
// "SYCL/device requirements" property set, each runtime check and its exact
// message, the per-kernel verdict (own images, images dropped by the aspect
// filter, speculative compilation, no data), the verdict cache, the submit
// path (synchronous exceptions from queue::submit / parallel_for), the
// kernel_bundle / is_compatible answers, and USYCL_EMULATE's configuration
// reading. Property sets are built here byte by byte, as sycl-post-link
// writes them. Links the whole runtime statically (INTERNAL_RUNTIME) and
// runs on the CPU device.
#include "emulation.hpp"
#include "empty_backend.hpp"
#include "image_registry.hpp"
#include "platform_impl.hpp"
#include "program_manager.hpp"
#include "requirements.hpp"
#include "backends/cpu/sub_group_width.hpp"

#include <sycl/kernel_bundle.hpp>
#include <sycl/queue.hpp>
#include <sycl/usm.hpp>

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <typeinfo>
#include <unistd.h>
#include <vector>

using namespace usycl::rt;
using sycl::errc;

namespace {

// ---- building property sets and images ----------------------------------------

std::vector<unsigned char> le32(std::initializer_list<uint32_t> values) {
  std::vector<unsigned char> out;
  for (uint32_t v : values)
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<unsigned char>(v >> (8 * b)));
  return out;
}

// One property set with stable storage.
struct prop_set {
  std::string name = "SYCL/device requirements";
  std::vector<std::string> names;
  std::vector<std::vector<unsigned char>> values;
  std::vector<usycl_property> props;
  usycl_property_set set{};

  prop_set &add(const std::string &n, std::vector<unsigned char> bytes) {
    names.push_back(n);
    values.push_back(std::move(bytes));
    return *this;
  }
  prop_set &add_u32(const std::string &n, uint32_t v) {
    names.push_back(n);
    values.push_back({});
    u32_index.push_back({names.size() - 1, v});
    return *this;
  }
  const usycl_property_set &finish() {
    props.clear();
    for (size_t i = 0; i < names.size(); ++i) {
      usycl_property p{names[i].c_str(), values[i].empty() ? nullptr : values[i].data(),
                       USYCL_PROPERTY_BYTE_ARRAY, values[i].size()};
      for (auto &[idx, v] : u32_index)
        if (idx == i) p = {names[i].c_str(), nullptr, USYCL_PROPERTY_UINT32, v};
      props.push_back(p);
    }
    set = {name.c_str(), props.data(), props.data() + props.size()};
    return set;
  }
  std::vector<std::pair<size_t, uint32_t>> u32_index;
};

std::optional<image_requirements> decode(prop_set &s, std::string &error) {
  return decode_requirements(s.finish(), error);
}

const unsigned char some_code[] = "code";

// Images of one binary, registered with the runtime for the test's lifetime.
struct test_binary {
  struct image {
    std::string target, arch;
    uint32_t format;
    std::vector<std::string> kernels;
    std::vector<const char *> kernel_ptrs;
    std::unique_ptr<prop_set> requirements; // nullptr: no requirement set
  };
  std::vector<std::unique_ptr<image>> sources;
  std::vector<usycl_device_image> images;
  usycl_binary_desc desc{};
  bool registered = false;

  image &add(std::string target, std::string arch, uint32_t format,
             std::vector<std::string> kernels) {
    auto img = std::make_unique<image>();
    img->target = std::move(target);
    img->arch = std::move(arch);
    img->format = format;
    img->kernels = std::move(kernels);
    sources.push_back(std::move(img));
    return *sources.back();
  }
  // A code-less requirements-only CPU image (USYCL_IMAGE_NONE).
  prop_set &add_cpu(std::vector<std::string> kernels) {
    image &img = add("x86_64", "x86_64", 4, std::move(kernels));
    img.requirements = std::make_unique<prop_set>();
    return *img.requirements;
  }
  prop_set &add_ptx(const std::string &sm, std::vector<std::string> kernels) {
    image &img = add("nvidia_gpu_" + sm, sm, USYCL_IMAGE_PTX, std::move(kernels));
    img.requirements = std::make_unique<prop_set>();
    return *img.requirements;
  }
  void register_all() {
    images.clear();
    for (auto &src : sources) {
      src->kernel_ptrs.clear();
      for (auto &k : src->kernels) src->kernel_ptrs.push_back(k.c_str());
      usycl_device_image img{};
      img.format = src->format;
      img.target = src->target.c_str();
      img.arch = src->arch.c_str();
      img.begin = some_code;
      img.end = some_code + sizeof(some_code);
      img.kernels = src->kernel_ptrs.data();
      img.num_kernels = static_cast<uint32_t>(src->kernel_ptrs.size());
      if (src->requirements) {
        const usycl_property_set &set = src->requirements->finish();
        img.properties_begin = &set;
        img.properties_end = &set + 1;
      }
      images.push_back(img);
    }
    desc = {USYCL_IMAGE_ABI_VERSION, static_cast<uint32_t>(images.size()), images.data()};
    __usycl_register_images(&desc);
    registered = true;
  }
  ~test_binary() {
    if (registered) __usycl_unregister_images(&desc);
  }
};

// ---- a device whose properties the test chooses ---------------------------------

class fake_device final : public backend_device {
public:
  fake_device(device_info info, std::string image_target, bool has_code)
      : info_(std::move(info)), target_(std::move(image_target)), has_code_(has_code) {}
  const device_info &info() const override { return info_; }
  void *malloc(usm_kind, size_t, size_t) override { return nullptr; }
  void free(void *, usm_kind) override {}
  std::unique_ptr<backend_queue> create_queue(bool, bool) override { return nullptr; }
  bool has_kernel(const char *) override { return has_code_; }
  void memcpy_sync(void *, const void *, size_t) override {}
  uint64_t free_memory() const override { return 0; }
  // As the real backends: the CPU takes its x86_64 images (code-less ones
  // included), a GPU only images with code for its target.
  bool can_use_image(const usycl_device_image &img) const override {
    return img.target && target_ == img.target &&
           (img.format != USYCL_IMAGE_NONE || target_ == "x86_64");
  }

private:
  device_info info_;
  std::string target_;
  bool has_code_;
};

device_info gpu_info(const char *name, std::vector<int> aspects, std::vector<size_t> sgs) {
  device_info i;
  i.name = name;
  i.kind = device_kind::gpu;
  i.max_work_group_size = 1024;
  i.max_work_item_sizes = {64, 1024, 1024};
  i.sub_group_sizes = std::move(sgs);
  i.aspects = std::move(aspects);
  return i;
}

struct fake_rig {
  usycl::rt::test_support::empty_backend backend;
  std::shared_ptr<sycl::detail::platform_impl> platform =
      std::make_shared<sycl::detail::platform_impl>(backend, sycl::backend::ext_oneapi_cuda);
  std::shared_ptr<sycl::detail::device_impl> device;
  fake_rig(device_info info, std::string target, bool has_code = true) {
    device = std::make_shared<sycl::detail::device_impl>(
        std::make_shared<fake_device>(std::move(info), std::move(target), has_code), *platform,
        platform);
  }
  sycl::detail::kernel_verdict verdict(const std::string &kernel) {
    return sycl::detail::compute_kernel_verdict(
        kernel, *device, image_registry::instance().generation());
  }
};

// Aspects of an sm_90-like device: gpu, fp16, fp64, atomic64, identity 1036.
const std::vector<int> sm90_aspects = {2, 5, 6, 28, 1036};

} // namespace

// ==== decoding ====================================================================

TEST(RequirementsDecode, EveryProperty) {
  prop_set s;
  s.add("aspect", le32({5, 6}))
      .add("reqd_sub_group_size", le32({32}))
      .add("reqd_work_group_size", le32({2, 16, 8}))
      .add("fixed_target", le32({1036, 1000}));
  std::string error;
  auto r = decode(s, error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->aspects, (std::vector<uint32_t>{5, 6}));
  EXPECT_EQ(r->sub_group_sizes, (std::vector<uint32_t>{32}));
  ASSERT_EQ(r->work_group_sizes.size(), 1u);
  EXPECT_EQ(r->work_group_sizes[0], (std::vector<uint32_t>{16, 8}));
  EXPECT_TRUE(r->has_fixed_target);
  EXPECT_EQ(r->fixed_targets, (std::vector<uint32_t>{1036, 1000}));
}

TEST(RequirementsDecode, LittleEndianBytes) {
  // 0x00000105 = 261 written as 05 01 00 00.
  prop_set s;
  s.add("aspect", {0x05, 0x01, 0x00, 0x00});
  std::string error;
  auto r = decode(s, error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->aspects, (std::vector<uint32_t>{261}));
}

TEST(RequirementsDecode, EmptySetAndEmptyFixedTarget) {
  prop_set empty;
  std::string error;
  auto r = decode(empty, error);
  ASSERT_TRUE(r) << error;
  EXPECT_TRUE(r->aspects.empty());
  EXPECT_FALSE(r->has_fixed_target);

  // An empty fixed_target (intersection of targets was empty) is still one.
  prop_set s;
  s.add("fixed_target", {});
  r = decode(s, error);
  ASSERT_TRUE(r) << error;
  EXPECT_TRUE(r->has_fixed_target);
  EXPECT_TRUE(r->fixed_targets.empty());
}

TEST(RequirementsDecode, Uint32PropertyIsOneElementList) {
  prop_set s;
  s.add_u32("reqd_sub_group_size", 16);
  std::string error;
  auto r = decode(s, error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->sub_group_sizes, (std::vector<uint32_t>{16}));
}

TEST(RequirementsDecode, SeveralWorkGroupEntries) {
  prop_set s;
  s.add("reqd_work_group_size", le32({1, 64, 3, 2, 4, 8}));
  std::string error;
  auto r = decode(s, error);
  ASSERT_TRUE(r) << error;
  ASSERT_EQ(r->work_group_sizes.size(), 2u);
  EXPECT_EQ(r->work_group_sizes[0], (std::vector<uint32_t>{64}));
  EXPECT_EQ(r->work_group_sizes[1], (std::vector<uint32_t>{2, 4, 8}));
}

TEST(RequirementsDecode, UnknownPropertiesIgnored) {
  prop_set s;
  s.add("some_future_property", {1, 2, 3}).add("aspect", le32({6}));
  std::string error;
  auto r = decode(s, error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->aspects, (std::vector<uint32_t>{6}));
}

TEST(RequirementsDecode, MalformedSets) {
  std::string error;
  {
    prop_set s;
    s.add("aspect", {5, 0, 0, 0, 6});
    EXPECT_FALSE(decode(s, error));
    EXPECT_EQ(error, "property 'aspect' holds 5 bytes, not a whole number of uint32 values");
  }
  {
    prop_set s;
    s.add("reqd_work_group_size", le32({4, 1, 1, 1, 1}));
    EXPECT_FALSE(decode(s, error));
    EXPECT_EQ(error, "property 'reqd_work_group_size' has an entry of 4 dimensions (expected 1, "
                     "2 or 3)");
  }
  {
    prop_set s;
    s.add("reqd_work_group_size", le32({0}));
    EXPECT_FALSE(decode(s, error));
    EXPECT_NE(error.find("0 dimensions"), std::string::npos) << error;
  }
  {
    prop_set s;
    s.add("reqd_work_group_size", le32({3, 8, 8}));
    EXPECT_FALSE(decode(s, error));
    EXPECT_EQ(error, "property 'reqd_work_group_size' ends inside an entry of 3 dimensions");
  }
  {
    prop_set s;
    s.add("aspect", le32({5}));
    s.finish();
    s.props[0].value = nullptr; // size 4, no bytes
    EXPECT_FALSE(decode_requirements(s.set, error));
    EXPECT_EQ(error, "property 'aspect' has 4 bytes but no value");
  }
  {
    prop_set s;
    s.add("aspect", le32({5}));
    s.finish();
    s.props[0].type = 7;
    EXPECT_FALSE(decode_requirements(s.set, error));
    EXPECT_EQ(error, "property 'aspect' has type 7 (expected 2, a byte array)");
  }
}

// ==== the checks and their messages ==================================================

namespace {
image_requirements req_of(std::initializer_list<uint32_t> aspects) {
  image_requirements r;
  r.aspects = aspects;
  return r;
}
} // namespace

TEST(RequirementsCheck, SupportedDevicePasses) {
  auto dev = gpu_info("GPU", sm90_aspects, {32});
  image_requirements r = req_of({5, 6});
  r.sub_group_sizes = {32};
  r.work_group_sizes = {{16, 16}};
  r.has_fixed_target = true;
  r.fixed_targets = {1000, 1036};
  EXPECT_FALSE(check_requirements(r, dev));
  EXPECT_FALSE(check_requirements(image_requirements{}, dev));
}

TEST(RequirementsCheck, MissingAspectMessage) {
  auto dev = gpu_info("GPU", {2, 6}, {32});
  auto f = check_requirements(req_of({6, 5}), dev);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->code, errc::kernel_not_supported);
  EXPECT_EQ(f->message, "Kernel uses optional feature corresponding to 'aspect::fp16' but device "
                        "does not support this aspect.");
  f = check_requirements(req_of({28}), dev);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->message, "Kernel uses optional feature corresponding to 'aspect::atomic64' but "
                        "device does not support this aspect.");
  f = check_requirements(req_of({6, 5}), gpu_info("GPU", {2, 5}, {32}));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->message, "Kernel uses optional feature corresponding to 'aspect::fp64' but device "
                        "does not support this aspect.");
  // An aspect without a name in this runtime prints its value.
  f = check_requirements(req_of({777}), dev);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->message, "Kernel uses optional feature corresponding to 'aspect::777' but device "
                        "does not support this aspect.");
}

TEST(RequirementsCheck, SubGroupSizeMessage) {
  image_requirements r;
  r.sub_group_sizes = {32};
  auto f = check_requirements(r, gpu_info("CPU", {1}, {1}));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->code, errc::kernel_not_supported);
  EXPECT_EQ(f->message, "Kernel has a required sub-group size of '32' but device does not "
                        "support this sub-group size.");
  r.sub_group_sizes = {16};
  f = check_requirements(r, gpu_info("GPU", {2}, {32}));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->message, "Kernel has a required sub-group size of '16' but device does not "
                        "support this sub-group size.");
  EXPECT_FALSE(check_requirements(r, gpu_info("Intel", {2}, {8, 16, 32})));
}

TEST(RequirementsCheck, FixedTargetMessage) {
  image_requirements r;
  r.has_fixed_target = true;
  r.fixed_targets = {1012}; // intel_gpu_tgllp (alias intel_gpu_12_0_0)
  auto f = check_requirements(r, gpu_info("GPU", sm90_aspects, {32}));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->code, errc::kernel_not_supported);
  EXPECT_EQ(f->message, "Kernel was compiled with '-fsycl-fixed-targets=intel_gpu_tgllp' but was "
                        "submitted to a different device.");
  r.fixed_targets = {1000, 1023};
  f = check_requirements(r, gpu_info("GPU", sm90_aspects, {32}));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->message, "Kernel was compiled with '-fsycl-fixed-targets=x86_64,nvidia_gpu_sm_50' "
                        "but was submitted to a different device.");
  // One of the listed targets is enough.
  r.fixed_targets = {1000, 1036};
  EXPECT_FALSE(check_requirements(r, gpu_info("GPU", sm90_aspects, {32})));
  // Empty list: no device qualifies.
  r.fixed_targets = {};
  f = check_requirements(r, gpu_info("GPU", sm90_aspects, {32}));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->message, "Kernel was compiled with '-fsycl-fixed-targets=' but was submitted to a "
                        "different device.");
}

TEST(RequirementsCheck, FixedTargetComesFirst) {
  image_requirements r = req_of({5});
  r.has_fixed_target = true;
  r.fixed_targets = {1000};
  r.sub_group_sizes = {64};
  auto f = check_requirements(r, gpu_info("GPU", {2}, {32}));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->message.rfind("Kernel was compiled with", 0), 0u) << f->message;
  // Then aspects, then sub-groups.
  r.has_fixed_target = false;
  f = check_requirements(r, gpu_info("GPU", {2}, {32}));
  EXPECT_EQ(f->message.rfind("Kernel uses optional feature", 0), 0u) << f->message;
}

TEST(RequirementsCheck, WorkGroupSizeTooLarge) {
  image_requirements r;
  r.work_group_sizes = {{64, 32}};
  auto f = check_requirements(r, gpu_info("GPU", {2}, {32})); // max 1024
  ASSERT_TRUE(f);
  EXPECT_EQ(f->code, errc::kernel_not_supported);
  EXPECT_EQ(f->message, "Kernel has a required work-group size of '{64, 32}' (2048 work-items) "
                        "but device supports at most 1024 work-items per work-group.");
  // Within the total but beyond one dimension's limit (dimension 0 of a
  // 3-D size is limited to 64 here).
  r.work_group_sizes = {{128, 2, 2}};
  f = check_requirements(r, gpu_info("GPU", {2}, {32}));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->message, "Kernel has a required work-group size of '{128, 2, 2}' but device "
                        "supports at most 64 work-items in dimension 0.");
  r.work_group_sizes = {{1024}};
  EXPECT_FALSE(check_requirements(r, gpu_info("GPU", {2}, {32})));
  // reqd_work_group_size(SIZE_MAX, SIZE_MAX, SIZE_MAX) is stored saturated
  // (UINT32_MAX each): the count is their exact product, not its value
  // modulo 2^64 (12884901887, issue 19.21).
  r.work_group_sizes = {{UINT32_MAX, UINT32_MAX, UINT32_MAX}};
  f = check_requirements(r, gpu_info("GPU", {2}, {32}));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->message, "Kernel has a required work-group size of '{4294967295, 4294967295, "
                        "4294967295}' (79228162458924105385300197375 work-items) but device "
                        "supports at most 1024 work-items per work-group.");
}

TEST(RequirementsCheck, LocalRange) {
  uint64_t l16[3] = {16, 1, 1}, l8[3] = {8, 1, 1}, l44[3] = {4, 4, 1};
  EXPECT_FALSE(check_local_range({16}, 1, l16));
  auto m = check_local_range({16}, 1, l8);
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, "Kernel has a required work-group size of '{16}' but was launched with an "
                "nd_range whose local range is '{8}'; the local range must equal the required "
                "work-group size.");
  m = check_local_range({16}, 2, l44);
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, "Kernel has a required work-group size of '{16}' but was launched with an "
                "nd_range whose local range is '{4, 4}' (1 dimension required, 2 given); the "
                "local range must equal the required work-group size.");
  EXPECT_FALSE(check_local_range({4, 4}, 2, l44));
}

TEST(RequirementsCheck, KernelNames) {
  EXPECT_EQ(demangle_kernel_name("_ZTS9MyKernelA"), "MyKernelA");
  EXPECT_EQ(demangle_kernel_name("_ZTSN2ns6KernelE"), "ns::Kernel");
  EXPECT_EQ(demangle_kernel_name("not mangled"), "not mangled");
  EXPECT_EQ(kernel_device_suffix("_ZTS1K", "NVIDIA H100"), " (kernel 'K', device 'NVIDIA H100')");
}

// ==== verdicts: which images decide ==================================================

TEST(KernelVerdict, NoRequirementDataMeansNoCheck) {
  test_binary bin;
  bin.add("nvidia_gpu_sm_90", "sm_90", USYCL_IMAGE_PTX, {"_ZTS8NoDataK1"});
  bin.register_all();
  fake_rig rig(gpu_info("GPU", {}, {}), "nvidia_gpu_sm_90");
  auto v = rig.verdict("_ZTS8NoDataK1");
  EXPECT_TRUE(v.supported);
  // A kernel in no image at all: nothing to check either.
  EXPECT_TRUE(rig.verdict("_ZTS9NowhereK1").supported);
}

TEST(KernelVerdict, OwnImageDecides) {
  test_binary bin;
  bin.add_ptx("sm_90", {"_ZTS5OwnK1"}).add("aspect", le32({6}));
  bin.add_cpu({"_ZTS5OwnK1"}).add("aspect", le32({6}));
  bin.register_all();
  fake_rig no_fp64(gpu_info("NoFp64 GPU", {2, 5}, {32}), "nvidia_gpu_sm_90");
  auto v = no_fp64.verdict("_ZTS5OwnK1");
  EXPECT_FALSE(v.supported);
  EXPECT_EQ(v.code, errc::kernel_not_supported);
  EXPECT_EQ(v.message, "Kernel uses optional feature corresponding to 'aspect::fp64' but device "
                       "does not support this aspect. (kernel 'OwnK1', device 'NoFp64 GPU')");
  fake_rig fp64(gpu_info("Fp64 GPU", sm90_aspects, {32}), "nvidia_gpu_sm_90");
  EXPECT_TRUE(fp64.verdict("_ZTS5OwnK1").supported);
}

TEST(KernelVerdict, LaunchSubGroupSize) {
  test_binary bin;
  bin.add_cpu({"_ZTS6Sg8Lk1"}).add("reqd_sub_group_size", le32({8}));
  bin.add_cpu({"_ZTS6Sg1Lk1"}).add("reqd_sub_group_size", le32({1}));
  bin.add_cpu({"_ZTS6NoSgK1"});
  bin.register_all();
  device_info cpu_info = gpu_info("CPU", {1}, {4, 8, 16, 32, 64});
  cpu_info.default_sub_group_size = 16;
  fake_rig cpu(cpu_info, "x86_64");
  EXPECT_EQ(cpu.verdict("_ZTS6Sg8Lk1").launch_sub_group_size, 8u);
  EXPECT_EQ(cpu.verdict("_ZTS6NoSgK1").launch_sub_group_size, 16u); // the device's default
  EXPECT_FALSE(cpu.verdict("_ZTS6Sg1Lk1").supported);
  // Without a default: the largest size.
  fake_rig gpu(gpu_info("GPU", {2}, {32}), "x86_64");
  EXPECT_EQ(gpu.verdict("_ZTS6NoSgK1").launch_sub_group_size, 32u);

  // Emulating a target that lists size 1 (USYCL_EMULATE): the requirement
  // check passes against what the device reports, but the CPU cannot run it.
  device_info reported = cpu_info;
  reported.name = "CPU (emulating odd)";
  reported.sub_group_sizes = {1, 8};
  cpu.device->set_emulated_info(reported);
  auto v = cpu.verdict("_ZTS6Sg1Lk1");
  EXPECT_FALSE(v.supported);
  EXPECT_EQ(v.code, errc::kernel_not_supported);
  EXPECT_EQ(v.message, "Kernel has a required sub-group size of '1' which the emulated target has "
                       "but the CPU cannot run (it runs sub-groups of {4, 8, 16, 32, 64}); correct "
                       "the target's sub-group-sizes in the device configuration file or run "
                       "without USYCL_EMULATE. (kernel 'Sg1Lk1', device 'CPU (emulating odd)')");
  EXPECT_TRUE(cpu.verdict("_ZTS6Sg8Lk1").supported);
}

TEST(KernelVerdict, SpeculativeCompilationSafe) {
  // Per-kernel images: the sibling's fp64 never affects this kernel.
  test_binary bin;
  bin.add_cpu({"_ZTS6UsesFp"}).add("aspect", le32({6}));
  bin.add_cpu({"_ZTS7Sibling"});
  bin.add_ptx("sm_90", {"_ZTS6UsesFp"}).add("aspect", le32({6}));
  bin.add_ptx("sm_90", {"_ZTS7Sibling"});
  bin.register_all();
  fake_rig cpu(gpu_info("Emulated", {1}, {1}), "x86_64");
  EXPECT_FALSE(cpu.verdict("_ZTS6UsesFp").supported);
  EXPECT_TRUE(cpu.verdict("_ZTS7Sibling").supported);
  fake_rig gpu(gpu_info("GPU", {2}, {32}), "nvidia_gpu_sm_90");
  EXPECT_FALSE(gpu.verdict("_ZTS6UsesFp").supported);
  EXPECT_TRUE(gpu.verdict("_ZTS7Sibling").supported);
}

TEST(KernelVerdict, FilteredImageUsesOtherTargetsRequirements) {
  // The aspect filter dropped the sm_50 image of an fp16 kernel: only the
  // x86_64 requirements-only image (and an sm_90 one) still describe it.
  test_binary bin;
  bin.add_cpu({"_ZTS6HalfK1"}).add("aspect", le32({5}));
  bin.add_ptx("sm_90", {"_ZTS6HalfK1"}).add("aspect", le32({5}));
  bin.register_all();
  fake_rig sm50(gpu_info("GTX 750", {2, 6, 1023}, {32}), "nvidia_gpu_sm_50");
  auto v = sm50.verdict("_ZTS6HalfK1");
  EXPECT_FALSE(v.supported);
  EXPECT_EQ(v.message, "Kernel uses optional feature corresponding to 'aspect::fp16' but device "
                       "does not support this aspect. (kernel 'HalfK1', device 'GTX 750')");
  // Requirements that pass: the missing image is the backend's business.
  fake_rig sm53(gpu_info("Jetson", {2, 5, 6}, {32}), "nvidia_gpu_sm_53");
  EXPECT_TRUE(sm53.verdict("_ZTS6HalfK1").supported);
}

TEST(KernelVerdict, NoImageForAGpuIsKernelNotSupported) {
  test_binary bin;
  bin.add_cpu({"_ZTS8CpuOnlyK"});
  bin.register_all();
  fake_rig gpu(gpu_info("GPU", sm90_aspects, {32}), "nvidia_gpu_sm_90", /*has_code=*/false);
  auto v = gpu.verdict("_ZTS8CpuOnlyK");
  EXPECT_FALSE(v.supported);
  EXPECT_EQ(v.code, errc::kernel_not_supported);
  // fake_device's info has no target; a CUDA device's is nvidia_gpu_sm_NN.
  EXPECT_EQ(v.message, "Kernel is not available for this device: the program has no device image "
                       "of it for target '' (only for 'x86_64'); build it with -fsycl-targets=. "
                       "(kernel 'CpuOnlyK', device 'GPU')");
  // An image the aspect filter left out of this target: said so.
  test_binary filtered;
  filtered.add_cpu({"_ZTS9FilteredK"}).add("aspect", le32({5}));
  filtered.add("nvidia_gpu_sm_90", "sm_90", USYCL_IMAGE_NONE, {"_ZTS9FilteredK"}).requirements =
      std::make_unique<prop_set>();
  filtered.sources.back()->requirements->add("aspect", le32({5}));
  filtered.register_all();
  auto info = gpu_info("GPU", sm90_aspects, {32});
  info.target = "nvidia_gpu_sm_90";
  fake_rig gpu90(info, "nvidia_gpu_sm_90", /*has_code=*/false);
  v = gpu90.verdict("_ZTS9FilteredK");
  EXPECT_FALSE(v.supported);
  EXPECT_EQ(v.code, errc::kernel_not_supported);
  EXPECT_EQ(v.message.rfind("Kernel is not available for this device: sycl-aspect-filter left it "
                            "out of the code generated for target 'nvidia_gpu_sm_90'",
                            0),
            0u)
      << v.message;
  // ... unless the device indeed lacks what the kernel needs: then that.
  auto no_fp16 = info;
  no_fp16.aspects = {2, 6};
  fake_rig gpu90b(no_fp16, "nvidia_gpu_sm_90", /*has_code=*/false);
  EXPECT_EQ(gpu90b.verdict("_ZTS9FilteredK").message.rfind("Kernel uses optional feature "
                                                           "corresponding to 'aspect::fp16'",
                                                           0),
            0u);

  // The CPU runs host code: never "not available".
  fake_rig cpu(gpu_info("CPU", {1}, {1}), "x86_64", /*has_code=*/true);
  EXPECT_TRUE(cpu.verdict("_ZTS9NowhereK2").supported);
}

TEST(KernelVerdict, AnyPassingOwnImageIsEnough) {
  test_binary bin;
  bin.add_ptx("sm_80", {"_ZTS4TwoK"}).add("fixed_target", le32({1000}));
  bin.add_ptx("sm_90", {"_ZTS4TwoK"}).add("aspect", le32({6}));
  bin.register_all();
  fake_rig dev(gpu_info("GPU", sm90_aspects, {32}), "nvidia_gpu_sm_90");
  // Only the sm_90 image is "own" for this fake (exact target match) and passes.
  EXPECT_TRUE(dev.verdict("_ZTS4TwoK").supported);
}

TEST(KernelVerdict, ReqdWorkGroupSizeCarried) {
  test_binary bin;
  bin.add_cpu({"_ZTS4WgK1"}).add("reqd_work_group_size", le32({1, 16}));
  bin.register_all();
  fake_rig cpu(gpu_info("CPU", {1}, {1}), "x86_64");
  auto v = cpu.verdict("_ZTS4WgK1");
  EXPECT_TRUE(v.supported);
  ASSERT_EQ(v.work_group_sizes.size(), 1u);
  EXPECT_EQ(v.work_group_sizes[0], (std::vector<uint32_t>{16}));
}

TEST(KernelVerdict, MalformedSetIsARuntimeError) {
  test_binary bin;
  bin.add_cpu({"_ZTS4BadK"}).add("aspect", {1, 2, 3});
  bin.register_all();
  fake_rig cpu(gpu_info("CPU", {1}, {1}), "x86_64");
  auto v = cpu.verdict("_ZTS4BadK");
  EXPECT_FALSE(v.supported);
  EXPECT_EQ(v.code, errc::runtime);
  EXPECT_EQ(v.message, "Malformed 'SYCL/device requirements' property set in the x86_64 image: "
                       "property 'aspect' holds 3 bytes, not a whole number of uint32 values; "
                       "rebuild the program with this usycl++. (kernel 'BadK', device 'CPU')");
}

TEST(KernelVerdict, CacheIsPerPointerAndFollowsRegistry) {
  static const char name[] = "_ZTS6CacheK";
  fake_rig cpu(gpu_info("CPU", {1}, {1}), "x86_64");
  auto &cache = cpu.device->verdicts();
  auto &registry = image_registry::instance();
  const auto *first = &cache.get(name, *cpu.device, registry.generation());
  EXPECT_TRUE(first->supported);
  EXPECT_EQ(first, &cache.get(name, *cpu.device, registry.generation())); // cached
  {
    test_binary bin; // a library with requirements for it is loaded
    bin.add_cpu({"_ZTS6CacheK"}).add("aspect", le32({6}));
    bin.register_all();
    const auto &v = cache.get(name, *cpu.device, registry.generation());
    EXPECT_NE(&v, first);
    EXPECT_FALSE(v.supported);
  }
  EXPECT_TRUE(cache.get(name, *cpu.device, registry.generation()).supported); // unloaded again
}

TEST(KernelVerdict, CacheGrows) {
  fake_rig cpu(gpu_info("CPU", {1}, {1}), "x86_64");
  std::vector<std::string> names;
  for (int i = 0; i < 500; ++i) names.push_back("_ZTS7Many" + std::to_string(i));
  auto gen = image_registry::instance().generation();
  std::vector<const sycl::detail::kernel_verdict *> first;
  for (auto &n : names) first.push_back(&cpu.device->verdicts().get(n.c_str(), *cpu.device, gen));
  for (size_t i = 0; i < names.size(); ++i)
    EXPECT_EQ(first[i], &cpu.device->verdicts().get(names[i].c_str(), *cpu.device, gen));
}

// ==== the submit path on the real CPU device =========================================

namespace {
// Complete types: outside -fsycl kernel names are typeid(Name).name().
class SiblingKernel {};
class SubGroup16Kernel {};
class SubGroup128Kernel {};
class DefaultSubGroupKernel {};
class WorkGroup16Kernel {};
class AcceleratorAspectKernel {};
class NoImagesKernel {};

std::string sym(const std::type_info &t) { return t.name(); } // typeid outside -fsycl
} // namespace

class SubmitPath : public ::testing::Test {
protected:
  static void SetUpTestSuite() {
    bin = new test_binary;
    bin->add_cpu({sym(typeid(AcceleratorAspectKernel))}).add("aspect", le32({3})); // aspect::accelerator
    bin->add_cpu({sym(typeid(SiblingKernel))});
    bin->add_cpu({sym(typeid(SubGroup16Kernel))}).add("reqd_sub_group_size", le32({16}));
    bin->add_cpu({sym(typeid(SubGroup128Kernel))}).add("reqd_sub_group_size", le32({128}));
    bin->add_cpu({sym(typeid(DefaultSubGroupKernel))});
    bin->add_cpu({sym(typeid(WorkGroup16Kernel))}).add("reqd_work_group_size", le32({1, 16}));
    bin->register_all();
  }
  static void TearDownTestSuite() { delete bin; }
  static test_binary *bin;
};
test_binary *SubmitPath::bin = nullptr;

TEST_F(SubmitPath, UnsupportedAspectThrowsSynchronously) {
  sycl::queue q;
  ASSERT_TRUE(q.get_device().is_cpu());
  ASSERT_FALSE(q.get_device().has(sycl::aspect::accelerator));
  int *p = sycl::malloc_shared<int>(1, q);
  *p = 0;
  try {
    q.single_task<AcceleratorAspectKernel>([=] { *p = 1; });
    FAIL() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), errc::kernel_not_supported);
    std::string what = e.what();
    EXPECT_EQ(what.rfind("Kernel uses optional feature corresponding to 'aspect::accelerator' but device "
                         "does not support this aspect. (kernel '",
                         0),
              0u)
        << what;
    EXPECT_NE(what.find("AcceleratorAspectKernel"), std::string::npos) << what;
    EXPECT_NE(what.find(q.get_device().get_info<sycl::info::device::name>()), std::string::npos);
  }
  // Through submit as well, and again (cached verdict, same exception).
  for (int i = 0; i < 2; ++i)
    EXPECT_THROW(q.submit([&](sycl::handler &h) { h.single_task<AcceleratorAspectKernel>([=] { *p = 1; }); }),
                 sycl::exception);
  q.wait_and_throw(); // nothing asynchronous
  EXPECT_EQ(*p, 0);
  // The sibling kernel of the same program runs.
  q.single_task<SiblingKernel>([=] { *p = 2; }).wait_and_throw();
  EXPECT_EQ(*p, 2);
  // A kernel no image mentions runs as host code.
  q.single_task<NoImagesKernel>([=] { *p = 3; }).wait_and_throw();
  EXPECT_EQ(*p, 3);
  sycl::free(p, q);
}

TEST_F(SubmitPath, SubGroupSizeThrows) {
  // The CPU runs sub-groups of 4..64 work-items: 128 is refused.
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(1, q);
  try {
    q.parallel_for<SubGroup128Kernel>(sycl::range<1>(4), [=](sycl::id<1>) { *p = 1; });
    FAIL() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), errc::kernel_not_supported);
    EXPECT_EQ(std::string(e.what()).rfind("Kernel has a required sub-group size of '128' but "
                                          "device does not support this sub-group size.",
                                          0),
              0u)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("SubGroup128Kernel"), std::string::npos) << e.what();
  }
  sycl::free(p, q);
}

// A kernel's launches run with its required sub-group size, others with the
// device's default; the kernel queries report the same width.
TEST_F(SubmitPath, LaunchRunsWithTheKernelsSubGroupSize) {
  sycl::queue q;
  sycl::device dev = q.get_device();
  const uint32_t default_width = dev.impl()->info().default_sub_group_size;
  auto sizes = dev.get_info<sycl::info::device::sub_group_sizes>();
  EXPECT_NE(std::find(sizes.begin(), sizes.end(), size_t(default_width)), sizes.end());

  uint32_t *w = sycl::malloc_shared<uint32_t>(2, q);
  w[0] = w[1] = 0;
  q.parallel_for<SubGroup16Kernel>(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) {
     if (it.get_global_id(0) == 0) w[0] = __usycl_cpu_current_group->sub_group_width;
   }).wait_and_throw();
  q.parallel_for<DefaultSubGroupKernel>(sycl::nd_range<1>(64, 32), [=](sycl::nd_item<1> it) {
     if (it.get_global_id(0) == 0) w[1] = __usycl_cpu_current_group->sub_group_width;
   }).wait_and_throw();
  EXPECT_EQ(w[0], 16u);
  EXPECT_EQ(w[1], default_width);
  sycl::free(w, q);

  using namespace sycl::info::kernel_device_specific;
  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  sycl::kernel k16 = bundle.get_kernel(sycl::get_kernel_id<SubGroup16Kernel>());
  sycl::kernel kd = bundle.get_kernel(sycl::get_kernel_id<DefaultSubGroupKernel>());
  EXPECT_EQ(k16.get_info<max_sub_group_size>(dev), 16u);
  EXPECT_EQ(k16.get_info<compile_sub_group_size>(dev), 16u);
  EXPECT_EQ(kd.get_info<max_sub_group_size>(dev), default_width);
  EXPECT_EQ(kd.get_info<compile_sub_group_size>(dev), 0u);
  EXPECT_EQ(k16.get_info<preferred_work_group_size_multiple>(dev), 16u);
  EXPECT_EQ(kd.get_info<preferred_work_group_size_multiple>(dev), default_width);
  const size_t wg = dev.get_info<sycl::info::device::max_work_group_size>();
  EXPECT_EQ(k16.get_info<max_num_sub_groups>(dev), (wg + 15) / 16);
  EXPECT_EQ(kd.get_info<max_num_sub_groups>(dev), (wg + default_width - 1) / default_width);
  // Any kernel: sub-groups of the smallest size.
  EXPECT_EQ(dev.get_info<sycl::info::device::max_num_sub_groups>(), wg / 4);
}

TEST_F(SubmitPath, WorkGroupSizeMismatchIsNdRange) {
  sycl::queue q;
  int *p = sycl::malloc_shared<int>(64, q);
  try {
    q.parallel_for<WorkGroup16Kernel>(sycl::nd_range<1>(64, 8),
                                      [=](sycl::nd_item<1> it) { p[it.get_global_id(0)] = 1; });
    FAIL() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), errc::nd_range);
    EXPECT_EQ(std::string(e.what()).rfind("Kernel has a required work-group size of '{16}' but "
                                          "was launched with an nd_range whose local range is "
                                          "'{8}'",
                                          0),
              0u)
        << e.what();
  }
  // The matching local range runs.
  q.parallel_for<WorkGroup16Kernel>(sycl::nd_range<1>(64, 16), [=](sycl::nd_item<1> it) {
     p[it.get_global_id(0)] = 2;
   }).wait_and_throw();
  for (int i = 0; i < 64; ++i) EXPECT_EQ(p[i], 2);
  sycl::free(p, q);
}

TEST_F(SubmitPath, IsCompatibleAndKernelBundle) {
  sycl::queue q;
  sycl::device dev = q.get_device();
  EXPECT_FALSE(sycl::is_compatible<AcceleratorAspectKernel>(dev));
  EXPECT_TRUE(sycl::is_compatible<SubGroup16Kernel>(dev)); // the CPU runs 4..64
  EXPECT_FALSE(sycl::is_compatible<SubGroup128Kernel>(dev));
  EXPECT_TRUE(sycl::is_compatible<SiblingKernel>(dev));
  EXPECT_TRUE(sycl::is_compatible<WorkGroup16Kernel>(dev)); // 16 <= max_work_group_size
  EXPECT_TRUE((sycl::is_compatible<SiblingKernel, WorkGroup16Kernel>(dev)));
  EXPECT_FALSE((sycl::is_compatible<SiblingKernel, AcceleratorAspectKernel>(dev)));
  EXPECT_TRUE(sycl::is_compatible<>(dev));

  auto bad = sycl::get_kernel_id<AcceleratorAspectKernel>();
  auto good = sycl::get_kernel_id<SiblingKernel>();
  EXPECT_EQ(good, sycl::get_kernel_id<SiblingKernel>());
  EXPECT_NE(good, bad);
  EXPECT_STREQ(good.get_name(), typeid(SiblingKernel).name());
  EXPECT_FALSE(sycl::is_compatible({good, bad}, dev));
  EXPECT_TRUE(sycl::is_compatible({good}, dev));

  auto ids = sycl::get_kernel_ids();
  EXPECT_NE(std::find(ids.begin(), ids.end(), bad), ids.end());
  EXPECT_NE(std::find(ids.begin(), ids.end(), good), ids.end());

  auto bundle = sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context());
  EXPECT_FALSE(bundle.empty());
  EXPECT_TRUE(bundle.has_kernel(good));
  EXPECT_TRUE(bundle.has_kernel(good, dev));
  EXPECT_FALSE(bundle.has_kernel(bad));
  EXPECT_TRUE(bundle.has_kernel<SiblingKernel>());
  EXPECT_TRUE(bundle.has_kernel<SubGroup16Kernel>(dev));
  EXPECT_FALSE(bundle.has_kernel<SubGroup128Kernel>(dev));
  EXPECT_EQ(bundle.get_context(), q.get_context());
  EXPECT_EQ(bundle.get_devices().size(), 1u);
  auto bundle_ids = bundle.get_kernel_ids();
  EXPECT_NE(std::find(bundle_ids.begin(), bundle_ids.end(), good), bundle_ids.end());
  EXPECT_EQ(std::find(bundle_ids.begin(), bundle_ids.end(), bad), bundle_ids.end());

  // Asking for an incompatible kernel explicitly is errc::invalid.
  try {
    sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(), {bad});
    FAIL() << "no exception";
  } catch (const sycl::exception &e) {
    EXPECT_EQ(e.code(), errc::invalid);
    EXPECT_NE(std::string(e.what()).find("AcceleratorAspectKernel"), std::string::npos) << e.what();
  }
  auto only_good =
      sycl::get_kernel_bundle<SiblingKernel, sycl::bundle_state::executable>(q.get_context());
  EXPECT_EQ(only_good.get_kernel_ids().size(), 1u);
  EXPECT_THROW(sycl::get_kernel_bundle<sycl::bundle_state::executable>(q.get_context(),
                                                                       std::vector<sycl::device>{}),
               sycl::exception);
}

// ==== emulation ========================================================================

namespace {
struct temp_file {
  std::string path;
  explicit temp_file(const std::string &text) {
    char name[] = "/tmp/usycl_emulation_XXXXXX";
    int fd = mkstemp(name);
    path = name;
    ::close(fd);
    std::ofstream(path) << text;
  }
  ~temp_file() { std::remove(path.c_str()); }
};
} // namespace

TEST(Emulation, LoadsTargetEntry) {
  temp_file cfg("intel_gpu_tgllp:\n"
                "  aspects: [gpu, fp16, 28, ext_intel_gpu_tgllp]\n"
                "  sub-group-sizes: [8, 16, 32]\n"
                "my_device:\n"
                "  aspects: [gpu]\n"
                "  sub-group-sizes: []\n");
  std::string error;
  auto e = load_emulation("intel_gpu_tgllp", cfg.path, error);
  ASSERT_TRUE(e) << error;
  EXPECT_EQ(e->target, "intel_gpu_tgllp");
  EXPECT_EQ(e->aspects, (std::vector<int>{2, 5, 28, 1012}));
  EXPECT_EQ(e->sub_group_sizes, (std::vector<size_t>{8, 16, 32}));
  // An alias finds its canonical entry.
  e = load_emulation("intel_gpu_12_0_0", cfg.path, error);
  ASSERT_TRUE(e) << error;
  EXPECT_EQ(e->aspects, (std::vector<int>{2, 5, 28, 1012}));

  device_info cpu;
  cpu.name = "Host CPU";
  cpu.aspects = {1, 5, 6, 1000};
  cpu.sub_group_sizes = {1};
  cpu.max_work_group_size = 4096;
  device_info emu = emulated_device_info(cpu, *load_emulation("intel_gpu_tgllp", cfg.path, error));
  EXPECT_EQ(emu.name, "Host CPU (emulating intel_gpu_tgllp)");
  EXPECT_EQ(emu.aspects, (std::vector<int>{2, 5, 28, 1012, 40}));
  EXPECT_EQ(emu.sub_group_sizes, (std::vector<size_t>{8, 16, 32}));
  EXPECT_EQ(emu.max_work_group_size, 4096u);
  EXPECT_EQ(emu.kind, device_kind::cpu);

  // A user-defined target: no identity aspect to add; no sub-group sizes
  // listed keeps the CPU's.
  emu = emulated_device_info(cpu, *load_emulation("my_device", cfg.path, error));
  EXPECT_EQ(emu.aspects, (std::vector<int>{2, 40}));
  EXPECT_EQ(emu.sub_group_sizes, (std::vector<size_t>{1}));

  // Launches without reqd_sub_group_size run with one of the target's sizes
  // the CPU can run: the CPU's default when listed, else the next larger
  // one, else the largest below.
  cpu.sub_group_sizes = {4, 8, 16, 32, 64};
  for (auto [native, expected] : {std::pair{8u, 8u}, {16u, 16u}, {4u, 8u}, {64u, 32u}}) {
    cpu.default_sub_group_size = native;
    emu = emulated_device_info(cpu, *load_emulation("intel_gpu_tgllp", cfg.path, error));
    EXPECT_EQ(emu.default_sub_group_size, expected) << "CPU default " << native;
  }
  cpu.default_sub_group_size = 8;
  emu = emulated_device_info(cpu, *load_emulation("my_device", cfg.path, error));
  EXPECT_EQ(emu.default_sub_group_size, 8u); // the CPU's sizes kept
  EXPECT_EQ(emu.sub_group_sizes, (std::vector<size_t>{4, 8, 16, 32, 64}));
  cpu.sub_group_sizes = {1};
  cpu.default_sub_group_size = 0;

  // The emulated device fails an fp64 kernel with the seed's message.
  auto f = check_requirements(req_of({6}), emulated_device_info(cpu, *load_emulation("intel_gpu_tgllp", cfg.path, error)));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->message, "Kernel uses optional feature corresponding to 'aspect::fp64' but device "
                        "does not support this aspect.");
}

TEST(Emulation, IdentityAspectAddedForKnownTargets) {
  temp_file cfg("nvidia_gpu_sm_50:\n  aspects: [gpu, fp64]\n  sub-group-sizes: [32]\n");
  std::string error;
  auto e = load_emulation("nvidia_gpu_sm_50", cfg.path, error);
  ASSERT_TRUE(e) << error;
  device_info emu = emulated_device_info(device_info{}, *e);
  EXPECT_EQ(emu.aspects, (std::vector<int>{2, 6, 1023, 40}));
}

TEST(Emulation, Errors) {
  temp_file cfg("x86_64:\n  aspects: [cpu]\n  sub-group-sizes: [1]\n");
  std::string error;
  EXPECT_FALSE(load_emulation("intel_gpu_pvc", cfg.path, error));
  EXPECT_EQ(error, "USYCL_EMULATE=intel_gpu_pvc: unknown target 'intel_gpu_pvc': the device "
                   "configuration file " +
                       cfg.path + " has no entry for it (it has: x86_64); use one of its targets "
                                  "or add an entry");

  temp_file bad("x86_64:\n  aspects: [cpu, not_an_aspect]\n  sub-group-sizes: [1]\n");
  EXPECT_FALSE(load_emulation("x86_64", bad.path, error));
  EXPECT_EQ(error.rfind("USYCL_EMULATE=x86_64: cannot use the device configuration file: " +
                            bad.path + ":2:",
                        0),
            0u)
      << error;

  EXPECT_FALSE(load_emulation("x86_64", "/nonexistent/device-config.yaml", error));
  EXPECT_NE(error.find("/nonexistent/device-config.yaml"), std::string::npos) << error;
}

TEST(Emulation, FromEnvironment) {
  temp_file cfg("nvidia_gpu_sm_50:\n  aspects: [gpu, fp64]\n  sub-group-sizes: [32]\n");
  std::string error;
  unsetenv("USYCL_EMULATE");
  EXPECT_FALSE(emulation_from_environment(error));
  EXPECT_TRUE(error.empty()) << error;

  setenv("USYCL_EMULATE", "nvidia_gpu_sm_50", 1);
  setenv("USYCL_DEVICE_CONFIG_FILE", cfg.path.c_str(), 1);
  auto e = emulation_from_environment(error);
  ASSERT_TRUE(e) << error;
  EXPECT_EQ(e->config_path, cfg.path);
  EXPECT_EQ(e->aspects, (std::vector<int>{2, 6}));

  // Without USYCL_DEVICE_CONFIG_FILE: the default next to the library (this
  // test links the runtime statically, so it looks next to the test binary,
  // where there is none).
  unsetenv("USYCL_DEVICE_CONFIG_FILE");
  EXPECT_FALSE(emulation_from_environment(error));
  EXPECT_NE(error.find("USYCL_EMULATE=nvidia_gpu_sm_50: no device configuration file"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("USYCL_DEVICE_CONFIG_FILE=<path"), std::string::npos) << error;
  EXPECT_NE(error.find("share/usycl/device-config.yaml"), std::string::npos) << error;
  unsetenv("USYCL_EMULATE");
}

TEST(Emulation, ShippedConfigHasTheTestTargets) {
  // The e2e tests emulate these; their properties are what the tests expect.
  std::string error;
  auto tgl = load_emulation("intel_gpu_tgllp", USYCL_SOURCE_DEVICE_CONFIG, error);
  ASSERT_TRUE(tgl) << error;
  EXPECT_EQ(std::count(tgl->aspects.begin(), tgl->aspects.end(), 6), 0); // no fp64
  auto sm50 = load_emulation("nvidia_gpu_sm_50", USYCL_SOURCE_DEVICE_CONFIG, error);
  ASSERT_TRUE(sm50) << error;
  EXPECT_EQ(std::count(sm50->aspects.begin(), sm50->aspects.end(), 5), 0); // no fp16
  EXPECT_EQ(sm50->sub_group_sizes, (std::vector<size_t>{32}));
  // The x86_64 entry is what the CPU device reports (sycl-aspect-filter
  // keeps the CPU's reqd_sub_group_size kernels by it).
  auto x86 = load_emulation("x86_64", USYCL_SOURCE_DEVICE_CONFIG, error);
  ASSERT_TRUE(x86) << error;
  EXPECT_EQ(x86->sub_group_sizes, (std::vector<size_t>(cpu::sub_group_sizes.begin(),
                                                       cpu::sub_group_sizes.end())));
}
