//===- fuzz_device_config.cpp - libFuzzer harness: device config YAML -----===//
//
// Feeds arbitrary text to usycl::config::device_config::parse
// (compiler/aspect-filter/device_config.*), which reads the device
// configuration file with yaml-cpp for usycl++, sycl-aspect-filter, the clang
// plugin and libusycl.so (USYCL_EMULATE). Its contract is "never throws, errors
// come back as <file>:<line>:<col>: ...": an escaping yaml-cpp exception is a
// crash here, and a failure without a message or position aborts.
//
//===----------------------------------------------------------------------===//

#include "device_config.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Yaml(reinterpret_cast<const char *>(Data), Size);
  std::string Error;
  auto Config = usycl::config::device_config::parse(Yaml, "fuzz.yaml", Error);
  if (!Config) {
    if (Error.rfind("fuzz.yaml", 0) != 0) {
      std::fprintf(stderr, "error not naming the file: '%s'\n", Error.c_str());
      std::abort();
    }
    return 0;
  }
  for (const auto &Entry : Config->entries()) {
    const auto *Found = Config->find(Entry.name);
    if (!Found) {
      std::fprintf(stderr, "entry '%s' cannot be found by its own name\n",
                   Entry.name.c_str());
      std::abort();
    }
  }
  (void)Config->find("intel_gpu_skl");
  (void)Config->find("intel_gpu_9_0_9");
  (void)Config->find("");
  return 0;
}
