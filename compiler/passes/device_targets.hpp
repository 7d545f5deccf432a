//===- device_targets.hpp - Target features for the passes -------*- C++ -*-===//
//
// The small adapter between the passes and the device configuration file
// (compiler/aspect-filter/device_config.hpp, read with yaml-cpp): which
// aspects and sub-group sizes a -fsycl-fixed-targets target has.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace usycl::passes {

struct TargetFeatures {
  std::vector<uint32_t> Aspects;
  std::vector<uint32_t> SubGroupSizes;
};

class DeviceTargets {
public:
  // Loads `Path`, or the installed default configuration when `Path` is
  // empty. On failure returns nullptr and sets `Error` ("<file>:<line>:<col>:
  // <what>", or why the file cannot be read).
  static std::unique_ptr<DeviceTargets> load(const std::string &Path,
                                             std::string &Error);
  ~DeviceTargets();

  // The features of `Target` (aliases resolved), or nullopt if the file has
  // no entry for it.
  std::optional<TargetFeatures> find(const std::string &Target) const;
  const std::string &path() const { return FilePath; }

  // <prefix>/share/usycl/device-config.yaml for the installation (or build
  // tree) this library was loaded from.
  static std::string defaultPath();

private:
  struct Impl;
  std::unique_ptr<Impl> I;
  std::string FilePath;
  DeviceTargets();
};

} // namespace usycl::passes
