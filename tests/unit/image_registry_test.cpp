// Unit tests of runtime/image_registry: what the wrapper objects that usycl++
// links into programs hand to the runtime at start-up (register/unregister
// through the C entry points), and kernel/property-set lookup.
#include "image_registry.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace usycl::rt;

namespace {

const unsigned char ptx_bytes[] = "// ptx";
const unsigned char bc_bytes[] = "BC\xc0\xde";

const char *const kernels_a[] = {"_ZTS7KernelA", "_ZTS6Shared"};
const char *const kernels_b[] = {"_ZTS7KernelB", "_ZTS6Shared"};

const uint32_t aspect_bytes[] = {5, 6};
const usycl_property req_props[] = {
    {"aspect", aspect_bytes, USYCL_PROPERTY_BYTE_ARRAY, sizeof(aspect_bytes)},
    {"reqd_sub_group_size", nullptr, USYCL_PROPERTY_UINT32, 32},
};
const usycl_property misc_props[] = {
    {"isAssertEnabled", nullptr, USYCL_PROPERTY_UINT32, 1},
};
const usycl_property_set sets_a[] = {
    {"SYCL/device requirements", req_props, req_props + 2},
    {"SYCL/misc properties", misc_props, misc_props + 1},
};

const usycl_device_image images_1[] = {
    {USYCL_IMAGE_PTX, "nvidia_gpu_sm_90", "sm_90", ptx_bytes, ptx_bytes + sizeof(ptx_bytes),
     kernels_a, 2, sets_a, sets_a + 2},
    {USYCL_IMAGE_LLVM_BC, "x86_64", "x86_64", bc_bytes, bc_bytes + 4, kernels_b, 2, nullptr,
     nullptr},
};
const usycl_binary_desc binary_1 = {USYCL_IMAGE_ABI_VERSION, 2, images_1};

const char *const kernels_c[] = {"_ZTS7KernelC", "_ZTS6Shared"};
const usycl_device_image images_2[] = {
    {USYCL_IMAGE_PTX, "nvidia_gpu_sm_80", "sm_80", ptx_bytes, ptx_bytes + sizeof(ptx_bytes),
     kernels_c, 2, nullptr, nullptr},
};
const usycl_binary_desc binary_2 = {USYCL_IMAGE_ABI_VERSION, 1, images_2};

// Registered by a program built with another usycl: must be ignored.
const char *const kernels_old[] = {"_ZTS9OldKernel"};
const usycl_device_image images_old[] = {
    {USYCL_IMAGE_PTX, "nvidia_gpu_sm_90", "sm_90", ptx_bytes, ptx_bytes + 1, kernels_old, 1,
     nullptr, nullptr},
};
const usycl_binary_desc binary_old = {USYCL_IMAGE_ABI_VERSION + 1, 1, images_old};

std::vector<std::string> targets_of(const std::vector<const usycl_device_image *> &v) {
  std::vector<std::string> r;
  for (auto *i : v) r.push_back(i->target);
  return r;
}

// Each test starts and ends with nothing of ours registered.
class ImageRegistry : public ::testing::Test {
protected:
  void TearDown() override {
    __usycl_unregister_images(&binary_1);
    __usycl_unregister_images(&binary_2);
    __usycl_unregister_images(&binary_old);
  }
  image_registry &reg = image_registry::instance();
};

} // namespace

TEST_F(ImageRegistry, SingletonIsStable) {
  EXPECT_EQ(&image_registry::instance(), &image_registry::instance());
}

TEST_F(ImageRegistry, UnknownKernelHasNoImage) {
  EXPECT_TRUE(reg.images_with_kernel("_ZTS7KernelA").empty());
  EXPECT_TRUE(reg.images_with_kernel("").empty());
}

TEST_F(ImageRegistry, RegisterThroughCEntryAndLookUp) {
  __usycl_register_images(&binary_1);
  auto a = reg.images_with_kernel("_ZTS7KernelA");
  ASSERT_EQ(a.size(), 1u);
  EXPECT_EQ(a[0], &images_1[0]);
  EXPECT_STREQ(a[0]->arch, "sm_90");

  auto b = reg.images_with_kernel("_ZTS7KernelB");
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(b[0], &images_1[1]);

  // A kernel in both images of the binary: both, in image order.
  EXPECT_EQ(targets_of(reg.images_with_kernel("_ZTS6Shared")),
            (std::vector<std::string>{"nvidia_gpu_sm_90", "x86_64"}));

  // Lookups compare whole names, not prefixes.
  EXPECT_TRUE(reg.images_with_kernel("_ZTS7Kernel").empty());
  EXPECT_TRUE(reg.images_with_kernel("_ZTS7KernelAX").empty());
}

TEST_F(ImageRegistry, UnregisterRemovesImages) {
  __usycl_register_images(&binary_1);
  ASSERT_FALSE(reg.images_with_kernel("_ZTS7KernelA").empty());
  __usycl_unregister_images(&binary_1);
  EXPECT_TRUE(reg.images_with_kernel("_ZTS7KernelA").empty());
  EXPECT_TRUE(reg.images_with_kernel("_ZTS6Shared").empty());
  // Unregistering what is not registered is harmless (unload order).
  __usycl_unregister_images(&binary_1);
  __usycl_unregister_images(nullptr);
}

TEST_F(ImageRegistry, SeveralBinariesInRegistrationOrder) {
  __usycl_register_images(&binary_2);
  __usycl_register_images(&binary_1);
  EXPECT_EQ(targets_of(reg.images_with_kernel("_ZTS6Shared")),
            (std::vector<std::string>{"nvidia_gpu_sm_80", "nvidia_gpu_sm_90", "x86_64"}));
  ASSERT_EQ(reg.images_with_kernel("_ZTS7KernelC").size(), 1u);

  // Removing one binary (a shared library unloading) keeps the other.
  __usycl_unregister_images(&binary_2);
  EXPECT_TRUE(reg.images_with_kernel("_ZTS7KernelC").empty());
  EXPECT_EQ(targets_of(reg.images_with_kernel("_ZTS6Shared")),
            (std::vector<std::string>{"nvidia_gpu_sm_90", "x86_64"}));
}

TEST_F(ImageRegistry, ForEachVisitsEveryImage) {
  __usycl_register_images(&binary_1);
  __usycl_register_images(&binary_2);
  std::vector<std::string> seen;
  reg.for_each([&](const usycl_device_image &img) { seen.push_back(img.target); });
  // Other images may be registered by the test binary itself; ours appear in order.
  std::vector<std::string> ours;
  for (auto &s : seen)
    if (s == "nvidia_gpu_sm_90" || s == "x86_64" || s == "nvidia_gpu_sm_80") ours.push_back(s);
  EXPECT_EQ(ours, (std::vector<std::string>{"nvidia_gpu_sm_90", "x86_64", "nvidia_gpu_sm_80"}));
}

TEST_F(ImageRegistry, GenerationChangesOnEveryAddAndRemove) {
  uint64_t g0 = reg.generation();
  reg.add(&binary_1);
  uint64_t g1 = reg.generation();
  EXPECT_NE(g1, g0);
  reg.remove(&binary_1);
  uint64_t g2 = reg.generation();
  EXPECT_NE(g2, g1);
  EXPECT_NE(g2, g0) << "a cache keyed on the generation would see stale images";
}

TEST_F(ImageRegistry, WrongAbiVersionIsIgnoredWithAMessage) {
  uint64_t g0 = reg.generation();
  testing::internal::CaptureStderr();
  __usycl_register_images(&binary_old);
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(reg.images_with_kernel("_ZTS9OldKernel").empty());
  EXPECT_EQ(reg.generation(), g0);
  EXPECT_NE(err.find("ABI"), std::string::npos) << err;
  EXPECT_NE(err.find(std::to_string(USYCL_IMAGE_ABI_VERSION + 1)), std::string::npos) << err;
}

TEST_F(ImageRegistry, NullDescriptorIsIgnored) {
  uint64_t g0 = reg.generation();
  __usycl_register_images(nullptr);
  EXPECT_EQ(reg.generation(), g0);
}

TEST_F(ImageRegistry, EmptyBinaryIsHarmless) {
  static const usycl_binary_desc empty = {USYCL_IMAGE_ABI_VERSION, 0, nullptr};
  reg.add(&empty);
  EXPECT_TRUE(reg.images_with_kernel("_ZTS7KernelA").empty());
  reg.remove(&empty);
}

TEST(ImagePropertySets, FindByName) {
  const auto *req = find_property_set(images_1[0], "SYCL/device requirements");
  ASSERT_NE(req, nullptr);
  ASSERT_EQ(req->end - req->begin, 2);
  EXPECT_STREQ(req->begin[0].name, "aspect");
  EXPECT_EQ(req->begin[0].type, uint32_t(USYCL_PROPERTY_BYTE_ARRAY));
  EXPECT_EQ(req->begin[0].size, 8u);
  EXPECT_EQ(static_cast<const uint32_t *>(req->begin[0].value)[1], 6u);
  EXPECT_EQ(req->begin[1].size, 32u);

  const auto *misc = find_property_set(images_1[0], "SYCL/misc properties");
  ASSERT_NE(misc, nullptr);
  EXPECT_STREQ(misc->begin[0].name, "isAssertEnabled");

  EXPECT_EQ(find_property_set(images_1[0], "SYCL/device"), nullptr) << "no prefix matches";
  EXPECT_EQ(find_property_set(images_1[0], "nope"), nullptr);
  EXPECT_EQ(find_property_set(images_1[1], "SYCL/device requirements"), nullptr)
      << "image without property sets";
}

TEST(ImagePropertySets, NullSetNameIsSkipped) {
  static const usycl_property_set sets[] = {{nullptr, nullptr, nullptr},
                                            {"SYCL/x", nullptr, nullptr}};
  usycl_device_image img = images_2[0];
  img.properties_begin = sets;
  img.properties_end = sets + 2;
  EXPECT_EQ(find_property_set(img, "SYCL/x"), &sets[1]);
}

// A corrupt descriptor (a damaged or hand-made wrapper object) is refused at
// registration with a message naming what is wrong, so that no reader of the
// registry ever follows a null name or a half-null range.
TEST_F(ImageRegistry, CorruptDescriptorsAreIgnoredWithAMessage) {
  static const char *const null_kernel[] = {"_ZTS9GoodKernel", nullptr};
  static const usycl_property null_value[] = {
      {"aspect", nullptr, USYCL_PROPERTY_BYTE_ARRAY, 8}};
  static const usycl_property bad_type[] = {{"aspect", nullptr, 7, 0}};
  static const usycl_property_set set_null_value[] = {
      {"SYCL/device requirements", null_value, null_value + 1}};
  static const usycl_property_set set_bad_type[] = {
      {"SYCL/device requirements", bad_type, bad_type + 1}};
  static const usycl_property_set set_half_null[] = {
      {"SYCL/device requirements", req_props, nullptr}};
  static const usycl_property_set set_no_name[] = {{nullptr, nullptr, nullptr}};
  struct corrupt_case {
    usycl_device_image image;
    const char *expected;
  };
  const corrupt_case cases[] = {
      {{USYCL_IMAGE_PTX, "t", "a", ptx_bytes, ptx_bytes + 1, null_kernel, 2, nullptr, nullptr},
       "kernel name 1 is null"},
      {{USYCL_IMAGE_PTX, "t", "a", ptx_bytes, ptx_bytes + 1, nullptr, 3, nullptr, nullptr},
       "declares 3 kernels but has no kernel-name array"},
      {{USYCL_IMAGE_PTX, nullptr, "a", ptx_bytes, ptx_bytes + 1, kernels_a, 2, nullptr, nullptr},
       "has no target name"},
      {{USYCL_IMAGE_PTX, "t", "a", ptx_bytes + 1, ptx_bytes, kernels_a, 2, nullptr, nullptr},
       "malformed code range"},
      {{99, "t", "a", ptx_bytes, ptx_bytes + 1, kernels_a, 2, nullptr, nullptr},
       "unknown format 99"},
      {{USYCL_IMAGE_PTX, "t", "a", ptx_bytes, ptx_bytes + 1, kernels_a, 2, sets_a, nullptr},
       "malformed property-set range"},
      {{USYCL_IMAGE_PTX, "t", "a", ptx_bytes, ptx_bytes + 1, kernels_a, 2, set_null_value,
        set_null_value + 1},
       "property 'aspect' has 8 bytes but no value"},
      {{USYCL_IMAGE_PTX, "t", "a", ptx_bytes, ptx_bytes + 1, kernels_a, 2, set_bad_type,
        set_bad_type + 1},
       "property 'aspect' has unknown type 7"},
      {{USYCL_IMAGE_PTX, "t", "a", ptx_bytes, ptx_bytes + 1, kernels_a, 2, set_half_null,
        set_half_null + 1},
       "malformed property range"},
      {{USYCL_IMAGE_PTX, "t", "a", ptx_bytes, ptx_bytes + 1, kernels_a, 2, set_no_name,
        set_no_name + 1},
       "property set without a name"},
  };
  for (const corrupt_case &c : cases) {
    const usycl_binary_desc desc = {USYCL_IMAGE_ABI_VERSION, 1, &c.image};
    uint64_t g0 = reg.generation();
    testing::internal::CaptureStderr();
    __usycl_register_images(&desc);
    std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(reg.generation(), g0) << c.expected;
    EXPECT_NE(err.find("corrupt device image descriptor"), std::string::npos) << err;
    EXPECT_NE(err.find(c.expected), std::string::npos) << err;
    EXPECT_TRUE(reg.images_with_kernel("_ZTS9GoodKernel").empty());
    __usycl_unregister_images(&desc); // harmless for a descriptor never added
  }
  const usycl_binary_desc no_array = {USYCL_IMAGE_ABI_VERSION, 2, nullptr};
  std::string error;
  EXPECT_FALSE(reg.try_add(&no_array, error));
  EXPECT_NE(error.find("2 images declared but no image array"), std::string::npos) << error;
}
