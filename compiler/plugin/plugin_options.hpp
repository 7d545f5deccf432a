//===- plugin_options.hpp - What the driver tells the plugin ----*- C++ -*-===//
//
// usycl++ loads the plugin into every clang invocation with
//   -fplugin=<lib>/libusycl-plugin.so -fplugin-arg-usycl-<key>=<value>
// Keys:
//   target=<name>          the -fsycl-targets name this pass compiles for
//                          ("host" for the host pass, which also compiles the
//                          CPU device's kernels)
//   fixed-targets=<a,b,..> the -fsycl-fixed-targets list, when given
//   device-config=<path>   the device configuration file that says what the
//                          fixed targets support (default: the installed
//                          <prefix>/share/usycl/device-config.yaml)
//   int-header=<path>      device passes of usycl++ -fsycl-raise-host: write the
//                          kernel parameter descriptors there
//                          (integration_header.hpp)
//   tu-id=<hex>            a hash of the unit (source path and flags), the
//                          same in its host and device passes: appended to
//                          the symbols of kernels whose names are local to
//                          the unit (local_kernel_names.hpp)
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace usycl::plugin {

struct PluginOptions {
  std::string Target = "host";
  std::vector<std::string> FixedTargets;
  std::string DeviceConfigPath;
  std::string IntegrationHeader;
  std::string TranslationUnitId;
};

} // namespace usycl::plugin
