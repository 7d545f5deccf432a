//===- toolchain.hpp - Where usycl++ finds its tools ------------*- C++ -*-===//
//
// usycl++'s own pieces are found relative to its executable, so the build
// tree and any install prefix work alike:
//   <bindir>/sycl-post-link, <bindir>/sycl-aspect-filter, <bindir>/../include,
//   <bindir>/../lib/libusycl.so, <bindir>/../lib/libusycl-plugin.so,
//   <bindir>/../share/usycl/ (device-config.yaml)
// External tools come from the environment first, then the configured
// defaults, then PATH (docs/driver.md lists the variables). Each is looked up
// when first needed, so a compile-only run does not require ptxas or llc.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace usycl::driver {

class Toolchain {
public:
  // `Argv0` and `MainAddr` locate the running executable.
  static llvm::Expected<Toolchain> discover(const char *Argv0, void *MainAddr);

  const std::string &binDir() const { return BinDir; }
  const std::string &includeDir() const { return IncludeDir; }
  const std::string &libDir() const { return LibDir; }
  const std::string &shareDir() const { return ShareDir; }

  llvm::Expected<std::string> plugin() const;        // libusycl-plugin.so
  llvm::Expected<std::string> linkPasses() const;    // libusycl-link-passes.so
  llvm::Expected<std::string> runtimeLibrary() const; // libusycl.so
  llvm::Expected<std::string> postLink() const;       // sycl-post-link
  llvm::Expected<std::string> aspectFilter() const;   // sycl-aspect-filter
  // The device configuration file: `UserFile` (-fsycl-device-config-file)
  // when given, else <share>/usycl/device-config.yaml, which must exist.
  llvm::Expected<std::string>
  deviceConfig(const std::optional<std::string> &UserFile) const;
  // The LLVM pass plugin for the device passes (-fpass-plugin=): the clang
  // plugin library itself when it exports llvmGetPassPluginInfo, or a
  // separate <lib>/libusycl-passes.so; nullopt when there is none (yet).
  const std::optional<std::string> &passPlugin();

  llvm::Expected<std::string> clang();
  llvm::Expected<std::string> opt();
  llvm::Expected<std::string> llc();
  // nullopt: no ptxas, so NVIDIA images are PTX only (not an error).
  llvm::Expected<std::optional<std::string>> ptxas();
  // nullopt: no libdevice; an error only if device code calls into it.
  llvm::Expected<std::optional<std::string>> libdevice();

private:
  llvm::Expected<std::string> llvmTool(llvm::StringRef Name,
                                       std::optional<std::string> &Cache);
  std::string cudaRoot() const;

  std::string BinDir, IncludeDir, LibDir, ShareDir;
  std::optional<std::string> Clang, Opt, Llc;
  std::optional<std::optional<std::string>> Ptxas, Libdevice, PassPlugin;
};

} // namespace usycl::driver
