#include "emulation.hpp"

#include "device_config.hpp"

#include <sycl/detail/aspect_names.hpp>

#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>

namespace usycl::rt {

namespace {
constexpr int emulated_aspect = 40; // sycl::aspect::emulated
constexpr const char *emulate_env = "USYCL_EMULATE";

// Up to `limit` entry names of the file, for "unknown target" messages.
std::string some_targets(const config::device_config &cfg, size_t limit) {
  std::string names;
  size_t n = 0;
  for (const auto &e : cfg.entries()) {
    if (n == limit) return names + ", ...";
    names += (n++ ? ", " : "") + e.name;
  }
  return names;
}
} // namespace

std::optional<emulation> load_emulation(const std::string &target,
                                        const std::string &config_path, std::string &error) {
  std::string prefix = std::string(emulate_env) + "=" + target + ": ";
  std::string load_error;
  auto cfg = config::device_config::load(config_path, load_error);
  if (!cfg) {
    error = prefix + "cannot use the device configuration file: " + load_error;
    return std::nullopt;
  }
  const config::target_entry *entry = cfg->find(target);
  if (!entry) {
    error = prefix + "unknown target '" + target + "': the device configuration file " +
            config_path + " has no entry for it (it has: " + some_targets(*cfg, 12) +
            "); use one of its targets or add an entry";
    return std::nullopt;
  }
  emulation e;
  e.target = target;
  e.config_path = config_path;
  for (uint32_t a : entry->aspects) e.aspects.push_back(static_cast<int>(a));
  for (uint32_t s : entry->sub_group_sizes) e.sub_group_sizes.push_back(s);
  return e;
}

std::string default_device_config_path() {
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void *>(&default_device_config_path), &info) || !info.dli_fname)
    return {};
  std::error_code ec;
  std::filesystem::path lib = std::filesystem::canonical(info.dli_fname, ec);
  if (ec) lib = info.dli_fname;
  return config::default_config_path(lib.parent_path().string());
}

std::optional<emulation> emulation_from_environment(std::string &error) {
  error.clear();
  const char *target = std::getenv(emulate_env);
  if (!target || !*target) return std::nullopt;
  std::string path;
  if (const char *p = std::getenv(config::config_file_env); p && *p) {
    path = p;
  } else {
    path = default_device_config_path();
    std::error_code ec;
    if (path.empty() || !std::filesystem::exists(path, ec)) {
      error = std::string(emulate_env) + "=" + target +
              ": no device configuration file (looked for the installed default '" + path +
              "'); set " + config::config_file_env + "=<path to a device-config.yaml>";
      return std::nullopt;
    }
  }
  return load_emulation(target, path, error);
}

device_info emulated_device_info(const device_info &cpu, const emulation &e) {
  device_info info = cpu;
  info.name += " (emulating " + e.target + ")";
  info.aspects = e.aspects;
  auto add = [&](int a) {
    if (a >= 0 && std::find(info.aspects.begin(), info.aspects.end(), a) == info.aspects.end())
      info.aspects.push_back(a);
  };
  if (const auto *t = sycl::detail::find_target(e.target)) add(t->aspect);
  add(emulated_aspect);
  if (!e.sub_group_sizes.empty()) {
    info.sub_group_sizes = e.sub_group_sizes;
    // Kernels still run as CPU code, with one of the target's sizes the CPU
    // can run: the CPU's default when the target has it, else the target's
    // next larger one, else its largest below (an emulated NVIDIA GPU runs
    // sub-groups of 32). None runnable: the CPU's default (a kernel that
    // requires one of the target's sizes is refused, program_manager.cpp).
    const uint32_t native = cpu.default_sub_group_size;
    auto runnable = [&](size_t s) {
      return std::find(cpu.sub_group_sizes.begin(), cpu.sub_group_sizes.end(), s) !=
             cpu.sub_group_sizes.end();
    };
    size_t above = 0, below = 0;
    for (size_t s : e.sub_group_sizes) {
      if (!runnable(s)) continue;
      if (s == native) {
        above = below = 0;
        break;
      }
      if (s > native && (!above || s < above)) above = s;
      if (s < native && s > below) below = s;
    }
    if (above || below) info.default_sub_group_size = static_cast<uint32_t>(above ? above : below);
  }
  return info;
}

} // namespace usycl::rt
