//===- device_targets.cpp - Target features for the passes ----------------===//

#include "device_targets.hpp"

#include "device_config.hpp"

#include <dlfcn.h>

#include <filesystem>

namespace usycl::passes {

struct DeviceTargets::Impl {
  usycl::config::device_config Config;
};

DeviceTargets::DeviceTargets() = default;
DeviceTargets::~DeviceTargets() = default;

std::string DeviceTargets::defaultPath() {
  // The directory of the shared object this code is linked into
  // (<prefix>/lib/libusycl-plugin.so in an installation or build tree).
  Dl_info Info{};
  if (!dladdr(reinterpret_cast<void *>(&DeviceTargets::defaultPath), &Info) ||
      !Info.dli_fname)
    return usycl::config::default_config_path("");
  std::error_code EC;
  std::filesystem::path Lib =
      std::filesystem::weakly_canonical(Info.dli_fname, EC);
  if (EC)
    Lib = Info.dli_fname;
  return usycl::config::default_config_path(Lib.parent_path().string());
}

std::unique_ptr<DeviceTargets> DeviceTargets::load(const std::string &Path,
                                                   std::string &Error) {
  std::string File = Path.empty() ? defaultPath() : Path;
  std::optional<usycl::config::device_config> Config =
      usycl::config::device_config::load(File, Error);
  if (!Config)
    return nullptr;
  std::unique_ptr<DeviceTargets> Result(new DeviceTargets());
  Result->I = std::make_unique<Impl>(Impl{std::move(*Config)});
  Result->FilePath = File;
  return Result;
}

std::optional<TargetFeatures>
DeviceTargets::find(const std::string &Target) const {
  const usycl::config::target_entry *Entry = I->Config.find(Target);
  if (!Entry)
    return std::nullopt;
  return TargetFeatures{Entry->aspects, Entry->sub_group_sizes};
}

} // namespace usycl::passes
