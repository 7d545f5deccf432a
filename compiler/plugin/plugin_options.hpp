//===- plugin_options.hpp - What the driver tells the plugin ----*- C++ -*-===//
//
// usycl++ loads the plugin into every clang invocation with
//   -fplugin=<lib>/libusycl-plugin.so -fplugin-arg-usycl-<key>=<value>
// Keys:
//   target=<name>          the -fsycl-targets name this pass compiles for
//                          ("host" for the host pass, which also compiles the
//                          CPU device's kernels)
//   fixed-targets=<a,b,..> the -fsycl-fixed-targets list, when given
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <vector>

namespace usycl::plugin {

struct PluginOptions {
  std::string Target = "host";
  std::vector<std::string> FixedTargets;
};

} // namespace usycl::plugin
