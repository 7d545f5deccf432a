// Device emulation (USYCL_EMULATE=<target>): the CPU device reports another
// target's aspects and sub-group sizes, read from the device configuration
// file, so optional-feature checks can be exercised without that hardware.
//
//   USYCL_EMULATE=intel_gpu_tgllp ./app      # a CPU device without fp64
//   USYCL_DEVICE_CONFIG_FILE=my.yaml USYCL_EMULATE=my_device ./app
//
// The configuration file is USYCL_DEVICE_CONFIG_FILE when set, else the
// installed default <prefix>/share/usycl/device-config.yaml found relative to
// libusycl.so. The emulated device:
//   * has exactly the target's aspects, plus aspect::emulated and the
//     target's identity aspect (when the target is a known one);
//   * reports the target's sub-group sizes; kernels still run as CPU code,
//     with sub-groups of one of those sizes the CPU can run (4..64): the
//     kernel's reqd_sub_group_size, else the one nearest the CPU's default
//     (emulated_device_info sets default_sub_group_size);
//   * is named "<CPU name> (emulating <target>)";
//   * keeps the CPU's limits (work-group sizes, memory) and device type.
#pragma once

#include "backend.hpp"

#include <optional>
#include <string>
#include <vector>

namespace usycl::rt {

struct emulation {
  std::string target;      // as given in USYCL_EMULATE
  std::string config_path; // the file it came from
  std::vector<int> aspects;
  std::vector<size_t> sub_group_sizes;
};

// Reads the target's entry from the configuration file at `config_path`.
// nullopt with `error` set when the file cannot be read or parsed, or has
// no entry for the target.
std::optional<emulation> load_emulation(const std::string &target,
                                        const std::string &config_path, std::string &error);

// From the environment: nullopt with an empty `error` when USYCL_EMULATE is
// unset or empty; nullopt with `error` set when it cannot be honoured.
std::optional<emulation> emulation_from_environment(std::string &error);

// The default configuration file next to this libusycl.so ("" when the
// library's location is unknown).
std::string default_device_config_path();

// `info` as the emulated device reports it.
device_info emulated_device_info(const device_info &cpu, const emulation &e);

} // namespace usycl::rt
