// Unit tests of runtime/device_linking: resolving the imported device
// symbols of a kernel's image against the exported symbols of the other
// registered images (device code dynamic linking, seed 002): transitive
// imports, requirement checks of the exporting images, and the messages for
// an import nothing exports or that is exported for another target only.
#include "device_linking.hpp"
#include "image_registry.hpp"

#include <gtest/gtest.h>

#include <cstring>

using namespace usycl::rt;

namespace {

const unsigned char ptx[] = "// ptx";

// The program: kernel K imports _Z3addi.
const char *const kernels_prog[] = {"_ZTS1K"};
const usycl_property prog_imports[] = {{"_Z3addi", nullptr, USYCL_PROPERTY_UINT32, 1}};
const usycl_property_set prog_sets[] = {
    {"SYCL/imported symbols", prog_imports, prog_imports + 1}};
// Kernel M imports a function nobody exports.
const char *const kernels_missing[] = {"_ZTS1M"};
const usycl_property missing_imports[] = {{"_Z7missingv", nullptr, USYCL_PROPERTY_UINT32, 1}};
const usycl_property_set missing_sets[] = {
    {"SYCL/imported symbols", missing_imports, missing_imports + 1}};
// Kernel H imports _Z4halfd, which needs fp64.
const char *const kernels_half[] = {"_ZTS1H"};
const usycl_property half_imports[] = {{"_Z4halfd", nullptr, USYCL_PROPERTY_UINT32, 1}};
const usycl_property_set half_sets[] = {
    {"SYCL/imported symbols", half_imports, half_imports + 1}};
// Kernel X imports _Z5onlyxv, exported for x86_64 only.
const char *const kernels_x[] = {"_ZTS1X"};
const usycl_property x_imports[] = {{"_Z5onlyxv", nullptr, USYCL_PROPERTY_UINT32, 1}};
const usycl_property_set x_sets[] = {{"SYCL/imported symbols", x_imports, x_imports + 1}};

const usycl_device_image prog_images[] = {
    {USYCL_IMAGE_PTX, "nvidia_gpu_sm_90", "sm_90", ptx, ptx + sizeof(ptx), kernels_prog, 1,
     prog_sets, prog_sets + 1},
    {USYCL_IMAGE_PTX, "nvidia_gpu_sm_90", "sm_90", ptx, ptx + sizeof(ptx), kernels_missing, 1,
     missing_sets, missing_sets + 1},
    {USYCL_IMAGE_PTX, "nvidia_gpu_sm_90", "sm_90", ptx, ptx + sizeof(ptx), kernels_half, 1,
     half_sets, half_sets + 1},
    {USYCL_IMAGE_PTX, "nvidia_gpu_sm_90", "sm_90", ptx, ptx + sizeof(ptx), kernels_x, 1, x_sets,
     x_sets + 1},
};
const usycl_binary_desc prog = {USYCL_IMAGE_ABI_VERSION, 4, prog_images};

// The library: _Z3addi (imports _Z6helperv), _Z6helperv, _Z4halfd (fp64),
// _Z5onlyxv (x86_64 only).
const usycl_property add_exports[] = {{"_Z3addi", nullptr, USYCL_PROPERTY_UINT32, 1}};
const usycl_property add_imports[] = {{"_Z6helperv", nullptr, USYCL_PROPERTY_UINT32, 1}};
const usycl_property_set add_sets[] = {
    {"SYCL/exported symbols", add_exports, add_exports + 1},
    {"SYCL/imported symbols", add_imports, add_imports + 1}};
const usycl_property helper_exports[] = {{"_Z6helperv", nullptr, USYCL_PROPERTY_UINT32, 1}};
const usycl_property_set helper_sets[] = {
    {"SYCL/exported symbols", helper_exports, helper_exports + 1}};
const uint32_t fp64[] = {6};
const usycl_property half_req[] = {{"aspect", fp64, USYCL_PROPERTY_BYTE_ARRAY, sizeof(fp64)}};
const usycl_property half_exports[] = {{"_Z4halfd", nullptr, USYCL_PROPERTY_UINT32, 1}};
const usycl_property_set half_lib_sets[] = {
    {"SYCL/device requirements", half_req, half_req + 1},
    {"SYCL/exported symbols", half_exports, half_exports + 1}};
const usycl_property onlyx_exports[] = {{"_Z5onlyxv", nullptr, USYCL_PROPERTY_UINT32, 1}};
const usycl_property_set onlyx_sets[] = {
    {"SYCL/exported symbols", onlyx_exports, onlyx_exports + 1}};

const usycl_device_image lib_images[] = {
    {USYCL_IMAGE_PTX, "nvidia_gpu_sm_90", "sm_90", ptx, ptx + sizeof(ptx), nullptr, 0, add_sets,
     add_sets + 2},
    {USYCL_IMAGE_PTX, "nvidia_gpu_sm_90", "sm_90", ptx, ptx + sizeof(ptx), nullptr, 0,
     helper_sets, helper_sets + 1},
    {USYCL_IMAGE_PTX, "nvidia_gpu_sm_90", "sm_90", ptx, ptx + sizeof(ptx), nullptr, 0,
     half_lib_sets, half_lib_sets + 2},
    {USYCL_IMAGE_NONE, "x86_64", "x86_64", nullptr, nullptr, nullptr, 0, onlyx_sets,
     onlyx_sets + 1},
};
const usycl_binary_desc lib = {USYCL_IMAGE_ABI_VERSION, 4, lib_images};

bool gpu_usable(const usycl_device_image &img) {
  return img.format != USYCL_IMAGE_NONE && std::strcmp(img.target, "nvidia_gpu_sm_90") == 0;
}

device_info gpu(bool with_fp64) {
  device_info info;
  info.name = "test GPU";
  info.target = "nvidia_gpu_sm_90";
  info.max_work_group_size = 1024;
  info.aspects = {2};
  if (with_fp64) info.aspects.push_back(6);
  return info;
}

class DeviceLinking : public ::testing::Test {
protected:
  void SetUp() override {
    image_registry::instance().add(&prog);
    image_registry::instance().add(&lib);
  }
  void TearDown() override {
    image_registry::instance().remove(&lib);
    image_registry::instance().remove(&prog);
  }
};

} // namespace

TEST_F(DeviceLinking, SymbolsOfAnImage) {
  auto exported = image_symbols(lib_images[0], exported_symbols_set_name);
  ASSERT_EQ(exported.size(), 1u);
  EXPECT_EQ(exported[0], "_Z3addi");
  EXPECT_TRUE(has_imports(prog_images[0]));
  EXPECT_FALSE(has_imports(lib_images[1]));
}

TEST_F(DeviceLinking, ResolvesTransitively) {
  device_info info = gpu(true);
  import_resolution r = resolve_imports({&prog_images[0]}, "_ZTS1K", gpu_usable, &info, info.target);
  ASSERT_FALSE(r.failure) << r.failure->message;
  ASSERT_EQ(r.images.size(), 2u);
  EXPECT_EQ(r.images[0], &lib_images[0]); // _Z3addi
  EXPECT_EQ(r.images[1], &lib_images[1]); // _Z6helperv, imported by _Z3addi
}

TEST_F(DeviceLinking, NothingToImport) {
  device_info info = gpu(true);
  import_resolution r = resolve_imports({&lib_images[1]}, "", gpu_usable, &info, info.target);
  EXPECT_FALSE(r.failure);
  EXPECT_TRUE(r.images.empty());
}

TEST_F(DeviceLinking, MissingExportNamesTheFunction) {
  device_info info = gpu(true);
  import_resolution r = resolve_imports({&prog_images[1]}, "_ZTS1M", gpu_usable, &info, info.target);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->code, sycl::errc::build);
  EXPECT_EQ(r.failure->message,
            "Kernel calls SYCL_EXTERNAL function 'missing()', which no device image of the "
            "program or of its loaded shared libraries exports; link the program against the "
            "shared library (built with usycl++ -shared) that defines it, and do not unload "
            "that library while the kernel can run.");
}

TEST_F(DeviceLinking, ImportedFunctionRequirementsAreTheKernels) {
  device_info without = gpu(false);
  import_resolution r = resolve_imports({&prog_images[2]}, "_ZTS1H", gpu_usable, &without, without.target);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->code, sycl::errc::kernel_not_supported);
  EXPECT_EQ(r.failure->message,
            "Kernel calls SYCL_EXTERNAL function 'half(double)' of a shared library, and that "
            "function uses optional feature corresponding to 'aspect::fp64' but device does not "
            "support this aspect.");
  device_info with = gpu(true);
  r = resolve_imports({&prog_images[2]}, "_ZTS1H", gpu_usable, &with, with.target);
  ASSERT_FALSE(r.failure) << r.failure->message;
  ASSERT_EQ(r.images.size(), 1u);
  EXPECT_EQ(r.images[0], &lib_images[2]);
  // Without a device (the loader's own resolution): no requirement checks.
  r = resolve_imports({&prog_images[2]}, "_ZTS1H", gpu_usable, nullptr, with.target);
  EXPECT_FALSE(r.failure);
}

TEST_F(DeviceLinking, ExportedForAnotherTargetOnly) {
  device_info info = gpu(true);
  import_resolution r = resolve_imports({&prog_images[3]}, "_ZTS1X", gpu_usable, &info, info.target);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->code, sycl::errc::kernel_not_supported);
  EXPECT_EQ(r.failure->message,
            "Kernel calls SYCL_EXTERNAL function 'onlyx()', which the shared library exports "
            "only for 'x86_64', not for this device's target 'nvidia_gpu_sm_90'; build the "
            "library with -fsycl-targets=nvidia_gpu_sm_90.");
}

// Two kernels of one image: each is judged by the imports it reaches
// ([usycl/kernel imports]), not by the image's.
const char *const kernels_two[] = {"_ZTS1A", "_ZTS1B"};
const usycl_property two_imports[] = {{"_Z3addi", nullptr, USYCL_PROPERTY_UINT32, 1},
                                      {"_Z4halfd", nullptr, USYCL_PROPERTY_UINT32, 1}};
const char a_imports[] = "_Z3addi";           // with its NUL
const char b_imports[] = "_Z4halfd\0_Z3addi"; // two names
const usycl_property two_per_kernel[] = {
    {"_ZTS1A", a_imports, USYCL_PROPERTY_BYTE_ARRAY, sizeof(a_imports)},
    {"_ZTS1B", b_imports, USYCL_PROPERTY_BYTE_ARRAY, sizeof(b_imports)}};
const usycl_property_set two_sets[] = {
    {"SYCL/imported symbols", two_imports, two_imports + 2},
    {"usycl/kernel imports", two_per_kernel, two_per_kernel + 2}};
const usycl_device_image two_image = {USYCL_IMAGE_PTX, "nvidia_gpu_sm_90", "sm_90", ptx,
                                      ptx + sizeof(ptx), kernels_two, 2, two_sets, two_sets + 2};

TEST_F(DeviceLinking, ImportsArePerKernel) {
  EXPECT_EQ(kernel_imports(two_image, "_ZTS1A"), std::vector<std::string>{"_Z3addi"});
  EXPECT_EQ(kernel_imports(two_image, "_ZTS1B"),
            (std::vector<std::string>{"_Z4halfd", "_Z3addi"}));
  EXPECT_TRUE(kernel_imports(two_image, "_ZTS1C").empty());
  EXPECT_EQ(kernel_imports(two_image, "").size(), 2u);
  device_info without = gpu(false);
  import_resolution a = resolve_imports({&two_image}, "_ZTS1A", gpu_usable, &without, without.target);
  EXPECT_FALSE(a.failure) << a.failure->message;
  import_resolution b = resolve_imports({&two_image}, "_ZTS1B", gpu_usable, &without, without.target);
  ASSERT_TRUE(b.failure);
  EXPECT_EQ(b.failure->code, sycl::errc::kernel_not_supported);
}

TEST_F(DeviceLinking, UnloadedLibraryIsNoLongerAnExporter) {
  image_registry::instance().remove(&lib);
  device_info info = gpu(true);
  import_resolution r = resolve_imports({&prog_images[0]}, "_ZTS1K", gpu_usable, &info, info.target);
  ASSERT_TRUE(r.failure);
  EXPECT_EQ(r.failure->code, sycl::errc::build);
  image_registry::instance().add(&lib);
}
