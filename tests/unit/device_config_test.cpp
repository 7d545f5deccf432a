// Unit tests of the device configuration reader (compiler/aspect-filter/
// device_config.hpp) and of the shared target/aspect table
// (sycl/detail/device_targets.def, sycl/detail/aspect_names.hpp).
#include "device_config.hpp"

#include <sycl/aspect.hpp>
#include <sycl/detail/aspect_names.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <set>
#include <string>

#ifndef USYCL_SOURCE_DEVICE_CONFIG
#error "USYCL_SOURCE_DEVICE_CONFIG must name compiler/aspect-filter/device-config.yaml"
#endif

using usycl::config::device_config;
using usycl::config::target_entry;
namespace sd = sycl::detail;

namespace {

std::optional<device_config> parse(const std::string &yaml, std::string &error) {
  return device_config::parse(yaml, "cfg.yaml", error);
}

// Parses `yaml`, expects failure, returns the message.
std::string parse_error(const std::string &yaml) {
  std::string error;
  std::optional<device_config> c = parse(yaml, error);
  EXPECT_FALSE(c.has_value()) << yaml;
  EXPECT_FALSE(error.empty());
  return error;
}

bool has(const std::vector<uint32_t> &v, uint32_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

} // namespace

// ---- the shared table ----

TEST(AspectTable, StandardValuesAreDpcpps) {
  EXPECT_EQ(sd::aspect_value("cpu"), 1);
  EXPECT_EQ(sd::aspect_value("gpu"), 2);
  EXPECT_EQ(sd::aspect_value("fp16"), 5);
  EXPECT_EQ(sd::aspect_value("fp64"), 6);
  EXPECT_EQ(sd::aspect_value("usm_system_allocations"), 17);
  EXPECT_EQ(sd::aspect_value("usm_atomic_shared_allocations"), 27);
  EXPECT_EQ(sd::aspect_value("atomic64"), 28);
  EXPECT_EQ(sd::aspect_value("ext_oneapi_native_assert"), 31);
  EXPECT_EQ(sd::aspect_value("host_debuggable"), 32);
  EXPECT_EQ(sd::aspect_value("emulated"), 40);
  EXPECT_EQ(sd::aspect_value("aspect::fp64"), 6);
  EXPECT_EQ(sd::aspect_value("sycl::aspect::fp64"), 6);
  EXPECT_EQ(sd::aspect_value("fp65"), -1);
  EXPECT_EQ(sd::aspect_value(""), -1);
  EXPECT_EQ(sd::aspect_name(6), "fp64");
  EXPECT_EQ(sd::aspect_name(7), ""); // a hole in DPC++'s numbering
}

TEST(AspectTable, IdentityAspects) {
  EXPECT_EQ(sd::aspect_value("ext_intel_x86_64"), 1000);
  EXPECT_EQ(sd::aspect_value("ext_intel_gpu_bdw"), 1001);
  EXPECT_EQ(sd::aspect_value("ext_intel_gpu_tgllp"), 1012);
  EXPECT_EQ(sd::aspect_value("ext_intel_gpu_pvc"), 1022);
  EXPECT_EQ(sd::aspect_value("ext_nvidia_gpu_sm_50"), 1023);
  EXPECT_EQ(sd::aspect_value("ext_nvidia_gpu_sm_90"), 1036);
  EXPECT_EQ(sd::aspect_value("ext_nvidia_gpu_sm_121"), 1042);
  EXPECT_EQ(sd::aspect_value("ext_nvidia_gpu_sm_90a"), 1043);
  EXPECT_EQ(sd::aspect_value("ext_nvidia_gpu_sm_100a"), 1044);
  EXPECT_EQ(sd::aspect_name(1036), "ext_nvidia_gpu_sm_90");
  EXPECT_EQ(static_cast<int>(sycl::aspect::ext_intel_gpu_acm_g10), 1019);
  EXPECT_EQ(static_cast<int>(sycl::aspect::ext_nvidia_gpu_sm_80), 1032);
}

TEST(AspectTable, EveryValueOnceAndEnumAgrees) {
  std::set<int> values;
  std::set<std::string_view> names;
  for (const sd::aspect_info &a : sd::aspect_table) {
    EXPECT_TRUE(values.insert(a.value).second) << a.value;
    EXPECT_TRUE(names.insert(a.name).second) << a.name;
    EXPECT_EQ(sd::aspect_value(a.name), a.value);
    EXPECT_EQ(sd::aspect_name(a.value), a.name);
    EXPECT_EQ(a.identity, a.value >= 1000);
  }
#define USYCL_ASPECT_CHECK(name, value)                                        \
  EXPECT_EQ(static_cast<int>(sycl::aspect::name), value);
  USYCL_STANDARD_ASPECTS(USYCL_ASPECT_CHECK)
#undef USYCL_ASPECT_CHECK
#define USYCL_TARGET(name, enum_name, value, macro, alias_of)                  \
  EXPECT_EQ(static_cast<int>(sycl::aspect::enum_name), value);                 \
  EXPECT_EQ(sd::aspect_value(#enum_name), value);
#include <sycl/detail/device_targets.def>
}

TEST(AspectTable, TargetsAndAliases) {
  // 1 CPU + 22 Intel GPUs + 22 NVIDIA, plus 13 numeric Intel aliases.
  size_t canonical = 0, aliases = 0;
  for (const sd::device_target &t : sd::device_target_table) {
    (t.is_alias() ? aliases : canonical)++;
    const sd::device_target *c = sd::find_target(t.canonical());
    ASSERT_NE(c, nullptr) << t.name;
    EXPECT_FALSE(c->is_alias());
    EXPECT_EQ(c->aspect, t.aspect) << t.name;
    EXPECT_EQ(c->macro, t.macro) << t.name;
    EXPECT_EQ(sd::aspect_value(t.aspect_name), t.aspect);
  }
  EXPECT_EQ(canonical, 45u);
  EXPECT_EQ(aliases, 13u);
  const sd::device_target *skl = sd::find_target("intel_gpu_9_0_9");
  ASSERT_NE(skl, nullptr);
  EXPECT_TRUE(skl->is_alias());
  EXPECT_EQ(skl->canonical(), "intel_gpu_skl");
  EXPECT_EQ(skl->macro, "__SYCL_TARGET_INTEL_GPU_SKL__");
  EXPECT_EQ(sd::find_target("intel_gpu_12_10_0")->canonical(), "intel_gpu_dg1");
  EXPECT_EQ(sd::find_target("x86_64")->macro, "__SYCL_TARGET_INTEL_X86_64__");
  EXPECT_EQ(sd::find_target("nvidia_gpu_sm_90a")->macro,
            "__SYCL_TARGET_NVIDIA_GPU_SM_90A__");
  EXPECT_EQ(sd::find_target("nvidia_gpu_sm_91"), nullptr);
  EXPECT_EQ(sd::target_for_aspect(1002)->name, "intel_gpu_skl");
  EXPECT_EQ(sd::target_for_aspect(6), nullptr);
}

// ---- parsing ----

TEST(DeviceConfig, NumbersAndNames) {
  std::string error;
  auto c = parse("# comment\n"
                 "intel_gpu_12_0_0:\n"
                 "  aspects: [1, 2, 3]\n"
                 "  sub-group-sizes: [8, 16]\n"
                 "x86_64_avx512:\n"
                 "  aspects: [cpu, aspect::fp64, 28, ext_intel_x86_64, fp64]\n"
                 "  sub-group-sizes:\n"
                 "    - 8\n"
                 "    - 32\n",
                 error);
  ASSERT_TRUE(c) << error;
  EXPECT_TRUE(error.empty());
  ASSERT_EQ(c->entries().size(), 2u);
  const target_entry &a = c->entries()[0];
  EXPECT_EQ(a.name, "intel_gpu_12_0_0");
  EXPECT_EQ(a.aspects, (std::vector<uint32_t>{1, 2, 3}));
  EXPECT_EQ(a.sub_group_sizes, (std::vector<uint32_t>{8, 16}));
  const target_entry &b = c->entries()[1];
  EXPECT_EQ(b.aspects, (std::vector<uint32_t>{1, 6, 28, 1000})); // deduplicated
  EXPECT_EQ(b.sub_group_sizes, (std::vector<uint32_t>{8, 32}));
}

TEST(DeviceConfig, EmptyListsAndUnknownTargetNames) {
  std::string error;
  auto c = parse("my_future_gpu:\n  aspects: []\n  sub-group-sizes: []\n"
                 "other:\n  aspects:\n  sub-group-sizes: [4]\n",
                 error);
  ASSERT_TRUE(c) << error;
  ASSERT_NE(c->find("my_future_gpu"), nullptr);
  EXPECT_TRUE(c->find("my_future_gpu")->aspects.empty());
  EXPECT_TRUE(c->find("other")->aspects.empty());
  EXPECT_EQ(c->find("nope"), nullptr);
}

TEST(DeviceConfig, AliasesResolveBothWays) {
  std::string error;
  auto c = parse("intel_gpu_skl:\n  aspects: [gpu]\n  sub-group-sizes: [8]\n"
                 "intel_gpu_12_0_0:\n  aspects: [gpu, fp16]\n  sub-group-sizes: [16]\n",
                 error);
  ASSERT_TRUE(c) << error;
  const target_entry *skl = c->find("intel_gpu_9_0_9");
  ASSERT_NE(skl, nullptr);
  EXPECT_EQ(skl->name, "intel_gpu_skl");
  const target_entry *tgl = c->find("intel_gpu_tgllp");
  ASSERT_NE(tgl, nullptr);
  EXPECT_EQ(tgl->name, "intel_gpu_12_0_0");
  EXPECT_EQ(c->find("intel_gpu_12_0_0"), tgl);
  EXPECT_EQ(c->find("intel_gpu_kbl"), nullptr);
}

// ---- errors: file:line:col and what to do ----

TEST(DeviceConfigErrors, UnknownAspectName) {
  std::string e = parse_error("x86_64:\n  aspects: [cpu, fp65]\n  sub-group-sizes: [1]\n");
  EXPECT_EQ(e.rfind("cfg.yaml:2:18: unknown aspect 'fp65' of target 'x86_64' "
                    "(did you mean 'fp64'?)", 0), 0u) << e;
  EXPECT_NE(e.find("enumerator name"), std::string::npos) << e;
}

TEST(DeviceConfigErrors, BadAspectNumber) {
  std::string e = parse_error("x86_64:\n  aspects: [-3]\n  sub-group-sizes: [1]\n");
  EXPECT_EQ(e.rfind("cfg.yaml:2:13: aspect '-3' of target 'x86_64' is not a "
                    "valid aspect number", 0), 0u) << e;
  e = parse_error("x86_64:\n  aspects: [[1]]\n  sub-group-sizes: [1]\n");
  EXPECT_EQ(e.rfind("cfg.yaml:2:13: an aspect of target 'x86_64' must be a "
                    "number or an aspect name, found a list", 0), 0u) << e;
}

TEST(DeviceConfigErrors, NonNumericSubGroupSize) {
  std::string e = parse_error("x86_64:\n  aspects: []\n  sub-group-sizes: [8, sixteen]\n");
  EXPECT_EQ(e.rfind("cfg.yaml:3:24: sub-group size 'sixteen' of target 'x86_64' "
                    "is not a positive integer", 0), 0u) << e;
  e = parse_error("x86_64:\n  aspects: []\n  sub-group-sizes: [0]\n");
  EXPECT_EQ(e.rfind("cfg.yaml:3:21: sub-group size '0'", 0), 0u) << e;
  e = parse_error("x86_64:\n  aspects: []\n  sub-group-sizes: 16\n");
  EXPECT_EQ(e.rfind("cfg.yaml:3:20: 'sub-group-sizes' of target 'x86_64' must "
                    "be a list, found a scalar; write it as "
                    "`sub-group-sizes: [...]`", 0), 0u) << e;
}

TEST(DeviceConfigErrors, DuplicateTarget) {
  std::string e = parse_error("x86_64:\n  aspects: []\n  sub-group-sizes: []\n"
                              "x86_64:\n  aspects: []\n  sub-group-sizes: []\n");
  EXPECT_EQ(e, "cfg.yaml:4:1: duplicate target 'x86_64' (first defined at "
               "line 1); keep only one entry per target");
}

TEST(DeviceConfigErrors, TargetAndItsAlias) {
  std::string e = parse_error("intel_gpu_dg1:\n  aspects: []\n  sub-group-sizes: []\n"
                              "intel_gpu_12_10_0:\n  aspects: []\n  sub-group-sizes: []\n");
  EXPECT_EQ(e.rfind("cfg.yaml:4:1: target 'intel_gpu_12_10_0' and target "
                    "'intel_gpu_dg1' (line 1) name the same device", 0), 0u) << e;
}

TEST(DeviceConfigErrors, DuplicateAndUnknownKeys) {
  std::string e = parse_error("x86_64:\n  aspects: []\n  aspects: [1]\n  sub-group-sizes: []\n");
  EXPECT_EQ(e.rfind("cfg.yaml:3:3: duplicate key 'aspects' under target "
                    "'x86_64' (first at line 2)", 0), 0u) << e;
  e = parse_error("x86_64:\n  aspects: []\n  sub_group_sizes: [1]\n");
  EXPECT_EQ(e.rfind("cfg.yaml:3:3: unknown key 'sub_group_sizes' under target "
                    "'x86_64' (did you mean 'sub-group-sizes'?)", 0), 0u) << e;
  e = parse_error("x86_64:\n  aspects: []\n");
  EXPECT_EQ(e.rfind("cfg.yaml:1:1: target 'x86_64' has no `sub-group-sizes:` "
                    "list", 0), 0u) << e;
}

TEST(DeviceConfigErrors, NotAMap) {
  std::string e = parse_error("- x86_64\n- intel_gpu_pvc\n");
  EXPECT_EQ(e.rfind("cfg.yaml:1:1: the device configuration file must be a map "
                    "from target names", 0), 0u) << e;
  e = parse_error("just a string\n");
  EXPECT_EQ(e.rfind("cfg.yaml:1:1: the device configuration file must be a map", 0), 0u) << e;
  e = parse_error("x86_64: [1, 2]\n");
  EXPECT_EQ(e.rfind("cfg.yaml:1:9: target 'x86_64' must map to `aspects:` and "
                    "`sub-group-sizes:` lists, found a list", 0), 0u) << e;
  e = parse_error("x86_64:\n");
  EXPECT_EQ(e.rfind("cfg.yaml:1:1: target 'x86_64' must map to", 0), 0u) << e;
  e = parse_error("");
  EXPECT_EQ(e.rfind("cfg.yaml:1:1: the device configuration file is empty", 0), 0u) << e;
  e = parse_error("a:\n  aspects: []\n  sub-group-sizes: []\n---\nb: 1\n");
  EXPECT_EQ(e.rfind("cfg.yaml:5:1: the device configuration file holds 2 YAML "
                    "documents", 0), 0u) << e;
}

TEST(DeviceConfigErrors, InvalidYaml) {
  std::string e = parse_error("x86_64:\n  aspects: [1, 2\n  sub-group-sizes: [1]\n");
  EXPECT_EQ(e.rfind("cfg.yaml:3:18: invalid YAML: ", 0), 0u) << e;
  e = parse_error("x86_64:\n\taspects: [1]\n");
  EXPECT_EQ(e.rfind("cfg.yaml:2:", 0), 0u) << e;
}

TEST(DeviceConfigErrors, MissingFile) {
  std::string error;
  EXPECT_FALSE(device_config::load("/nonexistent/dir/cfg.yaml", error));
  EXPECT_EQ(error.rfind("/nonexistent/dir/cfg.yaml: cannot read the device "
                        "configuration file: No such file or directory", 0), 0u)
      << error;
}

TEST(DeviceConfig, DefaultPath) {
  using usycl::config::default_config_path;
  EXPECT_EQ(default_config_path("/opt/usycl/bin"),
            "/opt/usycl/share/usycl/device-config.yaml");
  EXPECT_EQ(default_config_path("/opt/usycl/lib/"),
            "/opt/usycl/share/usycl/device-config.yaml");
  EXPECT_EQ(default_config_path("/opt/usycl/bin/../lib"),
            "/opt/usycl/share/usycl/device-config.yaml");
}

// ---- the shipped default ----

class ShippedConfig : public ::testing::Test {
protected:
  void SetUp() override {
    std::string error;
    config = device_config::load(USYCL_SOURCE_DEVICE_CONFIG, error);
    ASSERT_TRUE(config) << error;
  }
  std::optional<device_config> config;
};

TEST_F(ShippedConfig, CoversEveryTargetOfTheTable) {
  for (const sd::device_target &t : sd::device_target_table) {
    const target_entry *e = config->find(t.name);
    ASSERT_NE(e, nullptr) << t.name;
    EXPECT_EQ(e->name, t.canonical()) << "entries are keyed by canonical names";
    // The identity aspect is there (fixed_target checks rely on it) and no
    // other target's.
    EXPECT_TRUE(has(e->aspects, t.aspect)) << t.name;
    for (uint32_t a : e->aspects)
      if (a >= 1000)
        EXPECT_EQ(a, static_cast<uint32_t>(t.aspect)) << t.name;
    EXPECT_FALSE(e->sub_group_sizes.empty()) << t.name;
    for (uint32_t a : e->aspects)
      EXPECT_TRUE(sd::is_known_aspect(static_cast<int>(a))) << t.name << " " << a;
  }
  size_t canonical = 0;
  for (const sd::device_target &t : sd::device_target_table)
    canonical += !t.is_alias();
  EXPECT_EQ(config->entries().size(), canonical);
}

TEST_F(ShippedConfig, RealAspects) {
  auto entry = [&](const char *name) {
    const target_entry *e = config->find(name);
    EXPECT_NE(e, nullptr) << name;
    return e ? *e : target_entry{};
  };
  const uint32_t fp16 = 5, fp64 = 6, cpu = 1, gpu = 2, atomic64 = 28;
  // CPU: what the usycl CPU backend reports.
  target_entry x86 = entry("x86_64");
  EXPECT_TRUE(has(x86.aspects, cpu) && has(x86.aspects, fp64) &&
              has(x86.aspects, fp16) && has(x86.aspects, atomic64));
  EXPECT_EQ(x86.sub_group_sizes, (std::vector<uint32_t>{4, 8, 16, 32, 64}));
  // NVIDIA: fp16 from sm_53, fp64 everywhere, warp 32.
  EXPECT_FALSE(has(entry("nvidia_gpu_sm_50").aspects, fp16));
  EXPECT_TRUE(has(entry("nvidia_gpu_sm_53").aspects, fp16));
  for (const char *n : {"nvidia_gpu_sm_50", "nvidia_gpu_sm_90", "nvidia_gpu_sm_90a",
                        "nvidia_gpu_sm_100", "nvidia_gpu_sm_100a", "nvidia_gpu_sm_103",
                        "nvidia_gpu_sm_110", "nvidia_gpu_sm_120", "nvidia_gpu_sm_121"}) {
    target_entry e = entry(n);
    EXPECT_TRUE(has(e.aspects, gpu) && has(e.aspects, fp64)) << n;
    EXPECT_EQ(e.sub_group_sizes, (std::vector<uint32_t>{32})) << n;
  }
  EXPECT_TRUE(has(entry("nvidia_gpu_sm_90").aspects, atomic64));
  EXPECT_TRUE(has(entry("nvidia_gpu_sm_90").aspects, 1036));
  EXPECT_TRUE(has(entry("nvidia_gpu_sm_90a").aspects, 1043));
  EXPECT_TRUE(has(entry("nvidia_gpu_sm_100a").aspects, 1044));
  EXPECT_TRUE(has(entry("nvidia_gpu_sm_100a").aspects, atomic64));
  // Intel: fp64 only where the hardware has it.
  EXPECT_TRUE(has(entry("intel_gpu_pvc").aspects, fp64));
  EXPECT_EQ(entry("intel_gpu_pvc").sub_group_sizes, (std::vector<uint32_t>{16, 32}));
  for (const char *n : {"intel_gpu_icllp", "intel_gpu_tgllp", "intel_gpu_dg1",
                        "intel_gpu_acm_g10", "intel_gpu_adl_p"})
    EXPECT_FALSE(has(entry(n).aspects, fp64)) << n;
  EXPECT_EQ(entry("intel_gpu_12_0_0").sub_group_sizes,
            (std::vector<uint32_t>{8, 16, 32}));
}

#ifdef USYCL_BUILD_BIN_DIR
TEST(DeviceConfig, BuildTreeHasTheDefault) {
  std::string path = usycl::config::default_config_path(USYCL_BUILD_BIN_DIR);
  std::string error;
  auto built = device_config::load(path, error);
  ASSERT_TRUE(built) << error;
  EXPECT_NE(built->find("nvidia_gpu_sm_90"), nullptr);
}
#endif

// Found by tests/fuzz/device_config: yaml-cpp 0.7's LoadAll never returns
// (allocating without bound) for a document that starts with ','; the reader
// must answer with an error instead.
TEST(DeviceConfigErrors, LeadingCommaIsAnErrorNotAHang) {
  for (const char *text : {",", ", fp16,x", "---\n,", "a:\n  aspects: []\n  sub-group-sizes: []\n--- ,",
                           "!t &a ,", "# comment\n  ,"}) {
    std::string e = parse_error(text);
    EXPECT_NE(e.find("cfg.yaml:"), std::string::npos) << e;
    EXPECT_TRUE(e.find("nothing can start here") != std::string::npos ||
                e.find("YAML documents") != std::string::npos)
        << text << " -> " << e;
  }
}

// Found by tests/fuzz/device_config: keys were read through a reference to
// yaml-cpp's temporary iterator value. Several entries exercise the loop.
TEST(DeviceConfigErrors, ManyEntriesAndAliasesStayValid) {
  std::string e = parse_error("intel_gpu_skl:\n  aspects: []\n  sub-group-sizes: []\n"
                              "intel_gpu_9_0_9:\n  aspects: []\n  sub-group-sizes: []\n");
  EXPECT_NE(e.find("name the same device"), std::string::npos) << e;
}
