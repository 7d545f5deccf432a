//===- device_config.hpp - The device configuration file ----------*- C++ -*-===//
//
// The device configuration file (seed 002, "Device configuration file") says,
// per target device, which aspects it supports and which sub-group sizes:
//
//   intel_gpu_12_0_0:
//     aspects: [gpu, fp16, 28, ext_intel_gpu_tgllp]
//     sub-group-sizes: [8, 16, 32]
//
// * Each top-level key is a target name (device_targets.def lists the known
//   ones; other names are accepted so that users can describe new devices).
// * `aspects:` is a list of sycl::aspect numbers or enumerator names
//   ("fp64", also "aspect::fp64"); `sub-group-sizes:` a list of positive
//   integers. Both keys are required (the lists may be empty: []).
// * Aliases: an entry keyed `intel_gpu_9_0_9` is found as `intel_gpu_skl` and
//   vice versa; defining both is an error.
//
// Used by sycl-aspect-filter, usycl++ (AOT filtering, -fsycl-fixed-targets
// warnings), the clang plugin and libusycl.so (USYCL_EMULATE), so this library
// is LLVM-free, built as PIC, and its API never throws: errors come back as
// "<file>:<line>:<col>: <what is wrong and how to fix it>".
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace usycl::config {

struct target_entry {
  std::string name;                      // the key as written in the file
  std::vector<uint32_t> aspects;         // in file order, duplicates removed
  std::vector<uint32_t> sub_group_sizes; // in file order, duplicates removed
};

class device_config {
public:
  // Parses YAML text (seed format: top-level key = target name, `aspects:`
  // list of numbers or names, `sub-group-sizes:` list). On error, sets
  // `error` to "<file>:<line>:<col>: <what>" and returns nullopt. Never throws.
  static std::optional<device_config>
  parse(std::string_view yaml, std::string_view file_name, std::string &error);
  // Reads and parses the file at `path` (errors as parse(); an unreadable file
  // gives "<path>: cannot read the device configuration file: <reason>").
  static std::optional<device_config> load(const std::string &path,
                                           std::string &error);

  // The entry for `target`, or nullptr. Resolves aliases both ways
  // (intel_gpu_9_0_9 finds an `intel_gpu_skl:` entry and vice versa).
  const target_entry *find(std::string_view target) const;
  // All entries, in file order.
  const std::vector<target_entry> &entries() const { return entries_; }

private:
  std::vector<target_entry> entries_;
};

// The default configuration file of an installation or build tree,
// "<prefix>/share/usycl/device-config.yaml", given a directory directly under
// <prefix> that holds a binary or library (<prefix>/bin, <prefix>/lib).
// Purely lexical: the file need not exist.
std::string default_config_path(const std::string &bin_or_lib_dir);

// Environment variable naming a configuration file that replaces the default
// one for the runtime (USYCL_EMULATE); see docs/device-config.md.
inline constexpr const char *config_file_env = "USYCL_DEVICE_CONFIG_FILE";

} // namespace usycl::config
