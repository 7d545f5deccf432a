// ONEAPI_DEVICE_SELECTOR, with DPC++'s syntax:
//   term (';' term)*, term = ['!'] backend ':' device (',' device)*
//   backend = level_zero | opencl | cuda | hip | native_cpu | '*'
//   device  = '*' | cpu | gpu | fpga | <index> [ '.' <sub-device> ]
// Negative terms remove devices; with only negative terms every device
// starts selected.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace usycl::rt {

enum class filter_device_type { any, cpu, gpu, fpga };

struct filter_term {
  bool negative = false;
  std::string backend; // "*" for any
  // Either a type or an index (type == any and index set).
  struct device_spec {
    filter_device_type type = filter_device_type::any;
    std::optional<unsigned> index;
  };
  std::vector<device_spec> devices;
};

struct device_filter {
  std::vector<filter_term> terms;

  // Whether the index-th device (within its backend) passes the filter.
  bool accepts(std::string_view backend, filter_device_type type, unsigned index) const;
  // The backends positive terms name that are not among `present` (DPC++'s
  // level_zero, opencl, hip: usycl has none of them), each once.
  std::vector<std::string> absent_backends(const std::vector<std::string_view> &present) const;
};

// Parses the variable's value; on malformed input returns std::nullopt and
// sets `error` to a message naming the offending term and the fix.
std::optional<device_filter> parse_device_filter(std::string_view text, std::string &error);

} // namespace usycl::rt
