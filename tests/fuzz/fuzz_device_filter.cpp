//===- fuzz_device_filter.cpp - libFuzzer harness: ONEAPI_DEVICE_SELECTOR -===//
//
// Feeds arbitrary text to usycl::rt::parse_device_filter (runtime/
// device_filter.*), the reader of ONEAPI_DEVICE_SELECTOR. Every SYCL program
// reads that variable at start-up, so no value may crash, and a rejected value
// must come with a message that names the variable.
//
//===----------------------------------------------------------------------===//

#include "device_filter.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  std::string Error;
  auto Filter = usycl::rt::parse_device_filter(Text, Error);
  if (!Filter) {
    if (Error.find("ONEAPI_DEVICE_SELECTOR") == std::string::npos) {
      std::fprintf(stderr, "error not naming the variable: '%s'\n", Error.c_str());
      std::abort();
    }
    return 0;
  }
  using usycl::rt::filter_device_type;
  for (std::string_view Backend : {"native_cpu", "cuda", "opencl"})
    for (filter_device_type Type :
         {filter_device_type::cpu, filter_device_type::gpu, filter_device_type::fpga})
      for (unsigned Index : {0u, 1u, 7u, 4294967295u})
        (void)Filter->accepts(Backend, Type, Index);
  return 0;
}
